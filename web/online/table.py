"""The referee both browsers run: the match, and the fair roll in progress.

A :class:`Table` is the state that the shared move log stands for: the
engine's :class:`~engine.match.Match` (every rule is the engine's), each
seat's standing commitment to its next roll (a :class:`Pledge`), the other
side's random value once given, and whether the roller asked to roll.  It is
immutable; :meth:`Table.apply_block` returns the table after one block of
acts by one seat, or raises the :mod:`~web.online.errors` refusal that says
why not, so a refused block leaves nothing changed.

Who must act next (:meth:`Table.to_act`) is always one seat, so the two
histories can never grow apart by both writing at once; only between games
either side may start the next one, and that act is the same whoever makes it.

The fair roll (see :mod:`web.online.fairdice`) runs like this.  Each seat
keeps a commitment to its next roll standing, made in the block that
revealed the previous one.  A roller who may double must decide first: it
doubles, resigns, or asks to roll (:class:`~web.online.acts.AskRoll`), and
only then does the other side give its random value.  A roller with no access
to the cube has nothing to decide, so the other side gives its value in the
very block that hands over the turn: the roller knows its dice at once, and a
turn costs one message.  The roller reveals its secret in the block with its
play.  The opening roll is the same roll with seat 0 as the roller, each die
going to one seat.

>>> from engine.rules import Rules
>>> from web.online.acts import Commit, Random, Reveal
>>> from web.online.fairdice import RollContext, commitment
>>> table = Table.new(bytes(16), Rules(3))
>>> table.to_act()
frozenset({0})
>>> secret = bytes(range(32))
>>> promise = commitment(RollContext(bytes(16), 0, 0, 0), secret)
>>> table = table.apply_block(0, (Commit(promise),), 0)
>>> table = table.apply_block(1, (Random(bytes(32)),), 1)
>>> table.apply_block(0, (Reveal(bytes(32)),), 2)
Traceback (most recent call last):
...
web.online.errors.BadRevealError: the host's secret does not match its commitment
>>> table = table.apply_block(0, (Reveal(secret),), 2)
>>> table.match.events[-1], table.to_act()
(OpeningRoll(die0=5, die1=4), frozenset({0}))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from engine.decisions import (
    OfferDouble,
    OfferResignation,
    PlayMoves,
    StartNextGame,
)
from engine.errors import EngineError
from engine.game import Phase
from engine.match import Match
from engine.record import OpeningRoll, Roll
from engine.rules import Rules
from web.online import fairdice
from web.online.acts import Act, AskRoll, Commit, GameAct, Random, Reveal, act_code
from web.online.errors import BadRevealError, IllegalMoveError, OutOfTurnError
from web.words import online_detail as detail
from web.words.refusals import NOT_ALLOWED, refusal

SEATS = frozenset({0, 1})
MAX_ACTS = 8  # in one block: more than any turn needs


@dataclass(frozen=True, slots=True)
class Pledge:
    """A seat's commitment to its next roll, made in the block at index ``turn``."""

    turn: int
    digest: bytes


@dataclass(frozen=True, slots=True)
class Table:
    """The match and the fair roll in progress (see the module docs)."""

    room: bytes
    match: Match
    pledges: tuple[Pledge | None, Pledge | None] = (None, None)
    random: bytes | None = None  # the other side's value for the roller's pledge
    asked: bool = False  # the roller, who could double, asked to roll

    @classmethod
    def new(cls, room: bytes, rules: Rules) -> Table:
        return cls(room, Match.from_rules(rules))

    # -- reading -------------------------------------------------------------------

    @property
    def roller(self) -> int | None:
        """The seat whose roll comes next: seat 0 for the opening, else the player
        on roll before rolling; ``None`` in any other phase."""
        phase = self.match.phase
        if phase is Phase.OPENING:
            return 0
        if phase is Phase.ROLL:
            return self.match.actor
        return None

    @property
    def random_due(self) -> bool:
        """Whether the roller's commitment waits for the other side's value:
        at the opening, once the roller asked, or when it cannot double."""
        roller = self.roller
        if roller is None or self.pledges[roller] is None or self.random is not None:
            return False
        return self.match.phase is Phase.OPENING or self.asked or not self.match.can_double()

    def to_act(self) -> frozenset[int]:
        """The seats that may write the next block: one seat, both between games
        (either may start the next one), none once the match is over."""
        m = self.match
        if m.is_over:
            return frozenset()
        if m.is_game_over:
            return SEATS
        roller = self.roller
        if roller is not None and self.random_due:
            return frozenset({1 - roller})
        seat = roller if roller is not None else m.actor
        assert seat is not None
        return frozenset({seat})

    def context(self, seat: int, turn: int | None = None) -> fairdice.RollContext:
        """The roll context of ``seat``'s standing pledge, or of a pledge it would
        make in the block at index ``turn``."""
        if turn is None:
            pledge = self.pledges[seat]
            if pledge is None:
                raise OutOfTurnError(detail.no_pledge(seat))
            turn = pledge.turn
        return fairdice.RollContext(self.room, self.match.game.number, turn, seat)

    def dice_for(self, seat: int, secret: bytes) -> tuple[int, int] | None:
        """The dice of ``seat``'s roll, known to it (with its ``secret``) once the
        other side's value is in; ``None`` before."""
        if self.roller != seat or self.random is None:
            return None
        return fairdice.roll(self.context(seat), secret, self.random)

    # -- acting ------------------------------------------------------------------------

    def apply_block(self, by: int | None, acts: Sequence[Act], turn: int) -> Table:
        """The table after the block of ``acts`` by seat ``by`` at log index ``turn``.

        ``by`` is ``None`` only for the block that starts the next game, which
        is the same whichever side writes it.
        """
        if not acts or len(acts) > MAX_ACTS:
            raise OutOfTurnError(detail.block_size(MAX_ACTS))
        allowed = self.to_act()
        if by is None:
            if tuple(acts) != (StartNextGame(),):
                raise OutOfTurnError(detail.NOBODY_WRITES)
            if allowed != SEATS:
                raise OutOfTurnError(detail.NEXT_GAME_TOO_SOON)
            return self._next_game()
        if by not in allowed:
            raise OutOfTurnError(self._why_not(by, allowed))
        table = self
        for act in acts:
            table = table.apply_act(by, act, turn)
        return table

    def _why_not(self, by: int, allowed: frozenset[int]) -> str:
        if not allowed:
            return detail.MATCH_OVER
        (seat,) = allowed  # both would include ``by``
        return detail.wrote_while(by, seat)

    def apply_act(self, seat: int, act: Act, turn: int) -> Table:
        """The table after one act of ``seat``'s block at index ``turn``.

        Only :meth:`apply_block` checks that the seat may write a block at all;
        this is for building a block one act at a time.
        """
        if isinstance(act, Commit):
            return self._commit(seat, act, turn)
        if isinstance(act, AskRoll):
            return self._ask(seat)
        if isinstance(act, Random):
            return self._random(seat, act)
        if isinstance(act, Reveal):
            return self._reveal(seat, act)
        if isinstance(act, StartNextGame):
            raise OutOfTurnError(detail.OWN_BLOCK)
        return self._play_on(seat, act)

    def _commit(self, seat: int, act: Commit, turn: int) -> Table:
        if self.match.is_game_over:
            raise OutOfTurnError(detail.NO_PLEDGE_AFTER_GAME)
        if self.pledges[seat] is not None:
            raise OutOfTurnError(detail.pledged_already(seat))
        pledges = list(self.pledges)
        pledges[seat] = Pledge(turn, act.digest)
        return dataclasses.replace(self, pledges=(pledges[0], pledges[1]))

    def _ask(self, seat: int) -> Table:
        if self.match.phase is not Phase.ROLL or self.roller != seat:
            raise OutOfTurnError(detail.not_about_to_roll(seat))
        if self.pledges[seat] is None or self.asked or self.random is not None:
            raise OutOfTurnError(detail.cannot_ask(seat))
        return dataclasses.replace(self, asked=True)

    def _random(self, seat: int, act: Random) -> Table:
        if self.roller == seat or not self.random_due:
            raise OutOfTurnError(detail.random_unasked(seat))
        return dataclasses.replace(self, random=act.value)

    def _reveal(self, seat: int, act: Reveal) -> Table:
        if self.roller != seat or self.random is None:
            raise OutOfTurnError(detail.reveal_not_due(seat))
        ctx = self.context(seat)
        pledge = self.pledges[seat]
        assert pledge is not None
        if not fairdice.verify(ctx, act.secret, pledge.digest):
            raise BadRevealError(detail.secret_mismatch(seat))
        dice = fairdice.roll(ctx, act.secret, self.random)
        pledges = list(self.pledges)
        pledges[seat] = None
        try:
            match = self.match.roll(dice)
        except ValueError as exc:  # pragma: no cover - a due roll is always legal
            raise _illegal(exc) from exc
        return dataclasses.replace(
            self, match=match, pledges=(pledges[0], pledges[1]), random=None, asked=False
        )

    def _play_on(self, seat: int, act: GameAct) -> Table:
        """An act of the game itself, through the engine."""
        m = self.match
        if m.actor != seat:
            raise OutOfTurnError(detail.act_while(act_code(act), seat, m.actor))
        rolling = self.asked or self.random is not None
        if isinstance(act, (OfferDouble, OfferResignation)) and rolling:
            raise OutOfTurnError(detail.roll_first(seat))
        if isinstance(act, PlayMoves) and m.phase is not Phase.MOVE:
            raise OutOfTurnError(detail.played_before_rolling(seat))
        try:
            m = m.decide(act)
        except OutOfTurnError:
            raise
        except ValueError as exc:
            raise _illegal(exc) from exc
        return dataclasses.replace(self, match=m)

    def _next_game(self) -> Table:
        try:
            match = self.match.next_game()
        except ValueError as exc:  # pragma: no cover - to_act said the game is over
            raise _illegal(exc) from exc
        return Table(self.room, match)


def last_roll(match: Match) -> tuple[int | None, tuple[int, int]] | None:
    """The seat and dice of the last roll in the current game (seat ``None`` and
    seat 0's die, seat 1's die for the opening); ``None`` before any.

    >>> last_roll(Match.new(3).roll((2, 5)))
    (None, (2, 5))
    """
    for event in reversed(match.events):
        if isinstance(event, OpeningRoll):
            return None, (event.die0, event.die1)
        if isinstance(event, Roll):
            return event.player, event.dice
    return None


def _illegal(exc: ValueError) -> IllegalMoveError:
    """The engine refused a friend's act: why, in the page's words (its details
    follow the headline in parentheses, :attr:`~web.online.errors.OnlineError.plain`).

    >>> from engine.errors import IllegalPlayError
    >>> str(_illegal(IllegalPlayError("24/1 is not legal", code="not_legal", dice="61")))
    'that is not a legal play of 61'
    """
    reason = refusal(exc) if isinstance(exc, EngineError) else NOT_ALLOWED
    return IllegalMoveError(f"{reason[:1].lower()}{reason[1:]}")
