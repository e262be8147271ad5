"""The app: builds the game's parts and hands them to one another, like
2048's application.js.  ``public/main.py`` calls :func:`start`.

It decides the order things happen in on a first visit: the board is
drawn and interactive first; only then does the AI's worker start loading
(when the game needs it), so it never delays the first board.
"""

from __future__ import annotations

import contextlib
from typing import Any

from engine.dice import RandomSource, system_random
from web.browser import BrowserTimer, WorkerAi, local_storage, page_path
from web.controller import Controller
from web.page import Page
from web.storage import Store


def start(
    document: Any,
    window: Any,
    *,
    dice: RandomSource | None = None,
    animation: str | None = None,
) -> Page:
    """Build the game on the page and draw it.

    ``dice`` replaces the system's random source and ``animation`` the
    player's animation setting: the test build's entry point passes them;
    the published page never does.
    """
    page = Page(document, window)

    def on_ai_state(state: str) -> None:
        page.board.setAttribute("data-ai", state)

    ai = WorkerAi(on_ai_state)
    store = Store(
        local_storage(window),
        clock=lambda: float(window.Date.now()) / 1000,
        site=page_path(window),  # each deployment on an origin keeps to its own keys
    )
    store.adopt_legacy()  # the first to start takes the keys of earlier versions
    if animation is None:
        with contextlib.suppress(Exception):
            if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
                animation = "off"
    controller = Controller(
        page,
        store,
        ai,
        BrowserTimer(window),
        dice if dice is not None else system_random(),
        animation=animation,
    )
    page.attach(controller)
    controller.boot()
    page.board.setAttribute("data-ready", "true")
    if controller.state.options.vs_ai:
        ai.start()  # the board is interactive: now the AI may load
    return page
