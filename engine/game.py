"""One game of backgammon as a pure state machine.

A :class:`Game` is an immutable value; every action returns a new one and
appends what happened to its record.  Illegal actions raise
:class:`~engine.errors.IllegalActionError` and leave nothing half done.

The flow, as GNU Backgammon plays it::

    OPENING --roll--> MOVE (the opening winner plays both dice)
    ROLL  --double--> CUBE --take--> ROLL (doubler rolls)     --drop--> OVER
                           --beaver--> CUBE (doubler answers) ...
    ROLL  --roll----> MOVE --move/undo/redo..., confirm--> ROLL (other player)
                      (a roll that cannot be played passes the turn at once)
    ROLL or MOVE --resign--> RESIGNATION --accept--> OVER, --reject--> back
    any phase but OVER --abandon--> OVER (a player left: see :meth:`Game.abandon`)

The board is kept from the view of the player on roll (``turn``); before the
opening roll is decided it is player 0's view.

Cube rules follow gnubg too: in a match a player may not double a dead cube
(when a single win at the current value already takes the match: the
post-Crawford leader never doubles); beavers are money play only.  Where this
engine decides differently from gnubg, on purpose:

* after a beaver the doubler may take or drop, but not raccoon;
* the Jacoby rule also applies to accepted resignations (gnubg shows "wins a
  single game" yet scores the resigned gammon), and needs the cube in use;
* a player who has been doubled answers the double; he cannot resign instead.

>>> game = Game.new().roll((3, 1))  # opening roll: player 0 rolled 3, player 1 rolled 1
>>> game.phase, game.turn, game.dice
(<Phase.MOVE: 'move'>, 0, (3, 1))
>>> game = game.move(8, 5).move(6, 5).confirm()
>>> game.phase, game.turn, game.pips()
(<Phase.ROLL: 'roll'>, 1, (163, 167))
>>> game.double().take().cube
Cube(value=2, owner=0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from engine.as_written import make_as_written, position_after
from engine.cube import MAX_CUBE, Cube, CubeState
from engine.dice import RandomSource, check_roll, roll_dice, roll_die
from engine.errors import IllegalActionError, IllegalPlayError, NoGameInProgressError
from engine.movegen import Play, parse_play
from engine.notation import format_dice, format_moves
from engine.position import Move, Position
from engine.record import (
    Abandoned,
    Beavered,
    Conceded,
    Doubled,
    Dropped,
    Event,
    Forfeit,
    GameRecord,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
    Setup,
    Took,
)
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType, gammons_count, points_for, win_type
from engine.turn import Step, TurnState


class Phase(Enum):
    """What the game is waiting for."""

    OPENING = "opening"  # the opening roll (each player one die)
    ROLL = "roll"  # the player on roll: double, resign or roll
    CUBE = "cube"  # an answer to a double or a beaver
    MOVE = "move"  # the player on roll to move checkers and confirm
    RESIGNATION = "resignation"  # an answer to a resignation
    OVER = "over"


class Action(Enum):
    """Things a player can do; :meth:`Game.legal_actions` says which are allowed now."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    CONFIRM = "confirm"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    NEXT_GAME = "next game"


@dataclass(frozen=True, slots=True)
class CubeOffer:
    """A pending double by ``doubler``; ``beavered`` once the taker has beavered."""

    doubler: int
    beavered: bool = False

    @property
    def responder(self) -> int:
        """Who must answer now: the doubled player, or after a beaver the doubler."""
        return self.doubler if self.beavered else 1 - self.doubler


@dataclass(frozen=True, slots=True)
class Resignation:
    """A pending offer by ``player`` to resign a win of ``value``."""

    player: int
    value: WinType


def _other(player: int) -> int:
    return 1 - player


def _check_player(player: int) -> None:
    if isinstance(player, bool) or player not in (0, 1):
        raise IllegalActionError(f"a player is 0 or 1, not {player!r}")


def _moves_text(moves: Sequence[Move]) -> str:
    return " ".join(f"{a}/{b}" for a, b in moves)


class NoDouble(StrEnum):
    """Why the player on roll may not double: each reason's value is the
    engine's English; the page says it in its own words (``web.words``)."""

    RESIGNATION = "a resignation is waiting for an answer"
    NOT_BEFORE_ROLL = "you may double only before rolling"
    NO_CUBE = "the cube is not in use"
    CRAWFORD = "no doubling in the Crawford game"
    CUBE_LIMIT = f"the cube is already at {MAX_CUBE}"
    OPPONENT_OWNS = "your opponent owns the cube"
    DEAD_CUBE = "the cube is dead: a single win already wins the match"


@dataclass(frozen=True, slots=True)
class Game:
    """The complete state of one game; see the module docs for the flow.

    Build one with :meth:`new`.  The fields are public for reading; change
    them only through the action methods, which keep the record consistent.
    """

    rules: Rules = field(default_factory=Rules)
    number: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    stage: Phase = Phase.OPENING
    turn: int | None = None
    position: Position = field(default_factory=Position.start)
    cube: Cube = field(default_factory=Cube)
    offer: CubeOffer | None = None
    dice: tuple[int, int] | None = None
    moves: TurnState | None = None
    resignation: Resignation | None = None
    declined: int = 0
    result: GameResult | None = None
    events: tuple[Event, ...] = ()
    setup: Setup | None = None

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        number: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        setup: Setup | None = None,
    ) -> Game:
        """A game waiting for its opening roll, or set up from a position.

        ``number`` and ``score`` place it in a match; ``crawford`` marks the
        Crawford game, in which the cube may not be used.  With ``setup``
        the game skips the opening roll: ``setup.turn`` is to roll (or
        double) in ``setup.position`` with ``setup.cube``.

        >>> from engine.record import Setup
        >>> g = Game.new(setup=Setup(Position.start(), turn=1))
        >>> g.phase, g.turn
        (<Phase.ROLL: 'roll'>, 1)
        """
        rules = rules if rules is not None else Rules()
        if crawford and not rules.crawford_active:
            raise ValueError("a Crawford game needs a match played with the Crawford rule")
        game = cls(rules=rules, number=number, score=score, crawford=crawford)
        if setup is None:
            return game
        cube = setup.cube
        if not game.cube_enabled and cube != Cube():
            raise ValueError("the cube is not in use in this game: it must be centred at 1")
        n = rules.match_length
        if n and cube.value > 1 and cube.owner is None:
            raise ValueError("in a match a cube above 1 has an owner")
        return dataclasses.replace(
            game,
            stage=Phase.ROLL,
            turn=setup.turn,
            position=setup.position,
            cube=cube,
            setup=setup,
        )

    # -- reading the state --------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the game waits for (a pending resignation comes first)."""
        return Phase.RESIGNATION if self.resignation is not None else self.stage

    @property
    def is_over(self) -> bool:
        return self.stage is Phase.OVER

    @property
    def actor(self) -> int | None:
        """The player who must act now (``None`` for the opening roll or when over)."""
        if self.resignation is not None:
            return _other(self.resignation.player)
        if self.stage is Phase.CUBE:
            assert self.offer is not None
            return self.offer.responder
        if self.stage in (Phase.ROLL, Phase.MOVE):
            return self.turn
        return None

    @property
    def cube_enabled(self) -> bool:
        """Whether the cube may be used in this game (not in the Crawford game)."""
        return self.rules.cube and not self.crawford

    @property
    def board(self) -> Position:
        """The board as shown, with checkers moved so far this turn, from ``turn``'s view."""
        return self.moves.position if self.moves is not None else self.position

    def board_for(self, player: int) -> Position:
        """The board as shown, seen by ``player``."""
        viewer = self.turn if self.turn is not None else 0
        return self.board if player == viewer else self.board.swap()

    def pips(self) -> tuple[int, int]:
        """Pip counts of player 0 and player 1 on the board as shown."""
        return self.board_for(0).pips()

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the dice being played (empty when not moving)."""
        return self.moves.plays if self.moves is not None else ()

    @property
    def forced_play(self) -> Play | None:
        """The only legal play when there is just one (a UI may play it at once)."""
        return self.moves.forced_play if self.moves is not None else None

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """Dice not yet used this turn, higher first."""
        return self.moves.remaining_dice if self.moves is not None else ()

    def legal_steps(self) -> list[Step]:
        """The single-die checker moves allowed next (empty when not moving)."""
        if self.moves is None or self.resignation is not None:
            return []
        return self.moves.legal_steps()

    def destinations(self, src: int) -> dict[int, tuple[Step, ...]]:
        """Where a checker on ``src`` may go now, by one or more dice, with the steps."""
        if self.moves is None or self.resignation is not None:
            return {}
        return self.moves.destinations(src)

    def movable_points(self) -> list[int]:
        """Points (25 = bar) a checker may be picked up from now, highest first."""
        return sorted({s.src for s in self.legal_steps()}, reverse=True)

    def routes(self, src: int) -> list[tuple[Step, ...]]:
        """Every way to move a checker from ``src`` now (see :meth:`TurnState.routes`)."""
        if self.moves is None or self.resignation is not None:
            return []
        return self.moves.routes(src)

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result is not None else None

    # -- what is allowed ------------------------------------------------------

    def _why_not_double(self) -> NoDouble | None:
        if self.resignation is not None:
            return NoDouble.RESIGNATION
        if self.stage is not Phase.ROLL:
            return NoDouble.NOT_BEFORE_ROLL
        if not self.rules.cube:
            return NoDouble.NO_CUBE
        if self.crawford:
            return NoDouble.CRAWFORD
        assert self.turn is not None
        if self.cube.value >= MAX_CUBE:
            return NoDouble.CUBE_LIMIT
        if not self.cube.may_double(self.turn):
            return NoDouble.OPPONENT_OWNS
        needed = self.rules.match_length - self.score[self.turn]
        if self.rules.match_length and self.cube.value >= needed:
            # As gnubg: a win at the current cube already takes the match.
            return NoDouble.DEAD_CUBE
        return None

    def _why_not_beaver(self) -> str | None:
        if self.stage is not Phase.CUBE or self.resignation is not None:
            return "there is no double to beaver"
        assert self.offer is not None
        if not self.rules.beavers_active:
            return "beavers are not allowed (money play with beavers only)"
        if self.offer.beavered:
            return "only one beaver is allowed"
        if self.cube.value * 4 > MAX_CUBE:
            return f"the cube cannot go above {MAX_CUBE}"
        return None

    def _why_not_resign(self, value: int) -> str | None:
        if isinstance(value, bool) or value not in (1, 2, 3):
            return f"resign 1 (single), 2 (gammon) or 3 (backgammon), not {value!r}"
        if self.resignation is not None:
            return "a resignation is already waiting for an answer"
        if self.stage not in (Phase.ROLL, Phase.MOVE):
            return "you may resign only on your turn"
        if value <= self.declined:
            return f"a resignation of a {WinType(self.declined).label} was just rejected"
        return None

    def can_double(self) -> bool:
        return self._why_not_double() is None

    def why_not_double(self) -> NoDouble | None:
        """Why the player on roll may not double now (None: they may): a
        :class:`NoDouble`, which reads as the engine's English.

        >>> why = Game.new(Rules(5), crawford=True).roll((3, 1)).why_not_double()
        >>> why
        <NoDouble.NOT_BEFORE_ROLL: 'you may double only before rolling'>
        >>> str(why)
        'you may double only before rolling'
        """
        return self._why_not_double()

    def cube_state(self, player: int) -> CubeState:
        """The cube and the score as ``player`` sees them (what the AI judges a
        cube decision by).  The score is the one the game started at, so a
        finished game is still seen at the score it was played for.

        >>> state = Game.new(Rules(5), score=(1, 3)).cube_state(0)
        >>> state.match_length, state.my_away, state.opp_away, state.owner
        (5, 4, 2, None)
        >>> Game.new(Rules(jacoby=True)).cube_state(1).jacoby
        True
        """
        rules, owner = self.rules, self.cube.owner
        mine = None if owner is None else (0 if owner == player else 1)
        if rules.match_length:
            away = (
                rules.match_length - self.score[player],
                rules.match_length - self.score[1 - player],
            )
            return CubeState(self.cube.value, mine, False, rules.match_length, *away, self.crawford)
        return CubeState(self.cube.value, mine, rules.jacoby_active)

    def can_beaver(self) -> bool:
        return self._why_not_beaver() is None

    def can_resign(self, value: int = WinType.SINGLE) -> bool:
        return self._why_not_resign(value) is None

    def resign_choices(self) -> tuple[tuple[WinType, int], ...]:
        """Each resignation the player on roll may offer now, with the points it
        would score (see :meth:`resignation_points`); empty when none may be.

        >>> Game.new(Rules(jacoby=True)).roll((3, 1)).resign_choices()
        ((<WinType.SINGLE: 1>, 1), (<WinType.GAMMON: 2>, 1), (<WinType.BACKGAMMON: 3>, 1))
        >>> Game.new().roll((3, 1)).resign(2).reject_resignation().resign_choices()
        ((<WinType.BACKGAMMON: 3>, 3),)
        """
        return tuple((v, self.resignation_points(v)) for v in WinType if self.can_resign(v))

    def legal_actions(self) -> frozenset[Action]:
        """The actions allowed now, for enabling buttons."""
        phase = self.phase
        acts: set[Action] = set()
        if phase is Phase.OPENING:
            acts.add(Action.ROLL)
        elif phase is Phase.ROLL:
            acts.add(Action.ROLL)
            if self.can_double():
                acts.add(Action.DOUBLE)
        elif phase is Phase.CUBE:
            acts |= {Action.TAKE, Action.DROP}
            if self.can_beaver():
                acts.add(Action.BEAVER)
        elif phase is Phase.MOVE:
            assert self.moves is not None
            if self.moves.legal_steps():
                acts.add(Action.MOVE)
            if self.moves.can_undo:
                acts.add(Action.UNDO)
            if self.moves.can_redo:
                acts.add(Action.REDO)
            if self.moves.is_complete:
                acts.add(Action.CONFIRM)
        elif phase is Phase.RESIGNATION:
            acts |= {Action.ACCEPT, Action.REJECT}
        if phase in (Phase.ROLL, Phase.MOVE) and any(self.can_resign(v) for v in WinType):
            acts.add(Action.RESIGN)
        return frozenset(acts)

    # -- actions --------------------------------------------------------------

    def _need(self, stage: Phase, what: str) -> None:
        if self.resignation is not None:
            raise IllegalActionError(f"cannot {what}: answer the resignation first")
        if self.stage is not stage:
            raise IllegalActionError(f"cannot {what} now (game is at {self.phase.value})")

    def _log(self, *events: Event, **changes: object) -> Game:
        return dataclasses.replace(self, events=self.events + events, **changes)  # type: ignore[arg-type]

    def roll(
        self,
        dice: Sequence[int] | None = None,
        *,
        rng: RandomSource | None = None,
        by_hand: bool = False,
    ) -> Game:
        """Roll the dice, from ``rng`` or as given (physical dice, analysis; ``by_hand``:
        typed in from real dice, which the record of a turn's roll says).

        For the opening roll, ``dice`` are player 0's die and player 1's
        die; on a tie the game stays at the opening (in money play with
        automatic doubles the cube is turned), otherwise the higher die's
        owner plays both.  A roll that cannot be played at all is recorded
        and passes the turn at once.
        """
        if self.resignation is not None:
            raise IllegalActionError("cannot roll: answer the resignation first")
        if self.stage is Phase.OPENING:
            if dice is not None:
                d0, d1 = check_roll(dice)
            else:
                d0, d1 = roll_die(rng), roll_die(rng)
            opening = OpeningRoll(d0, d1)
            if opening.winner is None:
                cube = self.cube
                if cube.value < (1 << self.rules.auto_doubles_active) and cube.value < MAX_CUBE:
                    cube = cube.automatic_double()
                return self._log(opening, cube=cube)
            winner = opening.winner
            start = self.position if winner == 0 else self.position.swap()
            return self._log(opening)._start_turn(winner, start, (max(d0, d1), min(d0, d1)))
        self._need(Phase.ROLL, "roll")
        assert self.turn is not None
        rolled = check_roll(dice) if dice is not None else roll_dice(rng)
        return self._log(Roll(self.turn, rolled, by_hand))._start_turn(
            self.turn, self.position, rolled
        )

    def _start_turn(self, player: int, position: Position, dice: tuple[int, int]) -> Game:
        moves = TurnState.begin(position, dice)
        if not moves.can_move:
            return self._log(
                Forfeit(player),
                stage=Phase.ROLL,
                turn=_other(player),
                position=position.swap(),
                dice=None,
                moves=None,
                declined=0,
            )
        return dataclasses.replace(
            self,
            stage=Phase.MOVE,
            turn=player,
            position=position,
            dice=dice,
            moves=moves,
            declined=0,
        )

    def double(self) -> Game:
        """Offer the cube (before rolling, with access to the cube)."""
        why = self._why_not_double()
        if why is not None:
            raise IllegalActionError(f"cannot double: {why}", code="no_double", why=why)
        assert self.turn is not None
        return self._log(
            Doubled(self.turn, self.cube.value * 2),
            stage=Phase.CUBE,
            offer=CubeOffer(self.turn),
            declined=0,
        )

    def take(self) -> Game:
        """Accept the double (or the beaver): the cube doubles and changes hands."""
        self._need(Phase.CUBE, "take")
        offer = self.offer
        assert offer is not None
        if offer.beavered:
            cube = self.cube.taken_by(_other(offer.doubler), factor=4)
        else:
            cube = self.cube.taken_by(offer.responder)
        return self._log(Took(offer.responder), stage=Phase.ROLL, offer=None, cube=cube)

    def drop(self) -> Game:
        """Refuse the double and lose the game at the stake before it."""
        self._need(Phase.CUBE, "drop")
        offer = self.offer
        assert offer is not None
        stake = self.cube.value * (2 if offer.beavered else 1)
        loser = offer.responder
        result = GameResult(_other(loser), WinType.SINGLE, EndReason.DROPPED, stake, stake)
        return self._log(Dropped(loser), stage=Phase.OVER, offer=None, result=result)

    def beaver(self) -> Game:
        """Take and at once redouble, keeping the cube (money play with beavers).

        The original doubler must then take or drop (no raccoons).
        """
        why = self._why_not_beaver()
        if why is not None:
            raise IllegalActionError(f"cannot beaver: {why}")
        offer = self.offer
        assert offer is not None
        return self._log(
            Beavered(offer.responder, self.cube.value * 4),
            offer=CubeOffer(offer.doubler, beavered=True),
        )

    def _turn_state(self, what: str) -> TurnState:
        self._need(Phase.MOVE, what)
        assert self.moves is not None
        return self.moves

    def move(self, src: int, dst: int, die: int | None = None) -> Game:
        """Move one checker, by one die or along a multi-die route (see :class:`TurnState`)."""
        return dataclasses.replace(self, moves=self._turn_state("move").move(src, dst, die))

    def undo(self) -> Game:
        """Take back the last checker move of this turn."""
        return dataclasses.replace(self, moves=self._turn_state("undo").undo())

    def redo(self) -> Game:
        """Make the last undone checker move again."""
        return dataclasses.replace(self, moves=self._turn_state("redo").redo())

    def reset_moves(self) -> Game:
        """Take back all checker moves of this turn."""
        return dataclasses.replace(self, moves=self._turn_state("reset").reset())

    def confirm(self) -> Game:
        """End the turn with the play on the board (it must be a complete legal play)."""
        moves = self._turn_state("confirm")
        if not moves.is_complete:
            raise IllegalActionError(
                "the play is not complete: dice "
                + "".join(str(d) for d in moves.remaining_dice)
                + " can still be played"
            )
        return self._commit(moves)

    def play(self, play: Play | str) -> Game:
        """Make a whole play at once, given as a :class:`Play` or in notation.

        Any checkers moved so far this turn are ignored.
        """
        moves = self._turn_state("play")
        chosen = self.read_play(play) if isinstance(play, str) else play
        followed = moves.follow_play(chosen.moves)
        if followed is None:
            raise IllegalActionError(
                f"{chosen} is not a legal play of this roll", code="not_legal", dice=self._roll()
            )
        return self._commit(followed)

    def _roll(self) -> str:
        assert self.dice is not None
        return format_dice(self.dice)

    def read_play(self, text: str) -> Play:
        """The play ``text`` names (in notation) for this turn's roll, read from
        the turn's start; raises :class:`IllegalActionError` if it names none."""
        moves = self._turn_state("play")
        assert self.dice is not None
        try:
            return parse_play(moves.start, self.dice, text)
        except IllegalPlayError as exc:
            raise IllegalActionError(str(exc), code=exc.code, **exc.values) from exc

    def play_moves(self, moves: Sequence[Move]) -> Game:
        """Make a whole play given as single-die ``(from, to)`` moves, in a playable order."""
        turn = self._turn_state("play")
        followed = turn.follow_play(moves)
        if followed is None:
            raise IllegalActionError(
                f"{_moves_text(moves)!r} is not a legal play of this roll",
                code="not_legal",
                dice=self._roll(),
            )
        return self._commit(followed)

    # -- whole plays as steps -----------------------------------------------------

    def steps_of(self, moves: Sequence[Move]) -> tuple[Step, ...] | None:
        """The steps of the complete play ``moves``, from the start of this turn.

        ``moves`` are single-die ``(from, to)`` moves (:data:`~engine.position.BAR`
        is 25, :data:`~engine.position.OFF` is 0) in a playable order; the dice
        are chosen for them.  ``None`` when they are not a legal complete play
        of the dice rolled, or no turn is being played.

        >>> g = Game.new().roll((6, 1))
        >>> [str(s) for s in g.steps_of([(13, 7), (8, 7)])]
        ['13/7', '8/7']
        >>> g.steps_of([(13, 7)]), g.steps_of([(13, 6), (6, 5)])
        (None, None)
        """
        if self.stage is not Phase.MOVE or self.moves is None:
            return None
        followed = self.moves.follow_play(moves)
        return followed.done if followed is not None else None

    def with_play(self, moves: Sequence[Move]) -> Game:
        """This turn with exactly the complete play ``moves`` made, not confirmed.

        Whatever was moved before is replaced (with no redo history); the
        player may still undo or :meth:`confirm`.  Raises
        :class:`~engine.errors.IllegalPlayError` when ``moves`` are not a
        legal complete play here, :class:`IllegalActionError` when no turn is
        being played or a resignation waits for an answer.

        >>> g = Game.new().roll((6, 1)).with_play([(13, 7), (8, 7)])
        >>> [str(s) for s in g.moves.done], g.phase
        (['13/7', '8/7'], <Phase.MOVE: 'move'>)
        >>> g.with_play([(24, 18)])
        Traceback (most recent call last):
        ...
        engine.errors.IllegalPlayError: '24/18' is not a legal play of 61
        """
        turn = self._turn_state("play")
        followed = turn.follow_play(moves)
        if followed is None:
            dice = "".join(str(d) for d in self.dice or ())
            raise IllegalPlayError(f"{_moves_text(moves)!r} is not a legal play of {dice}")
        return dataclasses.replace(self, moves=followed)

    def first_legal_steps(self) -> tuple[Step, ...]:
        """The steps of the engine's first legal play of this roll (a fallback play).

        Raises :class:`IllegalActionError` when no turn is being played.

        >>> [str(s) for s in Game.new().roll((2, 1)).first_legal_steps()]
        ['24/22', '24/23']
        """
        turn = self._turn_state("play")
        followed = turn.follow_play(turn.plays[0].moves)
        assert followed is not None  # a legal play is always followed
        return followed.done

    def forced_steps(self) -> tuple[Step, ...] | None:
        """The steps of the only legal play, when the play is forced and no checker
        has moved yet this turn (a UI may make them at once); else ``None``.

        >>> from engine.record import Setup
        >>> race = Position.from_points([0] * 5 + [2] + [0] * 17 + [-2])
        >>> g = Game.new(setup=Setup(race, turn=0)).roll((6, 5))
        >>> [str(s) for s in g.forced_steps()]
        ['6/off', '6/1']
        >>> Game.new().roll((3, 1)).forced_steps() is None
        True
        """
        moves = self.moves
        if self.stage is not Phase.MOVE or moves is None or self.resignation is not None:
            return None
        forced = moves.forced_play
        if forced is None or moves.done:
            return None
        followed = moves.follow_play(forced.moves)
        return followed.done if followed is not None else None

    def _commit(self, turn: TurnState) -> Game:
        """Record the play ``turn`` shows, in the order its checkers were moved."""
        player = self.turn
        play = turn.play
        assert player is not None and self.dice is not None and play is not None
        moves = tuple((s.src, s.dst) for s in turn.done)
        hits = tuple(s.hit for s in turn.done)
        event = Played(player, self.dice, format_moves(moves, hits), moves, hits)
        return self._played(event, play.result)

    def play_recorded(self, moves: Sequence[Move]) -> Game:
        """Make ``moves`` as a match file records them, legal play of the roll or
        not (see :mod:`engine.as_written`): the board follows the record and
        the play is flagged as :attr:`~engine.record.Played.recorded`.  Raises
        :class:`~engine.errors.IllegalPlayError` when a move cannot be made on
        the board at all, :class:`IllegalActionError` when no turn is being played.

        >>> g = Game.new().roll((3, 1)).play_recorded([(8, 4), (6, 5)])
        >>> g.events[-1].recorded, g.events[-1].notation, g.turn
        (True, '8/4 6/5', 1)
        """
        turn = self._turn_state("play")
        player = self.turn
        assert player is not None and self.dice is not None
        made, hits, skipped = make_as_written(turn.start, moves)
        if skipped:
            raise IllegalPlayError(f"{_moves_text(skipped)} cannot be made on this board")
        event = Played(player, self.dice, format_moves(made, hits), made, hits, True)
        return self._played(event, position_after(turn.start, made))

    def _played(self, event: Played, after: Position) -> Game:
        """The game after ``event``, with ``after`` the board seen by the opponent."""
        player = event.player
        if after.winner() is not None:
            kind = win_type(after)
            result = GameResult(
                player, kind, EndReason.BORNE_OFF, self.cube.value, self._points(kind)
            )
            return self._log(
                event,
                stage=Phase.OVER,
                turn=_other(player),
                position=after,
                dice=None,
                moves=None,
                result=result,
            )
        return self._log(
            event,
            stage=Phase.ROLL,
            turn=_other(player),
            position=after,
            dice=None,
            moves=None,
            declined=0,
        )

    def restore_moves(self, steps: Sequence[Step], cursor: int) -> Game:
        """This turn with ``steps`` made and the last ``len(steps) - cursor`` undone.

        For loading a save made mid-turn; works while a resignation is pending.
        """
        if self.stage is not Phase.MOVE or self.moves is None:
            raise IllegalActionError("no turn is being played")
        if not 0 <= cursor <= len(steps):
            raise IllegalActionError(f"cursor {cursor} outside 0..{len(steps)}")
        turn = self.moves.fresh().extend(steps)
        for _ in range(len(steps) - cursor):
            turn = turn.undo()
        return dataclasses.replace(self, moves=turn)

    @property
    def gammons_count(self) -> bool:
        """Whether a gammon or backgammon would now score more than a single game.

        Not under the Jacoby rule (money play) while the cube is centred.

        >>> g = Game.new(Rules(jacoby=True)).roll((3, 1))
        >>> g.gammons_count, g.move(8, 5).move(6, 5).confirm().double().take().gammons_count
        (False, True)
        """
        return gammons_count(self.rules.jacoby_active, self.cube.centred)

    def _points(self, kind: int) -> int:
        """What a win of ``kind`` scores now: the one rule, for play and resignations."""
        return points_for(kind, self.cube.value, self.gammons_count)

    def resignation_points(self, value: int) -> int:
        """The points a resignation of ``value`` (1..3, a :class:`WinType`) would score now.

        The cube value times the win type, or times 1 under the Jacoby rule
        while the cube is centred: what :meth:`accept_resignation` scores.
        Raises ``ValueError`` for a value that is not a win type.

        >>> g = Game.new(Rules(jacoby=True)).roll((3, 1))
        >>> g.resignation_points(WinType.GAMMON), Game.new().roll((3, 1)).resignation_points(2)
        (1, 2)
        >>> g.resign(2).accept_resignation().result.points
        1
        >>> g.resignation_points(4)
        Traceback (most recent call last):
        ...
        ValueError: a win type is 1 (single), 2 (gammon) or 3 (backgammon), not 4
        """
        return self._points(value)

    def resign(self, value: int = WinType.SINGLE) -> Game:
        """Offer to resign, conceding a win of ``value`` (single, gammon or backgammon).

        Allowed on one's own turn, before or after rolling.  After a
        rejection, only a higher offer may follow until the next action.
        """
        why = self._why_not_resign(value)
        if why is not None:
            raise IllegalActionError(f"cannot resign: {why}")
        assert self.turn is not None
        offer = Resignation(self.turn, WinType(value))
        return self._log(ResignOffered(self.turn, offer.value), resignation=offer)

    def accept_resignation(self) -> Game:
        """Accept the resignation: the game ends with the offered win."""
        offer = self._pending_resignation("accept")
        winner = _other(offer.player)
        points = self.resignation_points(offer.value)
        result = GameResult(winner, offer.value, EndReason.RESIGNED, self.cube.value, points)
        return self._log(
            ResignAccepted(winner),
            stage=Phase.OVER,
            resignation=None,
            moves=None,
            result=result,
        )

    def reject_resignation(self) -> Game:
        """Reject the resignation: play goes on where it stopped."""
        offer = self._pending_resignation("reject")
        return self._log(
            ResignRejected(_other(offer.player)), resignation=None, declined=int(offer.value)
        )

    def abandon_value(self, player: int) -> tuple[WinType, int]:
        """What abandoning the game in progress concedes for ``player``, as
        backgammon servers count it: a gammon when ``player`` has borne no
        checker off and a gammon would count now, else a single game; with its
        points at the current cube (the Jacoby rule included), as a resignation
        of that value scores (:meth:`resignation_points`).

        The board is the one at the start of the turn: checkers moved but not
        confirmed are not in the record, so they do not change the value.

        >>> g = Game.new().roll((3, 1))
        >>> g.abandon_value(0), Game.new(Rules(jacoby=True)).roll((3, 1)).abandon_value(1)
        ((<WinType.GAMMON: 2>, 2), (<WinType.SINGLE: 1>, 1))
        """
        _check_player(player)
        viewer = self.turn if self.turn is not None else 0
        start = self.position if player == viewer else self.position.swap()
        kind = WinType.GAMMON if self.gammons_count and start.off == 0 else WinType.SINGLE
        return kind, self.resignation_points(kind)

    def abandon(self, player: int) -> Game:
        """``player`` abandons the game in progress: it ends as if ``player`` had
        resigned at :meth:`abandon_value` and the other had accepted, whatever
        was waiting (a roll, a play, an answer to a double or a resignation,
        the opening roll).  Recorded as :class:`~engine.record.Abandoned`, with
        :attr:`~engine.scoring.EndReason.ABANDONED` as the end of the game.

        Raises :class:`~engine.errors.NoGameInProgressError` once the game is
        over.

        >>> g = Game.new().roll((3, 1)).play("8/5 6/5").double().abandon(0)
        >>> g.phase, g.winner, g.result.win_type, g.result.points, g.events[-1]
        (<Phase.OVER: 'over'>, 1, <WinType.GAMMON: 2>, 2, Abandoned(player=0))
        >>> g.abandon(0)
        Traceback (most recent call last):
        ...
        engine.errors.NoGameInProgressError: cannot abandon the game: it is over
        """
        _check_player(player)
        if self.is_over:
            raise NoGameInProgressError("cannot abandon the game: it is over")
        kind, points = self.abandon_value(player)
        result = GameResult(_other(player), kind, EndReason.ABANDONED, self.cube.value, points)
        return self._log(
            Abandoned(player),
            stage=Phase.OVER,
            offer=None,
            resignation=None,
            moves=None,
            result=result,
        )

    def concede(self, player: int, value: int) -> Game:
        """``player`` concedes a win of ``value`` at once, as a match file can record
        a resignation without saying when it was offered: the game ends as
        an accepted resignation of that value ends it, whoever is to act.

        >>> g = Game.new().roll((3, 1)).play("8/5 6/5").concede(0, 2)
        >>> g.winner, g.result.points, g.events[-1]
        (1, 2, Conceded(player=0, value=<WinType.GAMMON: 2>))
        """
        _check_player(player)
        if self.is_over:
            raise NoGameInProgressError("cannot concede the game: it is over")
        if isinstance(value, bool) or value not in (1, 2, 3):
            raise IllegalActionError(f"concede 1 (single), 2 (gammon) or 3, not {value!r}")
        kind = WinType(value)
        points = self.resignation_points(kind)
        result = GameResult(_other(player), kind, EndReason.RESIGNED, self.cube.value, points)
        return self._log(
            Conceded(player, kind),
            stage=Phase.OVER,
            offer=None,
            resignation=None,
            moves=None,
            result=result,
        )

    def _pending_resignation(self, what: str) -> Resignation:
        if self.resignation is None:
            raise IllegalActionError(f"cannot {what}: no resignation was offered")
        return self.resignation

    # -- record -----------------------------------------------------------------

    def apply(self, event: Event) -> Game:
        """Re-execute one recorded event, checking it is legal and by the right player.

        :class:`Forfeit` events are produced by the roll before them, so they
        are only checked here; replaying a whole record and comparing it with
        the original (see :func:`engine.match.replay`) catches every other
        difference.
        """
        if isinstance(event, OpeningRoll):
            if self.stage is not Phase.OPENING:
                raise IllegalActionError("an opening roll after the game has started")
            return self.roll((event.die0, event.die1))
        if isinstance(event, Abandoned):
            return self.abandon(event.player)  # by either player, whoever is to act
        if isinstance(event, Conceded):
            return self.concede(event.player, event.value)
        expected = self.actor
        if isinstance(event, Forfeit):
            last = self.events[-1] if self.events else None
            if last != event:
                raise IllegalActionError(f"player {event.player} forfeits a playable roll")
            return self
        if event.player != expected:
            raise IllegalActionError(
                f"{type(event).__name__} by player {event.player}, "
                f"but {'nobody' if expected is None else f'player {expected}'} is to act"
            )
        if isinstance(event, Roll):
            return self.roll(event.dice, by_hand=event.by_hand)
        if isinstance(event, Played):
            if event.dice != self.dice:
                raise IllegalActionError(f"a play of {event.dice} while {self.dice} were rolled")
            if event.recorded:
                return self.play_recorded(event.moves)
            return self.play_moves(event.moves)
        if isinstance(event, Doubled):
            return self.double()
        if isinstance(event, Beavered):
            return self.beaver()
        if isinstance(event, Took):
            return self.take()
        if isinstance(event, Dropped):
            return self.drop()
        if isinstance(event, ResignOffered):
            return self.resign(event.value)
        if isinstance(event, ResignAccepted):
            return self.accept_resignation()
        return self.reject_resignation()

    @property
    def record(self) -> GameRecord:
        """The game's record so far."""
        return GameRecord(
            self.number, self.score, self.crawford, self.events, self.result, self.setup
        )

    def __repr__(self) -> str:
        parts = [f"<Game {self.number + 1} {self.phase.value}"]
        if self.turn is not None:
            parts.append(f"turn {self.turn}")
        if self.dice is not None:
            parts.append(f"dice {self.dice[0]}{self.dice[1]}")
        owner = "centred" if self.cube.centred else f"owned by {self.cube.owner}"
        parts.append(f"cube {self.cube.value} {owner}")
        if self.moves is not None and self.moves.done:
            parts.append("moved " + " ".join(str(s) for s in self.moves.done))
        if self.result is not None:
            parts.append(str(self.result))
        return ", ".join(parts) + f", {self.board.id}>"
