"""Render the board's wood grain to a small texture, ``public/grain.webp``.

The grain used to be an SVG ``feTurbulence`` filter on the board's frame.
Browsers rasterise such a filter on the CPU over the whole board, at every
paint and every redraw of the board: about 160 ms of the first paint on the
benchmark machine.  This draws that same filter once, with Chromium, into a
texture the board then shows as an ``<image>`` (see ``web/board/svg.py``).

The noise is stretched along the planks (0.004 cycles per unit across, 0.09
down), so the texture keeps every unit of the board's height but only one
pixel in ``X_STEP`` across; the browser's smoothing fills in the rest.  Its
colour is constant (dark brown, as the filter's colour matrix made it): only
its alpha varies, so it suits every theme's wood.

The texture is committed, so the build needs no browser; rerun this after
changing the grain: ``python -m scripts.grain`` (uses ``/usr/bin/chromium``,
or ``$CHROMIUM``).
"""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

from web.board.svg import FRAME_RX, HEIGHT, WIDTH

OUT = Path(__file__).resolve().parent.parent / "public" / "grain.webp"
X_STEP = 8
QUALITY = 0.8

# The filter as the board drew it: turbulence stretched along the planks,
# coloured dark brown with a thinned alpha, cut to the frame's rounded shape.
GRAIN_SVG = f"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"
     width="{WIDTH // X_STEP}" height="{HEIGHT}" preserveAspectRatio="none">
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="3" seed="7"
                  result="noise"/>
    <feColorMatrix in="noise" type="matrix"
                   values="0 0 0 0 0.18  0 0 0 0 0.09  0 0 0 0 0.03  0 0 0 0.55 -0.12"/>
    <feComposite in2="SourceGraphic" operator="in"/>
  </filter>
  <rect width="{WIDTH}" height="{HEIGHT}" rx="{FRAME_RX}" fill="#7a4a26"
        filter="url(#grain)" opacity="0.9"/>
</svg>
"""

# Re-encodes the screenshot (a PNG) as WebP, which keeps this noise in a
# third of the bytes.
TO_WEBP = """
async ([png, quality]) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  canvas.getContext("2d").drawImage(image, 0, 0);
  return canvas.toDataURL("image/webp", quality).split(",")[1];
}
"""


def render(out: Path = OUT) -> Path:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": WIDTH // X_STEP, "height": HEIGHT})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block}</style>"
                + GRAIN_SVG
            )
            png = page.screenshot(omit_background=True)
            webp = page.evaluate(TO_WEBP, [base64.b64encode(png).decode(), QUALITY])
        finally:
            browser.close()
    out.write_bytes(base64.b64decode(webp))
    return out


def main() -> int:
    path = render()
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
