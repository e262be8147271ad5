"""Analysing a whole match as GNU Backgammon does: every decision judged, every roll's luck.

:func:`analyse_decision` is what the page's AI workers answer for each
decision (:mod:`web.worker.ai`) and :func:`analyse` runs it over a record on
the command line and in the benchmarks: King Tubby's verdict
(:func:`engine.ai.review.judge`), and for a checker play the luck of the roll
that came before it (:func:`roll_luck`) and the roller's chances before it
rolled, which the equity graph draws.  The per player and per game figures
are :mod:`engine.review`'s (:func:`engine.review.match_stats`), which the
page computes without the AI.

Luck is GNU Backgammon's: the value of the roll for the side that rolled it,
less the mean value of all 21 rolls (a game's opening roll: the 15 rolls
that can open), each roll valued by the side's best play of it at 0-ply.
Values are cubeless equity at the score, normalised as the losses are (a
single game at the current cube is worth 1: :mod:`engine.ai.score`).

>>> from engine.position import Position
>>> luck, chances = roll_luck(Position.start(), None, (3, 1), opening=True)
>>> luck > 0.05, 0.45 < chances[0] < 0.55  # 3-1 is one of the best openings
(True, True)
>>> roll_luck(Position.start(), None, (6, 5), opening=True)[0] > 0
True
>>> roll_luck(Position.start(), None, (5, 4), opening=True)[0] < 0
True
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.ai.cube import CubeState, _unit
from engine.ai.evaluator import Probs
from engine.ai.player import ROLLS, _after, _Cache, _no_play, _valuer
from engine.ai.review import judge
from engine.movegen import legal_plays
from engine.names import DecisionKind
from engine.position import Position
from engine.record import MatchRecord
from engine.review import Decision, Judgement, decisions

_OPENING_ROLLS = tuple((a, b, 1.0 / 15.0) for a, b, _ in ROLLS if a != b)


def _best(
    position: Position, dice: tuple[int, int], cache: _Cache, cube: CubeState | None
) -> Probs:
    """The side on roll's probabilities after its best play of ``dice`` at 0-ply."""
    value = _valuer(cube)
    plays = legal_plays(position, dice) or [_no_play(position)]
    return max((_after(play, cache) for play in plays), key=value)


def roll_luck(
    position: Position, cube: CubeState | None, dice: tuple[int, int], *, opening: bool = False
) -> tuple[float, Probs]:
    """The luck of ``dice`` for the side on roll in ``position`` (see the module
    docs), and that side's cubeless chances before it rolled: the mean of what
    its best play of each roll leaves."""
    value = _valuer(cube)
    cache = _Cache()
    rolls = _OPENING_ROLLS if opening else ROLLS
    mean = [0.0] * 5
    rolled = 0.0
    for a, b, w in rolls:
        p = _best(position, (a, b), cache, cube)
        if {a, b} == set(dice) and a + b == sum(dice):
            rolled = value(p)
        for k in range(5):
            mean[k] += w * p[k]
    chances = (mean[0], mean[1], mean[2], mean[3], mean[4])
    return rolled - value(chances), chances


def result_unit(cube: CubeState) -> float:
    """What one point of normalised equity is worth in the result's units: in a
    match, match-winning chance (half what a single game at this cube swings);
    for money, points (the cube's value).

    >>> result_unit(CubeState(4))
    4.0
    >>> round(result_unit(CubeState(match_length=1, my_away=1, opp_away=1)), 6)
    0.5
    """
    return _unit(cube) if cube.is_match else float(cube.value)


def analyse_decision(decision: Decision, plies: int = 1) -> Judgement:
    """King Tubby's verdict on one decision at ``plies`` (1 or 2, as
    :func:`engine.ai.review.judge`), with the luck of its roll and the decider's
    chances (:attr:`~engine.review.Judgement.luck`,
    :attr:`~engine.review.Judgement.chances`, :attr:`~engine.review.Judgement.unit`)."""
    verdict = judge(decision, plies)
    unit = result_unit(decision.cube)
    if decision.kind == DecisionKind.PLAY:
        assert decision.dice is not None
        opening = decision.position == Position.start() and decision.dice[0] != decision.dice[1]
        luck, chances = roll_luck(decision.position, decision.cube, decision.dice, opening=opening)
        return verdict.with_figures(luck, chances, unit)
    return verdict.with_figures(None, verdict.chances, unit)


def analyse(
    record: MatchRecord, players: Iterable[int] = (0, 1), plies: int = 1
) -> tuple[Judgement, ...]:
    """Every decision of ``players`` in ``record``, analysed at ``plies``
    (:func:`analyse_decision`)."""
    return tuple(analyse_decision(d, plies) for d in decisions(record, players))
