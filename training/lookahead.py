"""A net's values of positions at 0, 1 or 2 plies, in numpy batches (training side only).

At ``n`` plies the side on roll's value is the mean, over its 21 rolls, of
the value at ``n - 1`` plies of the position its best play leaves, each
play chosen at 0-ply, as GNU Backgammon's look-ahead chooses them.  Against
GNU Backgammon 2-ply, the third distillation pass's net (positions of the
accuracy bench, 2,000 of each set) judges the win probability to 0.0145 at
0-ply, 0.0122 at 1-ply and 0.0100 at 2-ply on strong play's contact
positions, and 0.0252, 0.0187 and 0.0164 on crashed ones: the deeper values
are sharper targets for :mod:`training.distil`.

Values are seen from the side on roll; a game won on the way is valued
exactly.  The net alone judges the leaves: no race net, no bear-off
database, no gammon adjustment once a checker is off.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from training.encode_np import encode_batch
from training.ply1 import ROLL_WEIGHTS, Game, Weights, features_of, forward, score_turn
from training.returns import flip
from training.selfplay import Board

LEAVES_AT_ONCE = 168
"""Positions valued together one ply down: 8 positions' 21 leaves, about 70,000 plays."""


def values(boards: Sequence[Board], w: Weights, plies: int) -> np.ndarray:
    """The (len(boards), 5) probabilities of ``boards`` at ``plies`` (0, 1 or 2).

    Batches of a few positions keep the candidate plays of a look-ahead in
    memory (at 2 plies, a position has about 9,000 of them); the results
    depend on the batch only in the last bits of the arithmetic.
    """
    if plies == 0:
        arr = np.array(boards, dtype=np.int32)
        return forward(w, encode_batch(arr, features_of(w)))
    if plies not in (1, 2):
        raise ValueError(f"plies must be 0, 1 or 2, not {plies}")
    cand, vals, won, best = score_turn([Game(b) for b in boards], w, None)
    if plies == 2:
        # every roll's best play, valued a ply deeper from the opponent's side
        leaves = sorted({k for row in best for k in row if not won[k]})
        for s in range(0, len(leaves), LEAVES_AT_ONCE):
            chunk = leaves[s : s + LEAVES_AT_ONCE]
            vals[chunk] = values([cand[k] for k in chunk], w, 1)
    return np.array([flip(ROLL_WEIGHTS @ vals[row]) for row in best])
