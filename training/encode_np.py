"""Vectorised twin of :func:`engine.ai.encoding.encode` (tested to agree)."""

from __future__ import annotations

import numpy as np

from engine.ai.encoding import FEATURES, N_BASE, N_FEATURES_PER_SIDE, N_INPUTS, RACE_INPUT

_SCALES = np.array([s for _, s in FEATURES], dtype=np.float32)
_P = np.arange(26)


def _side_features(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x, y: (M, 26) int arrays. Returns (M, 6) float features, unscaled."""
    m = x.shape[0]
    pips = (x * _P).sum(axis=1)
    occ = x[:, 1:26] > 0  # points 1..25
    # rearmost = highest occupied index (0 if none)
    rev = occ[:, ::-1]
    anyocc = occ.any(axis=1)
    rearmost = np.where(anyocc, 25 - rev.argmax(axis=1), 0)
    made = x[:, 1:25] >= 2
    run = np.zeros(m, dtype=np.int32)
    best = np.zeros(m, dtype=np.int32)
    for p in range(24):
        run = (run + 1) * made[:, p]
        np.maximum(best, run, out=best)
    # enemy presence at q = 1..25 -> cumulative counts for range queries
    yocc = (y[:, 1:26] > 0).astype(np.int32)
    cs = np.zeros((m, 27), dtype=np.int32)
    np.cumsum(yocc, axis=1, out=cs[:, 2:27])  # cs[:, q+1] = count over 1..q
    direct = np.zeros(m, dtype=np.int32)
    indirect = np.zeros(m, dtype=np.int32)
    blots = x[:, 1:25] == 1
    for p in range(1, 25):
        lo = 26 - p
        hi6 = min(lo + 5, 25)
        hi12 = min(lo + 11, 25)
        nd = cs[:, hi6 + 1] - cs[:, lo]
        ni = cs[:, hi12 + 1] - cs[:, lo]
        b = blots[:, p - 1]
        direct += b & (nd > 0)
        indirect += b & (nd == 0) & (ni > 0)
    # enemy made points in x's numbering k = 1..24: y[25 - k] >= 2
    ymade = (y[:, 24:0:-1] >= 2).astype(np.int32)  # column k-1 <-> y[25-k]
    cm = np.zeros((m, 25), dtype=np.int32)
    np.cumsum(ymade, axis=1, out=cm[:, 1:25])  # cm[:, k] = count over 1..k
    r = rearmost
    hi = np.clip(np.minimum(r, 25) - 1, 0, 24)
    lo = np.clip(r - 7, 0, 24)
    blocked = np.where(r >= 2, cm[np.arange(m), hi] - cm[np.arange(m), lo], 0)
    return np.stack([pips, rearmost, best, direct, indirect, blocked], axis=1).astype(np.float32)


def encode_batch(boards: np.ndarray) -> np.ndarray:
    """boards: (M, 2, 26) ints (side on roll first). Returns (M, 209) float32."""
    m = boards.shape[0]
    out = np.zeros((m, N_INPUTS), dtype=np.float32)
    for s in range(2):
        side = boards[:, s, :]
        pts = side[:, 1:25]
        blk = out[:, 98 * s : 98 * s + 96].reshape(m, 24, 4)
        blk[:, :, 0] = pts == 1
        blk[:, :, 1] = pts == 2
        blk[:, :, 2] = pts >= 3
        blk[:, :, 3] = np.maximum(pts - 3, 0) / 2.0
        out[:, 98 * s + 96] = side[:, 25] / 2.0
        out[:, 98 * s + 97] = side[:, 0] / 15.0
    me = boards[:, 0, :]
    opp = boards[:, 1, :]
    out[:, N_BASE : N_BASE + N_FEATURES_PER_SIDE] = _side_features(me, opp) / _SCALES
    out[:, N_BASE + N_FEATURES_PER_SIDE : N_BASE + 2 * N_FEATURES_PER_SIDE] = (
        _side_features(opp, me) / _SCALES
    )
    occ_me = me[:, 1:26] > 0
    occ_opp = opp[:, 1:26] > 0
    my_back = np.where(occ_me.any(axis=1), 25 - occ_me[:, ::-1].argmax(axis=1), 0)
    their_back = np.where(occ_opp.any(axis=1), 25 - occ_opp[:, ::-1].argmax(axis=1), 0)
    out[:, RACE_INPUT] = (my_back + their_back) <= 25
    return out
