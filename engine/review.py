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
>>> [(d.player, d.kind, d.chosen) for d in decisions(m.record)]
[(0, 'play', '24/20'), (1, 'cube', 'no double'), (1, 'play', '24/14')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.cube import CubeState
from engine.game import Action, Phase
from engine.match import Match, replay_events
from engine.movegen import Move
from engine.position import Position
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

    ``kind`` is ``"play"`` (``chosen`` is the play's notation, ``dice`` the
    roll, ``played`` the board after it, seen by the mover) or ``"cube"``
    (``chosen`` is ``"no double"``, ``"double"``, ``"take"`` or ``"drop"``).
    ``position`` and ``cube`` are the mover's at the start of the turn; for a
    cube decision they are the doubler's, also when the taker decides.
    ``game`` and ``event`` say where the decision is in the record (the
    event's index in its game)."""

    game: int
    event: int
    player: int
    kind: str
    chosen: str
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

    @property
    def grade(self) -> Grade:
        return Grade.of(self.loss)


def _cube_choice(before: Match, event: Event) -> str | None:
    """The cube choice an event made, when it was one worth judging."""
    if isinstance(event, Roll) and before.phase is Phase.ROLL:
        return "no double" if Action.DOUBLE in before.legal_actions() else None
    if isinstance(event, Doubled):
        return "double"
    if isinstance(event, Took | Dropped):
        offer = before.offer
        if offer is None or offer.beavered:
            return None  # the answer to a beaver is not judged
        return "take" if isinstance(event, Took) else "drop"
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
    ('play', '8/5 6/5', (3, 1))
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
        return Decision(game, index, player, "cube", chosen, position, before.cube_state(turn))
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
            game, index, player, "play", event.notation, start, cube, before.dice, played
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
    >>> d = Decision(0, 1, 0, "play", "24/20", Position.start(), CubeState(), (3, 1))
    >>> s = summarise([Judgement(d, 0.12, "8/5 6/5"), Judgement(d, 0.0, "8/5 6/5")], 0)
    >>> s.decisions, s.mistakes, s.pr
    (2, 1, 30.0)
    """
    mine = [j for j in judgements if j.decision.player == player]
    return tally(player, ((j.decision.kind, j.loss, j.counted) for j in mine))


def tally(player: int, verdicts: Iterable[tuple[str, float, bool]]) -> PlayerSummary:
    """A player's summary from the ``(kind, loss, counted)`` of each of its judged
    decisions (``kind`` ``"play"`` or ``"cube"``): for a caller that holds its own
    verdicts, as the page does.  Only counted decisions enter the PR.

    >>> s = tally(1, [("play", 0.2, True), ("cube", 0.0, False), ("play", 0.0, False)])
    >>> s.plays, s.cube, s.blunders, s.pr
    (1, 0, 1, 100.0)
    """
    seen = list(verdicts)
    grades = [Grade.of(loss) for _, loss, _ in seen]
    return PlayerSummary(
        player,
        sum(counted and kind == "play" for kind, _, counted in seen),
        sum(counted and kind == "cube" for kind, _, counted in seen),
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
