"""Match files other programs write, imported on the analysis board in the
browser (#44): a Galaxy-style ``.mat`` with ``Losses`` lines, a hand
transcription with an illegal play (kept as recorded, and the player told),
GNU Backgammon's ``.sgf`` (written for the test by GNU Backgammon itself, with
its analysis, from one of our test matches), and an eXtreme
Gammon ``.xg`` (binary, read as bytes; a damaged one refused); each steps
through on the board, and nothing the page held is lost.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from bench.match_files import gnubg_writes
from e2e.helpers import DESKTOP, open_game
from engine.formats import sgf
from scripts.page_driver import new_game, text_of
from tests.engine.formats.test_xg import MATCH, xg_file

OURS = Path(__file__).parent.parent / "tests/data/mat/selfplay_7pt.mat"

GALAXY = """; [Site "BackgammonGalaxy"]
; [Player 1 Elo "1,00/0"]

 3 point match

 Game 1
 nori,1823 : 0                   Bob : 0
  1)                             41: 13/9 24/23
  2) 31: 8/5 6/5                 41: 6/5 9/5
  3) 31: 24/21 6/5                Doubles => 2
  4)  Drops
  5)  Losses 1 point             Wins 1 point

 Game 2
 nori,1823 : 0                   Bob : 1
  1) 31: 8/5 6/5                 41: 13/9 24/23
  2) 62: 24/18 13/11
  3)  Losses 2 point              Wins 2 points
"""

TRANSCRIBED = """ 5 point match

 Game 1
 Ann : 0                         Ben : 0
  1) 31: 8/5 6/5                 41: 13/9 24/23
  2) 62: 13/4                    52: 13/8 13/11
  3) 43: 24/20 24/21             Resigns
      Wins 1 point
"""


def _import(page: Page, path: Path) -> None:
    page.click(".menu [data-action='saves-open']")
    page.set_input_files("dialog#dialog input[type='file']", str(path))


def _opened(page: Page, names: str) -> None:
    page.wait_for_selector("body[data-analysis='analyse']")
    page.wait_for_function(
        "(n) => document.getElementById('announce').textContent.includes(n)", arg=names
    )
    # it opens at the start of game 1 and steps through: forward one decision, and back
    assert text_of(page, "[data-testid='an-at']").startswith("Decision 1 of ")
    page.click("#analysis [data-action='analysis-forward']")
    page.click("#analysis [data-action='analysis-back']")


def test_match_files_from_other_programs_open_on_the_board(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    game = open_game(browser, site_url, query="seed=1&anim=off", **DESKTOP)
    page = game.page
    try:
        new_game(page, "human", 3)  # a game in progress, to be put aside and kept
        galaxy = tmp_path / "galaxy.mat"
        galaxy.write_text(GALAXY)
        _import(page, galaxy)
        _opened(page, "Imported nori,1823 against Bob: 2 games")

        transcribed = tmp_path / "transcribed.txt"
        transcribed.write_text(TRANSCRIBED)
        _import(page, transcribed)
        _opened(page, "Imported Ann against Ben: 1 game")
        page.wait_for_selector("#notice:not([hidden])")
        notice = text_of(page, "#notice-text")
        assert "Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded" in notice
        page.click("#notice [data-action='dismiss-notice']")
        page.wait_for_selector("#notice", state="hidden")

        _, gnubg_sgf = gnubg_writes([OURS], tmp_path)[0]
        assert "DA[" in gnubg_sgf.read_text()  # with GNU Backgammon's analysis
        _import(page, gnubg_sgf)
        read = sgf.read(gnubg_sgf.read_text())
        names = " against ".join(read.names)
        _opened(page, f"Imported {names}: {len(read.record.games)} games")

        xg = tmp_path / "match.xg"  # read as bytes: a binary file
        xg.write_bytes(xg_file(MATCH))
        _import(page, xg)
        _opened(page, "Imported Ann against Ben: 2 games")
        damaged = tmp_path / "damaged.xg"
        damaged.write_bytes(b"RGMH" + bytes(200))
        _import(page, damaged)
        page.wait_for_selector("dialog#dialog .dialog-error")
        assert "cut short" in text_of(page, "dialog#dialog .dialog-error")
        assert game.errors == []
    finally:
        game.context.close()
