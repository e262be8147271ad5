"""The controller: player intents and opponents' decisions in, a new state and its effects out."""
