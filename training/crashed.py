"""Crashed positions: contact, and a side with few checkers left to play (training side only).

A side whose checkers are nearly all borne off or piled on its two deepest
points, while the game is still one of contact, has a broken board: that is
where the net judges worst (GNU Backgammon calls the class *crashed* and
keeps a net for it).  Our own rule picks such positions from our own games
for sharper targets (:mod:`training.rollouts`); the benchmarks keep using
the referee's classes to judge.

>>> from engine import Position
>>> crashed(Position.start().me, Position.start().opp)
False
>>> crashed_bearing_off(Position.start().me, Position.start().opp)
False
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.encoding import is_race

FREE = 6
"""At most this many checkers in play off the two deepest points make a side crashed."""


def crashed_side(side: Sequence[int]) -> bool:
    """Whether a side (borne off at 0, its ace point at 1, the bar at 25) has crashed."""
    return 15 - side[0] - side[1] - side[2] <= FREE


def crashed(me: Sequence[int], opp: Sequence[int]) -> bool:
    """A contact position in which either side has crashed."""
    return not is_race(me, opp) and (crashed_side(me) or crashed_side(opp))


def crashed_bearing_off(me: Sequence[int], opp: Sequence[int]) -> bool:
    """A crashed position in which a checker has been borne off.

    Where a rollout of our net beats its look-ahead: on 300 crashed positions of
    GNU Backgammon's self-play with six or more checkers off, 360 rollouts to
    the end judged the win probability to 0.0187 (1-ply 0.0346), and on those
    of random-move games with some off to 0.012 (1-ply 0.020); on crashed
    positions with nothing off (random-move games' early crashes, long games
    that our net plays badly from) the rollouts were worse than the 1-ply
    (0.0334 against 0.0277).  gnubg 2-ply judging, 2026-11-29.
    """
    return bool(me[0] or opp[0]) and crashed(me, opp)
