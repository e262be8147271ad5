"""The games by messages in progress, each to go on with (the link to send is
online play's: :func:`web.view.online_dialogs.send_html`).

Drawn only when opened (not at the page's start), without online play's protocol:
the list of games is read from this device's storage alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from web.board.escape import escape
from web.model.actions import Act
from web.model.online import PostGame
from web.view.parts import action_row, button, dialog_form
from web.words import post_page as say


def games_html(games: Sequence[PostGame], link: str) -> str:
    """The games in progress with a friend on this device: whose turn each
    is by messages, or that it is live, each to open.

    >>> html = games_html([PostGame("r1", "Ann", True), PostGame("r2", "Bob", False)], "")
    >>> "Your turn against Ann" in html and "Waiting for Bob" in html
    True
    >>> 'data-action="post-open" data-value="r2"' in html
    True
    >>> "Your turn against Ann — 2 days" in games_html([PostGame("r", "Ann", True, waited=2e5)], "")
    True
    >>> html = games_html([PostGame("r3", "Cy", True, current=True, live=True)], "")
    >>> "Live against Cy" in html and "Your turn" not in html and "post-open" not in html
    True
    """
    rows = []
    for g in games:
        if g.live:  # its links wait while it is played live (whoever's turn it is)
            said = say.live_against(g.friend)
        elif g.my_turn:
            said = say.your_turn_against(g.friend)
        else:
            said = say.waiting_for(g.friend)
        if not g.live:  # (live, the move clock beside the names says it)
            said = say.since(said, g.waited)
        if g.current:
            action = f'<span class="muted">{say.ON_THE_BOARD}</span>'
            if link:
                action += button(Act.POST_SEND, say.SEND_AGAIN)
        else:
            action = button(Act.POST_OPEN, say.OPEN, value=g.room)
        rows.append(f'<li data-testid="post-game"><span>{escape(said)}</span> {action}</li>')
    listing = f'<ul class="post-games">{"".join(rows)}</ul>' if rows else f"<p>{say.NO_GAMES}</p>"
    inner = (
        f'<h2 id="dlg-title">{say.GAMES_TITLE}</h2>'
        + listing
        + f'<p class="muted">{escape(say.PRIVACY)}</p>'
        + action_row(button(Act.CLOSE, say.CLOSE, primary=True))
    )
    return dialog_form("post-games", inner)
