"""Render the app icons' PNGs from their SVGs with Chromium (Playwright).

Install prompts want PNGs at 192 and 512 pixels.  They are drawn from
``public/icons/icon.svg`` and ``icon-maskable.svg`` and committed, so the build
needs no browser; rerun this after changing an SVG:
``python -m scripts.icons`` (uses ``/usr/bin/chromium``, or ``$CHROMIUM``).

Chromium's screenshots are true-colour PNGs (126 kB for the three).  The icons
are flat colours with smooth edges and shading, a few thousand colours in all,
so each is then stored with a palette of 256 (median cut over the colours and
their transparency; no pixel moves more than 25 of 255 in any channel, which
does not show), deflated by Zopfli: 46 kB.  ``python -m scripts.icons --palette`` redoes only that
step on the committed PNGs.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import zlib
from collections import Counter
from pathlib import Path

import zopfli.zlib

ICONS = Path(__file__).resolve().parent.parent / "public" / "icons"
# PNG file -> (SVG it is drawn from, size in pixels)
RENDERS = {
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "icon-maskable-512.png": ("icon-maskable.svg", 512),
}


def render(icons: Path = ICONS) -> list[Path]:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for png, (svg, size) in RENDERS.items():
                page = browser.new_page(viewport={"width": size, "height": size})
                markup = (icons / svg).read_text(encoding="utf-8")
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}"
                    "svg{display:block;width:100vw;height:100vh}</style>" + markup
                )
                page.screenshot(path=str(icons / png), omit_background=True)
                page.close()
                to_palette(icons / png)
                written.append(icons / png)
        finally:
            browser.close()
    return written


# -- a 256-colour palette, without an imaging library ---------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
Pixel = tuple[int, int, int, int]  # red, green, blue, alpha


class PngError(ValueError):
    pass


def read_png(data: bytes) -> tuple[int, int, list[Pixel]]:
    """Width, height and RGBA pixels of an 8-bit, non-interlaced RGB(A) PNG."""
    if data[:8] != PNG_SIGNATURE:
        raise PngError("not a PNG")
    chunks: list[tuple[bytes, bytes]] = []
    i = 8
    while i < len(data):
        (size,) = struct.unpack(">I", data[i : i + 4])
        chunks.append((data[i + 4 : i + 8], data[i + 8 : i + 8 + size]))
        i += 12 + size
    width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth != 8 or interlace or kind not in (2, 6):
        raise PngError("only 8-bit, non-interlaced RGB or RGBA PNGs")
    step = 4 if kind == 6 else 3
    raw = zlib.decompress(b"".join(body for name, body in chunks if name == b"IDAT"))
    stride = width * step
    above = bytearray(stride)
    pixels: list[Pixel] = []
    for y in range(height):
        start = y * (stride + 1)
        line = _unfilter(raw[start], bytearray(raw[start + 1 : start + 1 + stride]), above, step)
        for x in range(0, stride, step):
            alpha = line[x + 3] if step == 4 else 255
            pixels.append((line[x], line[x + 1], line[x + 2], alpha))
        above = line
    return width, height, pixels


def _unfilter(kind: int, line: bytearray, above: bytearray, step: int) -> bytearray:
    for x in range(len(line)):
        left = line[x - step] if x >= step else 0
        up = above[x]
        corner = above[x - step] if x >= step else 0
        if kind == 1:
            line[x] = (line[x] + left) & 0xFF
        elif kind == 2:
            line[x] = (line[x] + up) & 0xFF
        elif kind == 3:
            line[x] = (line[x] + (left + up) // 2) & 0xFF
        elif kind == 4:
            guess = left + up - corner
            near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                       (abs(guess - corner), 2, corner))  # fmt: skip
            line[x] = (line[x] + near[2]) & 0xFF
    return line


def palette_of(pixels: list[Pixel], size: int = 256) -> list[Pixel]:
    """At most ``size`` colours for ``pixels``: all of them if they are few, else a
    median cut (each box split across its widest channel, weighted by use)."""
    counts = Counter(pixels)
    if len(counts) <= size:
        return sorted(counts, key=lambda c: c[3])
    boxes = [list(counts.items())]
    while len(boxes) < size:
        widest = max(
            ((_spread(box, ch), b, ch) for b, box in enumerate(boxes) for ch in range(4)),
            default=(0.0, 0, 0),
        )
        spread, b, channel = widest
        if spread == 0:
            break
        box = sorted(boxes.pop(b), key=lambda entry: entry[0][channel])
        half, seen, cut = sum(n for _, n in box) / 2, 0, 0
        while seen < half:
            seen += box[cut][1]
            cut += 1
        cut = min(max(cut, 1), len(box) - 1)
        boxes += [box[:cut], box[cut:]]
    palette = []
    for box in boxes:
        total = sum(n for _, n in box)
        mean = [round(sum(c[ch] * n for c, n in box) / total) for ch in range(4)]
        palette.append((mean[0], mean[1], mean[2], mean[3]))
    # Opaque colours last, so the transparency chunk stops before them.
    return sorted(palette, key=lambda c: c[3])


def _spread(box: list[tuple[Pixel, int]], channel: int) -> float:
    if len(box) < 2:
        return 0.0
    values = [colour[channel] for colour, _ in box]
    return (max(values) - min(values)) * math.sqrt(sum(n for _, n in box))


def palette_png(width: int, height: int, pixels: list[Pixel], palette: list[Pixel]) -> bytes:
    """An indexed PNG of ``pixels``, each drawn with the nearest colour of ``palette``."""
    nearest: dict[Pixel, int] = {}
    for colour in set(pixels):
        nearest[colour] = min(
            range(len(palette)),
            key=lambda i: sum((a - b) ** 2 for a, b in zip(colour, palette[i], strict=True)),
        )
    rows = b"".join(
        b"\0" + bytes(nearest[p] for p in pixels[y * width : (y + 1) * width])
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    alphas = bytes(c[3] for c in palette).rstrip(b"\xff")
    out = PNG_SIGNATURE + _chunk(b"IHDR", header)
    out += _chunk(b"PLTE", b"".join(bytes(c[:3]) for c in palette))
    if alphas:
        out += _chunk(b"tRNS", alphas)
    # Zopfli: the same deflate format, about 9 % smaller than zlib's best here.
    return out + _chunk(b"IDAT", zopfli.zlib.compress(rows)) + _chunk(b"IEND", b"")


def _chunk(name: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))


def to_palette(path: Path) -> None:
    """Rewrite the true-colour PNG at ``path`` with a palette of 256 colours."""
    width, height, pixels = read_png(path.read_bytes())
    path.write_bytes(palette_png(width, height, pixels, palette_of(pixels)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the app icons' PNGs.")
    parser.add_argument(
        "--palette", action="store_true", help="only store the committed PNGs with a palette"
    )
    args = parser.parse_args(argv)
    if args.palette:
        for png in RENDERS:
            to_palette(ICONS / png)
            print(f"wrote {ICONS / png}")
        return 0
    for path in render():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
