"""HTML for each dialog, as pure functions of plain values (the dialog a state
has open is picked by :mod:`web.view.dialog`).

Every control carries ``data-action`` (and ``data-value``); the page sends
those to the controller, with the fields of the enclosing form, so no
handler is wired per element.  All text is escaped here.

>>> 'data-action="take"' in cube_answer_html("Selector doubles", 2, "Take", "Drop", "cube")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

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
)
from web.model.records import PlayerRecords
from web.model.storage import AUTOSAVE, CORRUPT, SLOT, STATS
from web.model.themes import MODES, THEMES, Theme
from web.view.parts import action_row, button, dialog_form
from web.words import dialogs as say
from web.words.dialogs import CLOCK_WORDS as CLOCK_WORDS
from web.words.dialogs import RELAY_NOTE as RELAY_NOTE
from web.words.dialogs import TURN_NOTE as TURN_NOTE
from web.words.dialogs import ai_label
from web.words.dialogs import duration_words as duration_words


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
        f'<label class="field online-only">{say.MOVE_CLOCK} <select name="clock">'
        + options
        + "</select></label>"
    )


def name_field(name: str) -> str:
    """The player's name for an online game (remembered from the last one).

    >>> 'value="Ann"' in name_field("Ann")
    True
    """
    return (
        f'<label class="field online-only">{say.YOUR_NAME} <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" placeholder="{say.NAME_PLACEHOLDER}">'
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
        f"<details{fold}{' open' if url else ''}><summary>{say.TURN_SUMMARY}</summary>"
        f'<p class="muted">{say.TURN_HELP}</p>'
        + field(say.TURN_ADDRESS, "turn_url", url)
        + field(say.TURN_USER, "turn_username", username)
        + field(say.TURN_PASSWORD, "turn_credential", credential, "password")
        + "</details>"
    )


def new_game_html(
    setup: MatchOptions, can_cancel: bool, name: str = "", turn: tuple[str, str, str] = ("", "", "")
) -> str:
    opponents = [
        *((key, ai_label(key)) for key, _ in AI_NAMES),
        (HUMAN, say.FRIEND_HERE),
        (ONLINE, say.FRIEND_ONLINE),
    ]
    radios = "".join(
        f'<label class="choice"><input type="radio" name="opponent" value="{key}"'
        # autofocus: the dialog opens with focus on the chosen opponent, not the first
        f"{' checked autofocus' if key == setup.opponent else ''}> {escape(name)}</label>"
        for key, name in opponents
    )
    lengths = "".join(
        f'<option value="{n}"{" selected" if n == setup.length else ""}>'
        f"{say.length_words(n)}</option>"
        for n in MATCH_LENGTHS
    )

    def box(name: str, label: str, on: bool, only: str = "") -> str:
        # A money-game rule is disabled while a match is chosen (the page
        # follows the length's list: web.dom.page).
        cls = f"choice {only}" if only else "choice"
        off = " disabled" if only and setup.length else ""
        return (
            f'<label class="{cls}"><input type="checkbox" name="{name}"'
            f"{' checked' if on else ''}{off}> {escape(label)}</label>"
        )

    inner = (
        f'<h2 id="dlg-title">{say.NEW_GAME}</h2>'
        f'<fieldset><legend>{say.OPPONENT}</legend><div class="choices">'
        + radios
        + "</div></fieldset>"
        f'<label class="field">{say.PLAY} <select name="length">' + lengths + "</select></label>"
        f'<fieldset><legend>{say.RULES}</legend><div class="choices">'
        + box("cube", say.CUBE_RULE, setup.cube)
        + box("jacoby", say.JACOBY_RULE, setup.jacoby, "money-only")
        + box("crawford", say.CRAWFORD_RULE, setup.crawford)
        + box("beavers", say.BEAVERS_RULE, setup.beavers, "money-only")
        + "</div></fieldset>"
        + name_field(name)
        + clock_field(setup.move_clock)
        + turn_fields(turn, "online-only")
        + f'<p class="muted">{escape(RELAY_NOTE)}</p>'
        + action_row(
            button(Act.CLOSE, say.CANCEL) if can_cancel else "",
            button(Act.START, say.START, primary=True),
        )
    )
    return dialog_form("new", inner, submit=Act.START)


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
    if hint_html:
        hint = f'<section class="hint" aria-live="polite">{hint_html}</section>'
    elif can_hint:
        hint = button(
            Act.HINT, say.THINKING if hint_pending else say.HINT, enabled=not hint_pending
        )
    else:
        hint = ""
    text = say.cube_answer_text(take, drop, cube_word, value, beaver=beaver, beavered=beavered)
    inner = (
        f'<h2 id="dlg-title">{escape(title)}</h2>'
        f"<p>{escape(text)}</p>"
        + hint
        + action_row(
            button(Act.DROP, drop),
            button(Act.BEAVER, say.BEAVER) if beaver else "",
            button(Act.TAKE, take, primary=True),
        )
    )
    return dialog_form("cube", inner)


def resign_choice_html(allowed: Sequence[tuple[int, str, int]]) -> str:
    """``allowed``: (value, name, points) for each resignation that may be offered."""
    choices = "".join(
        button(Act.RESIGN, say.resign_choice(name, points), value=str(v))
        for v, name, points in allowed
    )
    inner = (
        f'<h2 id="dlg-title">{say.RESIGN}</h2><p>{say.RESIGN_TEXT}</p>'
        f'<div class="dlg-choices">{choices}</div>'
        + action_row(button(Act.CLOSE, say.KEEP_PLAYING))
    )
    return dialog_form("resign", inner)


def resign_answer_html(who: str, name: str, points: int) -> str:
    inner = (
        f'<h2 id="dlg-title">{escape(say.resigns(who))}</h2>'
        f"<p>{escape(say.resign_offer(name, points))}</p>"
        + action_row(button(Act.REJECT, say.REJECT), button(Act.ACCEPT, say.ACCEPT, primary=True))
    )
    return dialog_form("resign-answer", inner)


def game_over_html(
    headline: str, detail: str, score_line: str, match_over: bool, match_line: str
) -> str:
    if match_over:
        actions = action_row(
            button(Act.STATS_OPEN, say.STATISTICS),
            button(Act.REVIEW, say.REVIEW),
            button(Act.NEW_OPEN, say.NEW_GAME_MORE),
            button(Act.REMATCH, say.REMATCH, primary=True),
        )
    else:
        actions = action_row(
            button(Act.STATS_OPEN, say.STATISTICS),
            button(Act.REVIEW, say.REVIEW),
            button(Act.NEXT_GAME, say.NEXT_GAME, primary=True),
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
        go_on = button(Act.REMATCH, say.REMATCH, primary=True)
    else:
        go_on = button(Act.NEXT_GAME, say.NEXT_GAME, primary=True)
    return dialog_form(
        "review",
        f'<div class="review">{body}</div>' + action_row(button(Act.CLOSE, say.CLOSE), go_on),
    )


def dice_entry_html(opening: bool, labels: tuple[str, str], title: str = "") -> str:
    def select(name: str, label: str) -> str:
        options = "".join(f'<option value="{v}">{v}</option>' for v in range(1, 7))
        return (
            f'<label class="field">{escape(label)} <select name="{name}">{options}</select></label>'
        )

    title = title or say.dice_title(opening)
    inner = (
        f'<h2 id="dlg-title">{title}</h2><p>{say.DICE_TEXT}</p>'
        f'<div class="dice-entry">{select("d1", labels[0])}{select("d2", labels[1])}</div>'
        + action_row(
            button(Act.CLOSE, say.CANCEL), button(Act.DICE_SET, say.USE_DICE, primary=True)
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
        + button(Act.LOAD_SLOT, say.LOAD, value=name)
        + button(Act.DELETE_SLOT, say.DELETE, value=name)
        + "</li>"
        for name in slots
    )
    listing = f'<ul class="slots">{rows}</ul>' if rows else f'<p class="muted">{say.NO_SAVES}</p>'
    note = "" if available else f'<p class="warning">{say.SAVING_OFF}</p>'
    inner = (
        f'<h2 id="dlg-title">{say.SAVED_GAMES}</h2>'
        + note
        + f'<label class="field">{say.SAVE_AS} <input name="name" maxlength="40" '
        f'autocomplete="off" placeholder="{say.SAVE_PLACEHOLDER}"></label>'
        + action_row(button(Act.SAVE_SLOT, say.SAVE, primary=True))
        + _overwrite_html(overwrite)
        + listing
        + _unreadable_html(unreadable, held)
        + f'<h3>{say.FILE}</h3><div class="dlg-actions left">'
        + button(Act.EXPORT, say.EXPORT)
        # A match file of Jellyfish's format, for GNU Backgammon, eXtreme Gammon, BGBlitz.
        + button(Act.EXPORT, say.EXPORT_MAT, value="mat")
        + f'<label class="button file">{say.IMPORT} <input type="file" name="file" '
        f'accept=".json,.mat,.txt,.sgf,.xg,.xgp,application/json,text/plain" '
        f'data-action="{Act.IMPORT}">'
        "</label></div>"
        + f'<p class="muted">{say.MATCH_FILES_NOTE}</p>'
        + f"<h3>{say.GNU_IDS}</h3>"
        + f'<dl class="ids"><dt>{say.POSITION_ID}</dt><dd><code data-testid="position-id">'
        + escape(position_id)
        + f'</code></dd><dt>{say.MATCH_ID}</dt><dd><code data-testid="match-id">'
        + escape(match_id)
        + "</code></dd></dl>"
        + action_row(
            _copy_button(Act.COPY_IDS, "", say.COPY_IDS, say.COPY_IDS_ARIA, copied),
            button(Act.CLOSE, say.CLOSE, primary=True),
        )
    )
    return dialog_form("saves", inner, submit=Act.SAVE_SLOT)


def _overwrite_html(name: str) -> str:
    if not name:
        return ""
    return (
        f'<div class="confirm" role="alert"><p>{escape(say.overwrite_question(name))}</p>'
        + action_row(
            button(Act.SAVE_OVERWRITE, say.replace(name), value=name),
            button(Act.SAVES_OPEN, say.KEEP_IT, primary=True, extra=" autofocus"),
        )
        + "</div>"
    )


def _unreadable_html(keys: Sequence[str], held: Sequence[str]) -> str:
    """Saved text that could not be read: to download, or to discard."""
    if not keys:
        return ""
    rows = "".join(
        f'<li><span class="slot-name">{escape(unreadable_label(key, key in held))}</span>'
        + button(Act.UNREADABLE_DOWNLOAD, say.DOWNLOAD, value=key)
        + button(Act.UNREADABLE_DISCARD, say.DISCARD, value=key)
        + "</li>"
        for key in keys
    )
    note = ""
    if held:
        note = f'<p class="warning">{say.held_note(AUTOSAVE in held)}</p>'
    return f'<h3>{say.UNREADABLE}</h3>{note}<ul class="slots unreadable">{rows}</ul>'


def unreadable_label(key: str, held: bool = False) -> str:
    """What a storage key of unreadable text held, in words.

    >>> unreadable_label("autosave", held=True)
    'Your saved match (left in place)'
    >>> unreadable_label("corrupt:slot:my game:1700000000000")
    'The save “my game”, kept aside on 2023-11-14 22:13 UTC'
    """
    if held:
        return say.left_in_place(_stored_name(key))
    body, _, stamp = key.removeprefix(CORRUPT).rpartition(":")
    millis = stamp.partition("-")[0]
    if not key.startswith(CORRUPT) or not body or not millis.isdigit():
        return key
    when = datetime.fromtimestamp(int(millis) / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return say.kept_aside(_stored_name(body), when)


def _stored_name(key: str) -> str:
    if key.startswith(SLOT):
        return say.save_name(key.removeprefix(SLOT))
    return {AUTOSAVE: say.AUTOSAVE_NAME, STATS: say.STATS_NAME}.get(key, key)


def _copy_button(act: Act, value: str, label: str, aria: str, copied: bool) -> str:
    """A copy button; once the clipboard took the text it says so where the
    player looks (the button itself), until the next action."""
    if copied:
        extra = f' aria-label="{escape(say.copied_aria(aria))}"'
        return button(act, say.COPIED, value=value, extra=extra)
    return button(act, label, value=value, extra=f' aria-label="{escape(aria)}"')


def position_html(position_id: str, match_id: str, xgid: str, copied: str) -> str:
    """The position's identifiers, each with its copy button.  ``xgid`` is ""
    when there is none (a finished match); ``copied`` names the one the
    clipboard took last ("position", "match", "xgid") or is ""."""

    def row(key: str, name: str, value: str, testid: str) -> str:
        if not value:
            return (
                f'<div class="id-row"><dt>{name}</dt>'
                f'<dd><span class="muted">{say.NO_ID}</span></dd></div>'
            )
        copy = _copy_button(Act.COPY_ID, key, say.COPY, say.copy_the(name), copied == key)
        return (
            f'<div class="id-row"><dt>{name}</dt><dd><code data-testid="{testid}">'
            f"{escape(value)}</code>{copy}</dd></div>"
        )

    inner = (
        f'<h2 id="dlg-title">{say.POSITION}</h2>'
        f"<p>{say.POSITION_TEXT}</p>"
        '<dl class="ids copyable">'
        + row("position", say.POSITION_ID, position_id, "position-id")
        + row("match", say.MATCH_ID, match_id, "match-id")
        + row("xgid", say.XGID, xgid, "xgid")
        + "</dl>"
        + action_row(
            button(Act.ANALYSIS_OPEN, say.ANALYSE_IT), button(Act.CLOSE, say.CLOSE, primary=True)
        )
    )
    return dialog_form("position", inner)


_STAT_ROWS = say.STAT_ROWS


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


_RECORD_COLUMNS = say.RECORD_COLUMNS


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
        return f'<p class="muted">{say.NO_RECORDS}</p>'
    head = "".join(
        f'<th role="columnheader" scope="col">{name}</th>'
        for name in (say.OPPONENT_COLUMN, *_RECORD_COLUMNS)
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
        f'<table class="stats records" role="table"><caption>{say.RECORDS_CAPTION}'
        f'</caption><thead role="rowgroup"><tr role="row">{head}</tr></thead>'
        f'<tbody role="rowgroup">{"".join(rows)}</tbody></table>'
    )


def stats_html(game_table: str, match_table: str, records_html: str) -> str:
    inner = (
        # Focus on the title, so that the long dialog opens at its top (not scrolled
        # down to its first button).
        f'<h2 id="dlg-title" tabindex="-1" autofocus>{say.STATISTICS}</h2>'
        + '<div class="stats-wrap">'
        + game_table
        + match_table
        + f"</div><h3>{say.STATISTICS_PLAYERS}</h3>"
        + records_html
        + action_row(
            button(Act.STATS_RESET, say.RESET_STATS),
            button(Act.CLOSE, say.CLOSE, primary=True),
        )
    )
    return dialog_form("stats", inner)


def settings_html(settings: Settings) -> str:
    from web.view.help import keys_html  # the keys' list, shared with How to play

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
        f'<h2 id="dlg-title">{say.SETTINGS}</h2><div class="choices">'
        + box("auto_roll", say.SETTING_LABELS["auto_roll"], settings.auto_roll)
        + box("auto_forced", say.SETTING_LABELS["auto_forced"], settings.auto_forced)
        + box("manual_dice", say.SETTING_LABELS["manual_dice"], settings.manual_dice)
        + box("tutor", say.SETTING_LABELS["tutor"], settings.tutor)
        + box("sound", say.SETTING_LABELS["sound"], settings.sound)
        + box("show_movable", say.SETTING_LABELS["show_movable"], settings.show_movable)
        + "</div>"
        + select("theme", say.THEME, [(t.key, t.name) for t in THEMES], settings.theme)
        + select("mode", say.COLOURS, [(m, m.capitalize()) for m in MODES], settings.mode)
        + select(
            "animation",
            say.ANIMATION,
            [(a, a.capitalize()) for a in ANIMATIONS],
            settings.animation,
        )
        + f'<p class="muted keys">{keys_html()}</p>'
        + action_row(
            button(Act.HELP_OPEN, say.HOW_TO_PLAY), button(Act.CLOSE, say.DONE, primary=True)
        )
    )
    return dialog_form("settings", inner)


def notice_html(text: str) -> str:
    return escape(text)


def theme_names() -> list[tuple[str, str]]:
    return [(t.key, t.name) for t in THEMES]


def describe_win(theme: Theme, win_type: int, points: int) -> str:
    return say.describe_win(theme.win_name(win_type), points)
