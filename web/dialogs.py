"""HTML for the dialogs and side panels, as pure functions of plain values.

Every control carries ``data-action`` (and ``data-value``); the page sends
those to the controller, with the fields of the enclosing form, so no
handler is wired per element.  All text is escaped here.

>>> 'data-action="take"' in cube_answer_html("Selector doubles", 2, "Take", "Drop", "cube")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from types import MappingProxyType

from engine.game import Action, Phase
from engine.stats import PlayerStats
from web.actions import KEYS, Act
from web.hint import cube_hint_html
from web.history import HistoryRow
from web.options import (
    AI_NAMES,
    ANIMATIONS,
    HUMAN,
    MATCH_LENGTHS,
    MatchOptions,
    Settings,
    ai_label,
)
from web.player_records import PlayerRecords
from web.review import review_html
from web.state import Dialog, UiState
from web.storage import AUTOSAVE, CORRUPT, SLOT, STATS
from web.themes import MODES, THEMES, Theme
from web.tutor import cube_advice


def button(action: Act, label: str, *, value: str = "", primary: bool = False,
           enabled: bool = True, extra: str = "") -> str:  # fmt: skip
    cls = "primary" if primary else ""
    val = f' data-value="{escape(value)}"' if value else ""
    dis = "" if enabled else " disabled"
    return (
        f'<button type="button" class="{cls}" data-action="{escape(action)}"{val}{dis}{extra}>'
        f"{escape(label)}</button>"
    )


def _actions(*buttons: str) -> str:
    return '<div class="dlg-actions">' + "".join(buttons) + "</div>"


def _form(name: str, inner: str, submit: Act | None = None) -> str:
    sub = f' data-submit="{submit}"' if submit is not None else ""
    return f'<form class="dlg" data-dialog="{escape(name)}"{sub}>{inner}</form>'


def new_game_html(setup: MatchOptions, can_cancel: bool) -> str:
    opponents = [*((key, ai_label(key)) for key, _ in AI_NAMES), (HUMAN, "A friend on this device")]
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
        + _actions(
            button(Act.CLOSE, "Cancel") if can_cancel else "",
            button(Act.START, "Start", primary=True),
        )
    )
    return _form("new", inner, submit=Act.START)


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
        + _actions(
            button(Act.DROP, drop),
            button(Act.BEAVER, "Beaver") if beaver else "",
            button(Act.TAKE, take, primary=True),
        )
    )
    return _form("cube", inner)


def resign_choice_html(allowed: Sequence[tuple[int, str, int]]) -> str:
    """``allowed``: (value, name, points) for each resignation that may be offered."""
    choices = "".join(
        button(Act.RESIGN, f"{name} ({points} point{'s' if points != 1 else ''})", value=str(v))
        for v, name, points in allowed
    )
    inner = (
        '<h2 id="dlg-title">Resign</h2><p>Offer to give up the game. How much do you concede?</p>'
        f'<div class="dlg-choices">{choices}</div>' + _actions(button(Act.CLOSE, "Keep playing"))
    )
    return _form("resign", inner)


def resign_answer_html(who: str, name: str, points: int) -> str:
    inner = (
        f'<h2 id="dlg-title">{escape(who)} resigns</h2>'
        f"<p>They offer you a {escape(name)}: {points} point{'s' if points != 1 else ''}. "
        "Accept, and the game ends; reject, and play goes on.</p>"
        + _actions(button(Act.REJECT, "Reject"), button(Act.ACCEPT, "Accept", primary=True))
    )
    return _form("resign-answer", inner)


def game_over_html(
    headline: str, detail: str, score_line: str, match_over: bool, match_line: str
) -> str:
    if match_over:
        actions = _actions(
            button(Act.STATS_OPEN, "Statistics"),
            button(Act.REVIEW, "Review"),
            button(Act.NEW_OPEN, "New game…"),
            button(Act.REMATCH, "Rematch", primary=True),
        )
    else:
        actions = _actions(
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
    return _form("over", inner)


def review_dialog_html(body: str, match_over: bool) -> str:
    """A game's review (``body`` is already HTML), with the way on to the next game."""
    if match_over:
        go_on = button(Act.REMATCH, "Rematch", primary=True)
    else:
        go_on = button(Act.NEXT_GAME, "Next game", primary=True)
    return _form(
        "review", f'<div class="review">{body}</div>' + _actions(button(Act.CLOSE, "Close"), go_on)
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
        + _actions(
            button(Act.CLOSE, "Cancel"), button(Act.DICE_SET, "Use these dice", primary=True)
        )
    )
    return _form("dice", inner, submit=Act.DICE_SET)


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
        + _actions(button(Act.SAVE_SLOT, "Save", primary=True))
        + _overwrite_html(overwrite)
        + listing
        + _unreadable_html(unreadable, held)
        + '<h3>File</h3><div class="dlg-actions left">'
        + button(Act.EXPORT, "Export to file")
        + '<label class="button file">Import from file <input type="file" name="file" '
        f'accept=".json,application/json" data-action="{Act.IMPORT}"></label></div>'
        + "<h3>GNU Backgammon IDs</h3>"
        + '<dl class="ids"><dt>Position ID</dt><dd><code data-testid="position-id">'
        + escape(position_id)
        + '</code></dd><dt>Match ID</dt><dd><code data-testid="match-id">'
        + escape(match_id)
        + "</code></dd></dl>"
        + _actions(
            _copy_button(Act.COPY_IDS, "", "Copy IDs", "Copy the Position ID and Match ID", copied),
            button(Act.CLOSE, "Close", primary=True),
        )
    )
    return _form("saves", inner, submit=Act.SAVE_SLOT)


def _overwrite_html(name: str) -> str:
    if not name:
        return ""
    return (
        f'<div class="confirm" role="alert"><p>There is already a save named “{escape(name)}”. '
        "Save this game over it?</p>"
        + _actions(
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
        + _actions(button(Act.CLOSE, "Close", primary=True))
    )
    return _form("position", inner)


# What each shortcut does, in the help's words (an action missing here is named
# by its value, so a new key is never left out of the help).
_KEY_WORDS: Mapping[Act, str] = MappingProxyType(
    {
        Act.ROLL: "roll",
        Act.DOUBLE: "double",
        Act.UNDO: "undo",
        Act.REDO: "redo",
        Act.CONFIRM: "done",
        Act.NEW_OPEN: "new game",
        Act.SWAP_DICE: "swap the dice",
        Act.HINT: "hint",
        Act.HELP_OPEN: "how to play",
        Act.SELECT: "let go of a checker",
        Act.REVIEW_PREV: "previous decision (review)",
        Act.REVIEW_NEXT: "next decision (review)",
    }
)
_KEY_CAPS: Mapping[str, str] = MappingProxyType(
    {"Escape": "Esc", "ArrowLeft": "←", "ArrowRight": "→"}
)


def keys_html() -> str:
    """The keyboard shortcuts, read from :data:`web.actions.KEYS`.

    >>> "<kbd>R</kbd> roll" in keys_html()
    True
    """
    keys = ", ".join(
        f"<kbd>{escape(_KEY_CAPS.get(key, key.upper() if len(key) == 1 else key))}</kbd> "
        f"{escape(_KEY_WORDS.get(act, act.value.replace('-', ' ')))}"
        for key, act in KEYS.items()
    )
    return (
        f"Keys: {keys}, <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo. On the board, <kbd>Tab</kbd> and "
        "the arrow keys move between checkers, <kbd>Enter</kbd> picks one up and puts it "
        "down, <kbd>Esc</kbd> lets go."
    )


def help_html(words: Theme) -> str:
    """How to play: the rules in brief (as GNU Backgammon plays them), the
    controls, and the notation of plays."""
    opponents = ", ".join(escape(ai_label(key)) for key, _ in AI_NAMES)
    themed = (
        ""
        if words.key == "classic"
        else (
            f"<p>In the {escape(words.name)} theme the bar is {escape(words.bar)}, bearing off "
            f"is to {escape(words.bear_off)}, the cube is {escape(words.cube)}, and the wins "
            f"are {', '.join(escape(n) for n in words.win_names)}.</p>"
        )
    )
    rules = (
        "<h3>The game</h3>"
        "<p>Each side has 15 checkers. You move yours round the board from your 24-point "
        "down to your 1-point, into your home board (points 1 to 6), and then bear them "
        "off. The first to bear off all 15 wins.</p>"
        "<ul>"
        "<li>To start, each side rolls one die; the higher plays both numbers.</li>"
        "<li>Each die moves one checker that many points; one checker may use both. "
        "A double is played four times.</li>"
        "<li>A checker may land on an empty point, on your own checkers, or on a lone "
        "opposing checker (a blot), which it hits: the hit checker goes to the bar. "
        "Two or more opposing checkers block a point.</li>"
        "<li>A checker on the bar must come in first, in the opponent's home board: "
        "a 1 enters on your 24-point, a 6 on your 19-point.</li>"
        "<li>You must play both dice if you can; if only one can be played, the higher one "
        "when either could be. If neither can, the turn is lost.</li>"
        "<li>Once all your checkers are in your home board you may bear off: a die takes "
        "a checker off its point, or off the highest point you hold if nothing is higher.</li>"
        "</ul>"
        "<h3>Points and the cube</h3>"
        "<ul>"
        "<li>A win is worth 1 point; a gammon 2, when the loser has borne off nothing; "
        "a backgammon 3, when the loser also still has a checker on the bar or in the "
        "winner's home board. All are multiplied by the cube.</li>"
        "<li>Before rolling you may double: your opponent takes, and plays on for twice "
        "the stakes and owns the cube (only its owner may double next), or drops and "
        "loses the game at the present stakes.</li>"
        "<li>Crawford rule (matches): when a player first comes within one point of "
        "winning, the next game is played without the cube.</li>"
        "<li>Jacoby rule (money games): gammons and backgammons count only once the cube "
        "has been turned. Beaver: a player doubled may take and at once redouble, keeping "
        "the cube.</li>"
        "</ul>"
    )
    controls = (
        "<h3>Controls</h3>"
        "<ul>"
        "<li>Tap or click a checker to pick it up: the points it can reach light up; tap one "
        "to move there. Or drag the checker there.</li>"
        "<li>Double-tap a checker to move it by the first die; tap the dice to swap which "
        "die comes first.</li>"
        "<li>The checkers that can move are marked once you have rolled (Settings can turn "
        "this off). <b>Undo</b> takes a checker back; <b>Done</b> ends your turn.</li>"
        "<li>Or type a whole play in the Move box, in the notation below.</li>"
        f'<li class="keys">{keys_html()}</li>'
        "</ul>"
    )
    notation = (
        "<h3>Notation</h3>"
        "<p>Points are numbered from the side of the player moving: 24 is furthest from "
        "home, 1 the last point before bearing off.</p>"
        '<dl class="notation-list">'
        "<dt><code>24/18 13/11*</code></dt><dd>one checker from 24 to 18, another from "
        "13 to 11, hitting there (<code>*</code>)</dd>"
        "<dt><code>bar/22</code></dt><dd>a checker enters from the bar on 22</dd>"
        "<dt><code>6/off</code></dt><dd>a checker is borne off from 6</dd>"
        "<dt><code>8/5(2)</code></dt><dd>two checkers from 8 to 5</dd>"
        "</dl>"
        "<p>The Position button shows the position's GNU Backgammon IDs and its XGID, "
        "to copy.</p>"
    )
    inner = (
        # Focus on the title, so that the long dialog opens at its top.
        '<h2 id="dlg-title" tabindex="-1" autofocus>How to play</h2>'
        + '<div class="help">'
        + rules
        + themed
        + f"<p>Opponents: {opponents}, or a friend on this device.</p>"
        + controls
        + notation
        + "</div>"
        + _actions(button(Act.CLOSE, "Close", primary=True))
    )
    return _form("help", inner)


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

    >>> from web.player_records import PlayerRecords
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
        + _actions(
            button(Act.STATS_RESET, "Reset player statistics"),
            button(Act.CLOSE, "Close", primary=True),
        )
    )
    return _form("stats", inner)


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
        + _actions(button(Act.HELP_OPEN, "How to play"), button(Act.CLOSE, "Done", primary=True))
    )
    return _form("settings", inner)


def notice_html(text: str) -> str:
    return escape(text)


def history_html(rows: Sequence[HistoryRow], names: tuple[str, str]) -> str:
    """The score sheet as a table (player 0 in the left column)."""
    head = (
        f'<tr><th scope="col">#</th><th scope="col">{escape(names[0])}</th>'
        f'<th scope="col">{escape(names[1])}</th></tr>'
    )
    body = []
    for row in rows:
        if row.note:
            body.append(f'<tr class="note"><td colspan="3">{escape(row.note)}</td></tr>')
        else:
            cells = "".join(
                f'<td class="marked" aria-current="step">{escape(text)}</td>'
                if row.marked == column
                else f"<td>{escape(text)}</td>"
                for column, text in enumerate(row.cells)
            )
            body.append(f"<tr><td>{row.number})</td>{cells}</tr>")
    if not body:
        body.append('<tr class="note"><td colspan="3">No moves yet.</td></tr>')
    return f'<table class="history-table">{head}{"".join(body)}</table>'


def theme_names() -> list[tuple[str, str]]:
    return [(t.key, t.name) for t in THEMES]


def describe_win(theme: Theme, win_type: int, points: int) -> str:
    unit = "point" if points == 1 else "points"
    name = theme.win_name(win_type)
    return f"{name[0].upper()}{name[1:]}: {points} {unit}"


# -- the dialog open in a state ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DialogView:
    kind: str
    html: str
    dismissible: bool = True


def dialog_view(state: UiState) -> DialogView | None:
    """The dialog ``state`` has open, its HTML computed afresh."""
    kind = state.dialog
    if kind is None:
        return None
    html = _DIALOGS[kind](state)
    # Problems the page shows in its banner are shown here too: the banner is
    # behind a modal dialog, where its × cannot be reached.
    extra = ""
    if state.dialog_error:
        extra += f'<p class="dialog-error" role="alert">{escape(state.dialog_error)}</p>'
    if state.notice:
        # What could not be kept aside may be downloaded from the notice (the
        # Saves dialog lists it anyway).
        held = () if kind is Dialog.SAVES else state.saves.held
        downloads = "".join(
            button(Act.UNREADABLE_DOWNLOAD, "Download it", value=key) for key in held
        )
        extra += (
            f'<p class="dialog-error" role="alert">{escape(state.notice)} '
            + downloads
            + button(Act.DISMISS_NOTICE, "Dismiss")
            + "</p>"
        )
    if extra and html.endswith("</form>"):
        html = html[: -len("</form>")] + extra + "</form>"
    return DialogView(kind.value, html, not state.dialog_needed)


def _new(state: UiState) -> str:
    return new_game_html(state.options, state.new_can_cancel)


def _cube(state: UiState) -> str:
    m, words = state.match, state.theme
    offer = m.offer
    if offer is None:  # answered meanwhile; the dialog closes on the next step
        return ""
    if offer.beavered:  # the doubler answers the beaver: 4x the cube, or lose 2x
        beaverer = state.names[1 - offer.doubler]
        title = f"{beaverer} beavers: the {words.cube} would go to {m.cube.value * 4}"
        return cube_answer_html(
            title, m.cube.value * 2, words.take, words.drop, words.cube,
            can_hint=False, beavered=True,
        )  # fmt: skip
    hint = cube_advice(state)
    return cube_answer_html(
        words.offer_title(state.names[offer.doubler], m.cube.value * 2),
        m.cube.value,
        words.take,
        words.drop,
        words.cube,
        hint_html=cube_hint_html(hint, words) if hint is not None else "",
        hint_pending=state.advice.pending,
        beaver=Action.BEAVER in m.legal_actions(),
    )


def _abandon(state: UiState) -> str:
    m, pending = state.match, state.pending
    if pending is None:
        return ""
    doing = {
        Act.START: "Start the new game",
        Act.IMPORT: "Import the file",
        Act.LOAD_SLOT: f"Load “{pending.value}”",
    }.get(pending.act, "Go on")
    begun = bool(m.events) and not m.is_game_over
    if state.options.vs_ai and begun:
        kind, points = m.abandon_value(0)
        unit = "point" if points == 1 else "points"
        note = (
            f"Against {state.names[1]} it counts in your statistics as a resigned "
            f"{state.theme.win_name(int(kind))}: {points} {unit} lost."
        )
    else:
        note = "The match in progress will be lost."
    inner = (
        '<h2 id="dlg-title">Abandon the game in progress?</h2>'
        f"<p>{escape(note)}</p>"
        + _actions(
            button(Act.ABANDON, f"{doing} (abandon)"),
            button(Act.CLOSE, "Keep playing", primary=True),
        )
    )
    return _form("abandon", inner)


def _resign(state: UiState) -> str:
    return resign_choice_html(
        [
            (int(v), state.theme.win_name(int(v)), points)
            for v, points in state.match.resign_choices()
        ]
    )


def _resign_answer(state: UiState) -> str:
    m = state.match
    offer = m.resignation
    if offer is None:  # answered meanwhile; the dialog closes on the next step
        return ""
    value = int(offer.value)
    return resign_answer_html(
        state.names[offer.player], state.theme.win_name(value), m.resignation_points(value)
    )


def _over(state: UiState) -> str:
    m = state.match
    result = m.result
    if result is None:
        return ""
    names, words = state.names, state.theme
    winner = names[result.winner]
    if state.options.vs_ai:
        headline = "You win!" if result.winner == 0 else f"{winner} wins"
    else:
        headline = f"{winner} wins!"
    if words.headline_win:
        headline = f"{words.win_name(int(result.win_type))}! {headline}"
    how = {"dropped": " (double dropped)", "resigned": " (resignation)", "borne off": ""}
    detail = describe_win(words, int(result.win_type), result.points) + how[result.reason.value]
    s0, s1 = m.score
    score_line = f"Score: {names[0]} {s0} – {s1} {names[1]}"
    if m.match_length:
        score_line += f" (match to {m.match_length})"
    match_line = ""
    if m.is_over:
        assert m.winner is not None
        match_line = (
            "You win the match!"
            if state.options.vs_ai and m.winner == 0
            else f"{names[m.winner]} wins the match."
        )
    return game_over_html(headline, detail, score_line, m.is_over, match_line)


def _review(state: UiState) -> str:
    review = state.reviewing.review
    if review is None:
        return ""
    names = state.names
    if state.options.vs_ai:
        names = ("You", names[1])
    body = review_html(review, names, f"Review of game {review.game + 1}")
    return review_dialog_html(body, state.match.is_over)


def _dice(state: UiState) -> str:
    opening = state.match.phase is Phase.OPENING
    names = state.names
    first = "Your die" if state.options.vs_ai else f"{names[0]}’s die"
    labels = (first, f"{names[1]}’s die") if opening else ("Die 1", "Die 2")
    title = ""
    if not opening and state.is_ai(state.match.turn):
        title = f"Enter {names[1]}’s dice"
    return dice_entry_html(opening, labels, title)


def _saves(state: UiState) -> str:
    m = state.match
    saves = state.saves
    return saves_html(
        saves.slots,
        m.position_id,
        m.match_id,
        saves.available,
        overwrite=saves.overwrite,
        unreadable=saves.unreadable,
        held=saves.held,
        copied=state.copied == "ids",
    )


def _position(state: UiState) -> str:
    m = state.match
    xgid = "" if m.is_over else m.xgid()
    return position_html(m.position_id, m.match_id, xgid, state.copied)


def _help(state: UiState) -> str:
    return help_html(state.theme)


def _stats(state: UiState) -> str:
    m, names = state.match, state.names
    game = stats_table(f"Game {m.game_number}", names, m.game_stats())
    whole = "Session" if state.options.length == 0 else "Match"
    match = stats_table(whole, names, m.stats())
    opponents = {**{key: ai_label(key) for key, _ in AI_NAMES}, HUMAN: "A friend (as player 1)"}
    return stats_html(game, match, records_table(state.records, opponents))


def _settings(state: UiState) -> str:
    return settings_html(state.settings)


_DIALOGS: Mapping[Dialog, Callable[[UiState], str]] = MappingProxyType(
    {
        Dialog.NEW: _new,
        Dialog.CUBE: _cube,
        Dialog.RESIGN: _resign,
        Dialog.RESIGN_ANSWER: _resign_answer,
        Dialog.OVER: _over,
        Dialog.REVIEW: _review,
        Dialog.DICE: _dice,
        Dialog.SAVES: _saves,
        Dialog.STATS: _stats,
        Dialog.SETTINGS: _settings,
        Dialog.ABANDON: _abandon,
        Dialog.POSITION: _position,
        Dialog.HELP: _help,
    }
)
