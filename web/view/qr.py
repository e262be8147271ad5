"""QR codes for links a friend scans from the screen: an encoder and an SVG renderer.

A small, standard-library encoder of ISO/IEC 18004 QR codes, enough for an
invite link (byte mode only, versions 1 to 25, error correction L, M, Q or H)
and :func:`qr_svg`, a pure function that draws one as a standalone ``<svg>``.

>>> code = QrCode.encode("https://example.com/#join=1.abc")
>>> code
QrCode(version=3, ec='M', mask=5, size=29)
>>> code.modules[0][:8]  # the top-left finder pattern and its separator
(True, True, True, True, True, True, True, False)
>>> QrCode.encode(b"\\x00" * 600, "H")
Traceback (most recent call last):
...
web.view.qr.QrTooLongError: 600 bytes do not fit a version 1..25 QR code at level H
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from types import MappingProxyType
from typing import Final

from web.board.escape import escape

__all__ = ["QrCode", "QrError", "QrOptionError", "QrTooLongError", "qr_svg"]

MAX_VERSION: Final = 25
EC_LEVELS: Final = "LMQH"


class QrError(ValueError):
    """What the QR encoder refuses."""


class QrTooLongError(QrError):
    """The data does not fit the largest version this encoder makes."""


class QrOptionError(QrError):
    """An unknown error correction level, mask, version or quiet zone."""


# Galois field GF(256) of the QR code's Reed–Solomon codes (primitive
# polynomial x^8 + x^4 + x^3 + x^2 + 1); EXP is doubled so that a sum of two
# logarithms needs no modulo.
def _gf_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    exp, log = [0] * 510, [0] * 256
    x = 1
    for i in range(255):
        exp[i] = exp[i + 255] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    return tuple(exp), tuple(log)


GF_EXP, GF_LOG = _gf_tables()

# ISO/IEC 18004 Table 9, versions 1..25: for each version the levels L, M, Q,
# H, each (EC codewords per block, blocks in group 1, data codewords per
# group 1 block, blocks in group 2); a group 2 block has one data codeword more.
BLOCKS: Final[tuple[tuple[tuple[int, int, int, int], ...], ...]] = (
    ((7, 1, 19, 0), (10, 1, 16, 0), (13, 1, 13, 0), (17, 1, 9, 0)),  # 1
    ((10, 1, 34, 0), (16, 1, 28, 0), (22, 1, 22, 0), (28, 1, 16, 0)),  # 2
    ((15, 1, 55, 0), (26, 1, 44, 0), (18, 2, 17, 0), (22, 2, 13, 0)),  # 3
    ((20, 1, 80, 0), (18, 2, 32, 0), (26, 2, 24, 0), (16, 4, 9, 0)),  # 4
    ((26, 1, 108, 0), (24, 2, 43, 0), (18, 2, 15, 2), (22, 2, 11, 2)),  # 5
    ((18, 2, 68, 0), (16, 4, 27, 0), (24, 4, 19, 0), (28, 4, 15, 0)),  # 6
    ((20, 2, 78, 0), (18, 4, 31, 0), (18, 2, 14, 4), (26, 4, 13, 1)),  # 7
    ((24, 2, 97, 0), (22, 2, 38, 2), (22, 4, 18, 2), (26, 4, 14, 2)),  # 8
    ((30, 2, 116, 0), (22, 3, 36, 2), (20, 4, 16, 4), (24, 4, 12, 4)),  # 9
    ((18, 2, 68, 2), (26, 4, 43, 1), (24, 6, 19, 2), (28, 6, 15, 2)),  # 10
    ((20, 4, 81, 0), (30, 1, 50, 4), (28, 4, 22, 4), (24, 3, 12, 8)),  # 11
    ((24, 2, 92, 2), (22, 6, 36, 2), (26, 4, 20, 6), (28, 7, 14, 4)),  # 12
    ((26, 4, 107, 0), (22, 8, 37, 1), (24, 8, 20, 4), (22, 12, 11, 4)),  # 13
    ((30, 3, 115, 1), (24, 4, 40, 5), (20, 11, 16, 5), (24, 11, 12, 5)),  # 14
    ((22, 5, 87, 1), (24, 5, 41, 5), (30, 5, 24, 7), (24, 11, 12, 7)),  # 15
    ((24, 5, 98, 1), (28, 7, 45, 3), (24, 15, 19, 2), (30, 3, 15, 13)),  # 16
    ((28, 1, 107, 5), (28, 10, 46, 1), (28, 1, 22, 15), (28, 2, 14, 17)),  # 17
    ((30, 5, 120, 1), (26, 9, 43, 4), (28, 17, 22, 1), (28, 2, 14, 19)),  # 18
    ((28, 3, 113, 4), (26, 3, 44, 11), (26, 17, 21, 4), (26, 9, 13, 16)),  # 19
    ((28, 3, 107, 5), (26, 3, 41, 13), (30, 15, 24, 5), (28, 15, 15, 10)),  # 20
    ((28, 4, 116, 4), (26, 17, 42, 0), (28, 17, 22, 6), (30, 19, 16, 6)),  # 21
    ((28, 2, 111, 7), (28, 17, 46, 0), (30, 7, 24, 16), (24, 34, 13, 0)),  # 22
    ((30, 4, 121, 5), (28, 4, 47, 14), (30, 11, 24, 14), (30, 16, 15, 14)),  # 23
    ((30, 6, 117, 4), (28, 6, 45, 14), (30, 11, 24, 16), (30, 30, 16, 2)),  # 24
    ((26, 8, 106, 4), (28, 8, 47, 13), (30, 7, 24, 22), (30, 22, 15, 13)),  # 25
)

# ISO/IEC 18004 Annex E: the rows/columns of the alignment patterns' centres.
ALIGNMENT: Final[tuple[tuple[int, ...], ...]] = (
    (), (6, 18), (6, 22), (6, 26), (6, 30), (6, 34),
    (6, 22, 38), (6, 24, 42), (6, 26, 46), (6, 28, 50), (6, 30, 54), (6, 32, 58),
    (6, 34, 62), (6, 26, 46, 66), (6, 26, 48, 70), (6, 26, 50, 74), (6, 30, 54, 78),
    (6, 30, 56, 82), (6, 30, 58, 86), (6, 34, 62, 90), (6, 28, 50, 72, 94),
    (6, 26, 50, 74, 98), (6, 30, 54, 78, 102), (6, 28, 54, 80, 106),
    (6, 32, 58, 84, 110),
)  # fmt: skip

# The format information's two bits for each level (not in L, M, Q, H order).
_EC_BITS: Final = MappingProxyType({"L": 1, "M": 0, "Q": 3, "H": 2})

# The eight data masks: a module (row i, column j) is flipped where it is true.
_MASKS: Final[tuple[Callable[[int, int], bool], ...]] = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
)

# Penalty rules N1 (runs of five or more) and N3 (a finder-like 1:1:3:1:1
# pattern with four light modules before or after it, counted at each place it
# occurs, as ZXing does; the quiet zone counts as light, so lines are padded with it).
_RUN: Final = re.compile("0{5,}|1{5,}")
_FINDER_LIKE: Final = re.compile("(?=(?<=0000)1011101|1011101(?=0000))")


def _capacity(version: int, ec: str) -> int:
    """Data codewords of a version at a level."""
    _, group1, data1, group2 = BLOCKS[version - 1][EC_LEVELS.index(ec)]
    return group1 * data1 + group2 * (data1 + 1)


def _count_bits(version: int) -> int:
    return 8 if version < 10 else 16


@cache
def _generator(degree: int) -> tuple[int, ...]:
    """Logarithms of the Reed–Solomon generator's coefficients (the leading 1 left out)."""
    poly = [1]
    for i in range(degree):  # times (x - α^i)
        poly = [
            a ^ (GF_EXP[GF_LOG[b] + i] if b else 0)
            for a, b in zip([*poly, 0], [0, *poly], strict=True)
        ]
    return tuple(GF_LOG[c] for c in poly[1:])


def _ec_codewords(data: bytes, degree: int) -> bytes:
    """The remainder of ``data``·x^degree divided by the generator."""
    gen = _generator(degree)
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = [*rem[1:], 0]
        if factor:
            lf = GF_LOG[factor]
            rem = [r ^ GF_EXP[lf + g] for r, g in zip(rem, gen, strict=True)]
    return bytes(rem)


def _codewords(data: bytes, version: int, ec: str) -> bytes:
    """The data's bit stream padded to the version's capacity, split into blocks,
    each followed by its EC codewords, and interleaved (ISO/IEC 18004 7.4 to 7.6)."""
    capacity = _capacity(version, ec)
    count_bits = _count_bits(version)
    bits = ((0b0100 << count_bits | len(data)) << 8 * len(data)) | int.from_bytes(data)
    used = 4 + count_bits + 8 * len(data)
    n = used + min(4, 8 * capacity - used)  # the terminator, shorter when the symbol is full
    n += -n % 8
    bits <<= n - used
    stream = bits.to_bytes(n // 8) + b"\xec\x11" * capacity
    stream = stream[:capacity]
    degree, group1, data1, group2 = BLOCKS[version - 1][EC_LEVELS.index(ec)]
    blocks, start = [], 0
    for b in range(group1 + group2):
        end = start + data1 + (b >= group1)
        blocks.append(stream[start:end])
        start = end
    out = bytearray()
    for i in range(data1 + 1):
        out.extend(block[i] for block in blocks if i < len(block))
    ecs = [_ec_codewords(block, degree) for block in blocks]
    for i in range(degree):
        out.extend(e[i] for e in ecs)
    return bytes(out)


def _bch(value: int, poly: int, degree: int) -> int:
    """``value`` followed by its BCH check bits (the remainder modulo ``poly``)."""
    rem = value << degree
    for shift in range(rem.bit_length() - 1, degree - 1, -1):
        if rem >> shift & 1:
            rem ^= poly << (shift - degree)
    return value << degree | rem


@dataclass(frozen=True, slots=True)
class _Layout:
    """What a version's symbols share: rows as integers, column 0 the top bit."""

    size: int
    function_rows: tuple[int, ...]  # dark function modules (the format area light)
    data_cells: tuple[tuple[int, int], ...]  # (row, column bit) in placement order
    format_cells: tuple[tuple[tuple[int, int], ...], ...]  # format bit i's two modules
    mask_rows: tuple[tuple[int, ...], ...]  # the data modules each mask flips


@cache
def _layout(version: int) -> _Layout:
    size = 17 + 4 * version
    dark = [[False] * size for _ in range(size)]
    function = [[False] * size for _ in range(size)]

    def put(row: int, col: int, is_dark: bool) -> None:
        dark[row][col] = is_dark
        function[row][col] = True

    for i in range(size):
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for r0, c0 in ((3, 3), (3, size - 4), (size - 4, 3)):  # finders and separators
        for r in range(max(r0 - 4, 0), min(r0 + 5, size)):
            for c in range(max(c0 - 4, 0), min(c0 + 5, size)):
                put(r, c, max(abs(r - r0), abs(c - c0)) not in (2, 4))
    centres = ALIGNMENT[version - 1]
    corners = {(6, 6), (6, size - 7), (size - 7, 6)}  # where the finders are
    for r0 in centres:
        for c0 in centres:
            if (r0, c0) not in corners:
                for r in range(r0 - 2, r0 + 3):
                    for c in range(c0 - 2, c0 + 3):
                        put(r, c, max(abs(r - r0), abs(c - c0)) != 1)
    format_cells = tuple(
        (
            (i, 8) if i < 6 else (i + 1, 8) if i < 8 else (8, 15 - i) if i < 9 else (8, 14 - i),
            (8, size - 1 - i) if i < 8 else (size - 15 + i, 8),
        )
        for i in range(15)
    )
    for pair in format_cells:
        for r, c in pair:
            put(r, c, False)
    put(size - 8, 8, True)  # the dark module
    if version >= 7:
        info = _bch(version, 0x1F25, 12)
        for i in range(18):
            a, b = size - 11 + i % 3, i // 3
            put(b, a, bool(info >> i & 1))
            put(a, b, bool(info >> i & 1))

    def bit(col: int) -> int:
        return 1 << (size - 1 - col)

    data_cells: list[tuple[int, int]] = []
    for right in range(size - 1, 0, -2):
        right -= right <= 6  # the vertical timing pattern shifts the columns left of it
        upward = (right + 1) & 2 == 0
        for vert in range(size):
            row = size - 1 - vert if upward else vert
            data_cells.extend((row, bit(c)) for c in (right, right - 1) if not function[row][c])
    mask_rows = tuple(
        tuple(
            sum(bit(c) for c in range(size) if not function[r][c] and mask(r, c))
            for r in range(size)
        )
        for mask in _MASKS
    )
    return _Layout(
        size=size,
        function_rows=tuple(sum(bit(c) for c in range(size) if dark[r][c]) for r in range(size)),
        data_cells=tuple(data_cells),
        format_cells=tuple(tuple((r, bit(c)) for r, c in pair) for pair in format_cells),
        mask_rows=mask_rows,
    )


def _penalty(lines: list[str], rows: list[int], size: int) -> int:
    """ISO/IEC 18004 7.8.3.1's penalty N1 + N2 + N3 + N4 of a whole symbol."""
    cols = ["".join(col) for col in zip(*lines, strict=True)]
    both = [*lines, *cols]
    n1 = sum(len(run) - 2 for run in _RUN.findall(" ".join(both)))
    n3 = 40 * len(_FINDER_LIKE.findall(" ".join(f"0000{line}0000" for line in both)))
    low = (1 << (size - 1)) - 1
    n2 = 0
    for a, b in pairwise(rows):
        same = ~(a ^ b)
        n2 += (same & same >> 1 & ~(a ^ a >> 1) & low).bit_count()
    dark = sum(row.bit_count() for row in rows)
    total = size * size
    n4 = 10 * (abs(20 * dark - 10 * total) // total)
    return n1 + 3 * n2 + n3 + n4


@dataclass(frozen=True, slots=True, repr=False)
class QrCode:
    """A QR code symbol: its version, error correction level, mask and modules.

    ``modules[row][column]`` is True for a dark module; there is no quiet zone.

    >>> code = QrCode.encode("HELLO", "Q", mask=2)
    >>> code.version, code.ec, code.mask, code.size
    (1, 'Q', 2, 21)
    >>> QrCode.encode("HELLO", min_version=7).version
    7
    """

    version: int
    ec: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules per side: 21 for version 1, four more for each version after it."""
        return len(self.modules)

    def __repr__(self) -> str:
        return f"QrCode(version={self.version}, ec={self.ec!r}, mask={self.mask}, size={self.size})"

    @classmethod
    def encode(
        cls,
        data: str | bytes,
        ec: str = "M",
        *,
        mask: int | None = None,
        min_version: int = 1,
    ) -> QrCode:
        """Encode ``data`` (a str as UTF-8) in byte mode in the smallest version
        from ``min_version`` up that holds it, with the mask of least penalty
        unless ``mask`` (0..7) forces one.

        >>> QrCode.encode("é").version
        1
        >>> QrCode.encode("x", "X")
        Traceback (most recent call last):
        ...
        web.view.qr.QrOptionError: unknown error correction level 'X' (L, M, Q or H)
        """
        if ec not in _EC_BITS:
            raise QrOptionError(f"unknown error correction level {ec!r} (L, M, Q or H)")
        if mask is not None and mask not in range(8):
            raise QrOptionError(f"mask {mask!r} is not 0..7")
        if min_version not in range(1, MAX_VERSION + 1):
            raise QrOptionError(f"version {min_version!r} is not 1..{MAX_VERSION}")
        raw = data.encode() if isinstance(data, str) else bytes(data)
        for version in range(min_version, MAX_VERSION + 1):
            if 4 + _count_bits(version) + 8 * len(raw) <= 8 * _capacity(version, ec):
                break
        else:
            raise QrTooLongError(
                f"{len(raw)} bytes do not fit a version {min_version}..{MAX_VERSION}"
                f" QR code at level {ec}"
            )
        layout = _layout(version)
        size = layout.size
        base = list(layout.function_rows)
        stream = _codewords(raw, version, ec)
        bits = format(int.from_bytes(stream), f"0{8 * len(stream)}b")
        # Cells left over after the codewords are the remainder bits: light.
        for (row, cell), b in zip(layout.data_cells, bits, strict=False):
            if b == "1":
                base[row] |= cell
        best: tuple[int, int, list[str]] | None = None
        for m in range(8) if mask is None else (mask,):
            rows = [a ^ b for a, b in zip(base, layout.mask_rows[m], strict=True)]
            info = _bch(_EC_BITS[ec] << 3 | m, 0x537, 10) ^ 0x5412
            for i, pair in enumerate(layout.format_cells):
                if info >> i & 1:
                    for row, cell in pair:
                        rows[row] |= cell
            lines = [format(r, f"0{size}b") for r in rows]
            # The whole symbol is scored, format information included (7.8.3.1).
            score = 0 if mask is not None else _penalty(lines, rows, size)
            if best is None or score < best[0]:
                best = (score, m, lines)
        assert best is not None
        _, chosen, lines = best
        modules = tuple(tuple(ch == "1" for ch in line) for line in lines)
        return cls(version=version, ec=ec, mask=chosen, modules=modules)


def qr_svg(code: QrCode, *, quiet: int = 4, title: str | None = None) -> str:
    """A standalone ``<svg>`` of ``code``: a light square and one path of the
    dark modules' horizontal runs, in module units (no width or height: CSS
    sizes it), with ``quiet`` light modules around it (the spec asks for 4).

    The colours are fixed, not themed: scanners want dark on light.  With a
    ``title`` the image is named for screen readers; without one it is hidden
    from them (the link beside it says the same).

    >>> svg = qr_svg(QrCode.encode("hi", "L", mask=0), quiet=1, title="A <link>")
    >>> svg[:88]
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 23 23" shape-rendering="crispEdges"'
    >>> '<title>A &lt;link&gt;</title>' in svg
    True
    >>> svg.count("<path"), svg.split('d="')[1][:19]
    (1, 'M1 1h7v1h-7zM11 1h1')
    """
    if quiet < 0:
        raise QrOptionError(f"quiet zone {quiet!r} is negative")
    side = code.size + 2 * quiet
    runs = []
    for y, row in enumerate(code.modules, start=quiet):
        x = 0
        while x < code.size:
            if row[x]:
                start = x
                while x < code.size and row[x]:
                    x += 1
                runs.append(f"M{start + quiet} {y}h{x - start}v1h-{x - start}z")
            x += 1
    if title is None:
        label, heading = ' aria-hidden="true"', ""
    else:
        label = f' role="img" aria-label="{escape(title)}"'
        heading = f"<title>{escape(title)}</title>"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}"'
        f' shape-rendering="crispEdges"{label}>{heading}'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path d="{"".join(runs)}" fill="#000"/></svg>'
    )
