"""Render the app icons' PNGs from their SVGs with Chromium (Playwright).

Install prompts want PNGs at 192 and 512 pixels.  They are drawn from
``public/icons/icon.svg`` and ``icon-maskable.svg`` and committed, so the build
needs no browser; rerun this after changing an SVG:
``python -m scripts.icons`` (uses ``/usr/bin/chromium``, or ``$CHROMIUM``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
                written.append(icons / png)
        finally:
            browser.close()
    return written


def main() -> int:
    for path in render():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
