"""What a win or a loss of each size is worth at the match score, for checker play.

In a money game a gammon is worth twice a single game, so plays are ranked
by cubeless money equity.  In a match it depends on the score: at double
match point a gammon is worth no more than a single win, and a side two
points away gains nothing from winning a backgammon rather than a gammon.
GNU Backgammon ranks checker plays by match-winning chances for that reason;
so does King Tubby when told the score.

The match-winning chance of cubeless probabilities is linear in them, and is
reported here normalised as GNU Backgammon does (its "normalised equity"): a
single win is +1 and a single loss -1, so that the figures read like money
equity and a loss between plays is comparable with the money ones.  The
weights below are the values of the extra gammon and backgammon outcomes in
those units; for money they are all 1 and :func:`score_equity` is
:func:`engine.ai.evaluator.equity`.

>>> dmp = CubeState(match_length=5, my_away=1, opp_away=1)
>>> outcome_weights(dmp)
(0.0, 0.0, 0.0, 0.0)
>>> score_equity((0.6, 0.3, 0.0, 0.1, 0.0), outcome_weights(dmp))  # the gammons count for nothing
0.19999999999999996
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.met import equity_after
from engine.cube import CubeState

Weights = tuple[float, float, float, float]
"""Values of (win gammon, win backgammon, lose gammon, lose backgammon) beyond the outcome below."""

MONEY: Weights = (1.0, 1.0, 1.0, 1.0)

JACOBY: Weights = (0.0, 0.0, 0.0, 0.0)
"""Money play under the Jacoby rule before the cube is turned: gammons score as single
games, so, as in GNU Backgammon (its "gammon price" is 0 there), they are not played for."""


def outcome_weights(cube: CubeState | None) -> Weights:
    """The gammon and backgammon values of the side on roll at ``cube``'s score.

    Money play (no cube state, or ``match_length`` 0) gives :data:`MONEY`, or
    :data:`JACOBY` while the Jacoby rule holds (the cube in use and still centred).
    In a match, with ``W1..W3`` the match-winning chances after winning a
    single game, a gammon or a backgammon at the cube's value and ``L1..L3``
    after losing one: ``(2 (W2 - W1), 2 (W3 - W2), 2 (L1 - L2), 2 (L2 - L3))
    / (W1 - L1)``.

    >>> outcome_weights(None), outcome_weights(CubeState(jacoby=False))
    ((1.0, 1.0, 1.0, 1.0), (1.0, 1.0, 1.0, 1.0))
    >>> outcome_weights(CubeState(jacoby=True)), outcome_weights(CubeState(2, 0, jacoby=True))
    ((0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 1.0))
    >>> w = outcome_weights(CubeState(match_length=7, my_away=2, opp_away=4))
    >>> w[0] > 0.0, w[1]  # a gammon wins the match: a backgammon adds nothing
    (True, 0.0)
    >>> outcome_weights(CubeState(match_length=7, my_away=1, opp_away=4))[:2]
    (0.0, 0.0)
    """
    if cube is None or not cube.is_match:
        return JACOBY if cube is not None and cube.jacoby and cube.owner is None else MONEY
    a, b, c, v = cube.my_away, cube.opp_away, cube.crawford, cube.value
    w1, w2, w3 = (equity_after(a, b, c, k * v, 0) for k in (1, 2, 3))
    l1, l2, l3 = (equity_after(a, b, c, 0, k * v) for k in (1, 2, 3))
    span = w1 - l1
    if span <= 0.0:  # cannot happen at a live score; keep money's order rather than divide by 0
        return MONEY
    return (
        2.0 * (w2 - w1) / span,
        2.0 * (w3 - w2) / span,
        2.0 * (l1 - l2) / span,
        2.0 * (l2 - l3) / span,
    )


def score_equity(p: Sequence[float], weights: Weights) -> float:
    """Normalised cubeless equity of probabilities ``p`` with these outcome ``weights``."""
    wg, wbg, lg, lbg = weights
    return 2.0 * p[0] - 1.0 + wg * p[1] + wbg * p[2] - lg * p[3] - lbg * p[4]
