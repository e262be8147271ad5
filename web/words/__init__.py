"""Every sentence a player reads, by concern, called with values: the one place to
change (or one day translate) what the game says.

- ``status``: the status line, the players' panels, the match line, the buttons.
- ``play``: announcements of rolls and plays, saves and files, the clipboard.
- ``dialogs``: the dialogs' titles, texts, labels and buttons.
- ``help``: How to play.
- ``sheet``: the score sheet.
- ``coach``: the hints, the tutor, the review of a game.
- ``analysis``: the analysis board: its editor, report and rollouts.
- ``board``: the board's labels for screen readers.
- ``online``: online play's refusals, news, presence and terms.
- ``chat``: the canned phrases.

The layer sits under the views (``web.view``, ``web.online``, ``web.board``)
and over ``web.model``: it may take the model's values, never draw anything.
A theme's own names (Babylon, Zion) are the theme's data, in ``web.model.themes``.
"""
