"""The dialogs of online play: the invite and its link (with a QR code), joining a friend's
invite, the answer code of a connection made by hand, a claim, the canned chat. They ship in
online play's archive with the protocol: none opens before an online game does.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from web.board.escape import escape
from web.model.actions import Act
from web.model.intents import LinkKind
from web.view.dialogs import _copy_button, turn_fields
from web.view.parts import action_row, button, dialog_form
from web.words import dialogs as say
from web.words import post as words
from web.words import post_page as post_say
from web.words.dialogs import CLOCK_WORDS as CLOCK_WORDS
from web.words.dialogs import RELAY_NOTE as RELAY_NOTE
from web.words.dialogs import TURN_NOTE as TURN_NOTE
from web.words.dialogs import duration_words as duration_words


def chat_html(phrases: Sequence[str]) -> str:
    """The canned phrases, one button each (free text would let a stranger
    with the link say anything).

    >>> 'data-action="chat" data-value="1">Good luck!' in chat_html(["Hello!", "Good luck!"])
    True
    """
    buttons = "".join(button(Act.CHAT, text, value=str(i)) for i, text in enumerate(phrases))
    inner = (
        f'<h2 id="dlg-title">{say.SAY_TO_FRIEND}</h2>'
        f'<div class="choices">{buttons}</div>'
        + action_row(button(Act.CLOSE, say.CLOSE, primary=True))
    )
    return dialog_form("chat", inner)


def join_html(
    inviter: str, terms: str, name: str = "", turn: tuple[str, str, str] = ("", "", "")
) -> str:
    """The invite this page was opened with: who invites, the terms, Accept.

    >>> html = join_html("Ann", "a match to 3 points")
    >>> "Ann invites you" in html and 'data-action="join-accept"' in html
    True
    """
    inner = (
        f'<h2 id="dlg-title">{say.PLAY_ONLINE}</h2>'
        f"<p>{escape(say.invites_you(inviter, terms))}</p>"
        f'<label class="field">{say.YOUR_NAME} <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" autofocus></label>'
        + turn_fields(turn)
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        f'<p class="muted">{say.JOIN_CANT_CONNECT}</p>'
        + action_row(
            button(Act.CLOSE, say.NOT_NOW),
            button(Act.JOIN_ACCEPT, say.ACCEPT, primary=True),
        )
    )
    return dialog_form("join", inner, submit=Act.JOIN_ACCEPT)


def post_join_html(inviter: str, terms: str, name: str = "") -> str:
    """A friend's first link, which invites to a game by messages: who, the
    terms, the player's name, and what leaves the device (no relay is contacted).

    >>> html = post_join_html("Ann", "a match to 3 points", "Bob")
    >>> "Ann invites you" in html and 'data-action="join-accept"' in html and 'value="Bob"' in html
    True
    """
    inner = (
        f'<h2 id="dlg-title">{words.JOIN_TITLE}</h2>'
        f"<p>{escape(words.invites_you(inviter, terms))}</p>"
        f'<label class="field">{words.YOUR_NAME} <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" autofocus></label>'
        f'<p class="muted">{escape(post_say.PRIVACY)}</p>'
        + action_row(
            button(Act.CLOSE, words.NOT_NOW),
            button(Act.JOIN_ACCEPT, words.ACCEPT, primary=True),
        )
    )
    return dialog_form("join", inner, submit=Act.JOIN_ACCEPT)


def send_html(
    link: str, copied: bool, can_share: bool, *, first: bool = False, why: str = ""
) -> str:
    """The link to send the friend, with Copy (and Share… where the device has
    a share sheet), and what leaves the device; ``why`` it is one more in a
    turn, if it is (``OnlineState.post_why``), said.

    >>> html = send_html("https://x.org/#post=eJ", False, True)
    >>> "#post=eJ" in html, 'data-action="post-copy"' in html, 'data-action="post-share"' in html
    (True, True, True)
    >>> "could have doubled" in send_html("https://x.org/#post=eJ", False, False, why="roll")
    True
    """
    share = ""
    if can_share:
        share = button(
            Act.POST_SHARE, words.SHARE, extra=f' aria-label="{escape(words.SHARE_ARIA)}"'
        )
    # Drawn only while a game by messages is played, with its protocol.
    copy = _copy_button(Act.POST_COPY, "", words.COPY_LINK, words.COPY_ARIA, copied)
    text = words.FIRST_TEXT if first else words.send_text(why)
    inner = (
        f'<h2 id="dlg-title">{words.SEND_TITLE}</h2>'
        f"<p>{escape(text)}</p>"
        f'<p class="copyable"><code data-testid="post-link">{escape(link)}</code>{copy}{share}</p>'
        + qr_block(link, words.LINK_QR)
        + f'<p class="muted">{escape(post_say.PRIVACY)}</p>'
        + action_row(button(Act.CLOSE, post_say.CLOSE, primary=True))
    )
    return dialog_form("post", inner)


def answer_html(inviter: str, code: str, status: str, copied: bool) -> str:
    """Connecting by hand, the friend's side: the answer code to send back.

    >>> html = answer_html("Ann", "a.b.c", "Waiting for your friend…", False)
    >>> "Send this answer code back to Ann" in html and 'data-value="answer"' in html
    True
    """
    copy = _copy_button(Act.COPY_CODE, LinkKind.ANSWER, say.COPY_CODE, say.COPY_ANSWER_ARIA, copied)
    inner = (
        f'<h2 id="dlg-title">{say.CONNECT_BY_HAND}</h2>'
        f"<p>{escape(say.send_answer(inviter))}</p>"
        f'<p class="copyable"><code data-testid="answer-code">{escape(code)}</code>{copy}</p>'
        f'<p role="status" data-testid="link-status">{escape(status)}</p>'
        f'<p class="muted">{escape(TURN_NOTE)}</p>'
        + action_row(button(Act.CLOSE, say.CLOSE, primary=True))
    )
    return dialog_form("answer", inner)


def claim_html(friend: str, after: float, win: str, points: int, *, clock: bool = False) -> str:
    """The friend online has been gone ``after`` seconds (``clock``: has owed
    a move past the move clock of ``after`` seconds): claim the game (it counts
    as their resigning a ``win`` for ``points``), or keep waiting.

    >>> html = claim_html("Bob", 120, "gammon", 2)
    >>> "gone over 2 minutes" in html and 'data-action="claim"' in html
    True
    >>> "Bob has not moved in 2 minutes" in claim_html("Bob", 120, "game", 1, clock=True)
    True
    """
    text = say.claim_text(friend, duration_words(after), win, points, clock=clock)
    inner = f'<h2 id="dlg-title">{say.claim_title(clock)}</h2><p>{escape(text)}</p>' + action_row(
        button(Act.CLOSE, say.KEEP_WAITING),
        button(Act.CLAIM, say.CLAIM_THE_GAME, primary=True),
    )
    return dialog_form("claim", inner)


def invite_html(
    link: str,
    status: str,
    copied: str,
    *,
    offer_link: str = "",
    connected: bool = False,
    can_share: bool = False,
) -> str:
    """The online invite: the link to send the friend, with its copy button,
    a share button where the device has a share sheet (``can_share``), a QR
    code for a friend's phone to scan, and whether the friend is here yet.
    "Can't connect?" makes a connection link to send by hand (``offer_link``,
    once made, with its QR code) and asks for the answer code that comes back.
    ``copied``: what the clipboard took ("invite", "offer").

    >>> html = invite_html("https://x.org/#join=abc", "Waiting for your friend…", "")
    >>> "#join=abc" in html and 'data-action="copy-invite"' in html
    True
    >>> 'data-action="manual-offer"' in html
    True
    >>> html = invite_html("https://x.org/#join=abc", "", "", offer_link="https://x.org/#join=abc&offer=o")
    >>> 'name="answer"' in html and 'data-action="manual-answer"' in html and "TURN" in html
    True
    >>> html.count("<svg"), 'data-action="share-link"' in html
    (2, False)
    """
    copy = _copy_button(
        Act.COPY_INVITE, "", say.COPY_LINK, say.COPY_INVITE_ARIA, copied == LinkKind.INVITE
    ) + _share_button(LinkKind.INVITE, say.SHARE_INVITE_ARIA, can_share)
    if connected:
        manual = ""
    elif not offer_link:
        manual = (
            f"<details><summary>{say.CANT_CONNECT}</summary>"
            f"<p>{say.CANT_CONNECT_TEXT}</p>"
            + button(Act.MANUAL_OFFER, say.MAKE_CONNECTION_LINK)
            + "</details>"
        )
    else:
        offer = LinkKind.OFFER
        copy_offer = _copy_button(
            Act.COPY_CODE, offer, say.COPY_LINK, say.COPY_OFFER_ARIA, copied == offer
        ) + _share_button(offer, say.SHARE_OFFER_ARIA, can_share)
        manual = (
            f'<section class="manual"><h3>{say.CONNECT_BY_HAND}</h3>'
            f"<p>{say.SEND_OFFER}</p>"
            f'<p class="copyable"><code data-testid="offer-link">{escape(offer_link)}</code>'
            f"{copy_offer}</p>" + qr_block(offer_link, say.OFFER_QR) + f"<p>{say.PASTE_ANSWER}</p>"
            f'<label class="field">{say.ANSWER_CODE} <input name="answer" autocomplete="off" '
            'spellcheck="false"></label>'
            + button(Act.MANUAL_ANSWER, say.CONNECT, primary=True)
            + f'<p class="muted">{escape(TURN_NOTE)}</p></section>'
        )
    inner = (
        f'<h2 id="dlg-title">{say.INVITE_TITLE}</h2>'
        f"<p>{say.INVITE_TEXT}</p>"
        f'<p class="copyable"><code data-testid="invite-link">{escape(link)}</code>{copy}</p>'
        + ("" if connected else qr_block(link, say.INVITE_QR))
        + f'<p role="status" data-testid="link-status">{escape(status)}</p>'
        + manual
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        + action_row(
            button(Act.CHAT_OPEN, say.SAY_SOMETHING), button(Act.CLOSE, say.CLOSE, primary=True)
        )
    )
    return dialog_form("invite", inner)


def _share_button(value: str, aria: str, can_share: bool) -> str:
    """The share sheet's button (a phone's messengers), where there is one."""
    if not can_share:
        return ""
    return button(Act.SHARE_LINK, say.SHARE, value=value, extra=f' aria-label="{escape(aria)}"')


@functools.lru_cache(maxsize=4)
def qr_block(link: str, label: str) -> str:
    """``link`` as a QR code to scan with a phone's camera, folded away until
    asked for (a friend far away needs the link, one in the room the code).
    Kept per link: the dialog is drawn again on every change of status."""
    # Only an online game's invite draws one (shipped with online play's protocol).
    from web.view.qr import QrCode, qr_svg

    try:
        svg = qr_svg(QrCode.encode(link), title=label)
    except ValueError:  # too long to scan well: the link and its buttons remain
        return ""
    return (
        f'<details class="qr"><summary>{say.SHOW_QR}</summary>'
        f'<figure class="qr-code">{svg}'
        f"<figcaption>{say.QR_CAPTION}</figcaption></figure>"
        "</details>"
    )


def post_live_html(friend: str, link: str, status: str, copied: bool, can_share: bool) -> str:
    """A game by messages going live (#48).  Before (no ``link``): what it
    contacts, and Play live now or Not now.  Then, waiting in the game's room:
    whether the friend is here (``status``), the link that asks them to come
    live (their page offers it when they open it), and Play by messages, back.

    >>> html = post_live_html("Ann", "", "", False, False)
    >>> "contacts public relays" in html and 'data-action="post-live" data-value="go"' in html
    True
    >>> html = post_live_html("Ann", "https://x.org/#post=eJ", "Waiting…", False, True)
    >>> "#post=eJ" in html and 'data-action="post-switch"' in html and "Waiting…" in html
    True
    """
    if not link:
        inner = (
            f'<h2 id="dlg-title">{words.LIVE_TITLE}</h2>'
            f"<p>{escape(words.live_text(friend))}</p>"
            + action_row(
                button(Act.CLOSE, words.NOT_NOW),
                button(Act.POST_LIVE, words.PLAY_LIVE, value="go", primary=True),
            )
        )
        return dialog_form("post-live", inner)
    copy = _copy_button(
        Act.COPY_INVITE, "", words.COPY_LINK, words.COPY_LIVE_ARIA, copied
    ) + _share_button(LinkKind.INVITE, words.COPY_LIVE_ARIA, can_share)
    inner = (
        f'<h2 id="dlg-title">{words.LIVE_WAITING_TITLE}</h2>'
        f'<p role="status" data-testid="link-status">{escape(status)}</p>'
        f"<p>{escape(words.live_waiting(friend))}</p>"
        f'<p class="copyable"><code data-testid="live-link">{escape(link)}</code>{copy}</p>'
        f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        + action_row(
            button(Act.POST_SWITCH, words.SWITCH_TO_POST),
            button(Act.CLOSE, post_say.CLOSE, primary=True),
        )
    )
    return dialog_form("post-live", inner)
