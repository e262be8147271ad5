"""TD(lambda) targets in numpy: perspective flips and lambda-returns (training side only).

Probabilities are in GNU Backgammon's order (win, win gammon, win backgammon,
lose gammon, lose backgammon), always for the side on roll of the position
they describe.
"""

from __future__ import annotations

import numpy as np


def equity(v: np.ndarray) -> np.ndarray:
    """Cubeless equity of each row of probabilities."""
    e: np.ndarray = 2 * v[:, 0] - 1 + v[:, 1] - v[:, 3] + v[:, 2] - v[:, 4]
    return e


def flip(v: np.ndarray) -> np.ndarray:
    """Probabilities of the side on roll -> those of the other side."""
    return np.stack([1 - v[..., 0], v[..., 3], v[..., 4], v[..., 1], v[..., 2]], axis=-1)


def lambda_returns(values: list[np.ndarray], lam: float) -> np.ndarray:
    """Targets for a game's positions s_0 .. s_{n-1}, each from its own side on roll.

    ``values[t]`` is V(s_{t+1}) from s_{t+1}'s side; the last one is the exact outcome.
    """
    n = len(values)
    out = np.zeros((n, 5), dtype=np.float32)
    out[n - 1] = flip(values[-1])
    for t in range(n - 2, -1, -1):
        mixed = (1 - lam) * values[t] + lam * out[t + 1]
        out[t] = flip(mixed)
    return out
