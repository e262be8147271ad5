"""Take the README's screenshots: a game in progress on a desktop and on a phone.

Builds nothing: run ``python -m scripts.build_site`` first.  The built site
(``build/site/``) is served on localhost under a sub-path, as the browser tests
serve it, and played in Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``)
through :mod:`scripts.page_driver`: a match against King Tubby, a few turns
played, then the next roll.  Each screenshot is stored with a palette of
:data:`COLOURS` colours (as :mod:`scripts.icons` stores the icons) in
``docs/images/``, which the site does not ship.

``python -m scripts.screenshots [--turns 3] [--out docs/images]``
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scripts import build_site, icons, serve
from scripts.page_driver import new_game, play_turn, wait_for_player

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
READY_TIMEOUT_MS = 180_000
# Colours in each PNG's palette: the board is flat colours and a little grain.
COLOURS = 128

DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 1.5,
        "is_mobile": True,
        "has_touch": True,
    },
}


def play_until_our_roll(page: Page, turns: int) -> None:
    """Play ``turns`` of our turns against the AI, then roll once more and stop
    with the dice on the board and our checkers to move."""
    played = 0
    for _ in range(100):
        state = wait_for_player(page)
        if state["phase"] == "over":
            return
        if state["dialog"] == "cube":
            page.click("dialog [data-action='take']")
        elif state["dialog"] == "resign-answer":
            page.click("dialog [data-action='accept']")
        elif state["phase"] in ("opening", "roll"):
            page.click("#controls [data-action='roll']")
        elif state["phase"] == "move":
            if played >= turns:
                return
            play_turn(page, "tap")
            played += 1
        else:
            raise RuntimeError(f"unexpected state {state}")
    raise RuntimeError("no roll of ours to show after 100 actions")


def take(browser: Browser, url: str, device: str, turns: int, out: Path) -> Path:
    context = browser.new_context(**DEVICES[device])
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_TIMEOUT_MS)
        new_game(page, "hard", 5)
        play_until_our_roll(page, turns)
        page.wait_for_timeout(500)  # let the last animation settle
        path = out / f"{device}.png"
        page.screenshot(path=str(path))
    finally:
        context.close()
    width, height, pixels = icons.read_png(path.read_bytes())
    palette = icons.palette_of(pixels, COLOURS)
    path.write_bytes(icons.palette_png(width, height, pixels, palette))
    return path


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description="Take the README's screenshots.")
    parser.add_argument("--turns", type=int, default=3, help="our turns played before the shot")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--device", choices=sorted(DEVICES), action="append")
    args = parser.parse_args(argv)
    if not (build_site.DEFAULT_OUT / "index.html").is_file():
        print("screenshots: build the site first (python -m scripts.build_site)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = serve.start(build_site.DEFAULT_OUT, prefix="/backgammon/")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                ],
            )
            try:
                for device in args.device or sorted(DEVICES):
                    path = take(browser, url, device, args.turns, args.out)
                    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
