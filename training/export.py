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


def pack_weights(shape: tuple[int, int, int], meta: dict[str, Any], floats: bytes) -> bytes:
    """A weights file: header for ``shape`` (inputs, hidden, outputs), metadata, float32 data."""
    meta_bytes = json.dumps(meta, sort_keys=True).encode()
    return b"".join(
        [MAGIC, struct.pack("<IIIII", VERSION, *shape, len(meta_bytes)), meta_bytes, floats]
    )


def unpack_weights(blob: bytes) -> tuple[tuple[int, int, int], dict[str, Any], np.ndarray]:
    """The shape (inputs, hidden, outputs), metadata and flat float32 data of a weights file."""
    if blob[:4] != MAGIC:
        raise ValueError("not a weights file")
    version, n_in, n_hidden, n_out, meta_len = struct.unpack("<IIIII", blob[4:24])
    if version != VERSION:
        raise ValueError(f"weights format {version}, expected {VERSION}")
    meta: dict[str, Any] = json.loads(blob[24 : 24 + meta_len])
    return (n_in, n_hidden, n_out), meta, np.frombuffer(blob, dtype="<f4", offset=24 + meta_len)


def write_atomic(path: Path, blob: bytes) -> None:
    """Write ``blob`` to ``path`` through a temporary file, so readers never see half of it."""
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    os.replace(tmp, path)


def export_weights(net: Any, path: Path, meta: dict[str, Any]) -> None:
    w1 = net.hidden.weight.detach().numpy().astype("<f4")  # (hidden, inputs)
    b1 = net.hidden.bias.detach().numpy().astype("<f4")
    w2 = net.out.weight.detach().numpy().astype("<f4")  # (5, hidden)
    b2 = net.out.bias.detach().numpy().astype("<f4")
    n_hidden, n_in = w1.shape
    floats = b"".join(
        [
            np.ascontiguousarray(w1.T).tobytes(),  # one row of `hidden` floats per input
            b1.tobytes(),
            np.ascontiguousarray(w2).tobytes(),  # one row of `hidden` floats per output
            b2.tobytes(),
        ]
    )
    write_atomic(path, pack_weights((n_in, n_hidden, w2.shape[0]), meta, floats))


def read_weights(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays :func:`export_weights` wrote, shaped for ``x @ w1`` and ``h @ w2``.

    Returns (w1 inputs x hidden, b1, w2 hidden x outputs, b2), float32.
    """
    try:
        (n_in, n_hidden, n_out), _, floats = unpack_weights(path.read_bytes())
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
    sizes = (n_in * n_hidden, n_hidden, n_out * n_hidden, n_out)
    if len(floats) != sum(sizes):
        raise ValueError(f"{path}: {len(floats)} floats, expected {sum(sizes)}")
    w1, b1, w2, b2 = np.split(floats, np.cumsum(sizes)[:-1])
    return w1.reshape(n_in, n_hidden), b1, w2.reshape(n_out, n_hidden).T.copy(), b2
