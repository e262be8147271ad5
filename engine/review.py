"""Reviewing a match, without the AI: which events are decisions, how bad a
loss is, and each player's counts and performance rating.

The decisions are read off the engine's replay of the record
(:func:`engine.match.replay_events`): each checker play, and each cube choice
(doubling or not when the cube could be turned, taking or dropping).  A
:class:`Decision` holds what the judge needs: the position and cube state at
the start of the turn (the doubler's for a cube decision, also when the taker
decides) and what was chosen.  The judging itself is King Tubby's
(:func:`engine.ai.review.judge` on the command line, the AI worker on the
page); this module is what both share, and the page imports it without the AI.

Losses are in normalised equity: money equity per current cube, or, in a
match, match-winning chances scaled so that a single game at the current cube
is worth 1 (GNU Backgammon's "EMG").

The performance rating (PR) is the one eXtreme Gammon and Galaxy report::

    PR = 500 x (sum of the player's losses) / (the player's decisions)

where the decisions are the *unforced* checker plays (more than one legal
play) and the cube decisions that count: every double, take and drop, and a
roll without doubling only when doubling was close or right
(:func:`engine.ai.is_close`), as GNU Backgammon counts "close or actual cube
decisions".  A forced play or a far-from-doubling roll is no decision and
adds nothing to either side of the ratio.  Errors are not multiplied by the
cube value (a blunder at 8 counts as one at 1), as in XG's PR and gnubg's
"error rate mEMG" (PR = mEMG / 2).  Lower is better: about 2 to 5 is
world class, 5 to 8 expert, 10 to 15 intermediate, 20 and above a beginner.
Resignations, answers to a beaver, and a play a match file records that is
not legal (:attr:`engine.record.Played.recorded`) are not judged.

Grades use GNU Backgammon's thresholds (those of the page's tutor): doubtful
from 0.04, a mistake from 0.08, a blunder from 0.16.

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
>>> [(d.player, d.kind.value, str(d.chosen)) for d in decisions(m.record)]
[(0, 'play', '24/20'), (1, 'cube', 'no double'), (1, 'play', '24/14')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from engine.cube import CubeState
from engine.game import Action, Phase
from engine.match import Match, replay_events
from engine.names import CubeChoice, DecisionKind
from engine.position import Move, Position
from engine.record import Doubled, Dropped, Event, MatchRecord, Played, Roll, Took

DOUBTFUL, MISTAKE, BLUNDER = 0.04, 0.08, 0.16
"""Normalised equity a decision may give up before it is doubtful, a mistake or a
blunder (GNU Backgammon's default thresholds)."""

PR_SCALE = 500.0


class Grade(Enum):
    """How bad a decision was."""

    GOOD = "good"
    DOUBTFUL = "doubtful"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, loss: float) -> Grade:
        """The grade of a loss.

        >>> [Grade.of(x).value for x in (0.03, 0.04, 0.1, 0.2)]
        ['good', 'doubtful', 'mistake', 'blunder']
        """
        if loss >= BLUNDER:
            return cls.BLUNDER
        if loss >= MISTAKE:
            return cls.MISTAKE
        if loss >= DOUBTFUL:
            return cls.DOUBTFUL
        return cls.GOOD


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision to judge.

    ``kind`` is a play (``chosen`` is the play's notation, ``dice`` the
    roll, ``played`` the board after it, seen by the mover) or the cube
    (``chosen`` is a :class:`~engine.names.CubeChoice`).
    ``position`` and ``cube`` are the mover's at the start of the turn; for a
    cube decision they are the doubler's, also when the taker decides.
    ``game`` and ``event`` say where the decision is in the record (the
    event's index in its game)."""

    game: int
    event: int
    player: int
    kind: DecisionKind
    chosen: str  # the play's notation, or a CubeChoice (a str too)
    position: Position
    cube: CubeState
    dice: tuple[int, int] | None = None
    played: Position | None = None


@dataclass(frozen=True, slots=True)
class Judgement:
    """A decision with King Tubby's verdict: what it gave up and the best choice.

    ``counted`` says whether it is one of the player's decisions for the
    rating (not a forced play, nor a roll far from doubling)."""

    decision: Decision
    loss: float
    best: str
    best_moves: tuple[Move, ...] = ()
    counted: bool = True
    # A whole match's analysis adds (engine.ai.match_analysis): the luck of a
    # play's roll for the roller (normalised equity; None for a cube decision),
    # the cubeless chances of the side on roll in ``decision.position`` before it
    # rolls, and what one normalised point is worth in the result's units
    # (:func:`luck_units`).
    luck: float | None = None
    chances: tuple[float, float, float, float, float] | None = None
    unit: float = 0.0

    @property
    def grade(self) -> Grade:
        return Grade.of(self.loss)

    def with_figures(
        self,
        luck: float | None,
        chances: tuple[float, float, float, float, float] | None,
        unit: float,
    ) -> Judgement:
        return replace(self, luck=luck, chances=chances, unit=unit)

    def win(self, player: int) -> float | None:
        """``player``'s chance of winning at this decision (None when not known).

        >>> from engine.cube import CubeState
        >>> d = Decision(0, 3, 1, DecisionKind.CUBE, CubeChoice.TAKE, Position.start(), CubeState())
        >>> Judgement(d, 0.0, "take", chances=(0.7, 0.2, 0.0, 0.05, 0.0)).win(1)
        0.30000000000000004
        """
        if self.chances is None:
            return None
        d = self.decision
        answered = d.kind == DecisionKind.CUBE and CubeChoice(d.chosen).answer
        on_roll = 1 - d.player if answered else d.player
        return self.chances[0] if on_roll == player else 1.0 - self.chances[0]


def _cube_choice(before: Match, event: Event) -> CubeChoice | None:
    """The cube choice an event made, when it was one worth judging."""
    if isinstance(event, Roll) and before.phase is Phase.ROLL:
        return CubeChoice.NO_DOUBLE if Action.DOUBLE in before.legal_actions() else None
    if isinstance(event, Doubled):
        return CubeChoice.DOUBLE
    if isinstance(event, Took | Dropped):
        offer = before.offer
        if offer is None or offer.beavered:
            return None  # the answer to a beaver is not judged
        return CubeChoice.TAKE if isinstance(event, Took) else CubeChoice.DROP
    return None


def _start_of_turn(match: Match, player: int) -> Position:
    position = match.position
    return position if match.turn == player else position.swap()


def decision(before: Match, event: Event, game: int, index: int) -> Decision | None:
    """The decision ``event`` made from ``before`` (event ``index`` of game
    ``game``), or None when it was none to judge: what :func:`decisions` lists,
    found one at a time (the analysis board asks about the step it shows).

    >>> m = Match.new(0).roll((3, 1))
    >>> after = m.play("8/5 6/5")
    >>> d = decision(m, after.events[-1], 0, 1)
    >>> d.kind, d.chosen, d.dice
    (<DecisionKind.PLAY: 'play'>, '8/5 6/5', (3, 1))
    >>> decision(Match.new(0), m.events[-1], 0, 0) is None  # the opening roll: no choice
    True
    """
    player = getattr(event, "player", None)
    turn = before.turn
    if not isinstance(player, int) or turn is None or before.is_game_over:
        return None
    chosen = _cube_choice(before, event)
    if chosen is not None:
        position = _start_of_turn(before, turn)  # the doubler's, also for the taker
        return Decision(
            game, index, player, DecisionKind.CUBE, chosen, position, before.cube_state(turn)
        )
    if (
        isinstance(event, Played)
        and not event.recorded  # not a legal play: nothing to judge it against
        and before.phase is Phase.MOVE
        and before.dice
    ):
        played = before.with_play(event.moves).board
        cube = before.cube_state(turn)
        start = _start_of_turn(before, turn)
        return Decision(
            game, index, player, DecisionKind.PLAY, event.notation, start, cube, before.dice, played
        )
    return None


def decisions(
    record: MatchRecord, players: Iterable[int] = (0, 1), game: int | None = None
) -> tuple[Decision, ...]:
    """The decisions of ``players`` (in game ``game``, or all games), in order."""
    wanted = frozenset(players)
    out: list[Decision] = []
    index: dict[int, int] = {}  # the next event's index in each game
    for r in replay_events(record):
        k = index.get(r.game, 0)
        index[r.game] = k + 1
        player = getattr(r.event, "player", None)
        if (game is not None and r.game != game) or player not in wanted:
            continue
        found = decision(r.before, r.event, r.game, k)
        if found is not None:
            out.append(found)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's review: the decisions that count, the error counts and the PR."""

    player: int
    plays: int  # unforced checker plays
    cube: int  # cube decisions that count
    doubtful: int
    mistakes: int
    blunders: int
    error: float  # the sum of the losses, normalised equity

    @property
    def decisions(self) -> int:
        return self.plays + self.cube

    @property
    def pr(self) -> float:
        """The performance rating: 500 x the mean loss per decision (0 with none)."""
        return PR_SCALE * self.error / self.decisions if self.decisions else 0.0


def summarise(judgements: Sequence[Judgement], player: int) -> PlayerSummary:
    """The review of ``player``'s judged decisions.

    >>> from engine.cube import CubeState
    >>> d = Decision(0, 1, 0, DecisionKind.PLAY, "24/20", Position.start(), CubeState(), (3, 1))
    >>> s = summarise([Judgement(d, 0.12, "8/5 6/5"), Judgement(d, 0.0, "8/5 6/5")], 0)
    >>> s.decisions, s.mistakes, s.pr
    (2, 1, 30.0)
    """
    mine = [j for j in judgements if j.decision.player == player]
    return tally(player, ((j.decision.kind, j.loss, j.counted) for j in mine))


def tally(player: int, verdicts: Iterable[tuple[DecisionKind, float, bool]]) -> PlayerSummary:
    """A player's summary from the ``(kind, loss, counted)`` of each of its judged
    decisions (``kind`` a :class:`~engine.names.DecisionKind`): for a caller that holds its own
    verdicts, as the page does.  Only counted decisions enter the PR.

    >>> play, cube = DecisionKind.PLAY, DecisionKind.CUBE
    >>> s = tally(1, [(play, 0.2, True), (cube, 0.0, False), (play, 0.0, False)])
    >>> s.plays, s.cube, s.blunders, s.pr
    (1, 0, 1, 100.0)
    """
    seen = list(verdicts)
    grades = [Grade.of(loss) for _, loss, _ in seen]
    return PlayerSummary(
        player,
        sum(counted and kind == DecisionKind.PLAY for kind, _, counted in seen),
        sum(counted and kind == DecisionKind.CUBE for kind, _, counted in seen),
        grades.count(Grade.DOUBTFUL),
        grades.count(Grade.MISTAKE),
        grades.count(Grade.BLUNDER),
        sum(loss for _, loss, counted in seen if counted),
    )


@dataclass(frozen=True, slots=True)
class MatchReview:
    """Every judged decision of a match and each player's summary."""

    judgements: tuple[Judgement, ...]
    players: tuple[PlayerSummary, PlayerSummary]

    def flagged(self, player: int | None = None) -> tuple[Judgement, ...]:
        """The decisions judged doubtful or worse, in order."""
        return tuple(
            j
            for j in self.judgements
            if j.grade is not Grade.GOOD and (player is None or j.decision.player == player)
        )


# -- a whole match's statistics -----------------------------------------------------

LUCKY, VERY_LUCKY = 0.03, 0.06
"""Mean luck per roll (normalised) beyond which a player was lucky or very lucky
(below minus these: unlucky, very unlucky), as GNU Backgammon rates a match's luck."""


class LuckRating(Enum):
    """How lucky a player's rolls were on the whole (GNU Backgammon's five ratings)."""

    VERY_UNLUCKY = "very unlucky"
    UNLUCKY = "unlucky"
    NONE = "none"
    LUCKY = "lucky"
    VERY_LUCKY = "very lucky"

    @classmethod
    def of(cls, rate: float) -> LuckRating:
        """The rating of a mean luck per roll.

        >>> [LuckRating.of(x).value for x in (-0.07, -0.04, 0.0, 0.04, 0.07)]
        ['very unlucky', 'unlucky', 'none', 'lucky', 'very lucky']
        """
        if rate > VERY_LUCKY:
            return cls.VERY_LUCKY
        if rate > LUCKY:
            return cls.LUCKY
        if rate < -VERY_LUCKY:
            return cls.VERY_UNLUCKY
        if rate < -LUCKY:
            return cls.UNLUCKY
        return cls.NONE


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over a match or one game, as GNU Backgammon's statistics.

    ``plays`` and ``cube`` are the checker plays' and the cube decisions' reviews,
    ``overall`` both together (its PR is the player's).  ``luck`` is the sum of
    the luck of the player's rolls (normalised equity), over ``rolls`` rolls.
    ``result`` is what the player won (negative: lost) and ``luck_result`` the
    luck of both players' rolls for this player in the same units: ``units`` is
    ``"points"`` (a game, a money session or a match not finished) or ``"mwc"``
    (a finished match: match-winning chance, +0.5 for the winner)."""

    player: int
    plays: PlayerSummary
    cube: PlayerSummary
    overall: PlayerSummary
    rolls: int
    luck: float
    result: float
    luck_result: float
    units: str

    @property
    def luck_rate(self) -> float:
        """Mean luck per roll (normalised equity)."""
        return self.luck / self.rolls if self.rolls else 0.0

    @property
    def luck_rating(self) -> LuckRating:
        return LuckRating.of(self.luck_rate)

    @property
    def adjusted(self) -> float:
        """The luck-adjusted result: what the player would have won with average dice."""
        return self.result - self.luck_result

    @property
    def error_rate(self) -> float:
        """Mean equity given up per counted decision, in millipoints (mEMG)."""
        o = self.overall
        return 1000.0 * o.error / o.decisions if o.decisions else 0.0


@dataclass(frozen=True, slots=True)
class MatchStats:
    """Both players' statistics for the whole match and for each game (by index)."""

    match: tuple[PlayerStats, PlayerStats]
    games: tuple[tuple[PlayerStats, PlayerStats], ...]


def _won(record: MatchRecord) -> int | None:
    """The player who won the match (None: a money session, or not over)."""
    length = record.rules.match_length
    if not length or not record.games:
        return None
    last = record.games[-1]
    if last.result is None:
        return None
    score = list(last.score)
    score[last.result.winner] += last.result.points
    return next((p for p in (0, 1) if score[p] >= length), None)


def _stats(
    player: int, judged: Sequence[Judgement], points: float, mwc: float | None
) -> PlayerStats:
    mine = [j for j in judged if j.decision.player == player]

    def summary(*kinds: DecisionKind) -> PlayerSummary:
        return tally(
            player, ((j.decision.kind, j.loss, j.counted) for j in mine if j.decision.kind in kinds)
        )

    rolled = [j for j in judged if j.luck is not None]
    luck = sum(j.luck or 0.0 for j in rolled if j.decision.player == player)

    def luck_for_me(j: Judgement, value: float) -> float:
        return value * (j.luck or 0.0) * (1 if j.decision.player == player else -1)

    if mwc is None:
        luck_result = sum(luck_for_me(j, j.decision.cube.value) for j in rolled)
        result, units = points, "points"
    else:
        luck_result = sum(luck_for_me(j, j.unit) for j in rolled)
        result, units = mwc, "mwc"
    return PlayerStats(
        player,
        summary(DecisionKind.PLAY),
        summary(DecisionKind.CUBE),
        summary(DecisionKind.PLAY, DecisionKind.CUBE),
        sum(j.decision.player == player for j in rolled),
        luck,
        result,
        luck_result,
        units,
    )


def match_stats(record: MatchRecord, judged: Sequence[Judgement]) -> MatchStats:
    """The statistics of an analysed match (``judged``: its decisions, with their
    luck where :mod:`engine.ai.match_analysis` added it).

    A finished match's result is in match-winning chance; each game's, and a money
    session's, in points (see :class:`PlayerStats`).

    >>> from engine.cube import CubeState
    >>> from engine.match import Match
    >>> m = Match.new(0).roll((3, 1)).play("8/5 6/5").roll((6, 6)).play("24/18(2) 13/7(2)")
    >>> d0, _, d1 = decisions(m.record)
    >>> judged = [Judgement(d0, 0.0, "8/5 6/5", luck=0.1), Judgement(d1, 0.1, "x", luck=0.3)]
    >>> s = match_stats(m.record, judged)
    >>> black, white = s.match
    >>> round(black.luck_result, 6), round(white.adjusted, 6), white.overall.mistakes, white.units
    (-0.2, -0.2, 1, 'points')
    """
    games: list[tuple[PlayerStats, PlayerStats]] = []
    for g, game in enumerate(record.games):
        here = [j for j in judged if j.decision.game == g]
        r = game.result
        points = [0.0, 0.0]
        if r is not None:
            points[r.winner], points[1 - r.winner] = r.points, -r.points
        games.append((_stats(0, here, points[0], None), _stats(1, here, points[1], None)))
    won = _won(record)
    totals = [sum(pair[p].result for pair in games) for p in (0, 1)]
    over = tuple(
        _stats(p, judged, totals[p], None if won is None else (0.5 if won == p else -0.5))
        for p in (0, 1)
    )
    return MatchStats((over[0], over[1]), tuple(games))
