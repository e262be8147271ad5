"""The page's state as values: what a player chose, what is saved, what is shown."""
