"""Checker moves made as a record writes them, whether or not the roll allows them.

A match file written by hand, or by a server with a bug, can hold a play that
is not legal: a move of the wrong distance, a die left unplayed, a checker
moved while another waits on the bar.  GNU Backgammon reads such a file on,
and so do we: the moves are made one by one as written, so that the
position follows the file, and the play is flagged
(:attr:`engine.record.Played.recorded`).  A move that cannot be made on the
board at all (no checker of the mover's on its point, or a point the
opponent holds with two or more) is not made.

>>> from engine.position import Position
>>> start = Position.start()
>>> made, hits, skipped = make_as_written(start, [(13, 9), (1, 3), (6, 5)])
>>> made, hits, skipped                       # 1/3 runs backwards: not made
(((13, 9), (6, 5)), (False, False), ((1, 3),))
>>> after = position_after(start, made)       # seen by the opponent, now on roll
>>> after.swap().me[9], after.swap().me[13]
(1, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalPlayError
from engine.position import BAR, OFF, Move, Position


def _step(me: list[int], opp: list[int], move: Move) -> bool | None:
    """Make one move on the mover's counts ``me`` (and the opponent's ``opp``, in
    the opponent's frame); return whether it hit, or ``None`` when it cannot be
    made (and then change nothing)."""
    src, dst = move
    if not (0 < src <= BAR and OFF <= dst < BAR and dst != src) or me[src] == 0:
        return None
    if dst > src:  # backwards: no checker ever moves that way
        return None
    hit = False
    if dst != OFF:
        theirs = opp[25 - dst]
        if theirs >= 2:
            return None
        if theirs == 1:
            opp[25 - dst] = 0
            opp[BAR] += 1
            hit = True
    me[src] -= 1
    me[dst] += 1
    return hit


def make_as_written(
    position: Position, moves: Sequence[Move]
) -> tuple[tuple[Move, ...], tuple[bool, ...], tuple[Move, ...]]:
    """The moves of ``moves`` that can be made on ``position`` (the mover's view),
    in order, each with whether it hits; and those that cannot be made."""
    me, opp = list(position.me), list(position.opp)
    made: list[Move] = []
    hits: list[bool] = []
    skipped: list[Move] = []
    for move in moves:
        hit = _step(me, opp, move)
        if hit is None:
            skipped.append(move)
        else:
            made.append(move)
            hits.append(hit)
    return tuple(made), tuple(hits), tuple(skipped)


def position_after(position: Position, moves: Sequence[Move]) -> Position:
    """The board after ``moves`` made as written, seen by the opponent (now on
    roll); raises :class:`~engine.errors.IllegalPlayError` when one of them
    cannot be made on the board at all.

    >>> position_after(Position.start(), [(24, 30)])
    Traceback (most recent call last):
    ...
    engine.errors.IllegalPlayError: 24/30 cannot be made on this board
    """
    me, opp = list(position.me), list(position.opp)
    for src, dst in moves:
        if _step(me, opp, (src, dst)) is None:
            raise IllegalPlayError(f"{src}/{dst} cannot be made on this board")
    return Position(opp, me)
