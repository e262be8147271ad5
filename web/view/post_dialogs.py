"""The dialogs of playing by messages: the link to send, and the games in progress.

Drawn only when opened (not at the page's start), without online play's protocol:
the list of games is read from this device's storage alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from web.board.escape import escape
from web.model.actions import Act
from web.model.online import PostGame
from web.view.dialogs import _copy_button
from web.view.parts import action_row, button, dialog_form
from web.words import post_page as say


def send_html(link: str, copied: bool, can_share: bool, *, first: bool = False) -> str:
    """The link to send the friend, with Copy (and Share… where the device has
    a share sheet), and what leaves the device.

    >>> html = send_html("https://x.org/#post=eJ", False, True)
    >>> "#post=eJ" in html, 'data-action="post-copy"' in html, 'data-action="post-share"' in html
    (True, True, True)
    """
    share = ""
    if can_share:
        share = button(Act.POST_SHARE, say.SHARE, extra=f' aria-label="{escape(say.SHARE_ARIA)}"')
    # Drawn only while a game by messages is played: its protocol, and the
    # QR code's encoder with it, are loaded.
    from web.view.online_dialogs import qr_block

    copy = _copy_button(Act.POST_COPY, "", say.COPY_LINK, say.COPY_ARIA, copied)
    inner = (
        f'<h2 id="dlg-title">{say.SEND_TITLE}</h2>'
        f"<p>{escape(say.FIRST_TEXT if first else say.SEND_TEXT)}</p>"
        f'<p class="copyable"><code data-testid="post-link">{escape(link)}</code>{copy}{share}</p>'
        + qr_block(link, say.LINK_QR)
        + f'<p class="muted">{escape(say.PRIVACY)}</p>'
        + action_row(button(Act.CLOSE, say.CLOSE, primary=True))
    )
    return dialog_form("post", inner)


def join_html(inviter: str, terms: str, name: str = "") -> str:
    """A friend's first link, which invites to a game by messages: who, the
    terms, the player's name, and what leaves the device (no relay is contacted).

    >>> html = join_html("Ann", "a match to 3 points", "Bob")
    >>> "Ann invites you" in html and 'data-action="join-accept"' in html and 'value="Bob"' in html
    True
    """
    inner = (
        f'<h2 id="dlg-title">{say.JOIN_TITLE}</h2>'
        f"<p>{escape(say.invites_you(inviter, terms))}</p>"
        f'<label class="field">{say.YOUR_NAME} <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" autofocus></label>'
        f'<p class="muted">{escape(say.PRIVACY)}</p>'
        + action_row(
            button(Act.CLOSE, say.NOT_NOW),
            button(Act.JOIN_ACCEPT, say.ACCEPT, primary=True),
        )
    )
    return dialog_form("join", inner, submit=Act.JOIN_ACCEPT)


def games_html(games: Sequence[PostGame], link: str) -> str:
    """The games by messages on this device: whose turn each is, each to open.

    >>> html = games_html([PostGame("r1", "Ann", True), PostGame("r2", "Bob", False)], "")
    >>> "Your turn against Ann" in html and "Waiting for Bob" in html
    True
    >>> 'data-action="post-open" data-value="r2"' in html
    True
    """
    rows = []
    for g in games:
        said = say.your_turn_against(g.friend) if g.my_turn else say.waiting_for(g.friend)
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
