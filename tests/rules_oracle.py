"""A second, deliberately naive statement of the movement rules, for the tests.

It is written from the rules text, not from ``engine/movegen.py``: no pruning,
no shared code, every sequence of single-die moves tried.  It is far too slow
for the engine, but small enough to check by eye, so the rule tests can compare
the engine against it on hand-built positions, and the property tests can use
:func:`replay` to check that every play's moves are legal one die at a time.

Sides are 26 counts in their own numbering (0 off, 1..24 points, 25 bar), as in
:class:`engine.Position`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from engine import Play, Position

BAR = 25
OFF = 0

Move = tuple[int, int]
Side = tuple[int, ...]


def make(
    mine: dict[int, int],
    theirs: dict[int, int] | None = None,
    *,
    bar: int = 0,
    opp_bar: int = 0,
) -> Position:
    """A position from my checkers and the opponent's, both keyed by my point numbers.

    Checkers not placed are borne off.
    """
    points = [0] * 24
    for p, n in mine.items():
        points[p - 1] += n
    for p, n in (theirs or {}).items():
        assert points[p - 1] == 0, f"point {p} given to both sides"
        points[p - 1] -= n
    return Position.from_points(points, bar=bar, opp_bar=opp_bar)


def single_moves(me: Sequence[int], opp: Sequence[int], die: int) -> list[Move]:
    """Every legal move of one checker by ``die``, from the rules text."""
    if me[BAR]:
        # Entry is on the opponent's home board: its point ``die`` is my 25 - die.
        return [(BAR, 25 - die)] if opp[die] < 2 else []
    all_home = not any(me[7:26])
    highest = max((p for p in range(1, 25) if me[p]), default=0)
    moves: list[Move] = []
    for src in range(24, 0, -1):
        if not me[src]:
            continue
        dest = src - die
        if dest >= 1:
            if opp[25 - dest] < 2:
                moves.append((src, dest))
        elif all_home and (dest == 0 or src == highest):
            moves.append((src, OFF))
    return moves


def apply_move(me: Sequence[int], opp: Sequence[int], move: Move) -> tuple[Side, Side, bool]:
    """Play one single-die move (assumed legal); return the new sides and whether it hit."""
    src, dest = move
    mine, theirs = list(me), list(opp)
    mine[src] -= 1
    mine[dest] += 1
    hit = False
    if dest != OFF and theirs[25 - dest] == 1:
        theirs[25 - dest] = 0
        theirs[BAR] += 1
        hit = True
    return tuple(mine), tuple(theirs), hit


def _dice_orders(dice: tuple[int, int]) -> list[tuple[int, ...]]:
    d1, d2 = dice
    if d1 == d2:
        return [(d1,) * 4]
    return [(d1, d2), (d2, d1)]


def all_sequences(
    pos: Position, dice: tuple[int, int]
) -> list[tuple[tuple[int, ...], tuple[Move, ...], Side, Side]]:
    """Every maximal sequence of single-die moves: ``(dice used, moves, me, opp)``.

    A sequence stops when the next die of its order cannot be played.
    """
    out: list[tuple[tuple[int, ...], tuple[Move, ...], Side, Side]] = []

    def walk(
        order: tuple[int, ...], used: tuple[int, ...], moves: tuple[Move, ...], me: Side, opp: Side
    ) -> None:
        if len(used) == len(order):
            out.append((used, moves, me, opp))
            return
        die = order[len(used)]
        options = single_moves(me, opp, die)
        if not options:
            out.append((used, moves, me, opp))
            return
        for move in options:
            new_me, new_opp, _ = apply_move(me, opp, move)
            walk(order, (*used, die), (*moves, move), new_me, new_opp)

    for order in _dice_orders(dice):
        walk(order, (), (), tuple(pos.me), tuple(pos.opp))
    return out


def reference_plays(pos: Position, dice: tuple[int, int]) -> dict[Position, set[tuple[Move, ...]]]:
    """The legal plays by the compulsory-use rules: result position -> move sequences.

    Use as many dice as possible; when only one die of a non-double can be
    used, the higher one if it can be.  An empty dict means no legal play.
    """
    seqs = all_sequences(pos, dice)
    most = max(len(used) for used, *_ in seqs)
    if most == 0:
        return {}
    best = [s for s in seqs if len(s[0]) == most]
    if most == 1 and dice[0] != dice[1]:
        high = max(dice)
        if any(used[0] == high for used, *_ in best):
            best = [s for s in best if s[0][0] == high]
    plays: dict[Position, set[tuple[Move, ...]]] = {}
    for _, moves, me, opp in best:
        plays.setdefault(Position(opp, me), set()).add(moves)
    return plays


def replay(
    pos: Position, dice: tuple[int, int], moves: Sequence[Move]
) -> tuple[Position, tuple[bool, ...]]:
    """Replay ``moves`` one die at a time; return the result (opponent on roll) and hits.

    Raises ``AssertionError`` if no assignment of the dice makes every move legal.
    """
    d1, d2 = dice
    pool = [d1] * 4 if d1 == d2 else [d1, d2]
    assert len(moves) <= len(pool), f"{len(moves)} moves for {dice}"
    for assignment in set(itertools.permutations(pool, len(moves))):
        me, opp = tuple(pos.me), tuple(pos.opp)
        hits: list[bool] = []
        for die, move in zip(assignment, moves, strict=True):
            if move not in single_moves(me, opp, die):
                break
            me, opp, hit = apply_move(me, opp, move)
            hits.append(hit)
        else:
            return Position(opp, me), tuple(hits)
    raise AssertionError(f"{moves} cannot be replayed with {dice} from {pos.id}")


def result_set(plays: Iterable[Play]) -> set[Position]:
    """The result positions of engine plays."""
    return {p.result for p in plays}
