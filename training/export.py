"""Write a trained torch net in the engine's weight format (see engine/ai/network.py).

Two versions share one header (``b"BGNN"``, five uint32: version, inputs,
hidden, outputs, metadata length; then the JSON metadata):

* version 1 (:data:`FLOAT32`) stores the weights as float32. Training writes
  its snapshots so, and :mod:`training.average` its means.
* version 2 (:data:`FIXED`) stores each weight rounded to a grid of
  2**-bits (:data:`BITS`, the engine's fixed point) as a zigzag integer of as
  few bytes as the largest needs, the bytes split into planes (all the low
  bytes, then all the next ones...): the high planes are mostly zeros, and
  deflate packs the file to about 72 % of the float32 one at 2**-20 (the
  engine's grid: the first layer loads exactly as it runs), 57 % at 2**-16;
  the shipped net uses 2**-12 (:data:`SHIP_BITS`).

Convert a float32 file into the shipping format::

    PYTHONPATH=. .venv/bin/python -m training.export NEW.bin engine/ai/data/contact.bin
"""

from __future__ import annotations

import argparse
import json
import os
import struct
from pathlib import Path
from typing import Any

import numpy as np

MAGIC = b"BGNN"
FLOAT32 = 1
"""Format version of float32 weights."""
FIXED = 2
"""Format version of fixed-point weights in byte planes."""
BITS = 20
"""Fraction bits of the fixed-point format (the engine's ``network.SHIFT``)."""
SHIP_BITS = 12
"""Fraction bits of the shipped net.  The 224-unit net (2026-11-28, the last
distillation) at 2**-12 deflates to 94.9 kB (the 192-unit net before it took
92.3 kB at 2**-14); its outputs move by at most 3.1e-4 (mean 2.1e-5) over
15,000 self-play positions, and its published figures were measured on the
2**-12 file.  (Earlier, the 192-unit distilled net at 2**-12 and at 2**-14 had
the same win-probability errors to four places on both sets of 2,000
positions; on a TD net, 2**-16 gave the same play at 0-ply and by King Tubby
in 2,000 rolls, outputs within 2.1e-5.)"""


def _header(version: int, shape: tuple[int, int, int], meta: dict[str, Any]) -> bytes:
    meta_bytes = json.dumps(meta, sort_keys=True).encode()
    return b"".join([MAGIC, struct.pack("<IIIII", version, *shape, len(meta_bytes)), meta_bytes])


def pack_weights(shape: tuple[int, int, int], meta: dict[str, Any], floats: bytes) -> bytes:
    """A float32 weights file: header for ``shape`` (inputs, hidden, outputs), metadata, data."""
    return _header(FLOAT32, shape, meta) + floats


def encode_fixed(values: np.ndarray, bits: int = BITS) -> bytes:
    """``values`` rounded to multiples of 2**-bits, as zigzag integers in byte planes.

    The result starts with two bytes, ``bits`` and the width in bytes:

    >>> encode_fixed(np.array([0.5, -0.25, 1.0]), bits=2).hex()
    '0201040108'
    """
    q = np.round(np.asarray(values, dtype=np.float64) * 2.0**bits).astype(np.int64)
    if q.size and int(np.abs(q).max()) >= 1 << 62:
        raise ValueError("a weight too large for the fixed-point format")
    zigzag = ((q << 1) ^ (q >> 63)).astype("<u8")  # 0, -1, 1, -2... -> 0, 1, 2, 3...
    width = max(1, (int(zigzag.max(initial=0)).bit_length() + 7) // 8)
    planes = zigzag.view(np.uint8).reshape(-1, 8)[:, :width].T
    return struct.pack("<BB", bits, width) + planes.tobytes()


def decode_fixed(data: bytes, count: int) -> np.ndarray:
    """The ``count`` values :func:`encode_fixed` wrote, exactly, as float64.

    >>> decode_fixed(encode_fixed(np.array([0.5, -0.25, 3e-6])), 3).tolist()
    [0.5, -0.25, 2.86102294921875e-06]
    """
    bits, width = data[0], data[1]
    if not 1 <= width <= 8 or len(data) != 2 + width * count:
        raise ValueError(f"{len(data)} bytes of fixed-point data, expected {2 + width * count}")
    planes = np.frombuffer(data, dtype=np.uint8, offset=2).reshape(width, count)
    words = np.zeros((count, 8), dtype=np.uint8)
    words[:, :width] = planes.T
    zigzag = words.view("<u8").ravel().astype(np.int64)
    q = (zigzag >> 1) ^ -(zigzag & 1)
    return q.astype(np.float64) / 2.0**bits


def pack_fixed(
    shape: tuple[int, int, int], meta: dict[str, Any], values: np.ndarray, bits: int = BITS
) -> bytes:
    """A fixed-point weights file (version :data:`FIXED`) of the flat ``values``."""
    return _header(FIXED, shape, meta) + encode_fixed(values, bits)


def unpack_weights(blob: bytes) -> tuple[tuple[int, int, int], dict[str, Any], np.ndarray]:
    """The shape (inputs, hidden, outputs), metadata and flat data of a weights file.

    The data is float32 for a version-1 file and float64 (exact) for a version-2 one.
    """
    if blob[:4] != MAGIC:
        raise ValueError("not a weights file")
    version, n_in, n_hidden, n_out, meta_len = struct.unpack("<IIIII", blob[4:24])
    if version not in (FLOAT32, FIXED):
        raise ValueError(f"weights format {version}, expected {FLOAT32} or {FIXED}")
    meta: dict[str, Any] = json.loads(blob[24 : 24 + meta_len])
    shape = (n_in, n_hidden, n_out)
    if version == FIXED:
        count = n_in * n_hidden + n_hidden + n_out * n_hidden + n_out
        return shape, meta, decode_fixed(blob[24 + meta_len :], count)
    return shape, meta, np.frombuffer(blob, dtype="<f4", offset=24 + meta_len)


def write_atomic(path: Path, blob: bytes) -> None:
    """Write ``blob`` to ``path`` through a temporary file, so readers never see half of it."""
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    os.replace(tmp, path)


def export_weights(net: Any, path: Path, meta: dict[str, Any], fixed: bool = False) -> None:
    """Write a torch net's weights to ``path``: float32, or with ``fixed`` the shipping format."""
    w1 = net.hidden.weight.detach().numpy().astype("<f4")  # (hidden, inputs)
    b1 = net.hidden.bias.detach().numpy().astype("<f4")
    w2 = net.out.weight.detach().numpy().astype("<f4")  # (5, hidden)
    b2 = net.out.bias.detach().numpy().astype("<f4")
    n_hidden, n_in = w1.shape
    shape = (n_in, n_hidden, w2.shape[0])
    flat = np.concatenate(
        [
            w1.T.ravel(),  # one row of `hidden` floats per input
            b1,
            w2.ravel(),  # one row of `hidden` floats per output
            b2,
        ]
    )
    if fixed:
        write_atomic(path, pack_fixed(shape, meta, flat))
    else:
        write_atomic(path, pack_weights(shape, meta, flat.astype("<f4").tobytes()))


def read_weights(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays :func:`export_weights` wrote, shaped for ``x @ w1`` and ``h @ w2``.

    Returns (w1 inputs x hidden, b1, w2 hidden x outputs, b2), float32 from a
    version-1 file, float64 from a version-2 one.
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


def convert(src: Path, dst: Path, bits: int = SHIP_BITS) -> None:
    """Rewrite the weights file ``src`` as ``dst`` in the shipping (fixed-point) format."""
    shape, meta, values = unpack_weights(src.read_bytes())
    write_atomic(dst, pack_fixed(shape, meta, values, bits))


def main() -> None:
    ap = argparse.ArgumentParser(description="Convert a weights file to the shipping format.")
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument(
        "--bits", type=int, default=SHIP_BITS, help="fraction bits (default %(default)s)"
    )
    args = ap.parse_args()
    convert(args.src, args.dst, args.bits)
    print(f"{args.dst}: {args.dst.stat().st_size} bytes, fixed point at 2**-{args.bits}")


if __name__ == "__main__":
    main()
