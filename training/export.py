"""Write a trained torch net in the engine's weight format (see engine/ai/network.py)."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path
from typing import Any

import numpy as np

MAGIC = b"BGNN"
VERSION = 1


def export_weights(net: Any, path: Path, meta: dict[str, Any]) -> None:
    w1 = net.hidden.weight.detach().numpy().astype("<f4")  # (hidden, inputs)
    b1 = net.hidden.bias.detach().numpy().astype("<f4")
    w2 = net.out.weight.detach().numpy().astype("<f4")  # (5, hidden)
    b2 = net.out.bias.detach().numpy().astype("<f4")
    n_hidden, n_in = w1.shape
    n_out = w2.shape[0]
    meta_bytes = json.dumps(meta, sort_keys=True).encode()
    blob = b"".join(
        [
            MAGIC,
            struct.pack("<IIIII", VERSION, n_in, n_hidden, n_out, len(meta_bytes)),
            meta_bytes,
            np.ascontiguousarray(w1.T).tobytes(),  # one row of `hidden` floats per input
            b1.tobytes(),
            np.ascontiguousarray(w2).tobytes(),  # one row of `hidden` floats per output
            b2.tobytes(),
        ]
    )
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    os.replace(tmp, path)


def read_weights(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays :func:`export_weights` wrote, shaped for ``x @ w1`` and ``h @ w2``.

    Returns (w1 inputs x hidden, b1, w2 hidden x outputs, b2), float32.
    """
    blob = path.read_bytes()
    if blob[:4] != MAGIC:
        raise ValueError(f"{path} is not a weights file")
    version, n_in, n_hidden, n_out, meta_len = struct.unpack("<IIIII", blob[4:24])
    if version != VERSION:
        raise ValueError(f"{path}: weights format {version}, expected {VERSION}")
    floats = np.frombuffer(blob, dtype="<f4", offset=24 + meta_len)
    sizes = (n_in * n_hidden, n_hidden, n_out * n_hidden, n_out)
    if len(floats) != sum(sizes):
        raise ValueError(f"{path}: {len(floats)} floats, expected {sum(sizes)}")
    w1, b1, w2, b2 = np.split(floats, np.cumsum(sizes)[:-1])
    return w1.reshape(n_in, n_hidden), b1, w2.reshape(n_out, n_hidden).T.copy(), b2
