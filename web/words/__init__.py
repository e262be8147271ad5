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
- ``game``: what the controller says as a game goes on (the cube, resignations,
  a new match, typed plays, saves and settings) and the tutor's question.
- ``analysis_board``, ``online_play``: what the controller says on the analysis
  board and while an online game opens, waits and ends (loaded at the page's
  start with the controller; ``analysis`` and ``online`` load with the views
  and the protocol that use them).

The layer sits under the views (``web.view``, ``web.online``, ``web.board``)
and over ``web.model``: it may take the model's values, never draw anything.
A theme's own names (Babylon, Zion) are the theme's data, in ``web.model.themes``.
"""
