"""Fast self-play helpers shared by the trainer and the benchmarks (training side only).

Positions are plain ``(me, opp)`` pairs of 26-tuples, as in :class:`engine.Position`.
"""

from __future__ import annotations

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
