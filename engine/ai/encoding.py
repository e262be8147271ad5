"""The network's view of a position: Tesauro's inputs plus a few hand-made features.

Every input is a function of a small integer (a point's checker count, a pip
count, a number of blots...), so inference never multiplies: the network
turns each ``(input group, integer value)`` into one precomputed row of the
first layer and sums the rows (see :mod:`engine.ai.network`).  This module
defines those groups once; ``training/encode_np.py`` is the vectorised twin
used for training and is tested against it.

Layout, for side ``s`` in (0 = on roll, 1 = opponent), each in its own numbering:

* ``s*98 + 4*(p-1) + k`` for point p: k=0 ``n == 1``, k=1 ``n == 2``,
  k=2 ``n >= 3``, k=3 ``(n - 3) / 2`` when n > 3 (Tesauro / GNU Backgammon);
* ``s*98 + 96``: checkers on the bar / 2;  ``s*98 + 97``: borne off / 15;
* ``196 + s*6 + j``: hand-made features (see :data:`FEATURES`);
* ``208``: 1 when the position is a pure race (no contact possible).
"""

from __future__ import annotations

from collections.abc import Sequence

N_BASE = 196
N_FEATURES_PER_SIDE = 6
N_INPUTS = N_BASE + 2 * N_FEATURES_PER_SIDE + 1  # 209
RACE_INPUT = N_INPUTS - 1

FEATURES = (
    ("pips", 100.0),  # pip count / 100
    ("rearmost", 25.0),  # furthest-back checker (bar = 25) / 25
    ("prime", 6.0),  # longest run of made points / 6
    ("direct_blots", 4.0),  # blots within 1..6 pips of an enemy checker behind them / 4
    ("indirect_blots", 4.0),  # blots 7..12 pips away (and not directly hit) / 4
    ("blocked", 6.0),  # enemy points among the 6 in front of the rearmost checker / 6
)
"""Feature name and the divisor that scales its integer value."""


def side_features(x: Sequence[int], y: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """Integer values of :data:`FEATURES` for side ``x`` against side ``y``.

    Both are 26-count sides in their own numbering.  ``y``'s checker on its
    point q stands on x's point 25 - q and moves towards x's higher points,
    so it is ``p + q - 25`` pips behind x's point p (the bar, q = 25, too).
    """
    pips = 0
    rearmost = 0
    run = best = 0
    for p in range(1, 26):
        n = x[p]
        if n:
            pips += n * p
            rearmost = p
        if p < 25:
            if n >= 2:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    direct = indirect = 0
    for p in range(1, 25):
        if x[p] == 1:
            lo = 26 - p
            kind = 0
            for q in range(lo, min(lo + 12, 26)):
                if y[q]:
                    kind = 1 if q < lo + 6 else 2
                    break
            if kind == 1:
                direct += 1
            elif kind == 2:
                indirect += 1
    blocked = 0
    for k in range(max(1, rearmost - 6), min(rearmost, 25)):
        if y[25 - k] >= 2:
            blocked += 1
    return pips, rearmost, best, direct, indirect, blocked


def is_race(me: Sequence[int], opp: Sequence[int]) -> bool:
    """No contact: every checker of mine is past every checker of theirs."""
    my_back = 0
    for p in range(25, 0, -1):
        if me[p]:
            my_back = p
            break
    their_back = 0
    for p in range(25, 0, -1):
        if opp[p]:
            their_back = p
            break
    return my_back + their_back <= 25


def encode(me: Sequence[int], opp: Sequence[int]) -> list[float]:
    """The dense input vector (for tests and training; inference uses the tables)."""
    v = [0.0] * N_INPUTS
    for s, side in enumerate((me, opp)):
        base = 98 * s
        for p in range(1, 25):
            n = side[p]
            i = base + 4 * (p - 1)
            if n == 1:
                v[i] = 1.0
            elif n == 2:
                v[i + 1] = 1.0
            elif n >= 3:
                v[i + 2] = 1.0
                if n > 3:
                    v[i + 3] = (n - 3) / 2.0
        v[base + 96] = side[25] / 2.0
        v[base + 97] = side[0] / 15.0
    for s, (x, y) in enumerate(((me, opp), (opp, me))):
        vals = side_features(x, y)
        for j, (_, scale) in enumerate(FEATURES):
            v[N_BASE + N_FEATURES_PER_SIDE * s + j] = vals[j] / scale
    v[RACE_INPUT] = 1.0 if is_race(me, opp) else 0.0
    return v
