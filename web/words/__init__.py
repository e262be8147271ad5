"""Every sentence a player reads, by concern, called with values: the one place to
change (or one day translate) what the game says."""
