"""What a control, key or dialog means, read once: a typed intent.

The page reads an :class:`~web.model.actions.Act`, the control's value and
its form's fields as text; :func:`parse` is the one place that text becomes
values (a number, a tool, a setting's change, a new match's terms...), so
that each handler of the controller takes its intent typed, never raw text.
Text that means nothing for its act raises :class:`MalformedIntentError`
(the controller ignores it, as a stray value always was).

>>> parse(Act.RESIGN, "2")
Index(act=<Act.RESIGN: 'resign'>, index=2)
>>> parse(Act.ROLLOUT, "", {"trials": "432"})
RolloutAsk(act=<Act.ROLLOUT: 'rollout'>, trials=432, truncate=10)
>>> parse(Act.RESIGN, "two")
Traceback (most recent call last):
...
web.model.intents.MalformedIntentError: resign: 'two'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from web.model.actions import Act
from web.model.options import (
    AI_NAMES,
    BY_HAND,
    DEFAULT_MOVE_CLOCK,
    MATCH_LENGTHS,
    MOVE_CLOCKS,
    POST_CLOCKS,
    MatchOptions,
    Rival,
    SettingChange,
    _flag,
    clean_name,
)
from web.model.storage import clean_slot_name

if TYPE_CHECKING:
    from web.model.editor import SetupForm, Tool

Turn = tuple[str, str, str]
"""A TURN server as typed into a dialog: url, username, credential (read by
:mod:`web.online.turn`, which says what is wrong with one)."""


class MalformedIntentError(ValueError):
    """A control's text that means no intent of its act."""


# The choices some controls send: each a value of its own.
class IdKind(StrEnum):  # an identifier to copy (or a link to the analysis board)
    POSITION = "position"
    MATCH = "match"
    XGID = "xgid"
    LINK = "link"


class LinkKind(StrEnum):  # online play's texts to hand on
    INVITE = "invite"
    OFFER = "offer"  # the connection link, made by hand
    ANSWER = "answer"  # ...and the code that answers it


class ExportFormat(StrEnum):
    JSON = "json"  # the page's own saved game
    MAT = "mat"  # a Jellyfish match file


@dataclass(frozen=True, slots=True)
class Intent:
    """An act that carries nothing more, and the base of those that do."""

    act: Act


# The payloads, a class each.  Each has a docstring of its own, short: a
# dataclass without one is given one made with inspect.signature as it is
# created, which costs time at the first intent (tests/scripts/test_pystrip.py).
@dataclass(frozen=True, slots=True)
class Index(Intent):
    """A number: points to resign, a ranked play, a game, a phrase..."""

    index: int


@dataclass(frozen=True, slots=True)
class Tap(Intent):
    """A board place (None: let go)."""

    place: int | None


@dataclass(frozen=True, slots=True)
class Text(Intent):
    """A typed play, a slot's name, a storage key, a file..."""

    text: str


@dataclass(frozen=True, slots=True)
class RivalPick(Intent):
    """Who plays on from the analysis board: an AI level, or both sides by hand."""

    rival: Rival


@dataclass(frozen=True, slots=True)
class ToolPick(Intent):
    """The editor's tool."""

    tool: Tool


@dataclass(frozen=True, slots=True)
class CopyAsk(Intent):
    """An identifier to copy."""

    kind: IdKind


@dataclass(frozen=True, slots=True)
class LinkAsk(Intent):
    """A text to copy or share."""

    kind: LinkKind


@dataclass(frozen=True, slots=True)
class ExportAsk(Intent):
    """A file to export."""

    format: ExportFormat


@dataclass(frozen=True, slots=True)
class ErrorStep(Intent):
    """To a player's previous or next error (None: either's)."""

    forward: bool
    who: int | None


@dataclass(frozen=True, slots=True)
class SettingAsk(Intent):
    """A setting changed."""

    change: SettingChange


@dataclass(frozen=True, slots=True)
class RolloutAsk(Intent):
    """A rollout."""

    trials: int
    truncate: int  # plies (0: to the end)


@dataclass(frozen=True, slots=True)
class SetUp(Intent):
    """The set-up form."""

    form: SetupForm


@dataclass(frozen=True, slots=True)
class DiceAsk(Intent):
    """Real dice (None: not both chosen)."""

    dice: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Join(Intent):
    """An invite accepted: the name and TURN server."""

    name: str
    turn: Turn


@dataclass(frozen=True, slots=True)
class NewMatch(Join):
    """A new match's terms; online, by messages or not."""

    options: MatchOptions
    post: bool
    days: int = 0  # by messages: the move clock, days a move (0: none)


Handler = Callable[[Intent], None]
"""An act's handler, given its intent."""
K = TypeVar("K", bound=Intent)


def _narrowed(kind: type[K], handler: Callable[[K], None], intent: Intent) -> None:
    if not isinstance(intent, kind):
        raise TypeError(kind, intent)
    handler(intent)


def typed(kind: type[K], handler: Callable[[K], None]) -> Handler:
    """A handler of one kind of intent, in a table of :data:`Handler`: the parser
    makes that kind for its act (a test checks), so the check fails only on an
    intent made by hand that does not fit its act."""
    return partial(_narrowed, kind, handler)


_INDEX = frozenset(
    {Act.RESIGN, Act.HINT_PLAY, Act.REVIEW_SHOW, Act.CHAT, Act.ANALYSIS_GO,
     Act.ANALYSIS_GAME, Act.ANALYSIS_PLAY}
)  # fmt: skip
_TEXT = frozenset(
    {Act.LOAD_SLOT, Act.DELETE_SLOT, Act.UNREADABLE_DOWNLOAD, Act.UNREADABLE_DISCARD,
     Act.IMPORT, Act.POST_OPEN, Act.POST_LIVE}
)  # fmt: skip
_TYPED = MappingProxyType(
    {Act.PLAY_TEXT: "text", Act.EDIT_PASTE: "id", Act.MANUAL_ANSWER: "answer"}
)  # the field, else the value
_PLAYERS = frozenset({BY_HAND, *(Rival(key) for key, _ in AI_NAMES)})


def _turn(fields: Mapping[str, str]) -> Turn:
    return (
        fields.get("turn_url", ""),
        fields.get("turn_username", ""),
        fields.get("turn_credential", ""),
    )


def _match_options(fields: Mapping[str, str]) -> MatchOptions:
    """The New game form's terms (checkboxes are absent when off); what it does
    not offer is the default."""
    try:
        opponent = Rival(fields.get("opponent", Rival.MEDIUM))
    except ValueError:
        opponent = Rival.MEDIUM
    try:
        length = int(fields.get("length", "5"))
    except ValueError:
        length = 5
    clock = fields.get("clock", "")
    return MatchOptions(
        opponent=opponent,
        length=length if length in MATCH_LENGTHS else 5,
        cube=_flag(fields.get("cube")),
        jacoby=_flag(fields.get("jacoby")),
        crawford=_flag(fields.get("crawford")),
        beavers=_flag(fields.get("beavers")),
        move_clock=int(clock) if clock in {str(c) for c in MOVE_CLOCKS} else DEFAULT_MOVE_CLOCK,
        names=(clean_name(fields.get("name0", "")), clean_name(fields.get("name1", ""))),
    )


def parse(act: Act, value: str = "", fields: Mapping[str, str] | None = None) -> Intent:
    """The intent of ``act`` with a control's ``value`` and its form's ``fields``."""
    fields = fields or {}
    try:
        return _read(act, value, fields)
    except ValueError:  # a number, a choice or a setting that is none
        raise MalformedIntentError(f"{act}: {value!r}") from None


def _read(act: Act, value: str, fields: Mapping[str, str]) -> Intent:
    get = fields.get
    if act in _INDEX:
        if not value.isdigit():
            raise ValueError
        return Index(act, int(value))
    if act in _TEXT:
        return Text(act, value)
    if act in _TYPED:
        return Text(act, (get(_TYPED[act]) or value).strip())
    match act:
        case Act.SELECT:
            return Tap(act, int(value) if value.isdigit() else None)
        case Act.HISTORY_GAME:  # -1: the game in progress
            if not value.lstrip("-").isdigit():
                raise ValueError
            return Index(act, int(value))
        case Act.SAVE_SLOT:
            return Text(act, clean_slot_name(get("name", "") or value))
        case Act.SAVE_OVERWRITE:
            return Text(act, clean_slot_name(value))
        case Act.ANALYSIS_OPPONENT:
            if value not in _PLAYERS:
                raise ValueError
            return RivalPick(act, Rival(value))
        case Act.EDIT_TOOL | Act.EDIT_SET:
            from web.model import editor as ed  # the analysis board's: loaded when used

            if act is Act.EDIT_TOOL:
                return ToolPick(act, ed.Tool(value))
            return SetUp(act, ed.SetupForm.read(fields))
        case Act.COPY_ID | Act.ANALYSIS_COPY:
            return CopyAsk(act, IdKind(value))
        case Act.COPY_CODE | Act.SHARE_LINK:
            return LinkAsk(act, LinkKind(value))
        case Act.EXPORT:
            return ExportAsk(act, ExportFormat(value or ExportFormat.JSON))
        case Act.ANALYSIS_ERROR:
            who = get("who", "")
            if value not in ("prev", "next"):
                raise ValueError
            return ErrorStep(act, value == "next", int(who) if who.isdigit() else None)
        case Act.SETTING:
            return SettingAsk(act, SettingChange.parse(get("name", ""), value))
        case Act.ROLLOUT:
            from web.coach.rollout import settings  # the analysis board's: loaded when used

            return RolloutAsk(act, *settings(fields))
        case Act.DICE_SET:
            try:
                dice: tuple[int, int] | None = (int(get("d1", "")), int(get("d2", "")))
            except ValueError:
                dice = None
            return DiceAsk(act, dice)
        case Act.JOIN_ACCEPT:
            return Join(act, get("name", "").strip(), _turn(fields))
        case Act.START:
            options = _match_options(fields)
            days = get("days", "")
            clock = int(days) if days in {str(d) for d in POST_CLOCKS} else 0
            post = bool(get("post"))
            return NewMatch(act, get("name", ""), _turn(fields), options, post, clock)
    return Intent(act)
