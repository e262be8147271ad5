"""The record of a game and a match: every roll, play and decision, in order.

The record holds what happened, not how a UI got there: checker moves made
and taken back inside a turn are not in it, only the confirmed play.  It is
enough to replay a match exactly (see :func:`engine.match.replay`), and each
event converts to and from a small JSON-able dict.

>>> Roll(0, (3, 1))
Roll(player=0, dice=(3, 1), by_hand=False)
>>> event_to_json(Doubled(1, 2))
{'type': 'double', 'player': 1, 'cube': 2}
>>> event_from_json({'type': 'double', 'player': 1, 'cube': 2})
Doubled(player=1, cube=2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from engine.cube import Cube, is_cube_value
from engine.errors import InvalidPositionIdError, SaveError
from engine.notation import MAX_NOTATION_LENGTH, describes, format_dice, format_moves
from engine.position import Move, Position
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """Each player rolled one die to start the game (a tie is rolled again)."""

    die0: int
    die1: int
    kind: ClassVar[str] = "opening"

    @property
    def winner(self) -> int | None:
        """The player with the higher die, who plays both dice; ``None`` on a tie."""
        if self.die0 == self.die1:
            return None
        return 0 if self.die0 > self.die1 else 1


@dataclass(frozen=True, slots=True)
class Roll:
    """A player rolled the dice for a turn; ``by_hand``: typed in from real dice,
    as the page's manual dice are (what a check of the dice leaves out)."""

    player: int
    dice: tuple[int, int]
    by_hand: bool = False
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Played:
    """A confirmed play: its notation and its single-die moves in a replayable order.

    ``recorded`` marks a play kept as a match file records it although it is
    not a legal play of the roll (people transcribe by hand, servers have
    bugs): its moves are made as written (:meth:`engine.game.Game.play_recorded`),
    so the position follows the file, and a review does not judge it.
    """

    player: int
    dice: tuple[int, int]
    notation: str
    moves: tuple[Move, ...]
    hits: tuple[bool, ...]
    recorded: bool = False
    kind: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The roll could not be played at all; the turn passed automatically."""

    player: int
    kind: ClassVar[str] = "forfeit"


@dataclass(frozen=True, slots=True)
class Doubled:
    """A player offered the cube at ``cube``, the value it would take."""

    player: int
    cube: int
    kind: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Beavered:
    """The doubled player took and at once redoubled to ``cube``, keeping the cube."""

    player: int
    cube: int
    kind: ClassVar[str] = "beaver"


@dataclass(frozen=True, slots=True)
class Took:
    """A player accepted the double (or the beaver)."""

    player: int
    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Dropped:
    """A player refused the double (or the beaver) and lost the game."""

    player: int
    kind: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class ResignOffered:
    """A player offered to resign, conceding a win of ``value``."""

    player: int
    value: WinType
    kind: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class ResignAccepted:
    """The opponent accepted the resignation; the game is over."""

    player: int
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class ResignRejected:
    """The opponent rejected the resignation; play goes on."""

    player: int
    kind: ClassVar[str] = "reject"


@dataclass(frozen=True, slots=True)
class Abandoned:
    """``player`` abandoned the game in progress (left it, and the other claimed
    it): it counts as ``player`` resigning at the value abandoning concedes
    (:meth:`engine.game.Game.abandon_value`), and the match ends with it."""

    player: int
    kind: ClassVar[str] = "abandon"


@dataclass(frozen=True, slots=True)
class Conceded:
    """``player`` conceded the game for a win of ``value``, as a match file records
    it without saying when the resignation was offered (out of turn, say, or as
    the winner's ``Wins N points`` line alone): the game ends as an accepted
    resignation of that value would end it."""

    player: int
    value: WinType
    kind: ClassVar[str] = "concede"


Event: TypeAlias = (
    OpeningRoll
    | Roll
    | Played
    | Forfeit
    | Doubled
    | Beavered
    | Took
    | Dropped
    | ResignOffered
    | ResignAccepted
    | ResignRejected
    | Abandoned
    | Conceded
)

EVENT_TYPES: tuple[type[Event], ...] = (
    OpeningRoll,
    Roll,
    Played,
    Forfeit,
    Doubled,
    Beavered,
    Took,
    Dropped,
    ResignOffered,
    ResignAccepted,
    ResignRejected,
    Abandoned,
    Conceded,
)


def describe(event: Event) -> str:
    """One line of text for an event, as a game listing shows it.

    >>> describe(Played(0, (3, 1), '8/5 6/5', ((8, 5), (6, 5)), (False, False)))
    'player 0: 31 8/5 6/5'
    """
    if isinstance(event, OpeningRoll):
        tie = " (tie)" if event.winner is None else ""
        return f"opening roll: player 0 {event.die0}, player 1 {event.die1}{tie}"
    who = f"player {event.player}"
    if isinstance(event, Roll):
        return f"{who} rolls {format_dice(event.dice)}"
    if isinstance(event, Played):
        return f"{who}: {format_dice(event.dice)} {event.notation}"
    if isinstance(event, Forfeit):
        return f"{who} cannot move"
    if isinstance(event, Doubled):
        return f"{who} doubles to {event.cube}"
    if isinstance(event, Beavered):
        return f"{who} beavers to {event.cube}"
    if isinstance(event, Took):
        return f"{who} takes"
    if isinstance(event, Dropped):
        return f"{who} drops"
    if isinstance(event, ResignOffered):
        return f"{who} offers to resign a {event.value.label}"
    if isinstance(event, ResignAccepted):
        return f"{who} accepts the resignation"
    if isinstance(event, Abandoned):
        return f"{who} abandons the game"
    if isinstance(event, Conceded):
        return f"{who} concedes a {event.value.label}"
    return f"{who} rejects the resignation"


@dataclass(frozen=True, slots=True)
class Setup:
    """A game started from a given position instead of the opening roll.

    ``position`` is seen by ``turn``, the player to roll first; ``cube`` is
    the cube as it stands.  Used for analysis and for positions imported
    from an XGID.
    """

    position: Position
    turn: int
    cube: Cube = field(default_factory=Cube)

    def __post_init__(self) -> None:
        if self.turn not in (0, 1) or isinstance(self.turn, bool):
            raise ValueError(f"turn must be 0 or 1, got {self.turn!r}")
        if self.position.winner() is not None:
            raise ValueError("a game cannot start from a finished position")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: its number in the match, the score and Crawford flag it started
    with, its events, and its result (``None`` while it is being played)."""

    number: int
    score: tuple[int, int]
    crawford: bool
    events: tuple[Event, ...]
    result: GameResult | None = None
    setup: Setup | None = None

    def lines(self) -> list[str]:
        """The game as text, one event a line."""
        head = f"game {self.number + 1}, score {self.score[0]}-{self.score[1]}"
        if self.crawford:
            head += " (Crawford game)"
        out = [head]
        if self.setup is not None:
            s = self.setup
            out.append(f"set up: {s.position.id}, player {s.turn} to roll, cube {s.cube.value}")
        out.extend(describe(e) for e in self.events)
        if self.result is not None:
            out.append(str(self.result))
        return out


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match or session: its rules and its games, the last maybe unfinished.

    Only the first game may have a :class:`Setup`.
    """

    rules: Rules
    games: tuple[GameRecord, ...]


# -- JSON ---------------------------------------------------------------------


def _player(data: Mapping[str, object], key: str = "player") -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
        raise SaveError(f"{key} must be 0 or 1, got {value!r}")
    return value


def _int(data: Mapping[str, object], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SaveError(f"{key} must be an int {low}..{high}, got {value!r}")
    return value


def _bool(data: Mapping[str, object], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise SaveError(f"{key} must be true or false, got {value!r}")
    return value


def _list(value: object, what: str) -> Sequence[object]:
    if not isinstance(value, list):
        raise SaveError(f"{what} must be a list, got {type(value).__name__}")
    return value


def _dict(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise SaveError(f"{what} must be an object, got {type(value).__name__}")
    return value


def _die(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise SaveError(f"a die must be an int 1..6, got {value!r}")
    return value


def _dice(data: Mapping[str, object]) -> tuple[int, int]:
    raw = _list(data.get("dice"), "dice")
    if len(raw) != 2:
        raise SaveError(f"dice must be two numbers, got {raw!r}")
    return (_die(raw[0]), _die(raw[1]))


def _keys(data: Mapping[str, object], allowed: set[str], what: str) -> None:
    extra = set(data) - allowed
    if extra:
        raise SaveError(f"{what}: unexpected keys {sorted(extra)}")


def event_to_json(event: Event) -> dict[str, object]:
    """A JSON-able dict for ``event``."""
    if isinstance(event, OpeningRoll):
        return {"type": event.kind, "dice": [event.die0, event.die1]}
    out: dict[str, object] = {"type": event.kind, "player": event.player}
    if isinstance(event, Roll):
        out["dice"] = list(event.dice)
        if event.by_hand:  # written only when true: a save of rolled dice stays as it was
            out["by_hand"] = True
    elif isinstance(event, Played):
        out["dice"] = list(event.dice)
        out["play"] = event.notation
        out["moves"] = [list(m) for m in event.moves]
        out["hits"] = list(event.hits)
        if event.recorded:
            out["recorded"] = True
    elif isinstance(event, (Doubled, Beavered)):
        out["cube"] = event.cube
    elif isinstance(event, ResignOffered | Conceded):
        out["value"] = int(event.value)
    return out


_KEYS: dict[str, set[str]] = {
    "opening": {"type", "dice"},
    "roll": {"type", "player", "dice", "by_hand"},
    "play": {"type", "player", "dice", "play", "moves", "hits", "recorded"},
    "double": {"type", "player", "cube"},
    "beaver": {"type", "player", "cube"},
    "resign": {"type", "player", "value"},
    "concede": {"type", "player", "value"},
}


def _notation(stored: str, moves: Sequence[Move], hits: Sequence[bool]) -> str:
    """The notation a loaded play is recorded with.

    Saves made before the notation became GNU Backgammon's hold the older style
    (``8/3* 8/3`` for gnubg's ``8/3*(2)``, ``8/7(2) 8/6`` for ``8/6 8/7(2)``):
    a stored text that names exactly these moves is rewritten as the engine
    writes them today, so that the replay, which writes today's, matches the
    record.  Any other text is kept as it is, for the replay to refuse.
    """
    current = format_moves(moves, hits)
    return current if stored == current or describes(stored, moves, hits) else stored


def event_from_json(raw: object) -> Event:
    """Parse one event dict; raises :class:`SaveError` on anything malformed.

    Only the shape is checked here; whether the event is legal is decided by
    replaying it.
    """
    data = _dict(raw, "event")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in {t.kind for t in EVENT_TYPES}:
        raise SaveError(f"unknown event type {kind!r}")
    _keys(data, _KEYS.get(kind, {"type", "player"}), f"{kind} event")
    if kind == "opening":
        d0, d1 = _dice(data)
        return OpeningRoll(d0, d1)
    player = _player(data)
    if kind == "roll":
        # Saves from before rolls typed in were marked have no flag: rolled here.
        return Roll(player, _dice(data), "by_hand" in data and _bool(data, "by_hand"))
    if kind == "play":
        notation = data.get("play")
        if not isinstance(notation, str):
            raise SaveError(f"play must be text, got {notation!r}")
        moves: list[Move] = []
        for m in _list(data.get("moves"), "moves"):
            pair = _list(m, "a move")
            if len(pair) != 2:
                raise SaveError(f"a move must be [from, to], got {pair!r}")
            src, dst = pair
            if not all(isinstance(p, int) and not isinstance(p, bool) for p in pair):
                raise SaveError(f"a move must be two ints, got {pair!r}")
            assert isinstance(src, int) and isinstance(dst, int)
            if not (0 < src <= 25 and 0 <= dst < src):
                raise SaveError(f"not a move: {pair!r}")
            moves.append((src, dst))
        hits = _list(data.get("hits"), "hits")
        if len(hits) != len(moves) or not all(isinstance(h, bool) for h in hits):
            raise SaveError("hits must be one true/false per move")
        if len(moves) > 4:
            raise SaveError("a play has at most four moves")
        if len(notation) > MAX_NOTATION_LENGTH:
            raise SaveError(f"play text of {len(notation)} characters: not a play")
        flags = tuple(bool(h) for h in hits)
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise SaveError(f"recorded must be true or false, got {recorded!r}")
        text = _notation(notation, moves, flags)
        return Played(player, _dice(data), text, tuple(moves), flags, recorded)
    if kind == "forfeit":
        return Forfeit(player)
    if kind == "double":
        return Doubled(player, _int(data, "cube", 2, 64))
    if kind == "beaver":
        return Beavered(player, _int(data, "cube", 4, 64))
    if kind == "take":
        return Took(player)
    if kind == "drop":
        return Dropped(player)
    if kind == "resign":
        return ResignOffered(player, WinType(_int(data, "value", 1, 3)))
    if kind == "concede":
        return Conceded(player, WinType(_int(data, "value", 1, 3)))
    if kind == "accept":
        return ResignAccepted(player)
    if kind == "abandon":
        return Abandoned(player)
    return ResignRejected(player)


def result_to_json(result: GameResult) -> dict[str, object]:
    """A JSON-able dict for a game result."""
    return {
        "winner": result.winner,
        "win_type": int(result.win_type),
        "reason": result.reason.value,
        "cube": result.cube,
        "points": result.points,
    }


def result_from_json(raw: object) -> GameResult:
    """Parse a game result dict; raises :class:`SaveError` if malformed."""
    data = _dict(raw, "result")
    _keys(data, {"winner", "win_type", "reason", "cube", "points"}, "result")
    reason = data.get("reason")
    reasons = {r.value: r for r in EndReason}
    if not isinstance(reason, str) or reason not in reasons:
        raise SaveError(f"unknown end of game {reason!r}")
    return GameResult(
        winner=_player(data, "winner"),
        win_type=WinType(_int(data, "win_type", 1, 3)),
        reason=reasons[reason],
        cube=_int(data, "cube", 1, 64),
        points=_int(data, "points", 1, 192),
    )


def setup_to_json(setup: Setup) -> dict[str, object]:
    """A JSON-able dict for a game setup."""
    return {
        "position_id": setup.position.id,
        "turn": setup.turn,
        "cube": setup.cube.value,
        "cube_owner": setup.cube.owner,
    }


def setup_from_json(raw: object) -> Setup:
    """Parse a setup dict; raises :class:`SaveError` if malformed."""
    data = _dict(raw, "setup")
    _keys(data, {"position_id", "turn", "cube", "cube_owner"}, "setup")
    position_id = data.get("position_id")
    if not isinstance(position_id, str):
        raise SaveError(f"setup position_id must be text, got {position_id!r}")
    try:
        position = Position.from_id(position_id)
    except InvalidPositionIdError as exc:
        raise SaveError(f"setup: {exc}") from exc
    cube = data.get("cube")
    owner = data.get("cube_owner")
    if not is_cube_value(cube):
        raise SaveError(f"setup cube must be a power of two up to 64, got {cube!r}")
    if owner is not None:
        owner = _player(data, "cube_owner")
    assert isinstance(cube, int)
    try:
        return Setup(position, _player(data, "turn"), Cube(cube, owner))
    except ValueError as exc:
        raise SaveError(f"setup: {exc}") from exc


def game_to_json(game: GameRecord) -> dict[str, object]:
    """A JSON-able dict for a game record."""
    return {
        "number": game.number,
        "score": list(game.score),
        "crawford": game.crawford,
        "setup": None if game.setup is None else setup_to_json(game.setup),
        "events": [event_to_json(e) for e in game.events],
        "result": None if game.result is None else result_to_json(game.result),
    }


def game_from_json(raw: object) -> GameRecord:
    """Parse a game record dict (shape only); raises :class:`SaveError` if malformed."""
    data = _dict(raw, "game")
    _keys(data, {"number", "score", "crawford", "setup", "events", "result"}, "game")
    score = _list(data.get("score"), "score")
    if len(score) != 2 or not all(
        isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in score
    ):
        raise SaveError(f"score must be two non-negative ints, got {score!r}")
    result = data.get("result")
    setup = data.get("setup")
    events = tuple(event_from_json(e) for e in _list(data.get("events"), "events"))
    s0, s1 = score
    assert isinstance(s0, int) and isinstance(s1, int)
    return GameRecord(
        number=_int(data, "number", 0, 10**6),
        score=(s0, s1),
        crawford=_bool(data, "crawford"),
        events=events,
        result=None if result is None else result_from_json(result),
        setup=None if setup is None else setup_from_json(setup),
    )


def rules_to_json(rules: Rules) -> dict[str, object]:
    """A JSON-able dict for match rules."""
    return {
        "match_length": rules.match_length,
        "cube": rules.cube,
        "crawford": rules.crawford,
        "jacoby": rules.jacoby,
        "beavers": rules.beavers,
        "auto_doubles": rules.auto_doubles,
    }


def rules_from_json(raw: object) -> Rules:
    """Parse a rules dict; raises :class:`SaveError` if malformed."""
    data = _dict(raw, "rules")
    keys = {"match_length", "cube", "crawford", "jacoby", "beavers", "auto_doubles"}
    _keys(data, keys, "rules")
    missing = keys - set(data)
    if missing:
        raise SaveError(f"rules: missing {sorted(missing)}")
    try:
        return Rules(
            match_length=_int(data, "match_length", 0, 64),
            cube=_bool(data, "cube"),
            crawford=_bool(data, "crawford"),
            jacoby=_bool(data, "jacoby"),
            beavers=_bool(data, "beavers"),
            auto_doubles=_int(data, "auto_doubles", 0, 6),
        )
    except ValueError as exc:  # pragma: no cover - the checks above come first
        raise SaveError(f"rules: {exc}") from exc
