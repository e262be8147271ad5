"""Pure-Python inference for the evaluator network (no numpy at run time).

The weights file (written by ``training/export.py``) is little-endian:
``b"BGNN"``, five uint32 (version, inputs, hidden, outputs, metadata length),
JSON metadata, then the weights: the first layer as one row of ``hidden``
weights per input, its biases, the output layer as one row per output, and
its biases.  Version 1 stores them as float32.  Version 2 (the shipped net)
stores two bytes, the fraction bits ``F`` and a width ``W``, then each weight
as the integer ``round(w * 2**F)`` zigzagged (0, -1, 1, -2... as 0, 1, 2,
3...) into ``W`` little-endian bytes, and these split into ``W`` planes: the
lowest byte of every weight, then the next byte of every weight, and so on.
The high planes are nearly all zeros and deflate well.  At ``F`` = 20 (the
fixed point below) the first layer would load exactly as it is summed; the
shipped net uses ``F`` = 12, which moves its outputs by at most 3.1e-4
(``training/export.py``, ``SHIP_BITS``).

Every input of :mod:`engine.ai.encoding` is an integer quantity times a fixed
scale, so at load time each ``(input group, value)`` pair is folded into one
ready-made row of first-layer contributions.  An evaluation then only sums
the rows of the groups that are active (about 30 of them): the sparse input
is exploited without a single multiplication in the first layer.

Each row is *packed* into one Python integer: a field of :data:`FIELD_BITS`
bits per hidden unit, holding the weight in fixed point (``round(w *
2**SHIFT)``) plus :data:`OFFSET`, which keeps every field positive so that a
sum of rows never carries from one field into the next.  Summing rows is then
one big-integer addition each (C speed, also under Pyodide, where a loop over
floats is slow); the sums are unpacked with ``int.to_bytes`` into an
``array("Q")``, and one pass takes off the offsets, scales and applies the
sigmoid.  Fixed point at 2**-20 moves the outputs by about 1e-6.
"""

from __future__ import annotations

import json
import math
import operator
import struct
import sys
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any

from engine.ai.encoding import (
    FEATURES,
    LAYOUTS,
    N_BASE,
    OWN_FEATURES,
    OWN_LATE,
    REARMOST,
    n_inputs,
    no_contact,
    own_features,
    pair_features,
)

Row = list[float]
Probs = tuple[float, float, float, float, float]

_MAGIC = b"BGNN"
_SIDE_SUMS = 1024
"""How many sides' summed rows a network keeps (each is one packed row)."""

SHIFT = 20
"""Fixed-point fraction bits of a packed weight."""

FIELD_BITS = 64
OFFSET = 1 << 40
"""Added to every packed field: a field stays below 2**44 even with weights of
±2**23, so sums of up to 2**20 rows fit in 64 bits without carrying."""

_SCALE = float(1 << SHIFT)
_FIELD_LIMIT = 1 << (FIELD_BITS - 20)
_UNIT = 1.0 / _SCALE


def pack_row(row: Sequence[float]) -> int:
    """A row of first-layer contributions as one integer of fixed-point fields.

    >>> r = pack_row([0.5, -0.25])
    >>> [(r >> (FIELD_BITS * i)) % (1 << FIELD_BITS) - OFFSET for i in range(2)]
    [524288, -262144]
    """
    # Through an array of fields: shifting each into a growing integer takes
    # twice as long under Pyodide, and the worker packs every row at start-up.
    fields = [round(w * _SCALE) + OFFSET for w in row]
    if fields and not (min(fields) >= 0 and max(fields) < _FIELD_LIMIT):
        raise ValueError("a weight too large for a packed field")
    words = array("Q", fields)
    if sys.byteorder == "big":
        words.byteswap()
    return int.from_bytes(words.tobytes(), "little")


def _read_floats(blob: bytes, offset: int, count: int) -> list[float]:
    """``count`` float32 weights (format version 1)."""
    if len(blob) != offset + 4 * count:
        raise ValueError(f"{len(blob) - offset} bytes of weights, expected {4 * count}")
    a = array("f")
    a.frombytes(blob[offset:])
    if sys.byteorder == "big":
        a.byteswap()
    return a.tolist()


def _read_fixed(blob: bytes, offset: int, count: int) -> list[float]:
    """``count`` fixed-point weights in byte planes (format version 2), exactly.

    >>> blob = bytes([2, 1, 4, 1, 8])  # 2 fraction bits, 1 byte: 4, 1, 8 zigzagged
    >>> _read_fixed(blob, 0, 3)
    [0.5, -0.25, 1.0]
    """
    bits, width = blob[offset], blob[offset + 1]
    offset += 2
    if not 1 <= width <= 8 or len(blob) != offset + width * count:
        raise ValueError(f"{len(blob) - offset} bytes of weights, expected {width} x {count}")
    # Back from planes to one 8-byte word per weight: slice assignment, C speed.
    words = bytearray(8 * count)
    for k in range(width):
        words[k::8] = blob[offset + k * count : offset + (k + 1) * count]
    zigzag = array("Q")
    zigzag.frombytes(words)
    if sys.byteorder == "big":
        zigzag.byteswap()
    unit = 1.0 / (1 << bits)  # a power of two: every weight comes back exactly
    return [((z >> 1) ^ -(z & 1)) * unit for z in zigzag]


class Network:
    """A 2-layer sigmoid network (inputs -> hidden -> 5 outcome probabilities)."""

    def __init__(self, blob: bytes) -> None:
        if blob[:4] != _MAGIC:
            raise ValueError("not a BGNN weights file")
        version, n_in, n_hidden, n_out, meta_len = struct.unpack_from("<IIIII", blob, 4)
        # Both input layouts load: the first weights had only the basic features.
        layouts = {n_inputs(f): f for f in LAYOUTS}
        if version not in (1, 2) or n_in not in layouts or n_out != 5:
            raise ValueError(f"unsupported weights: v{version} {n_in}x{n_hidden}x{n_out}")
        self.n_features = n_features = layouts[n_in]
        off = 24
        self.meta: dict[str, Any] = json.loads(blob[off : off + meta_len])
        off += meta_len
        h = n_hidden
        count = n_in * h + h + n_out * h + n_out
        weights = (_read_floats if version == 1 else _read_fixed)(blob, off, count)
        out = n_in * h + h  # where the output layer starts
        self.hidden = h
        rows = [weights[i * h : (i + 1) * h] for i in range(n_in)]
        self.bias: Row = weights[n_in * h : out]
        self.out_rows: list[Row] = [weights[out + k * h : out + (k + 1) * h] for k in range(n_out)]
        self.out_bias: list[float] = weights[out + n_out * h :]
        self._rows = rows

        def scaled(row: Row, v: float) -> Row:
            return [v * w for w in row]

        # point[s][p][n]: contribution of n checkers of side s on its point p (floats,
        # only to build the packed tables below)
        point: list[list[list[Row]]] = []
        bar: list[list[Row]] = []
        borne: list[list[Row]] = []
        for s in range(2):
            base = 98 * s
            sides: list[list[Row]] = [[[]] * 16]
            for p in range(1, 25):
                i = base + 4 * (p - 1)
                per: list[Row] = [[]]
                for n in range(1, 16):
                    if n == 1:
                        per.append(rows[i])
                    elif n == 2:
                        per.append(rows[i + 1])
                    elif n == 3:
                        per.append(rows[i + 2])
                    else:
                        extra = (n - 3) / 2.0
                        per.append(
                            [a + extra * b for a, b in zip(rows[i + 2], rows[i + 3], strict=False)]
                        )
                sides.append(per)
            point.append(sides)
            bar.append([scaled(rows[base + 96], n / 2.0) for n in range(16)])
            borne.append([scaled(rows[base + 97], n / 15.0) for n in range(16)])
        # tables[s][i][n]: the row for n checkers at index i (0 off, 1..24, 25 bar) of side s
        tables = [[borne[s], *point[s][1:25], bar[s]] for s in range(2)]
        self._feature_rows = [
            [rows[N_BASE + n_features * s + j] for j in range(n_features)] for s in range(2)
        ]
        # The same rows packed (see the module docs): what evaluate() adds up.
        self._packed: list[list[list[int]]] = [
            [[pack_row(r) if r else 0 for r in per] for per in table] for table in tables
        ]
        self._packed_bias = pack_row(self.bias)
        self._packed_race = pack_row(rows[n_in - 1])
        self._feature_cache: dict[tuple[int, int, int], int] = {}
        self._nbytes = FIELD_BITS // 8 * h
        # One side's summed rows (and how many), by its checkers: a search
        # evaluates many positions where one side is unchanged (the screen of a
        # roll's plays, the replies to one play).
        self._side_sums: tuple[
            dict[tuple[int, ...], tuple[int, int]], dict[tuple[int, ...], tuple[int, int]]
        ] = ({}, {})

    def _feature_row(self, s: int, j: int, v: int) -> Row:
        return [v / FEATURES[j][1] * w for w in self._feature_rows[s][j]]

    def _feature(self, s: int, j: int, v: int) -> int:
        key = (s, j, v)
        try:
            return self._feature_cache[key]
        except KeyError:
            packed = pack_row(self._feature_row(s, j, v))
            self._feature_cache[key] = packed
            return packed

    def _side_sum(self, s: int, side: tuple[int, ...], values: Sequence[int]) -> tuple[int, int]:
        """The packed sum of side ``s``'s checkers and its own features (the first
        :data:`OWN_FEATURES` and those from :data:`OWN_LATE` on), plus the bias, with
        how many rows it adds up.

        ``values`` are the side's first feature values; only the own ones are used.
        """
        sums = self._side_sums[s]
        got = sums.get(side)
        if got is None:
            rows = [t[n] for t, n in zip(self._packed[s], side, strict=True) if n]
            for j in range(OWN_FEATURES):
                if values[j]:
                    rows.append(self._feature(s, j, values[j]))
            if self.n_features > OWN_LATE:
                late = own_features(side)
                for j in range(OWN_LATE, self.n_features):
                    v = late[j - OWN_LATE]
                    if v:
                        rows.append(self._feature(s, j, v))
            if s == 0:
                rows.append(self._packed_bias)
            got = (sum(rows), len(rows))
            if len(sums) >= _SIDE_SUMS:
                sums.clear()  # a new search has begun: what it needs will come back
            sums[side] = got
        return got

    def hidden_sums(self, me: Sequence[int], opp: Sequence[int]) -> tuple[int, int]:
        """The packed first-layer sum of a position and how many rows it adds."""
        n = min(self.n_features, OWN_LATE)  # the later ones come with the side sums
        me_t = me if isinstance(me, tuple) else tuple(me)
        opp_t = opp if isinstance(opp, tuple) else tuple(opp)
        mine, theirs = pair_features(me_t, opp_t, n)
        total, count = self._side_sum(0, me_t, mine)
        total_b, count_b = self._side_sum(1, opp_t, theirs)
        total += total_b
        count += count_b
        feature = self._feature
        for s, values in enumerate((mine, theirs)):
            for j in range(OWN_FEATURES, n):
                if values[j]:
                    total += feature(s, j, values[j])
                    count += 1
        if no_contact(mine[REARMOST], theirs[REARMOST]):
            total += self._packed_race
            count += 1
        return total, count

    def evaluate(self, me: Sequence[int], opp: Sequence[int]) -> Probs:
        """Raw network output for the side on roll (no terminal/bear-off handling)."""
        total, count = self.hidden_sums(me, opp)
        fields = array("Q")
        fields.frombytes(total.to_bytes(self._nbytes, "little"))
        if sys.byteorder == "big":
            fields.byteswap()
        # Each field is sum(w * 2**SHIFT) + count * OFFSET: take the offsets off,
        # scale back, and apply the sigmoid in one pass.
        bias = count * OFFSET * _UNIT
        unit = _UNIT
        exp = math.exp
        try:
            hid = [1.0 / (1.0 + exp(bias - x * unit)) for x in fields]
        except OverflowError:
            hid = [_sigmoid(x * unit - bias) for x in fields]
        dot = _dot
        z = [b + dot(hid, w) for b, w in zip(self.out_bias, self.out_rows, strict=True)]
        return _sigmoid(z[0]), _sigmoid(z[1]), _sigmoid(z[2]), _sigmoid(z[3]), _sigmoid(z[4])

    def evaluate_dense(self, inputs: Sequence[float]) -> Probs:
        """Reference dense forward pass (tests check the sparse path against it)."""
        acc = list(self.bias)
        for i, v in enumerate(inputs):
            if v:
                acc = [a + v * w for a, w in zip(acc, self._rows[i], strict=False)]
        hid = [1.0 / (1.0 + math.exp(-x)) for x in acc]
        out = [
            1.0 / (1.0 + math.exp(-(b + sum(a * w for a, w in zip(hid, row, strict=False)))))
            for b, row in zip(self.out_bias, self.out_rows, strict=False)
        ]
        return out[0], out[1], out[2], out[3], out[4]


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _dot_py(a: Sequence[float], b: Sequence[float]) -> float:
    return float(sum(map(operator.mul, a, b)))


# math.sumprod (Python 3.12+, so in Pyodide) is several times faster.
_dot: Callable[[Sequence[float], Sequence[float]], float] = getattr(math, "sumprod", _dot_py)


@cache
def load_network(name: str = "contact") -> Network:
    """Load a shipped network once (``engine/ai/data/<name>.bin``)."""
    blob = resources.files("engine.ai").joinpath("data", f"{name}.bin").read_bytes()
    return Network(blob)
