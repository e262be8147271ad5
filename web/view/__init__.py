"""What the page shows, as pure functions of the state: the screen, dialogs, panels."""
