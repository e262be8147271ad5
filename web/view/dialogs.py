"""HTML for each dialog, as pure functions of plain values (the dialog a state
has open is picked by :mod:`web.view.dialog`).

Every control carries ``data-action`` (and ``data-value``); the page sends
those to the controller, with the fields of the enclosing form, so no
handler is wired per element.  All text is escaped here.

>>> 'data-action="take"' in cube_answer_html("Selector doubles", 2, "Take", "Drop", "cube")
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType

from engine.stats import PlayerStats
from web.board.escape import escape
from web.model.actions import Act
from web.model.options import (
    AI_NAMES,
    ANIMATIONS,
    HUMAN,
    MATCH_LENGTHS,
    MOVE_CLOCKS,
    ONLINE,
    MatchOptions,
    Settings,
    ai_label,
)
from web.model.records import PlayerRecords
from web.model.storage import AUTOSAVE, CORRUPT, SLOT, STATS
from web.model.themes import MODES, THEMES, Theme
from web.view.help import keys_html
from web.view.parts import action_row, button, dialog_form

CLOCK_WORDS: Mapping[int, str] = MappingProxyType(
    {120: "2 minutes a move", 600: "10 minutes a move", 0: "No move clock"}
)


def clock_field(clock: int) -> str:
    """The online game's move clock: past it, whoever owes an action may be
    claimed against (no clock: only once they are gone a while).

    >>> 'value="600" selected' in clock_field(600)
    True
    """
    options = "".join(
        f'<option value="{c}"{" selected" if c == clock else ""}>{escape(CLOCK_WORDS[c])}</option>'
        for c in MOVE_CLOCKS
    )
    return (
        '<label class="field online-only">Move clock <select name="clock">'
        + options
        + "</select></label>"
    )


def name_field(name: str) -> str:
    """The player's name for an online game (remembered from the last one).

    >>> 'value="Ann"' in name_field("Ann")
    True
    """
    return (
        '<label class="field online-only">Your name <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" placeholder="shown to your friend">'
        "</label>"
    )


def turn_fields(turn: tuple[str, str, str], extra_class: str = "") -> str:
    """The optional TURN server (address, user name, password), folded away.

    >>> html = turn_fields(("turn:t.example.org", "ann", ""))
    >>> 'name="turn_url"' in html and 'value="turn:t.example.org"' in html and " open" in html
    True
    """
    url, username, credential = turn
    fold = f' class="{extra_class}"' if extra_class else ""

    def field(label: str, name: str, value: str, kind: str = "text") -> str:
        return (
            f'<label class="field">{label} <input name="{name}" type="{kind}" '
            f'value="{escape(value)}" autocomplete="off" spellcheck="false"></label>'
        )

    return (
        f"<details{fold}{' open' if url else ''}><summary>TURN server (optional)</summary>"
        '<p class="muted">Only if you cannot connect otherwise: about 15–20 % of pairs of '
        "players need a TURN relay server, because of their routers. Your own, or your "
        "provider's (e.g. turn:turn.example.org:3478).</p>"
        + field("Address", "turn_url", url)
        + field("User name", "turn_username", username)
        + field("Password", "turn_credential", credential, "password")
        + "</details>"
    )


def new_game_html(
    setup: MatchOptions, can_cancel: bool, name: str = "", turn: tuple[str, str, str] = ("", "", "")
) -> str:
    opponents = [
        *((key, ai_label(key)) for key, _ in AI_NAMES),
        (HUMAN, "A friend on this device"),
        (ONLINE, "A friend online"),
    ]
    radios = "".join(
        f'<label class="choice"><input type="radio" name="opponent" value="{key}"'
        # autofocus: the dialog opens with focus on the chosen opponent, not the first
        f"{' checked autofocus' if key == setup.opponent else ''}> {escape(name)}</label>"
        for key, name in opponents
    )
    lengths = "".join(
        f'<option value="{n}"{" selected" if n == setup.length else ""}>'
        f"{'Money game' if n == 0 else f'Match to {n} point' + ('s' if n > 1 else '')}</option>"
        for n in MATCH_LENGTHS
    )

    def box(name: str, label: str, on: bool) -> str:
        return (
            f'<label class="choice"><input type="checkbox" name="{name}"'
            f"{' checked' if on else ''}> {escape(label)}</label>"
        )

    inner = (
        '<h2 id="dlg-title">New game</h2>'
        '<fieldset><legend>Opponent</legend><div class="choices">' + radios + "</div></fieldset>"
        '<label class="field">Play <select name="length">' + lengths + "</select></label>"
        '<fieldset><legend>Rules</legend><div class="choices">'
        + box("cube", "Doubling cube", setup.cube)
        + box("jacoby", "Jacoby rule (money games)", setup.jacoby)
        + box("crawford", "Crawford rule (matches)", setup.crawford)
        + box("beavers", "Beavers (money games)", setup.beavers)
        + "</div></fieldset>"
        + name_field(name)
        + clock_field(setup.move_clock)
        + turn_fields(turn, "online-only")
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        + action_row(
            button(Act.CLOSE, "Cancel") if can_cancel else "",
            button(Act.START, "Start", primary=True),
        )
    )
    return dialog_form("new", inner, submit=Act.START)


RELAY_NOTE = (
    "Starting a game with a friend online contacts public relays (and, if they "
    "do not answer, public BitTorrent trackers) to find your friend: "
    "the only time this page contacts anything outside its own site."
)


def chat_html(phrases: Sequence[str]) -> str:
    """The canned phrases, one button each (free text would let a stranger
    with the link say anything).

    >>> 'data-action="chat" data-value="1">Good luck!' in chat_html(["Hello!", "Good luck!"])
    True
    """
    buttons = "".join(button(Act.CHAT, text, value=str(i)) for i, text in enumerate(phrases))
    inner = (
        '<h2 id="dlg-title">Say to your friend</h2>'
        f'<div class="choices">{buttons}</div>'
        + action_row(button(Act.CLOSE, "Close", primary=True))
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
        '<h2 id="dlg-title">Play online</h2>'
        f"<p>{escape(inviter)} invites you to play {escape(terms)}.</p>"
        '<label class="field">Your name <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" autofocus></label>'
        + turn_fields(turn)
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        '<p class="muted">Can’t connect? Ask the friend who invites you for a connection '
        "link (“Can’t connect?” in their invite), and open that instead.</p>"
        + action_row(
            button(Act.CLOSE, "Not now"),
            button(Act.JOIN_ACCEPT, "Accept", primary=True),
        )
    )
    return dialog_form("join", inner, submit=Act.JOIN_ACCEPT)


def answer_html(inviter: str, code: str, status: str, copied: bool) -> str:
    """Connecting by hand, the friend's side: the answer code to send back.

    >>> html = answer_html("Ann", "a.b.c", "Waiting for your friend…", False)
    >>> "Send this answer code back to Ann" in html and 'data-value="answer"' in html
    True
    """
    copy = _copy_button(Act.COPY_CODE, "answer", "Copy code", "Copy the answer code", copied)
    inner = (
        '<h2 id="dlg-title">Connect by hand</h2>'
        f"<p>Send this answer code back to {escape(inviter)}, by any messenger. "
        "The game begins once they paste it.</p>"
        f'<p class="copyable"><code data-testid="answer-code">{escape(code)}</code>{copy}</p>'
        f'<p role="status" data-testid="link-status">{escape(status)}</p>'
        f'<p class="muted">{escape(TURN_NOTE)}</p>'
        + action_row(button(Act.CLOSE, "Close", primary=True))
    )
    return dialog_form("answer", inner)


def duration_words(seconds: float) -> str:
    """A stated time in words.

    >>> duration_words(120), duration_words(60), duration_words(30)
    ('2 minutes', '1 minute', '30 seconds')
    """
    if seconds >= 60 and seconds % 60 == 0:
        n = int(seconds // 60)
        return f"{n} minute{'s' if n != 1 else ''}"
    n = round(seconds)
    return f"{n} second{'s' if n != 1 else ''}"


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
    unit = "point" if points == 1 else "points"
    why = (
        f"{escape(friend)} has not moved in {duration_words(after)}, the time a move allows"
        if clock
        else f"{escape(friend)} has been gone over {duration_words(after)}"
    )
    title = "Your friend is out of time" if clock else "Your friend is gone"
    inner = (
        f'<h2 id="dlg-title">{title}</h2>'
        f"<p>{why}. "
        f"You may claim the game: it counts as {escape(friend)} resigning a "
        f"{escape(win)}, {points} {unit} to you, and the online game ends. "
        "Or keep waiting: they may come back.</p>"
        + action_row(
            button(Act.CLOSE, "Keep waiting"),
            button(Act.CLAIM, "Claim the game", primary=True),
        )
    )
    return dialog_form("claim", inner)


TURN_NOTE = (
    "Still no connection? Some routers let no direct connection through: about "
    "15–20 % of pairs of players need a TURN relay server to connect. If you have "
    "one, start a new online game with it (New game, TURN server), and ask your friend "
    "to enter it too when they accept."
)


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
        Act.COPY_INVITE, "", "Copy link", "Copy the invite link", copied == "invite"
    ) + _share_button("invite", "Share the invite link", can_share)
    if connected:
        manual = ""
    elif not offer_link:
        manual = (
            "<details><summary>Can’t connect?</summary>"
            "<p>If your friend does not appear within a minute, connect by hand: you send "
            "a connection link, your friend sends back an answer code.</p>"
            + button(Act.MANUAL_OFFER, "Make a connection link")
            + "</details>"
        )
    else:
        copy_offer = _copy_button(
            Act.COPY_CODE, "offer", "Copy link", "Copy the connection link", copied == "offer"
        ) + _share_button("offer", "Share the connection link", can_share)
        manual = (
            '<section class="manual"><h3>Connect by hand</h3>'
            "<p>1. Send your friend this connection link, by any messenger:</p>"
            f'<p class="copyable"><code data-testid="offer-link">{escape(offer_link)}</code>'
            f"{copy_offer}</p>"
            + _qr_block(offer_link, "The connection link as a QR code")
            + "<p>2. Your friend opens it, accepts, and sends you back an answer code. "
            "Paste it here:</p>"
            '<label class="field">Answer code <input name="answer" autocomplete="off" '
            'spellcheck="false"></label>'
            + button(Act.MANUAL_ANSWER, "Connect", primary=True)
            + f'<p class="muted">{escape(TURN_NOTE)}</p></section>'
        )
    inner = (
        '<h2 id="dlg-title">Invite a friend</h2>'
        "<p>Send this link to your friend. When they open it and accept, the game begins.</p>"
        f'<p class="copyable"><code data-testid="invite-link">{escape(link)}</code>{copy}</p>'
        + ("" if connected else _qr_block(link, "The invite link as a QR code"))
        + f'<p role="status" data-testid="link-status">{escape(status)}</p>'
        + manual
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        + action_row(
            button(Act.CHAT_OPEN, "Say something"), button(Act.CLOSE, "Close", primary=True)
        )
    )
    return dialog_form("invite", inner)


def cube_answer_html(
    title: str,
    value: int,
    take: str,
    drop: str,
    cube_word: str,
    *,
    hint_html: str = "",
    hint_pending: bool = False,
    can_hint: bool = True,
    beaver: bool = False,
    beavered: bool = False,
) -> str:
    """The take-or-drop dialog; ``hint_html`` (already HTML) is the AI's advice,
    once asked.  ``beaver``: a Beaver button too (money play with beavers);
    ``beavered``: the doubler answers a beaver (the cube stays with the beaverer)."""
    new = value * 2
    if hint_html:
        hint = f'<section class="hint" aria-live="polite">{hint_html}</section>'
    elif can_hint:
        hint = button(Act.HINT, "Thinking…" if hint_pending else "Hint", enabled=not hint_pending)
    else:
        hint = ""
    whose = (
        f"and they keep the {escape(cube_word)}"
        if beavered
        else (f"and the {escape(cube_word)} is yours")
    )
    beaver_note = (
        f" Beaver: take, and at once redouble to {new * 2}, keeping the {escape(cube_word)}."
        if beaver
        else ""
    )
    inner = (
        f'<h2 id="dlg-title">{escape(title)}</h2>'
        f"<p>{escape(take)}: play on for {new} points, {whose}. "
        f"{escape(drop)}: give up this game for {value} point{'s' if value != 1 else ''}."
        f"{beaver_note}</p>"
        + hint
        + action_row(
            button(Act.DROP, drop),
            button(Act.BEAVER, "Beaver") if beaver else "",
            button(Act.TAKE, take, primary=True),
        )
    )
    return dialog_form("cube", inner)


def resign_choice_html(allowed: Sequence[tuple[int, str, int]]) -> str:
    """``allowed``: (value, name, points) for each resignation that may be offered."""
    choices = "".join(
        button(Act.RESIGN, f"{name} ({points} point{'s' if points != 1 else ''})", value=str(v))
        for v, name, points in allowed
    )
    inner = (
        '<h2 id="dlg-title">Resign</h2><p>Offer to give up the game. How much do you concede?</p>'
        f'<div class="dlg-choices">{choices}</div>' + action_row(button(Act.CLOSE, "Keep playing"))
    )
    return dialog_form("resign", inner)


def resign_answer_html(who: str, name: str, points: int) -> str:
    inner = (
        f'<h2 id="dlg-title">{escape(who)} resigns</h2>'
        f"<p>They offer you a {escape(name)}: {points} point{'s' if points != 1 else ''}. "
        "Accept, and the game ends; reject, and play goes on.</p>"
        + action_row(button(Act.REJECT, "Reject"), button(Act.ACCEPT, "Accept", primary=True))
    )
    return dialog_form("resign-answer", inner)


def game_over_html(
    headline: str, detail: str, score_line: str, match_over: bool, match_line: str
) -> str:
    if match_over:
        actions = action_row(
            button(Act.STATS_OPEN, "Statistics"),
            button(Act.REVIEW, "Review"),
            button(Act.NEW_OPEN, "New game…"),
            button(Act.REMATCH, "Rematch", primary=True),
        )
    else:
        actions = action_row(
            button(Act.STATS_OPEN, "Statistics"),
            button(Act.REVIEW, "Review"),
            button(Act.NEXT_GAME, "Next game", primary=True),
        )
    inner = (
        f'<h2 id="dlg-title">{escape(headline)}</h2>'
        f'<p class="win-type">{escape(detail)}</p>'
        f'<p class="score-line">{escape(score_line)}</p>'
        + (f'<p class="match-line">{escape(match_line)}</p>' if match_line else "")
        + actions
    )
    return dialog_form("over", inner)


def review_dialog_html(body: str, match_over: bool) -> str:
    """A game's review (``body`` is already HTML), with the way on to the next game."""
    if match_over:
        go_on = button(Act.REMATCH, "Rematch", primary=True)
    else:
        go_on = button(Act.NEXT_GAME, "Next game", primary=True)
    return dialog_form(
        "review",
        f'<div class="review">{body}</div>' + action_row(button(Act.CLOSE, "Close"), go_on),
    )


def dice_entry_html(opening: bool, labels: tuple[str, str], title: str = "") -> str:
    def select(name: str, label: str) -> str:
        options = "".join(f'<option value="{v}">{v}</option>' for v in range(1, 7))
        return (
            f'<label class="field">{escape(label)} <select name="{name}">{options}</select></label>'
        )

    title = title or ("Enter the opening roll" if opening else "Enter your dice")
    inner = (
        f'<h2 id="dlg-title">{title}</h2><p>Playing with real dice: set what they show.</p>'
        f'<div class="dice-entry">{select("d1", labels[0])}{select("d2", labels[1])}</div>'
        + action_row(
            button(Act.CLOSE, "Cancel"), button(Act.DICE_SET, "Use these dice", primary=True)
        )
    )
    return dialog_form("dice", inner, submit=Act.DICE_SET)


def saves_html(
    slots: Sequence[str],
    position_id: str,
    match_id: str,
    available: bool,
    *,
    overwrite: str = "",
    unreadable: Sequence[str] = (),
    held: Sequence[str] = (),
    copied: bool = False,
) -> str:
    """The Saves dialog; ``overwrite`` asks before saving over a slot, and
    ``unreadable`` (storage keys, ``held`` among them) offers what could not
    be read for download."""
    rows = "".join(
        f'<li><span class="slot-name">{escape(name)}</span>'
        + button(Act.LOAD_SLOT, "Load", value=name)
        + button(Act.DELETE_SLOT, "Delete", value=name)
        + "</li>"
        for name in slots
    )
    listing = f'<ul class="slots">{rows}</ul>' if rows else '<p class="muted">No saved games.</p>'
    note = (
        ""
        if available
        else '<p class="warning">Saving is off in this browser: use Export to keep a game.</p>'
    )
    inner = (
        '<h2 id="dlg-title">Saved games</h2>'
        + note
        + '<label class="field">Save as <input name="name" maxlength="40" autocomplete="off" '
        'placeholder="Name this game"></label>'
        + action_row(button(Act.SAVE_SLOT, "Save", primary=True))
        + _overwrite_html(overwrite)
        + listing
        + _unreadable_html(unreadable, held)
        + '<h3>File</h3><div class="dlg-actions left">'
        + button(Act.EXPORT, "Export to file")
        # A match file of Jellyfish's format, for GNU Backgammon, eXtreme Gammon, BGBlitz.
        + button(Act.EXPORT, "Export .mat", value="mat")
        + '<label class="button file">Import from file <input type="file" name="file" '
        f'accept=".json,.mat,.txt,.sgf,.xg,.xgp,application/json,text/plain" '
        f'data-action="{Act.IMPORT}">'
        "</label></div>" + '<p class="muted">A <code>.mat</code> match file, or GNU Backgammon’s '
        "<code>.sgf</code>, opens on the analysis board, to step through and review.</p>"
        + "<h3>GNU Backgammon IDs</h3>"
        + '<dl class="ids"><dt>Position ID</dt><dd><code data-testid="position-id">'
        + escape(position_id)
        + '</code></dd><dt>Match ID</dt><dd><code data-testid="match-id">'
        + escape(match_id)
        + "</code></dd></dl>"
        + action_row(
            _copy_button(Act.COPY_IDS, "", "Copy IDs", "Copy the Position ID and Match ID", copied),
            button(Act.CLOSE, "Close", primary=True),
        )
    )
    return dialog_form("saves", inner, submit=Act.SAVE_SLOT)


def _overwrite_html(name: str) -> str:
    if not name:
        return ""
    return (
        f'<div class="confirm" role="alert"><p>There is already a save named “{escape(name)}”. '
        "Save this game over it?</p>"
        + action_row(
            button(Act.SAVE_OVERWRITE, f"Replace “{name}”", value=name),
            button(Act.SAVES_OPEN, "Keep it", primary=True, extra=" autofocus"),
        )
        + "</div>"
    )


def _unreadable_html(keys: Sequence[str], held: Sequence[str]) -> str:
    """Saved text that could not be read: to download, or to discard."""
    if not keys:
        return ""
    rows = "".join(
        f'<li><span class="slot-name">{escape(unreadable_label(key, key in held))}</span>'
        + button(Act.UNREADABLE_DOWNLOAD, "Download", value=key)
        + button(Act.UNREADABLE_DISCARD, "Discard", value=key)
        + "</li>"
        for key in keys
    )
    note = ""
    if held:
        note = (
            '<p class="warning">There was no room in the browser’s storage to keep it aside, '
            "so it was left in place and nothing is saved over it"
            + (": your games are not being saved" if AUTOSAVE in held else "")
            + " until you download it (to keep it) or discard it.</p>"
        )
    return f'<h3>Could not be read</h3>{note}<ul class="slots unreadable">{rows}</ul>'


def unreadable_label(key: str, held: bool = False) -> str:
    """What a storage key of unreadable text held, in words.

    >>> unreadable_label("autosave", held=True)
    'Your saved match (left in place)'
    >>> unreadable_label("corrupt:slot:my game:1700000000000")
    'The save “my game”, kept aside on 2023-11-14 22:13 UTC'
    """
    if held:
        return f"{_stored_name(key)} (left in place)"
    body, _, stamp = key.removeprefix(CORRUPT).rpartition(":")
    millis = stamp.partition("-")[0]
    if not key.startswith(CORRUPT) or not body or not millis.isdigit():
        return key
    when = datetime.fromtimestamp(int(millis) / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"{_stored_name(body)}, kept aside on {when}"


def _stored_name(key: str) -> str:
    if key.startswith(SLOT):
        return f"The save “{key.removeprefix(SLOT)}”"
    return {AUTOSAVE: "Your saved match", STATS: "Your player statistics"}.get(key, key)


def _share_button(value: str, aria: str, can_share: bool) -> str:
    """The share sheet's button (a phone's messengers), where there is one."""
    if not can_share:
        return ""
    return button(Act.SHARE_LINK, "Share…", value=value, extra=f' aria-label="{escape(aria)}"')


@functools.lru_cache(maxsize=4)
def _qr_block(link: str, label: str) -> str:
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
        '<details class="qr"><summary>Show a QR code</summary>'
        f'<figure class="qr-code">{svg}'
        "<figcaption>Your friend scans it with their phone’s camera.</figcaption></figure>"
        "</details>"
    )


def _copy_button(act: Act, value: str, label: str, aria: str, copied: bool) -> str:
    """A copy button; once the clipboard took the text it says so where the
    player looks (the button itself), until the next action."""
    if copied:
        return button(act, "Copied ✓", value=value, extra=f' aria-label="{escape(aria)}: copied"')
    return button(act, label, value=value, extra=f' aria-label="{escape(aria)}"')


def position_html(position_id: str, match_id: str, xgid: str, copied: str) -> str:
    """The position's identifiers, each with its copy button.  ``xgid`` is ""
    when there is none (a finished match); ``copied`` names the one the
    clipboard took last ("position", "match", "xgid") or is ""."""

    def row(key: str, name: str, value: str, testid: str) -> str:
        if not value:
            return (
                f'<div class="id-row"><dt>{name}</dt>'
                '<dd><span class="muted">None: the match is over.</span></dd></div>'
            )
        copy = _copy_button(Act.COPY_ID, key, "Copy", f"Copy the {name}", copied == key)
        return (
            f'<div class="id-row"><dt>{name}</dt><dd><code data-testid="{testid}">'
            f"{escape(value)}</code>{copy}</dd></div>"
        )

    inner = (
        '<h2 id="dlg-title">Position</h2>'
        "<p>Paste these into GNU Backgammon (Position ID and Match ID) or eXtreme Gammon "
        "(XGID) to study this position. A play not yet finished is not included.</p>"
        '<dl class="ids copyable">'
        + row("position", "Position ID", position_id, "position-id")
        + row("match", "Match ID", match_id, "match-id")
        + row("xgid", "XGID", xgid, "xgid")
        + "</dl>"
        + action_row(
            button(Act.ANALYSIS_OPEN, "Analyse it"), button(Act.CLOSE, "Close", primary=True)
        )
    )
    return dialog_form("position", inner)


_STAT_ROWS = (
    ("rolls", "Rolls"),
    ("doubles_rolled", "Doubles rolled"),
    ("hits", "Hits"),
    ("pips_moved", "Pips moved"),
    ("forfeits", "Rolls that could not move"),
    ("doubles_offered", "Cube offers"),
    ("takes", "Takes"),
    ("drops", "Drops"),
    ("games_won", "Games won"),
    ("points_won", "Points won"),
    ("gammons_won", "Gammons won"),
    ("backgammons_won", "Backgammons won"),
)


def stats_table(
    caption: str, names: tuple[str, str], stats: tuple[PlayerStats, PlayerStats]
) -> str:
    head = f"<tr><th></th><th>{escape(names[0])}</th><th>{escape(names[1])}</th></tr>"
    body = "".join(
        f"<tr><th>{label}</th><td>{getattr(stats[0], key)}</td>"
        f"<td>{getattr(stats[1], key)}</td></tr>"
        for key, label in _STAT_ROWS
    )
    return f'<table class="stats"><caption>{escape(caption)}</caption>{head}{body}</table>'


_RECORD_COLUMNS = (
    "Games",
    "Won",
    "Lost",
    "Points/game",
    "Gammons",
    "Backgammons",
    "Matches",
)


def records_table(records: PlayerRecords, opponent_names: dict[str, str]) -> str:
    """The record against each opponent: a table of eight columns, which a
    narrow screen (public/style.css) shows as one card an opponent, each figure
    under its column's name (``data-label``).  The ARIA roles keep it a table
    for screen readers when CSS no longer displays it as one.

    >>> from web.model.records import PlayerRecords
    >>> html = records_table(PlayerRecords().add_game("easy", won=True, points=2,
    ...                                               win_type=2), {"easy": "Beach Bum"})
    >>> '<td role="cell" data-label="Gammons">1–0</td>' in html
    True
    """
    if not records.rows:
        return '<p class="muted">No finished games yet.</p>'
    head = "".join(
        f'<th role="columnheader" scope="col">{name}</th>'
        for name in ("Opponent", *_RECORD_COLUMNS)
    )
    rows = []
    for key, r in sorted(records.rows.items()):
        name = opponent_names.get(key, key)
        figures = (
            r.games,
            r.wins,
            r.losses,
            f"{r.average_points:+.2f}",
            f"{r.gammons_won}–{r.gammons_lost}",
            f"{r.backgammons_won}–{r.backgammons_lost}",
            f"{r.matches_won}–{r.matches_lost}",
        )
        cells = "".join(
            f'<td role="cell" data-label="{label}">{figure}</td>'
            for label, figure in zip(_RECORD_COLUMNS, figures, strict=True)
        )
        # A th at the head of a row is that row's header: no role needed.
        rows.append(f'<tr role="row"><th>{escape(name)}</th>{cells}</tr>')
    return (
        '<table class="stats records" role="table"><caption>Your record, kept in this browser '
        f'(won–lost)</caption><thead role="rowgroup"><tr role="row">{head}</tr></thead>'
        f'<tbody role="rowgroup">{"".join(rows)}</tbody></table>'
    )


def stats_html(game_table: str, match_table: str, records_html: str) -> str:
    inner = (
        # Focus on the title, so that the long dialog opens at its top (not scrolled
        # down to its first button).
        '<h2 id="dlg-title" tabindex="-1" autofocus>Statistics</h2>'
        + '<div class="stats-wrap">'
        + game_table
        + match_table
        + "</div><h3>Players</h3>"
        + records_html
        + action_row(
            button(Act.STATS_RESET, "Reset player statistics"),
            button(Act.CLOSE, "Close", primary=True),
        )
    )
    return dialog_form("stats", inner)


def settings_html(settings: Settings) -> str:
    def box(name: str, label: str, on: bool) -> str:
        return (
            f'<label class="choice"><input type="checkbox" data-action="{Act.SETTING}" '
            f'data-name="{name}"{" checked" if on else ""}> {escape(label)}</label>'
        )

    def select(name: str, label: str, options: Sequence[tuple[str, str]], current: str) -> str:
        opts = "".join(
            f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
            for v, t in options
        )
        return (
            f'<label class="field">{escape(label)} <select data-action="{Act.SETTING}" '
            f'data-name="{name}">{opts}</select></label>'
        )

    inner = (
        '<h2 id="dlg-title">Settings</h2><div class="choices">'
        + box("auto_roll", "Roll automatically when there is no cube decision", settings.auto_roll)
        + box("auto_forced", "Play forced moves automatically", settings.auto_forced)
        + box("manual_dice", "Enter dice by hand (playing with real dice)", settings.manual_dice)
        + box("tutor", "Tutor: warn me of a doubtful play before I confirm it", settings.tutor)
        + box("sound", "Sounds: dice, checkers, the cube, the game's end", settings.sound)
        + box("show_movable", "Show which checkers can move", settings.show_movable)
        + "</div>"
        + select("theme", "Theme", [(t.key, t.name) for t in THEMES], settings.theme)
        + select("mode", "Colours", [(m, m.capitalize()) for m in MODES], settings.mode)
        + select(
            "animation", "Animation", [(a, a.capitalize()) for a in ANIMATIONS], settings.animation
        )
        + f'<p class="muted keys">{keys_html()}</p>'
        + action_row(button(Act.HELP_OPEN, "How to play"), button(Act.CLOSE, "Done", primary=True))
    )
    return dialog_form("settings", inner)


def notice_html(text: str) -> str:
    return escape(text)


def theme_names() -> list[tuple[str, str]]:
    return [(t.key, t.name) for t in THEMES]


def describe_win(theme: Theme, win_type: int, points: int) -> str:
    unit = "point" if points == 1 else "points"
    name = theme.win_name(win_type)
    return f"{name[0].upper()}{name[1:]}: {points} {unit}"
