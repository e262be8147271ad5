"""Legal plays against GNU Backgammon's move generator on thousands of positions.

For every position and all 21 rolls, the set of positions reachable by a
legal play must be exactly the set gnubg-nn's C move generator finds.  The
positions come from a fixed seed: random self-play games, plus bear-offs
(with and without contact), checkers on the bar, strong boards and scatter.
"""

from __future__ import annotations

import random

import pytest
from random_positions import ROLLS, mixed_positions

from engine import Position, legal_plays

gnubg_nn = pytest.importorskip(
    "gnubg_nn", reason="gnubg-nn (the GPL referee, a dev dependency) is not installed"
)

SEED = 20240521
POSITIONS = 12_000

Board = tuple[tuple[int, ...], tuple[int, ...]]


def gnubg_results(pos: Position, dice: tuple[int, int]) -> set[Board]:
    """gnubg's resulting boards as (side that did not move, side that moved)."""
    board = [list(pos.opp[1:]), list(pos.me[1:])]
    out: set[Board] = set()
    for key in gnubg_nn.moves(board, dice[0], dice[1]):
        not_moved, mover = gnubg_nn.board_from_position_key(key)
        out.add((tuple(not_moved), tuple(mover)))
    return out


def engine_results(pos: Position, dice: tuple[int, int]) -> set[Board]:
    # The result has the opponent on roll: its ``me`` did not move.
    return {(p.result.me[1:], p.result.opp[1:]) for p in legal_plays(pos, dice)}


def describe(pos: Position, dice: tuple[int, int], ours: set[Board], theirs: set[Board]) -> str:
    def ids(boards: set[Board]) -> list[str]:
        # IDs as play.result.id would give them: the side that moved is not on roll.
        return sorted(gnubg_nn.position_id([list(mover), list(still)]) for still, mover in boards)

    return (
        f"{pos.id} roll {dice}: {len(ours)} plays, gnubg {len(theirs)}; "
        f"only ours {ids(ours - theirs)[:5]}, only gnubg {ids(theirs - ours)[:5]}"
    )


@pytest.mark.slow
def test_legal_plays_match_gnubg() -> None:
    positions = mixed_positions(random.Random(SEED), POSITIONS)
    assert len(set(positions)) == POSITIONS
    bear_off = sum(not any(p.me[7:]) for p in positions)
    on_bar = sum(p.bar > 0 for p in positions)
    assert bear_off > POSITIONS // 6 and on_bar > POSITIONS // 6, (bear_off, on_bar)

    failures: list[str] = []
    checked = 0
    for pos in positions:
        for dice in ROLLS:
            ours = engine_results(pos, dice)
            theirs = gnubg_results(pos, dice)
            checked += 1
            if ours != theirs:
                failures.append(describe(pos, dice, ours, theirs))
    assert checked == POSITIONS * 21
    assert not failures, f"{len(failures)} mismatches:\n" + "\n".join(failures[:20])
