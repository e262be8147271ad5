"""The app icons' PNGs are stored with a 256-colour palette (scripts/icons.py)."""

from __future__ import annotations

import struct
import zlib

import pytest
from repo_paths import ROOT

from scripts import icons
from scripts.icons import Pixel, PngError, palette_of, palette_png, read_png

ICONS = ROOT / "public" / "icons"


def truecolour_png(width: int, height: int, pixels: list[Pixel]) -> bytes:
    rows = b"".join(
        b"\2" + b"".join(bytes(p) for p in pixels[y * width : (y + 1) * width])  # filter "up"
        for y in range(height)
    )
    # Filter 2 adds the byte above: undo it here so the decoder must redo it.
    raw = bytearray(rows)
    stride = 4 * width + 1
    for y in range(height - 1, 0, -1):
        for x in range(1, stride):
            raw[y * stride + x] = (raw[y * stride + x] - raw[(y - 1) * stride + x]) & 0xFF
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        icons.PNG_SIGNATURE
        + icons._chunk(b"IHDR", header)
        + icons._chunk(b"IDAT", zlib.compress(bytes(raw)))
        + icons._chunk(b"IEND", b"")
    )


def indexed(data: bytes) -> tuple[int, int, list[Pixel]]:
    """Decode an indexed PNG as palette_png writes it (filter 0, PLTE, tRNS)."""
    chunks: dict[bytes, bytes] = {}
    i = 8
    while i < len(data):
        (size,) = struct.unpack(">I", data[i : i + 4])
        chunks[data[i + 4 : i + 8]] = data[i + 8 : i + 8 + size]
        i += 12 + size
    width, height, depth, kind, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, kind) == (8, 3)
    plte, trns = chunks[b"PLTE"], chunks.get(b"tRNS", b"")
    colours = [
        (*plte[3 * k : 3 * k + 3], trns[k] if k < len(trns) else 255) for k in range(len(plte) // 3)
    ]
    raw = zlib.decompress(chunks[b"IDAT"])
    pixels: list[Pixel] = []
    for y in range(height):
        line = raw[y * (width + 1) : (y + 1) * (width + 1)]
        assert line[0] == 0
        pixels += [tuple(colours[k]) for k in line[1:]]
    return width, height, pixels


def test_the_committed_icons_are_small_palette_pngs_of_their_sizes() -> None:
    total = 0
    for png, (_, size) in icons.RENDERS.items():
        data = (ICONS / png).read_bytes()
        width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
        assert (width, height, depth, kind) == (size, size, 8, 3), png  # 3: indexed colour
        total += len(data)
    assert total < 60_000  # 126 kB as Chromium's true-colour screenshots


def test_few_colours_are_kept_exactly() -> None:
    pixels: list[Pixel] = [((x * 40) % 256, x * 8, 255 - x, 255 if x % 3 else 0) for x in range(30)]
    image = pixels * 4
    width, height, decoded = read_png(truecolour_png(30, 4, image))
    assert (width, height, decoded) == (30, 4, image)
    assert indexed(palette_png(30, 4, decoded, palette_of(decoded)))[2] == image


def test_many_colours_get_the_nearest_of_256() -> None:
    # A smooth shading: 64 x 64 distinct colours, as the checkers' gradients.
    image: list[Pixel] = [(x * 4, y * 4, (x + y) * 2, 255) for y in range(64) for x in range(64)]
    palette = palette_of(image)
    assert len(palette) == 256
    _, _, drawn = indexed(palette_png(64, 64, image, palette))
    worst = max(
        abs(a - b) for p, q in zip(image, drawn, strict=True) for a, b in zip(p, q, strict=True)
    )
    assert worst <= 24


def test_only_true_colour_pngs_are_read() -> None:
    with pytest.raises(PngError):
        read_png(b"GIF89a")
    indexed_png = palette_png(1, 1, [(1, 2, 3, 255)], [(1, 2, 3, 255)])
    with pytest.raises(PngError):
        read_png(indexed_png)
