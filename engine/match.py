"""A match to N points, or a money session, as a pure state machine over games.

:class:`Match` is immutable like :class:`~engine.game.Game`: each action
returns a new match.  It adds what lies between games: the score, the
Crawford rule (no doubling in the game after a player first reaches N-1;
doubling is back afterwards, "post-Crawford"), the end of the match, the
full record, replay, and GNU Backgammon's Position ID and Match ID.

A game may also end because a player left it (:meth:`Match.abandon`, what
a claim online records): it counts as that player resigning at
:meth:`Match.abandon_value`, and the match ends with it, won by the other
player whatever the score, as backgammon servers end a match a player walks
out of.

>>> m = Match.new(3)
>>> m = m.roll((6, 4)).play("24/14").resign(2).accept_resignation()
>>> m.score, m.is_over, m.phase
((2, 0), False, <Phase.OVER: 'over'>)
>>> m = m.next_game()
>>> m.is_crawford_game, m.can_double()
(True, False)
>>> replay(m.record) == m
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from engine import decisions as d
from engine.cube import Cube, CubeState
from engine.dice import RandomSource
from engine.errors import IllegalActionError, InvalidXgidError, MatchOverError
from engine.formats.gnubg_id import (
    CENTERED,
    GAME_DROPPED,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    MatchKey,
)
from engine.formats.xgid import Xgid
from engine.game import Action, CubeOffer, Game, NoDouble, Phase, Resignation
from engine.movegen import Play
from engine.position import Move, Position
from engine.record import Event, GameRecord, MatchRecord, Setup
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType
from engine.stats import PlayerStats, game_stats, match_stats
from engine.turn import Step, TurnState


@dataclass(frozen=True, slots=True)
class Match:
    """Finished games, the game being played, and the rules.

    Build one with :meth:`new` (or :meth:`from_rules`).  ``game`` is the
    current :class:`~engine.game.Game`; what a UI reads of it (the board,
    the turn's legal steps and destinations, the result, a pending
    resignation and its price...) the match also offers directly, so a
    caller need not reach through ``match.game``.
    """

    rules: Rules
    games: tuple[GameRecord, ...]
    game: Game

    @classmethod
    def new(
        cls,
        match_length: int = 0,
        *,
        cube: bool = True,
        crawford: bool = True,
        jacoby: bool = False,
        beavers: bool = False,
        auto_doubles: int = 0,
    ) -> Match:
        """A new match to ``match_length`` points (0: a money session), before the opening roll."""
        return cls.from_rules(
            Rules(match_length, cube, crawford, jacoby, beavers, auto_doubles)
        )  # fmt: skip

    @classmethod
    def from_rules(
        cls, rules: Rules, *, score: tuple[int, int] = (0, 0), crawford: bool = False
    ) -> Match:
        """A match under ``rules`` before its first opening roll; ``score`` and
        ``crawford`` start it part-way, as a match file can begin (a match
        resumed, an excerpt): see :meth:`from_setup`.

        >>> m = Match.from_rules(Rules(5), score=(4, 2))
        >>> m.score, m.is_crawford_game, m.is_post_crawford
        ((4, 2), False, True)
        """
        _check_start(rules, score, crawford)
        return cls(rules, (), Game.new(rules, score=score, crawford=crawford))

    @classmethod
    def from_setup(
        cls,
        rules: Rules,
        setup: Setup,
        *,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> Match:
        """A match whose first game starts from a position (analysis, imports).

        ``score`` is the score before this game; ``crawford`` says whether it
        is the Crawford game.  A player at match point in a game that is not
        the Crawford game means the Crawford game has been played.

        >>> from engine.record import Setup
        >>> m = Match.from_setup(Rules(5), Setup(Position.start(), 1), score=(4, 2))
        >>> m.is_post_crawford, m.turn, m.can_double()
        (True, 1, True)
        """
        _check_start(rules, score, crawford)
        return cls(rules, (), Game.new(rules, score=score, crawford=crawford, setup=setup))

    @classmethod
    def from_xgid(cls, text: str) -> Match:
        """A match set up from an XGID: position, cube, score, turn, dice, rules.

        X is player 0.  Dice in the XGID are rolled; a pending double (``D``)
        or beaver (``B``) is offered again.  Raises
        :class:`~engine.errors.InvalidXgidError` for what cannot be played
        (a cube above 64, raccoons, a Crawford game with nobody at match point).

        >>> m = Match.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:1:3:0:5:10")
        >>> m.turn, m.dice, m.score, m.phase
        (1, (5, 2), (1, 3), <Phase.MOVE: 'move'>)
        >>> Match.from_xgid(m.xgid()).xgid() == m.xgid()
        True
        """
        x = Xgid.parse(text)
        n = x.match_length
        flags = x.crawford_jacoby
        if n:
            rules = Rules(match_length=n)
        else:
            rules = Rules(jacoby=bool(flags & 1), beavers=bool(flags & 2))
        if x.cube_log2 > 6:
            raise InvalidXgidError(f"{text!r}: the cube stops at 64", code="cube_limit", limit=64)
        owner = {0: None, 1: 0, -1: 1}[x.cube_position]
        try:
            setup = Setup(x.position, 0 if x.turn == 1 else 1, Cube(1 << x.cube_log2, owner))
            match = cls.from_setup(
                rules, setup, score=(x.score_x, x.score_o), crawford=bool(n and flags & 1)
            )
            if x.dice == "R":
                raise InvalidXgidError("raccoons are not supported", code="raccoon")
            if x.dice in ("D", "B"):
                match = match.double()
                if x.dice == "B":
                    match = match.beaver()
            elif x.dice != "00":
                match = match.roll((int(x.dice[0]), int(x.dice[1])))
        except InvalidXgidError:
            raise
        except ValueError as exc:
            raise InvalidXgidError(f"{text!r}: {exc}", code="xgid_unplayable") from exc
        return match

    # -- the score and the match ---------------------------------------------

    @property
    def score(self) -> tuple[int, int]:
        """Points of player 0 and player 1, including the current game once it is over."""
        s0, s1 = self.game.score
        result = self.game.result
        if result is not None:
            if result.winner == 0:
                s0 += result.points
            else:
                s1 += result.points
        return (s0, s1)

    @property
    def match_length(self) -> int:
        return self.rules.match_length

    @property
    def is_over(self) -> bool:
        """True once a player has reached the match length (never in money play),
        or once a game was abandoned (:meth:`abandon`), in a match or a session."""
        if self.is_abandoned:
            return True
        n = self.rules.match_length
        return n > 0 and max(self.score) >= n

    @property
    def is_abandoned(self) -> bool:
        """Whether the match ended with a player abandoning the game (:meth:`abandon`)."""
        result = self.game.result
        return result is not None and result.reason is EndReason.ABANDONED

    @property
    def winner(self) -> int | None:
        """The winner of the match, once it is over: the player who stayed, when
        the other abandoned the game (whatever the score)."""
        if not self.is_over:
            return None
        if self.is_abandoned:
            assert self.game.result is not None  # an abandoned game has its result
            return self.game.result.winner
        s0, s1 = self.score
        return 0 if s0 > s1 else 1

    @property
    def game_number(self) -> int:
        """The current game's number, counting from 1."""
        return self.game.number + 1

    @property
    def is_crawford_game(self) -> bool:
        return self.game.crawford

    @property
    def is_post_crawford(self) -> bool:
        """After the Crawford game, while a player still needs one point (as gnubg says)."""
        n = self.rules.match_length
        return (
            self.rules.crawford_active
            and not self.game.crawford
            and (n - 1) in self.game.score
            and self._crawford_played(before_current=True)
        )

    def _crawford_played(self, *, before_current: bool) -> bool:
        """Whether the Crawford game has been played (before the current game, or up to it)."""
        first = self.games[0] if self.games else self.game.record
        # A set-up game with a player at match point that is not the Crawford
        # game comes after it.
        after_setup = (
            (first.setup is not None or first.score != (0, 0))
            and not first.crawford
            and (self.rules.match_length - 1) in first.score
        )
        earlier = any(g.crawford for g in self.games)
        return after_setup or earlier or (not before_current and self.game.crawford)

    # -- shortcuts to the current game -----------------------------------------

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def turn(self) -> int | None:
        """The player on roll."""
        return self.game.turn

    @property
    def actor(self) -> int | None:
        """The player who must act now."""
        return self.game.actor

    @property
    def cube(self) -> Cube:
        return self.game.cube

    @property
    def offer(self) -> CubeOffer | None:
        return self.game.offer

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.game.dice

    @property
    def position(self) -> Position:
        """The board at the start of the turn, seen by the player on roll."""
        return self.game.position

    @property
    def board(self) -> Position:
        """The board as shown, with this turn's moves so far, seen by the player on roll."""
        return self.game.board

    def board_for(self, player: int) -> Position:
        return self.game.board_for(player)

    def pips(self) -> tuple[int, int]:
        """Pip counts of player 0 and player 1 on the board as shown."""
        return self.game.pips()

    @property
    def moves(self) -> TurnState | None:
        """The checkers moved so far this turn (``None`` when no turn is being played)."""
        return self.game.moves

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """Dice not yet used this turn, higher first."""
        return self.game.remaining_dice

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the dice being played (empty when not moving)."""
        return self.game.legal_plays

    @property
    def forced_play(self) -> Play | None:
        """The only legal play when there is just one."""
        return self.game.forced_play

    def legal_steps(self) -> list[Step]:
        """The single-die checker moves allowed next (empty when not moving)."""
        return self.game.legal_steps()

    def movable_points(self) -> list[int]:
        """Points (:data:`~engine.position.BAR` = 25) a checker may be picked up from now."""
        return self.game.movable_points()

    def destinations(self, src: int) -> dict[int, tuple[Step, ...]]:
        """Where a checker on ``src`` may go now, with the steps (:meth:`Game.destinations`)."""
        return self.game.destinations(src)

    @property
    def events(self) -> tuple[Event, ...]:
        """What has happened so far in the current game."""
        return self.game.events

    @property
    def game_record(self) -> GameRecord:
        """The current game's record so far."""
        return self.game.record

    @property
    def is_game_over(self) -> bool:
        """True once the current game has ended (see :attr:`is_over` for the match)."""
        return self.game.is_over

    @property
    def result(self) -> GameResult | None:
        """How the current game ended, once it has."""
        return self.game.result

    @property
    def resignation(self) -> Resignation | None:
        """The resignation waiting for an answer, if any."""
        return self.game.resignation

    @property
    def cube_enabled(self) -> bool:
        """Whether the cube may be used in this game (not in the Crawford game)."""
        return self.game.cube_enabled

    @property
    def gammons_count(self) -> bool:
        """Whether a gammon would now score more than a single game (:meth:`Game.gammons_count`)."""
        return self.game.gammons_count

    def can_double(self) -> bool:
        return self.game.can_double()

    def why_not_double(self) -> NoDouble | None:
        """Why the player on roll may not double now (see :meth:`Game.why_not_double`).

        >>> m = Match.new(5).roll((3, 1)).play("8/5 6/5")
        >>> m.why_not_double() is None, m.double().take().why_not_double()
        (True, <NoDouble.OPPONENT_OWNS: 'your opponent owns the cube'>)
        """
        return self.game.why_not_double()

    def cube_state(self, player: int) -> CubeState:
        """The current game's cube and score as ``player`` sees them (:meth:`Game.cube_state`).

        >>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").double().take()
        >>> m.cube_state(0).value, m.cube_state(0).owner, m.cube_state(1).owner
        (2, 0, 1)
        """
        return self.game.cube_state(player)

    def can_resign(self, value: int = WinType.SINGLE) -> bool:
        return self.game.can_resign(value)

    def resignation_points(self, value: int) -> int:
        """What a resignation of ``value`` (1..3) would score now (:meth:`Game.resignation_points`).

        >>> m = Match.new(jacoby=True).roll((3, 1))
        >>> m.resignation_points(2), m.play("8/5 6/5").double().take().resignation_points(2)
        (1, 4)
        """
        return self.game.resignation_points(value)

    def abandon_value(self, player: int) -> tuple[WinType, int]:
        """What abandoning the game in progress concedes for ``player``, as
        backgammon servers count it: a gammon when ``player`` has borne no
        checker off and a gammon would count now, else a single game; with its
        points at the current cube (the Jacoby rule included).  What
        :meth:`abandon` scores (see :meth:`Game.abandon_value`).

        >>> m = Match.new(jacoby=False).roll((3, 1))
        >>> m.abandon_value(0), m.abandon_value(1)
        ((<WinType.GAMMON: 2>, 2), (<WinType.GAMMON: 2>, 2))
        >>> Match.new(jacoby=True).roll((3, 1)).abandon_value(0)
        (<WinType.SINGLE: 1>, 1)
        """
        return self.game.abandon_value(player)

    def resign_choices(self) -> tuple[tuple[WinType, int], ...]:
        """Each resignation the player on roll may offer now, with its points.

        >>> Match.new(5).roll((3, 1)).resign_choices()
        ((<WinType.SINGLE: 1>, 1), (<WinType.GAMMON: 2>, 2), (<WinType.BACKGAMMON: 3>, 3))
        >>> Match.new(5).resign_choices()  # nobody is on roll before the opening roll
        ()
        """
        return self.game.resign_choices()

    def steps_of(self, moves: Sequence[Move]) -> tuple[Step, ...] | None:
        """The steps of the complete play ``moves`` from the start of this turn,
        or ``None`` if it is not a legal play here (see :meth:`Game.steps_of`).

        >>> [str(s) for s in Match.new().roll((6, 1)).steps_of([(13, 7), (8, 7)])]
        ['13/7', '8/7']
        """
        return self.game.steps_of(moves)

    def first_legal_steps(self) -> tuple[Step, ...]:
        """The steps of the engine's first legal play (see :meth:`Game.first_legal_steps`)."""
        return self.game.first_legal_steps()

    def forced_steps(self) -> tuple[Step, ...] | None:
        """The steps of a forced play not yet started (see :meth:`Game.forced_steps`)."""
        return self.game.forced_steps()

    def legal_actions(self) -> frozenset[Action]:
        """What may be done now, including starting the next game."""
        if self.game.is_over:
            return frozenset() if self.is_over else frozenset({Action.NEXT_GAME})
        return self.game.legal_actions()

    # -- actions ------------------------------------------------------------------

    def _with(self, game: Game) -> Match:
        return dataclasses.replace(self, game=game)

    def roll(
        self,
        dice: Sequence[int] | None = None,
        *,
        rng: RandomSource | None = None,
        by_hand: bool = False,
    ) -> Match:
        """Roll (the opening roll first); see :meth:`Game.roll`."""
        return self._with(self.game.roll(dice, rng=rng, by_hand=by_hand))

    def double(self) -> Match:
        return self._with(self.game.double())

    def take(self) -> Match:
        return self._with(self.game.take())

    def drop(self) -> Match:
        return self._with(self.game.drop())

    def beaver(self) -> Match:
        return self._with(self.game.beaver())

    def move(self, src: int, dst: int, die: int | None = None) -> Match:
        return self._with(self.game.move(src, dst, die))

    def undo(self) -> Match:
        return self._with(self.game.undo())

    def redo(self) -> Match:
        return self._with(self.game.redo())

    def reset_moves(self) -> Match:
        return self._with(self.game.reset_moves())

    def confirm(self) -> Match:
        return self._with(self.game.confirm())

    def play(self, play: Play | str) -> Match:
        return self._with(self.game.play(play))

    def read_play(self, text: str) -> Play:
        """The play ``text`` names for this turn's roll (see :meth:`Game.read_play`).

        >>> m = Match.new().roll((6, 1))
        >>> m.with_play(m.read_play("13/7 8/7").moves).moves.done[-1].dst
        7
        """
        return self.game.read_play(text)

    def play_moves(self, moves: Sequence[Move]) -> Match:
        return self._with(self.game.play_moves(moves))

    def play_recorded(self, moves: Sequence[Move]) -> Match:
        """Make ``moves`` as a match file records them, legal or not (see
        :meth:`Game.play_recorded`): the board follows the file, the play is flagged."""
        return self._with(self.game.play_recorded(moves))

    def concede(self, player: int, value: int) -> Match:
        """``player`` concedes the game for a win of ``value`` (see :meth:`Game.concede`),
        as a match file records a resignation without saying when it was offered.

        >>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").concede(0, 2)
        >>> m.score, m.is_game_over, replay(m.record) == m
        ((0, 2), True, True)
        """
        if self.is_over:
            raise MatchOverError("cannot concede the game: the match is over")
        return self._with(self.game.concede(player, value))

    def with_play(self, moves: Sequence[Move]) -> Match:
        """This turn with exactly the complete play ``moves`` made, waiting to be
        confirmed (see :meth:`Game.with_play`; raises :class:`IllegalPlayError`).

        >>> m = Match.new().roll((6, 1)).move(24, 23).with_play([(13, 7), (8, 7)])
        >>> [str(s) for s in m.moves.done], m.moves.can_redo
        (['13/7', '8/7'], False)
        """
        return self._with(self.game.with_play(moves))

    def restore_moves(self, steps: Sequence[Step], cursor: int) -> Match:
        """See :meth:`Game.restore_moves` (for loading a save made mid-turn)."""
        return self._with(self.game.restore_moves(steps, cursor))

    def resign(self, value: int = WinType.SINGLE) -> Match:
        return self._with(self.game.resign(value))

    def accept_resignation(self) -> Match:
        return self._with(self.game.accept_resignation())

    def reject_resignation(self) -> Match:
        return self._with(self.game.reject_resignation())

    def decide(self, decision: d.Decision, *, rng: RandomSource | None = None) -> Match:
        """The match after ``decision`` by the player who must act (a play is made
        whole and confirmed; ``rng`` rolls the dice of a :class:`~engine.decisions.RollDice`).
        Raises the engine's error when the rules do not allow it now.

        >>> m = Match.new(3).roll((3, 1)).decide(d.PlayMoves(((8, 5), (6, 5))))
        >>> m.decide(d.OfferDouble()).decide(d.DropDouble()).score
        (0, 1)
        >>> m.decide(d.TakeDouble())
        Traceback (most recent call last):
        ...
        engine.errors.IllegalActionError: cannot take now (game is at roll)
        """
        match decision:
            case d.RollDice():
                return self.roll(rng=rng)
            case d.PlayMoves(moves):
                return self.play_moves(moves)
            case d.OfferDouble():
                return self.double()
            case d.TakeDouble():
                return self.take()
            case d.DropDouble():
                return self.drop()
            case d.BeaverDouble():
                return self.beaver()
            case d.OfferResignation(value):
                return self.resign(value)
            case d.AcceptResignation():
                return self.accept_resignation()
            case d.RejectResignation():
                return self.reject_resignation()
            case d.StartNextGame():
                return self.next_game()
            case _:
                assert_never(decision)

    def abandon(self, player: int) -> Match:
        """``player`` abandons the game in progress (left it; online, the friend
        who stayed claimed it): the other wins :meth:`abandon_value`, scored as
        an accepted resignation of that value is (the cube, the Jacoby rule),
        and the match is over, won by the other player whatever the score
        (:attr:`is_over`, :attr:`winner`).  Recorded as
        :class:`~engine.record.Abandoned`, so replaying the record ends it the
        same way.

        Raises :class:`~engine.errors.MatchOverError` once the match is over,
        :class:`~engine.errors.NoGameInProgressError` between games.

        >>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").abandon(1)
        >>> m.result.reason.value, m.score, m.is_over, m.winner, m.legal_actions()
        ('abandoned', (2, 0), True, 0, frozenset())
        >>> replay(m.record) == m
        True
        >>> m.abandon(1)
        Traceback (most recent call last):
        ...
        engine.errors.MatchOverError: cannot abandon the game: the match is over
        """
        if self.is_over:
            raise MatchOverError("cannot abandon the game: the match is over")
        return self._with(self.game.abandon(player))

    def next_game(self, *, score: tuple[int, int] | None = None) -> Match:
        """Start the next game once the current one is over (not after the match).

        ``score``: the score the game starts at when a match file says another
        than the results give (GNU Backgammon keeps the score each game's header
        gives); it must be one a game of the match can start at.

        >>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").concede(1, 1)
        >>> m.next_game().score, m.next_game(score=(3, 0)).score
        ((1, 0), (3, 0))
        """
        if not self.game.is_over:
            raise IllegalActionError("the current game is not over")
        if self.is_over:
            raise IllegalActionError(f"the match is over: player {self.winner} won")
        start = self.score if score is None else score
        if score is not None and score != self.score:
            try:
                _check_start(self.rules, score, False)
            except ValueError as exc:
                raise IllegalActionError(str(exc)) from exc
        played = (*self.games, self.game.record)
        game = Game.new(
            self.rules,
            number=len(played),
            score=start,
            crawford=self._next_is_crawford(start),
        )
        return Match(self.rules, played, game)

    def _next_is_crawford(self, score: tuple[int, int] | None = None) -> bool:
        """Whether a game started now (at ``score``, by default the score now)
        would be the Crawford game: the first game after a player reached match
        point (``N-1``)."""
        n = self.rules.match_length
        return (
            self.rules.crawford_active
            and not self.is_over
            and (n - 1) in (self.score if score is None else score)
            and not self._crawford_played(before_current=False)
        )

    # -- record, IDs ----------------------------------------------------------------

    @property
    def record(self) -> MatchRecord:
        """The whole match so far: enough to replay it exactly (see :func:`replay`)."""
        return MatchRecord(self.rules, (*self.games, self.game.record))

    def stats(self) -> tuple[PlayerStats, PlayerStats]:
        """Statistics of player 0 and player 1 over the whole match so far."""
        return match_stats(self.record)

    def game_stats(self) -> tuple[PlayerStats, PlayerStats]:
        """Statistics of player 0 and player 1 in the current game."""
        return game_stats(self.game.record)

    @property
    def position_id(self) -> str:
        """GNU Backgammon's Position ID of the board at the start of the turn."""
        return self.game.position.id

    @property
    def match_id(self) -> str:
        """GNU Backgammon's Match ID (the 67-bit form gnubg writes today)."""
        return self.match_key.id

    @property
    def match_key(self) -> MatchKey:
        """The Match ID's fields as a :class:`~engine.formats.gnubg_id.MatchKey`."""
        nojacoby = not (self.rules.jacoby and self.rules.is_money)
        return MatchKey(**match_id_fields(self), no_jacoby=int(nojacoby))

    @property
    def gnubg_id(self) -> str:
        """``PositionID:MatchID``, as gnubg's ``gnubg_id()`` gives it."""
        return f"{self.position_id}:{self.match_id}"

    def xgid(self) -> str:
        """The XGID of the current position (player 0 is X, the bottom player).

        As in XG, the side in the turn field is the player on roll, also while
        a double waits for an answer (dice ``D``, or ``B`` after a beaver).
        Moves made but not confirmed are not included.  Raises
        :class:`IllegalActionError` once the match is over (XGIDs cannot
        show a finished match).
        """
        if self.is_over:
            raise IllegalActionError("the match is over: no XGID for it")
        game = self.game
        on_roll = game.turn if game.turn is not None else 0
        cube = game.cube
        if game.stage is Phase.CUBE:
            assert game.offer is not None
            dice = "B" if game.offer.beavered else "D"
        elif game.dice is not None and game.stage is Phase.MOVE:
            dice = f"{game.dice[0]}{game.dice[1]}"
        else:
            dice = "00"
        if self.rules.is_money:
            flags = int(self.rules.jacoby) + 2 * int(self.rules.beavers)
        else:
            flags = int(game.crawford)
        s0, s1 = self.score
        return str(
            Xgid(
                position=game.position,
                turn=1 if on_roll == 0 else -1,
                cube_log2=cube.log2,
                cube_position=0 if cube.owner is None else (1 if cube.owner == 0 else -1),
                dice=dice,
                score_x=s0,
                score_o=s1,
                crawford_jacoby=flags,
                match_length=self.rules.match_length,
            )
        )

    def __repr__(self) -> str:
        kind = f"{self.rules.match_length}-point match" if self.rules.match_length else "money"
        s0, s1 = self.score
        state = "over" if self.is_over else repr(self.game)
        return f"<Match {kind}, score {s0}-{s1}, {state}>"


def _check_start(rules: Rules, score: tuple[int, int], crawford: bool) -> None:
    """Refuse a score that cannot stand before a game of the match."""
    n = rules.match_length
    s0, s1 = score
    if min(s0, s1) < 0 or (n and max(s0, s1) >= n):
        raise ValueError(f"score {s0}-{s1} is not a score before a game to {n}")
    if crawford and (n - 1) not in score:
        raise ValueError("the Crawford game needs a player at match point")


def match_id_fields(match: Match) -> dict[str, int]:
    """The Match ID fields of ``match``, as gnubg fills them in each phase.

    The names are those of :class:`engine.formats.gnubg_id.MatchKey`.
    """
    game = match.game
    # gnubg keeps money-session scores out of the Match ID.
    s0, s1 = match.score if match.rules.match_length else (0, 0)
    turn = game.turn if game.turn is not None else 0
    cube = game.cube
    fields = {
        "cube_log2": cube.log2,
        "cube_owner": CENTERED if cube.owner is None else cube.owner,
        "dice_owner": turn,
        "crawford": int(game.crawford),
        "game_state": GAME_PLAYING,
        "turn": turn,
        "doubled": 0,
        "resign": 0,
        "die1": 0,
        "die2": 0,
        "match_length": match.rules.match_length,
        "score0": s0,
        "score1": s1,
    }
    if game.dice is not None:
        fields["die1"], fields["die2"] = max(game.dice), min(game.dice)
    stage = game.stage
    if stage is Phase.OPENING:
        fields["game_state"] = 0  # gnubg's GAME_NONE: no game under way yet
    elif stage is Phase.CUBE:
        assert game.offer is not None
        fields["doubled"] = 1
        fields["turn"] = game.offer.responder
        if game.offer.beavered:
            # gnubg doubles the cube at the beaver, handing it to the beaverer.
            fields["cube_log2"] += 1
            fields["cube_owner"] = 1 - game.offer.doubler
    elif stage is Phase.OVER:
        result = game.result
        assert result is not None
        # gnubg settles the next game's Crawford flag as soon as a game ends.
        fields["crawford"] = int(match._next_is_crawford())
        if result.reason is EndReason.BORNE_OFF:
            fields["game_state"] = GAME_OVER
        elif result.reason in (EndReason.RESIGNED, EndReason.ABANDONED):
            # An abandoned game counts as the loser resigning it.
            fields["game_state"] = GAME_RESIGNED
            fields["resign"] = int(result.win_type)
            fields["turn"] = result.winner
        else:
            fields["game_state"] = GAME_DROPPED
            fields["turn"] = 1 - result.winner
            if result.cube > cube.value:  # a dropped beaver
                fields["cube_log2"] = result.cube.bit_length() - 1
                fields["cube_owner"] = result.winner
    if game.resignation is not None:
        fields["resign"] = int(game.resignation.value)
        fields["turn"] = 1 - game.resignation.player
    return fields


@dataclass(frozen=True, slots=True)
class Replayed:
    """One event of a replayed record, with the match just before and just after it."""

    game: int  # the game's index in the record
    before: Match
    event: Event
    after: Match


def replay(record: MatchRecord) -> Match:
    """Re-execute a match record through the state machine and return the match.

    Every event is checked as it is replayed, and the rebuilt record must
    equal the given one; any difference raises a ``ValueError`` subclass
    (mostly :class:`IllegalActionError`).  Each game starts at the score its
    record gives, which the results before it give except in a match file
    whose header says another score (as GNU Backgammon reads it); that score
    must be one a game of the match can start at.
    """
    return _replay(record, None)


def replay_events(record: MatchRecord) -> list[Replayed]:
    """Every event of ``record``, replayed and checked as :func:`replay` does, with
    the match before and after it: what a review of the decisions needs.

    >>> m = Match.new(3).roll((3, 1)).play("8/5 6/5")
    >>> [(r.event.kind, r.before.phase.value) for r in replay_events(m.record)]
    [('opening', 'opening'), ('play', 'move')]
    """
    events: list[Replayed] = []
    _replay(record, events)
    return events


def _replay(record: MatchRecord, events: list[Replayed] | None) -> Match:
    if not record.games:
        raise IllegalActionError("a match record holds at least one game")
    first = record.games[0]
    if any(g.setup is not None for g in record.games[1:]):
        raise IllegalActionError("only the first game may start from a set-up position")
    if first.setup is None:
        match = Match.from_rules(record.rules, score=first.score, crawford=first.crawford)
    else:
        match = Match.from_setup(
            record.rules, first.setup, score=first.score, crawford=first.crawford
        )
    for i, wanted in enumerate(record.games):
        if i:
            # A game starts at the score its record gives: the results before it
            # give that score, except in a match file whose header says another.
            match = match.next_game(score=wanted.score)
        game = match.game
        header = (game.number, game.score, game.crawford)
        if header != (wanted.number, wanted.score, wanted.crawford):
            raise IllegalActionError(
                f"game {i + 1}: recorded as number {wanted.number}, score {wanted.score}, "
                f"Crawford {wanted.crawford}; replay gives {header[0]}, {header[1]}, {header[2]}"
            )
        for k, event in enumerate(wanted.events):
            before = game
            try:
                game = game.apply(event)
            except ValueError as exc:
                raise IllegalActionError(
                    f"game {i + 1}, {_describe(event)} (event {k + 1}): {exc}"
                ) from exc
            if events is not None:
                events.append(Replayed(i, match._with(before), event, match._with(game)))
        if game.record != wanted:
            raise IllegalActionError(f"game {i + 1}: the record does not replay to itself")
        match = match._with(game)
    return match


def _describe(event: Event) -> str:
    """An event in words, for errors a player may read (a save that does not replay).

    >>> from engine.record import Played, Doubled
    >>> _describe(Played(1, (2, 5), "13/8 13/11", ((13, 8), (13, 11)), (False, False)))
    "player 2's 52: 13/8 13/11"
    >>> _describe(Doubled(0, 2))
    "player 1's double to 2"
    """
    player = getattr(event, "player", None)
    who = f"player {player + 1}'s " if isinstance(player, int) else ""
    dice = getattr(event, "dice", None)
    roll = f"{max(dice)}{min(dice)}" if isinstance(dice, tuple) else ""
    notation = getattr(event, "notation", "")
    if notation:
        return f"{who}{roll}: {notation}"
    if roll:
        return f"{who}roll {roll}"
    cube = getattr(event, "cube", None)
    words = {
        "opening": "opening roll",
        "forfeit": "turn with no legal move",
        "double": "double",
        "beaver": "beaver",
        "take": "take",
        "drop": "drop",
        "resign": "resignation",
        "accept": "acceptance of a resignation",
        "reject": "rejection of a resignation",
        "abandon": "abandonment of the game",
    }[event.kind]
    return f"{who}{words}" + (f" to {cube}" if isinstance(cube, int) else "")
