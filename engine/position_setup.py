"""A position set up by hand for analysis: the board, who acts, the dice, the
cube and the match around it, with the reason when it cannot be played.

:class:`PositionSetup` is what an analysis board's editor holds.  Unlike a
:class:`~engine.position.Position` it may be unfinished while it is edited
(a side with checkers still to place has them borne off; a score past the
match length waits for the length to be changed), but never shapeless: each
side has at most 15 checkers and no point holds both colours.  :meth:`check`
says whether it can be played and, if not, why, with a specific error;
:meth:`match` makes the :class:`~engine.match.Match` to play and analyse.

Player 0 is XG's X (the bottom player) and points are numbered as player 0
counts them: player 1's checkers on point ``p`` are on its own point ``25 - p``.
Its text form is the XGID, and it reads GNU Backgammon's IDs too:

>>> s = PositionSetup.start()
>>> s.xgid
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:6'
>>> PositionSetup.from_xgid(s.xgid) == s
True
>>> s.add(0, 3)
Traceback (most recent call last):
...
engine.errors.CheckerCountError: All 15 of White’s checkers are on the board already
>>> s.remove(1, 19).add(1, 6)  # a black checker taken off its 6 point, put on White's
Traceback (most recent call last):
...
engine.errors.SharedPointError: White has checkers on point 6: remove them first
>>> s.remove(0, 6).counts(0)  # on the points, on the bar, borne off
(14, 0, 1)
>>> m = PositionSetup.start().with_dice((3, 1)).match()  # the match to play it on
>>> m.turn, m.dice, len(m.legal_plays)
(0, (3, 1), 16)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.errors import (
    CheckerCountError,
    CrawfordSetupError,
    CubeSetupError,
    DiceSetupError,
    EngineError,
    FinishedPositionError,
    InvalidMatchIdError,
    InvalidSetupError,
    ScoreSetupError,
    SharedPointError,
)
from engine.formats.gnubg_id import CENTERED, GAME_NONE, GAME_PLAYING, MatchKey
from engine.formats.xgid import Xgid
from engine.match import Match
from engine.position import BAR, CHECKERS, OFF, Position
from engine.rules import MAX_MATCH_LENGTH

MAX_SETUP_CUBE = 64
"""The highest cube the engine plays with (a cube above it cannot be set up)."""

NAMES = ("White", "Black")
"""What errors call the two sides unless told otherwise (player 0's colour first)."""

_START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
_EMPTY = (CHECKERS,) + (0,) * 25


def _own(player: int, point: int) -> int:
    """Player 0's numbering of a place to ``player``'s own (the bar is each side's 25)."""
    if point == BAR or player == 0:
        return point
    return 25 - point


@dataclass(frozen=True, slots=True)
class PositionSetup:
    """See the module docs.  ``sides[p]`` is player ``p``'s 26 counts in its own
    numbering (index 0 borne off, 1..24 points, 25 the bar); ``turn`` is the
    side to act; ``dice`` None means not rolled yet (a cube decision);
    ``doubled``: ``turn`` has doubled and the other side is to take or pass."""

    sides: tuple[tuple[int, ...], tuple[int, ...]] = (_START, _START)
    turn: int = 0
    dice: tuple[int, int] | None = None
    doubled: bool = False
    cube: int = 1
    owner: int | None = None
    length: int = 0  # 0: money play
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False  # money play only
    beavers: bool = False  # money play only
    names: tuple[str, str] = NAMES  # how reasons name the sides

    def __post_init__(self) -> None:
        for player, side in enumerate(self.sides):
            if len(side) != 26 or any(not isinstance(n, int) or n < 0 for n in side):
                raise CheckerCountError(f"{self.names[player]}: 26 counts of checkers expected")
            on_board = sum(side[1:])
            if on_board > CHECKERS or side[OFF] != CHECKERS - on_board:
                raise CheckerCountError(
                    f"{self.names[player]} has {on_board} checkers on the board and bar: "
                    f"at most {CHECKERS}",
                    code="too_many_checkers",
                    name=self.names[player],
                    count=on_board,
                    limit=CHECKERS,
                )
        light, dark = self.sides
        for p in range(1, 25):
            if light[p] and dark[25 - p]:
                raise SharedPointError(
                    f"point {p} holds checkers of both sides", code="shared_point", point=p
                )
        if self.turn not in (0, 1) or self.owner not in (None, 0, 1):
            raise InvalidSetupError("the side to act and the cube's owner are player 0 or 1")
        if self.dice is not None and (
            len(self.dice) != 2 or not all(d in range(1, 7) for d in self.dice)
        ):
            raise DiceSetupError(f"dice are two numbers 1 to 6, not {self.dice!r}", code="dice")
        if self.doubled and self.dice is not None:
            raise DiceSetupError(
                "a side that has doubled has not rolled yet", code="doubled_rolled"
            )

    # -- making one --------------------------------------------------------------------

    @classmethod
    def start(cls) -> PositionSetup:
        """The starting position, player 0 to act, not rolled, money play."""
        return cls()

    @classmethod
    def from_xgid(cls, text: str, names: tuple[str, str] = NAMES) -> PositionSetup:
        """Read an XGID (:class:`~engine.errors.InvalidXgidError` if it is not one).

        >>> PositionSetup.from_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:2:1:0:5:10").doubled
        True
        """
        x = Xgid.parse(text)
        turn = 0 if x.turn == 1 else 1
        dice = None
        if x.dice not in ("00", "D", "B", "R"):
            dice = (int(x.dice[0]), int(x.dice[1]))
        money = x.match_length == 0
        flags = x.crawford_jacoby
        return cls(
            sides=(x.x_side, x.o_side),
            turn=turn,
            dice=dice,
            doubled=x.dice in ("D", "B", "R"),
            cube=1 << x.cube_log2,
            owner={0: None, 1: 0, -1: 1}[x.cube_position],
            length=x.match_length,
            score=(x.score_x, x.score_o),
            crawford=not money and bool(flags & 1),
            jacoby=money and bool(flags & 1),
            beavers=money and bool(flags & 2),
            names=names,
        )

    @classmethod
    def from_gnubg(
        cls, position_id: str, match_id: str = "", names: tuple[str, str] = NAMES
    ) -> PositionSetup:
        """Read GNU Backgammon's Position ID, with its Match ID when there is one
        (without it: player 0 to act, money play, not rolled).

        >>> s = PositionSetup.from_gnubg("4NvgATDgc/ABMA", "cImqAAAAAAAE")
        >>> s.turn, s.dice, s.length, s.score
        (1, (5, 2), 5, (0, 0))
        >>> s.xgid
        'XGID=-b----EBB---eD---c-e----B-:0:0:-1:52:0:0:0:5:6'
        """
        position = Position.from_id(position_id)
        if not match_id:
            return cls(sides=(position.me, position.opp), names=names)
        key = MatchKey.from_id(match_id)
        if key.game_state not in (GAME_NONE, GAME_PLAYING):
            raise InvalidMatchIdError(
                f"{match_id!r}: the game in this Match ID is over", code="match_id_over"
            )
        on_roll = key.dice_owner  # the Position ID is seen by the side on roll
        sides = (position.me, position.opp) if on_roll == 0 else (position.opp, position.me)
        money = key.match_length == 0
        return cls(
            sides=sides,
            turn=on_roll,
            dice=(key.die1, key.die2) if key.die1 and not key.doubled else None,
            doubled=bool(key.doubled),
            cube=1 << key.cube_log2,
            owner=None if key.cube_owner == CENTERED else key.cube_owner,
            length=key.match_length,
            score=(key.score0, key.score1),
            crawford=not money and bool(key.crawford),
            jacoby=money and not key.no_jacoby,
            names=names,
        )

    @classmethod
    def from_text(cls, text: str, names: tuple[str, str] = NAMES) -> PositionSetup:
        """Any of the three: an XGID, ``PositionID:MatchID`` or a Position ID.

        >>> PositionSetup.from_text(" 4HPwATDgc/ABMA:cAkAAAAAAAAA ").jacoby  # gnubg's money default
        True
        """
        body = text.strip()
        if body.upper().startswith("XGID=") or body.count(":") > 1:
            return cls.from_xgid(body, names)
        position_id, _, match_id = body.partition(":")
        return cls.from_gnubg(position_id.strip(), match_id.strip(), names)

    @classmethod
    def from_match(cls, match: Match, names: tuple[str, str] = NAMES) -> PositionSetup:
        """The position a match is at (a play under way counts from the turn's start)."""
        return cls.from_xgid(match.xgid(), names)

    # -- editing (each returns a new setup) -------------------------------------------------

    def counts(self, player: int) -> tuple[int, int, int]:
        """``player``'s checkers ``(on the points, on the bar, borne off)``."""
        side = self.sides[player]
        return sum(side[1:BAR]), side[BAR], side[OFF]

    def at(self, point: int) -> tuple[int, int]:
        """How many checkers of each side are on ``point`` (player 0's numbering; BAR: each bar)."""
        return self.sides[0][point], self.sides[1][_own(1, point)]

    def _with_side(self, player: int, side: list[int]) -> PositionSetup:
        side[OFF] = CHECKERS - sum(side[1:])
        sides = (tuple(side), self.sides[1]) if player == 0 else (self.sides[0], tuple(side))
        return replace(self, sides=sides)

    def add(self, player: int, point: int) -> PositionSetup:
        """One more of ``player``'s checkers on ``point`` (1..24 in player 0's
        numbering, or BAR), taken from those borne off."""
        if not 1 <= point <= BAR:
            raise InvalidSetupError(
                f"checkers go on points 1 to 24 or the bar, not {point}", code="no_place"
            )
        name = self.names[player]
        side = list(self.sides[player])
        if side[OFF] == 0:
            raise CheckerCountError(
                f"All {CHECKERS} of {name}’s checkers are on the board already",
                code="all_on_board",
                name=name,
                count=CHECKERS,
            )
        if point != BAR and self.at(point)[1 - player]:
            raise SharedPointError(
                f"{self.names[1 - player]} has checkers on point {point}: remove them first",
                code="point_taken",
                name=self.names[1 - player],
                point=point,
            )
        side[_own(player, point)] += 1
        return self._with_side(player, side)

    def remove(self, player: int, point: int) -> PositionSetup:
        """One of ``player``'s checkers taken off ``point`` (it counts as borne off)."""
        side = list(self.sides[player])
        place = _own(player, point) if 1 <= point <= BAR else -1
        if place < 1 or side[place] == 0:
            raise InvalidSetupError(
                f"{self.names[player]} has no checker there",
                code="no_checker_there",
                name=self.names[player],
            )
        side[place] -= 1
        return self._with_side(player, side)

    def cleared(self) -> PositionSetup:
        """No checker on the board: all borne off, to be placed again."""
        return replace(self, sides=(_EMPTY, _EMPTY))

    def swapped(self) -> PositionSetup:
        """The two sides exchanged: each colour takes the other's checkers, turn,
        cube and score (the board seen from the other side)."""
        owner = None if self.owner is None else 1 - self.owner
        return replace(
            self,
            sides=(self.sides[1], self.sides[0]),
            turn=1 - self.turn,
            owner=owner,
            score=(self.score[1], self.score[0]),
        )

    def with_dice(self, dice: tuple[int, int] | None) -> PositionSetup:
        return replace(self, dice=dice, doubled=False)

    # -- playing it -------------------------------------------------------------------------

    def position(self) -> Position:
        """The board seen from the side to act."""
        me, opp = self.sides[self.turn], self.sides[1 - self.turn]
        return Position(me, opp)

    def check(self) -> None:
        """Raise the reason this set-up cannot be played, if there is one.

        >>> PositionSetup(length=5, score=(5, 0)).check()
        Traceback (most recent call last):
        ...
        engine.errors.ScoreSetupError: White has 5 points: a match to 5 is over at 5
        """
        names = self.names
        for player in (0, 1):
            if self.sides[player][OFF] == CHECKERS:
                raise FinishedPositionError(
                    f"{names[player]} has borne off all its checkers: the game is over",
                    code="all_borne_off",
                    name=names[player],
                )
        n, (s0, s1) = self.length, self.score
        if not 0 <= n <= MAX_MATCH_LENGTH:
            raise ScoreSetupError(
                f"a match is 1 to {MAX_MATCH_LENGTH} points long (0: money)",
                code="match_length",
                limit=MAX_MATCH_LENGTH,
            )
        if min(s0, s1) < 0:
            raise ScoreSetupError("a score cannot be negative", code="negative_score")
        for player, points in enumerate(self.score):
            if n and points >= n:
                raise ScoreSetupError(
                    f"{names[player]} has {points} points: a match to {n} is over at {n}",
                    code="score_over",
                    name=names[player],
                    points=points,
                    length=n,
                )
        if self.cube not in {1 << k for k in range(7)}:
            raise CubeSetupError(
                f"the cube is 1, 2, 4, 8, 16, 32 or 64, not {self.cube}",
                code="cube_value",
                cube=self.cube,
            )
        if self.cube == 1 and self.owner is not None:
            raise CubeSetupError(
                "a cube at 1 belongs to nobody: it stays in the middle", code="cube_owned_at_1"
            )
        if self.crawford:
            if not n:
                raise CrawfordSetupError(
                    "the Crawford game is a match's, not money play's", code="crawford_money"
                )
            if n - 1 not in self.score:
                raise CrawfordSetupError(
                    f"the Crawford game needs a player at match point ({n - 1} of {n})",
                    code="crawford_needs_match_point",
                    points=n - 1,
                    length=n,
                )
            if self.cube != 1:
                raise CubeSetupError(
                    "nobody doubles in the Crawford game: the cube stays at 1",
                    code="crawford_cube",
                )
        if self.doubled:
            if self.crawford:
                raise DiceSetupError(
                    "nobody may double in the Crawford game", code="crawford_double"
                )
            if self.owner == 1 - self.turn:
                raise DiceSetupError(
                    f"{names[self.turn]} cannot double: {names[1 - self.turn]} owns the cube",
                    code="cube_owned_by_other",
                    name=names[self.turn],
                    owner=names[1 - self.turn],
                )
            if self.cube >= MAX_SETUP_CUBE:
                raise DiceSetupError(
                    f"the cube cannot go above {MAX_SETUP_CUBE}",
                    code="cube_limit",
                    limit=MAX_SETUP_CUBE,
                )
        self.position()  # the board's own checks (the counts were kept right while editing)

    @property
    def xgid(self) -> str:
        """The XGID (it holds the whole set-up, even one that cannot be played)."""
        money = self.length == 0
        flags = int(self.jacoby) + 2 * int(self.beavers) if money else int(self.crawford)
        dice = (
            "D" if self.doubled else ("00" if self.dice is None else "".join(map(str, self.dice)))
        )
        try:
            text = str(
                Xgid(
                    position=Position._trusted(self.sides[self.turn], self.sides[1 - self.turn]),
                    turn=1 if self.turn == 0 else -1,
                    cube_log2=max(self.cube, 1).bit_length() - 1,
                    cube_position=0 if self.owner is None else (1 if self.owner == 0 else -1),
                    dice=dice,
                    score_x=self.score[0],
                    score_o=self.score[1],
                    crawford_jacoby=flags,
                    match_length=self.length,
                )
            )
        except EngineError as exc:
            raise _as_setup_error(exc) from exc
        return text

    def match(self) -> Match:
        """The match to play from here; raises the reason (:meth:`check`) if none can be."""
        self.check()
        try:
            return Match.from_xgid(self.xgid)
        except EngineError as exc:
            raise _as_setup_error(exc) from exc

    def ids(self) -> tuple[str, str, str]:
        """``(Position ID, Match ID, XGID)`` of a set-up that can be played."""
        m = self.match()
        return m.position_id, m.match_id, m.xgid()


def _as_setup_error(exc: Exception) -> InvalidSetupError:
    text = str(exc)
    # The engine's own messages quote the XGID first; the reason is what follows.
    reason = text.rsplit("': ", 1)[-1] if text.startswith("'XGID=") else text
    return InvalidSetupError(reason)


def sides_from_points(points: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both sides' counts from 24 signed counts in player 0's numbering (player 0's
    positive), nothing on the bar, the rest borne off: a quick way to write a board.

    >>> PositionSetup(sides_from_points([2] + [0] * 22 + [-2])).counts(1)
    (2, 0, 13)
    """
    position = Position.from_points(list(points))
    return position.me, position.opp
