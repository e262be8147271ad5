"""Fast self-play helpers shared by the trainer and the benchmarks (training side only).

Positions are plain ``(me, opp)`` pairs of 26-tuples, as in :class:`engine.Position`.
"""

from __future__ import annotations

import random

import numpy as np

from engine.movegen import _Search
from engine.position import Position

Side = tuple[int, ...]
Board = tuple[Side, Side]

START: Side = Position.start().me
"""Either side at the start of a game."""


def successors(me: Side, opp: Side, d1: int, d2: int) -> list[Board]:
    """Every distinct result of playing (d1, d2), as (mover, other) pairs.

    Mirrors :func:`engine.movegen.iter_legal_plays` without building Play
    objects; an empty list means the roll cannot be played.
    """
    if d1 < d2:
        d1, d2 = d2, d1
    search = _Search(Position._trusted(me, opp))
    if d1 == d2:
        search.run((d1, d1, d1, d1))
    else:
        search.run((d1, d2))
        search.run((d2, d1))
    if search.best_used == 0:
        return []
    return list(search.found.keys())


def terminal_value(winner: Side, loser: Side) -> tuple[float, float, float, float, float]:
    """Outcome probabilities for the LOSER, who would be on roll (gnubg order)."""
    gammon = loser[0] == 0
    backgammon = gammon and (loser[25] > 0 or any(loser[19:25]))
    return (0.0, 0.0, 0.0, 1.0 if gammon else 0.0, 1.0 if backgammon else 0.0)


def roll(first: bool, rng: random.Random) -> tuple[int, int]:
    """The dice, larger first; the opening roll is never a double."""
    d1 = rng.randint(1, 6)
    if first:
        d2 = rng.randint(1, 5)
        if d2 >= d1:
            d2 += 1
    else:
        d2 = rng.randint(1, 6)
    return max(d1, d2), min(d1, d2)


def add_candidates(cand: list[Board], me: Side, opp: Side, d1: int, d2: int) -> tuple[int, int]:
    """Append the results of playing (d1, d2), seen by the side then on roll; return their span.

    A roll that cannot be played adds the position handed over unchanged.
    """
    start = len(cand)
    succ = successors(me, opp, d1, d2)
    if succ:
        cand.extend((o, m) for m, o in succ)
    else:
        cand.append((opp, me))
    return start, len(cand)


def exact_finished(boards: np.ndarray, cand: list[Board], values: np.ndarray) -> np.ndarray:
    """Give finished games among the candidates their exact outcome; return their mask.

    ``boards`` is ``cand`` as an (M, 2, 26) array and ``values`` has a row per
    candidate, from the side on roll: it has lost when the other side has borne off.
    """
    won: np.ndarray = boards[:, 1, 0] == 15
    for i in np.nonzero(won)[0]:
        values[i] = terminal_value(cand[i][1], cand[i][0])
    return won
