"""One-sided bear-off database: exact roll distributions for up to 15 checkers on 6 points.

For every position of one side's checkers on its home points (C(21, 6) =
54,264 of them) the database holds

* the probability distribution of the number of rolls needed to bear off
  all checkers, playing each roll to minimise the expected number of rolls;
* for positions with no checker off yet, the distribution of the number of
  rolls until the first checker is off (for gammon chances), playing to
  minimise that instead.

Two one-sided distributions give an exact cubeless race evaluation when both
sides are bearing off (no contact, all checkers home): see :func:`race_probs`.

The data is made from the rules by :mod:`engine.ai.bearoff_build` (about
eight seconds of CPython, three times that under Pyodide) and shipped with the
package as ``engine/ai/data/bearoff.bin``.  The site leaves the file out (620
kB): its AI worker makes the database in the background and gives it to
:func:`install`; until then :func:`database` is ``None`` and the evaluator
uses its network for bear-offs too.

How it is stored (:func:`encode`, :func:`decode`): each probability is rounded
to 16 bits, and the low byte of such a value is noise that no compressor can
shrink (about 400 of the file's 620 kB).  So the file holds only what is not
implied: the last value of every ``off_all`` distribution is left out (the
values of a distribution add up to 65535, give or take the rounding, and the
small difference is kept instead, and the value is worked out when it is
looked up), and the high and low bytes go in separate streams, compressed with
LZMA.  Stored with zlib as one array, the same values took 809 kB.  Loading is
the decompression (40 ms under Pyodide) and a few passes over whole arrays;
the uncompressed form (:func:`uncompressed`, what the AI worker keeps in its
cache) needs no decompression.
"""

from __future__ import annotations

import hashlib
import lzma
import operator
import struct
import sys
from array import array
from collections.abc import Sequence
from importlib import resources
from itertools import accumulate, repeat

POINTS = 6
CHECKERS = 15
N_POSITIONS = 54264  # C(21, 6)
SCALE = 65535.0
_TOTAL = 65535  # what the 16-bit values of a distribution add up to, about
_MAGIC = b"BGB3"
_RAW_MAGIC = b"BGR3"  # the same streams, not compressed

Dist = list[float]


def _binom(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


_C = [[_binom(n, k) for k in range(POINTS + 1)] for n in range(CHECKERS + POINTS + 1)]


def index(points: Sequence[int]) -> int:
    """Rank of a home board (counts on points 1..6, at most 15 checkers).

    Stars and bars: the running totals give a 6-subset of 0..20, ranked in
    the combinatorial number system.

    >>> index([0, 0, 0, 0, 0, 0])
    0
    >>> index([0, 0, 0, 0, 0, 15]) < N_POSITIONS
    True
    """
    r = 0
    total = 0
    for k in range(POINTS):
        total += points[k]
        r += _C[total + k][k + 1]
    return r


def encode(records: array[int]) -> bytes:
    """The file for ``records``: for each position its off_all record and then its
    first_off record, each ``start, n, value_1 .. value_n`` (16-bit values).

    >>> records = decode(encode(array("H", [0, 1, 65535, 1, 2, 60000, 5535] * N_POSITIONS)))
    >>> records[:7].tolist()
    [0, 1, 65535, 1, 2, 60000, 5535]
    """
    streams = StreamWriter()
    o = 0
    for j in range(2 * N_POSITIONS):
        start, n = records[o], records[o + 1]
        streams.add(j, start, records[o + 2 : o + 2 + n])
        o += 2 + n
    if o != len(records):
        raise ValueError("records do not match the positions")
    return compress(streams.raw())


class StreamWriter:
    """The file's streams, written one record at a time (record ``j``: position
    ``j // 2``'s off_all distribution when ``j`` is even, its first_off when odd)."""

    def __init__(self) -> None:
        self.heads = bytearray()  # off_all: start, n
        self.slack = bytearray()  # off_all: sum of the values - 65535, offset by 128
        self.high = bytearray()  # off_all: every value but the last, high bytes, ...
        self.low = bytearray()  # ... and low bytes
        self.first_heads = bytearray()  # first_off: start, n
        self.first = array("H")  # first_off: the values (mostly [1.0]: they compress to 2 kB)

    def add(self, j: int, start: int, vals: Sequence[int]) -> None:
        n = len(vals)
        if not (0 < n < 256 and start < 256):
            raise ValueError(f"record {j} does not fit the format")
        if j % 2:
            self.first_heads += bytes((start, n))
            self.first.extend(vals)
            return
        if not -128 <= sum(vals) - _TOTAL < 128:
            raise ValueError(f"record {j} does not fit the format")
        self.heads += bytes((start, n))
        self.slack.append(sum(vals) - _TOTAL + 128)
        for v in vals[:-1]:
            self.high.append(v >> 8)
            self.low.append(v & 0xFF)

    def raw(self) -> bytes:
        """The database uncompressed (what the AI worker keeps when it made it:
        :class:`BearoffDB` reads it as it is, with no decompression)."""
        first = array("H", self.first)
        if sys.byteorder == "big":
            first.byteswap()
        streams = (self.heads, self.slack, self.high, self.low, self.first_heads, first.tobytes())
        header = struct.pack(_HEADER, *(len(s) for s in streams))
        return _RAW_MAGIC + header + b"".join(bytes(s) for s in streams)


def compress(raw: bytes) -> bytes:
    """The file as shipped: the uncompressed database's streams, LZMA."""
    if raw[:4] != _RAW_MAGIC:
        raise ValueError("not an uncompressed bear-off database")
    return _MAGIC + lzma.compress(raw[4:], preset=9 | lzma.PRESET_EXTREME)


def uncompressed(blob: bytes) -> bytes:
    """The database of a file (shipped or not) in its uncompressed form."""
    if blob[:4] == _RAW_MAGIC:
        return blob
    if blob[:4] != _MAGIC:
        raise ValueError("not a bear-off database")
    return _RAW_MAGIC + lzma.decompress(blob[4:])


_HEADER = "<6I"  # the streams' lengths


class _Streams:
    """The file's streams, each distribution findable without reading the others."""

    def __init__(self, blob: bytes) -> None:
        raw = uncompressed(blob)[4:]
        o = struct.calcsize(_HEADER)
        parts = []
        for size in struct.unpack_from(_HEADER, raw):
            parts.append(raw[o : o + size])
            o += size
        self.heads, self.slack, high, low, self.first_heads, first = parts
        pairs = bytearray(2 * len(high))
        pairs[0::2] = low
        pairs[1::2] = high
        self.values = array("H")
        self.values.frombytes(pairs)
        self.first = array("H")
        self.first.frombytes(first)
        if sys.byteorder == "big":
            self.values.byteswap()
            self.first.byteswap()
        # Where each position's values start: running sums of the counts (all
        # in C: decoding is on the AI worker's way to ready).
        stored = map(operator.sub, self.heads[1::2], repeat(1))  # the last is implied
        self.starts = array("I", accumulate(stored, initial=0))
        self.first_starts = array("I", accumulate(self.first_heads[1::2], initial=0))

    def off_all(self, i: int) -> tuple[int, list[int]]:
        start, n = self.heads[2 * i], self.heads[2 * i + 1]
        o = self.starts[i]
        vals = self.values[o : o + n - 1].tolist()
        vals.append(_TOTAL + self.slack[i] - 128 - sum(vals))
        return start, vals

    def first_off(self, i: int) -> tuple[int, list[int]]:
        o = self.first_starts[i]
        start, n = self.first_heads[2 * i], self.first_heads[2 * i + 1]
        return start, self.first[o : o + n].tolist()


def decode(blob: bytes) -> array[int]:
    """The records of a file, as :func:`encode` takes them."""
    streams = _Streams(blob)
    records = array("H")
    for i in range(N_POSITIONS):
        for start, vals in (streams.off_all(i), streams.first_off(i)):
            records.extend((start, len(vals)))
            records.extend(vals)
    return records


class BearoffDB:
    """Lookup of the two distributions of a home board."""

    def __init__(self, blob: bytes) -> None:
        self._streams = _Streams(blob)

    @staticmethod
    def _dist(start: int, vals: list[int]) -> Dist:
        total = float(sum(vals))  # renormalise away the 16-bit rounding
        return [0.0] * start + [v / total for v in vals]

    def off_all(self, points: Sequence[int]) -> Dist:
        """P(exactly n rolls to bear off every checker), n = 0, 1, ..."""
        return self._dist(*self._streams.off_all(index(points)))

    def first_off(self, points: Sequence[int]) -> Dist:
        """P(exactly n rolls until at least one checker is off)."""
        return self._dist(*self._streams.first_off(index(points)))

    def mean_rolls(self, points: Sequence[int]) -> float:
        return sum(n * q for n, q in enumerate(self.off_all(points)))


SHA256 = "e0932f8763c5f270de9b5941bb632ee13474ac371333884373c3c90bfdf9b8ae"
"""SHA-256 of the database in its uncompressed form (:func:`uncompressed`):
a copy from elsewhere (the AI worker's cache) is installed only if it is this."""


class BearoffMissingError(LookupError):
    """The database is not here: not shipped (the site) and not installed yet."""


_db: BearoffDB | None = None
_looked = False


def database() -> BearoffDB | None:
    """The database if it is here: the package's file (engine/ai/data/bearoff.bin;
    the site leaves it out), or one :func:`install` was given."""
    global _db, _looked
    if _db is None and not _looked:
        _looked = True
        try:
            blob = resources.files("engine.ai").joinpath("data", "bearoff.bin").read_bytes()
        except FileNotFoundError:
            return None
        _db = BearoffDB(blob)
    return _db


def install(blob: bytes) -> BearoffDB:
    """Use ``blob`` (the file, or its uncompressed form) as the database from now on.

    Raises :class:`BearoffMismatchError` unless it is the database this engine ships.
    """
    raw = uncompressed(blob)
    if hashlib.sha256(raw).hexdigest() != SHA256:
        raise BearoffMismatchError("not this engine's bear-off database")
    global _db
    _db = BearoffDB(raw)
    return _db


class BearoffMismatchError(ValueError):
    """A database offered to :func:`install` that is not the one the rules make."""


def load_bearoff() -> BearoffDB:
    """The database; raises :class:`BearoffMissingError` if it is not here."""
    db = database()
    if db is None:
        raise BearoffMissingError("the bear-off database is not loaded yet")
    return db


def is_bearoff(me: Sequence[int], opp: Sequence[int]) -> bool:
    """Both sides have every checker left on their own home points."""
    return not any(me[7:26]) and not any(opp[7:26])


def _at_least(dist: Dist, n: int) -> float:
    """P(X >= n)."""
    return sum(dist[n:]) if n < len(dist) else 0.0


def race_probs(me: Sequence[int], opp: Sequence[int]) -> tuple[float, float, float, float, float]:
    """Exact cubeless probabilities for the side on roll in a bear-off (gnubg order).

    I win if I finish on my n-th roll before the opponent's n-th roll.
    Gammons come from the first-off distributions; backgammons are impossible
    with every checker home.
    """
    db = load_bearoff()
    mine = db.off_all(me[1:7])
    theirs = db.off_all(opp[1:7])
    win = sum(q * _at_least(theirs, n) for n, q in enumerate(mine) if q)
    win_g = lose_g = 0.0
    if opp[0] == 0:
        their_first = db.first_off(opp[1:7])
        win_g = sum(q * _at_least(their_first, n) for n, q in enumerate(mine) if q)
    if me[0] == 0:
        my_first = db.first_off(me[1:7])
        # they finish on their m-th roll, after my m-th: gammon if I still have none off
        lose_g = sum(q * _at_least(my_first, m + 1) for m, q in enumerate(theirs) if q)
    # A sure win sums to 1 + 2**-52 now and then: a probability must not pass 1.
    return min(win, 1.0), min(win_g, 1.0), 0.0, min(lose_g, 1.0), 0.0
