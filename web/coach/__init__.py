"""King Tubby's judgement as values: hints, the tutor, reviews, analysis reports and rollouts."""
