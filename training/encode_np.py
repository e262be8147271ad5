"""Vectorised twin of :func:`engine.ai.encoding.encode` (tested to agree)."""

from __future__ import annotations

from functools import cache

import numpy as np

from engine.ai.encoding import (
    BASIC_FEATURES,
    FEATURES,
    N_BASE,
    N_FEATURES_PER_SIDE,
    REARMOST,
    ROLLS,
    STRUCTURE_FEATURES,
    _escapes_from,
    n_inputs,
    no_contact,
)

_SCALES = np.array([s for _, s in FEATURES], dtype=np.float32)
_P = np.arange(26)
_BITS = np.int64(1) << np.arange(26, dtype=np.int64)


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


def _contact_features(x: np.ndarray, y: np.ndarray, rearmost: np.ndarray) -> np.ndarray:
    """Twin of the features after the basic ones in :func:`engine.ai.encoding.features`
    (shots, pip loss, escapes, double shots, contained, contact pips): (M, 6) float,
    unscaled.  ``rearmost``: x's, as ints."""
    m = x.shape[0]
    blots = ((x[:, 1:25] == 1) * _BITS[1:25]).sum(axis=1)
    made = ((x[:, 1:25] >= 2) * _BITS[1:25]).sum(axis=1)
    rev = y[:, 24:0:-1]  # column k-1 <-> y[25 - k], x's point k
    sources = ((rev > 0) * _BITS[1:25]).sum(axis=1)
    theirs = ((rev >= 2) * _BITS[1:25]).sum(axis=1)
    on_bar = y[:, 25]
    rest = np.where(on_bar == 1, sources, 0)
    sources = np.where(on_bar > 0, 1, sources)
    open_ = ~made
    shots = np.zeros(m, dtype=np.int64)
    loss = np.zeros(m, dtype=np.int64)
    doubles = np.zeros(m, dtype=np.int64)
    for a, b, w in ROLLS:
        if a != b:
            via_a = sources << a
            via_b = sources << b
            hit = (via_a | via_b | (via_a & open_) << b | (via_b & open_) << a) & blots
            hit |= np.where((rest != 0) & ((made >> a) & 1 == 0), rest << b & blots, 0)
            hit |= np.where((rest != 0) & ((made >> b) & 1 == 0), rest << a & blots, 0)
        else:
            hit = np.zeros(m, dtype=np.int64)
            t = sources
            for _ in range(4):
                t = (t << a) & open_
                hit |= t & blots
            t = np.where((made >> a) & 1 == 0, rest, 0)
            for _ in range(3):
                t = (t << a) & open_
                hit |= t & blots
        any_hit = hit != 0
        shots += w * any_hit
        doubles += w * ((hit & (hit - 1)) != 0)
        low = hit & -hit
        nearest = np.log2(np.where(any_hit, low, 1).astype(np.float64)).astype(np.int64)
        loss += np.where(any_hit, w * (25 - nearest), 0)
    escapes = _escapes(rearmost, theirs)
    contained = np.min([_escapes(np.full(m, p), theirs) for p in range(15, 25)], axis=0)
    # y's rearmost checker in x's numbering (its bar is x's point 0)
    yocc = rev > 0
    front = np.where((on_bar > 0) | ~yocc.any(axis=1), 0, yocc.argmax(axis=1) + 1)
    dist = np.maximum(_P[None, 1:26] - front[:, None], 0)
    behind = (x[:, 1:26] * dist).sum(axis=1)
    cols = [shots, loss, escapes, doubles, contained, behind]
    return np.stack(cols, axis=1).astype(np.float32)


def _own_features(x: np.ndarray) -> np.ndarray:
    """Twin of :func:`engine.ai.encoding.own_features`: (M, 4) float, unscaled."""
    made = x[:, 1:25] >= 2
    k = made[:, :6].sum(axis=1)
    rev = made[:, ::-1]
    back = np.where(made.any(axis=1), 24 - rev.argmax(axis=1), 0)
    enemy_home = made[:, 18:24]  # points 19..24
    forward = np.where(enemy_home.any(axis=1), 6 - enemy_home.argmax(axis=1), 0)
    on = x[:, 1:26]
    count = on.sum(axis=1)
    pips = (on * _P[None, 1:26]).sum(axis=1)
    mean = np.where(count > 0, pips // np.maximum(count, 1), 25)
    dist = np.maximum(_P[None, 1:26] - mean[:, None], 0)
    moment = (on * dist * dist).sum(axis=1)
    return np.stack([k * k, back, forward, moment], axis=1).astype(np.float32)


def _escapes(rearmost: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Rolls on which a checker on ``rearmost`` gets past the points in ``theirs``."""
    low = np.maximum(rearmost - 12, 1)
    width = np.maximum(rearmost - low, 0)
    window = (theirs >> low) & ((np.int64(1) << width) - 1)
    escapes: np.ndarray = _escape_table()[rearmost, window]
    return escapes


@cache
def _escape_table() -> np.ndarray:
    """Escapes by (rearmost point, the 12 points below it as bits): a checker's
    escapes depend on nothing else, so one lookup replaces 21 rolls of bit tests."""
    table = np.full((26, 1 << 12), 36, dtype=np.int64)
    for r in range(2, 26):
        low = max(r - 12, 1)
        for window in range(1 << (r - low)):
            table[r, window] = _escapes_from(r, window << low)
    return table


def encode_batch(boards: np.ndarray, n_features: int = N_FEATURES_PER_SIDE) -> np.ndarray:
    """boards: (M, 2, 26) ints (side on roll first). Returns (M, inputs) float32."""
    m = boards.shape[0]
    out = np.zeros((m, n_inputs(n_features)), dtype=np.float32)
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
    me = boards[:, 0, :].astype(np.int64)
    opp = boards[:, 1, :].astype(np.int64)
    f = n_features
    back = []
    for s, (x, y) in enumerate(((me, opp), (opp, me))):
        vals = _side_features(x, y)
        rearmost = vals[:, REARMOST].astype(np.int64)
        back.append(rearmost)
        if f > BASIC_FEATURES:
            vals = np.concatenate([vals, _contact_features(x, y, rearmost)], axis=1)
        if f > STRUCTURE_FEATURES:
            vals = np.concatenate([vals, _own_features(x)], axis=1)
        out[:, N_BASE + f * s : N_BASE + f * (s + 1)] = vals[:, :f] / _SCALES[:f]
    out[:, -1] = no_contact(back[0], back[1])
    return out
