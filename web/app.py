"""Put the game on the page.

The DOM comes in as an argument (PyScript's ``document`` in the browser, a fake
in tests), so this module imports under CPython and holds no state of its own.
"""

from __future__ import annotations

from typing import Protocol

from engine import Position
from web.board_svg import render_board

BOARD_ID = "board"
PIPS_ME_ID = "pips-me"
PIPS_OPP_ID = "pips-opp"
STATUS_ID = "status"


class Element(Protocol):
    """The few DOM element members the front end uses."""

    innerHTML: str
    textContent: str

    def setAttribute(self, name: str, value: str) -> None: ...


class Document(Protocol):
    def getElementById(self, element_id: str) -> Element | None: ...


class MissingElementError(LookupError):
    """The page lacks an element the front end needs (a broken index.html)."""


def element(document: Document, element_id: str) -> Element:
    found = document.getElementById(element_id)
    if found is None:
        raise MissingElementError(f"no element with id {element_id!r}")
    return found


def show_position(document: Document, position: Position) -> None:
    """Draw ``position`` (the human on roll, at the bottom) and its pip counts."""
    board = element(document, BOARD_ID)
    board.innerHTML = render_board(position)
    mine, theirs = position.pips()
    element(document, PIPS_ME_ID).textContent = str(mine)
    element(document, PIPS_OPP_ID).textContent = str(theirs)
    # Tests and later scripts wait on this: Python is running and has drawn.
    board.setAttribute("data-ready", "true")


def main(document: Document) -> None:
    """Entry point called by the page once Pyodide has started."""
    show_position(document, Position.start())
    element(document, STATUS_ID).textContent = "Ready. Play is coming soon."
