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
