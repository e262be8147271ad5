"""The dialogs of the header's menu: Saves (slots, and what could not be read), Stats, Settings
and Position (the identifiers to copy). None is needed for a first board: they are imported
when opened (web.view.dialog).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from engine.stats import PlayerStats
from web.board.escape import escape
from web.model.actions import Act
from web.model.intents import ExportFormat, IdKind
from web.model.options import (
    Settings,
)
from web.model.records import PlayerRecords
from web.model.storage import AUTOSAVE, CORRUPT, SLOT, STATS
from web.model.themes import THEMES
from web.view.dialogs import _copy_button
from web.view.parts import action_row, button, dialog_form
from web.words import dialogs as say
from web.words.dialogs import CLOCK_WORDS as CLOCK_WORDS
from web.words.dialogs import RELAY_NOTE as RELAY_NOTE
from web.words.dialogs import TURN_NOTE as TURN_NOTE
from web.words.dialogs import duration_words as duration_words


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
        # Games with a friend are kept apart, a game per friend (web/view/post_dialogs.py).
        + f'<div class="dlg-actions left">{button(Act.POST_GAMES, say.GAMES_IN_PROGRESS)}</div>'
        + _unreadable_html(unreadable, held)
        + f'<h3>{say.FILE}</h3><div class="dlg-actions left">'
        + button(Act.EXPORT, say.EXPORT)
        # A match file of Jellyfish's format, for GNU Backgammon, eXtreme Gammon, BGBlitz.
        + button(Act.EXPORT, say.EXPORT_MAT, value=ExportFormat.MAT)
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
        + row(IdKind.POSITION, say.POSITION_ID, position_id, "position-id")
        + row(IdKind.MATCH, say.MATCH_ID, match_id, "match-id")
        + row(IdKind.XGID, say.XGID, xgid, "xgid")
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


def stats_html(game_table: str, match_table: str, records_html: str, dice_html: str = "") -> str:
    inner = (
        # Focus on the title, so that the long dialog opens at its top (not scrolled
        # down to its first button).
        f'<h2 id="dlg-title" tabindex="-1" autofocus>{say.STATISTICS}</h2>'
        + '<div class="stats-wrap">'
        + game_table
        + match_table
        + "</div>"
        + dice_html
        + f"<h3>{say.STATISTICS_PLAYERS}</h3>"
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
        + select("mode", say.COLOURS, say.MODE_CHOICES, settings.mode)
        + select("animation", say.ANIMATION, say.ANIMATION_CHOICES, settings.animation)
        + select("home", say.HOME, say.HOME_CHOICES, settings.home)
        + select("bottom", say.BOTTOM, say.BOTTOM_CHOICES, settings.bottom)
        + select(
            "analysis_plies",
            say.ANALYSIS_PLIES,
            say.ANALYSIS_PLIES_CHOICES,
            str(settings.analysis_plies),
        )
        + f'<p class="muted keys">{keys_html()}</p>'
        + action_row(
            button(Act.HELP_OPEN, say.HOW_TO_PLAY), button(Act.CLOSE, say.DONE, primary=True)
        )
    )
    return dialog_form("settings", inner)
