"""The app: builds the game's parts and hands them to one another, like
2048's application.js.  ``public/main.py`` calls :func:`start`.

It decides the order things happen in on a first visit: the board is
drawn and interactive first; only then does the AI's worker start loading
(when the game needs it), so it never delays the first board.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.dice import RandomSource, system_random
from web.ai.client import AiPort
from web.control.controller import Controller
from web.dom.browser import WORKER_NAME, BrowserTimer, WorkerAi, local_storage, page_path
from web.dom.connect import Connection
from web.dom.online_page import Network
from web.dom.page import Page
from web.model.storage import Store

# Workers a rollout may use at most: each holds its own Python (about 100 MB), so a
# phone with eight cores is spared eight of them.
ROLLOUT_WORKERS = 4


def start(
    document: Any,
    window: Any,
    *,
    dice: RandomSource | None = None,
    animation: str | None = None,
    relays: Sequence[str] | None = None,
    trackers: Sequence[str] | None = None,
    ice_servers: Sequence[Mapping[str, str]] | None = None,
    claim_after: float | None = None,
) -> Page:
    """Build the game on the page and draw it.

    ``dice`` replaces the system's random source, ``animation`` the
    player's animation setting, ``relays``, ``trackers`` and ``ice_servers``
    the public Nostr relays, BitTorrent trackers and STUN servers an online
    game contacts, and ``claim_after`` the seconds after which a gone friend's
    game may be claimed: the test build's entry point passes them (its relay
    and tracker on loopback, no STUN, a short wait); the published page never does.
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
    # Online play (#17): its protocol loads only when an online game starts.
    network = Network(relays, trackers, ice_servers, claim_after)
    connection = Connection(store, window, BrowserTimer(window), network)
    controller = Controller(
        page,
        store,
        ai,
        BrowserTimer(window),
        dice if dice is not None else system_random(),
        animation=animation,
        connector=connection,
        postman=connection,
        # The analysis board's shared link (#19) names the page without its fragment.
        page_url=str(window.location.href).partition("#")[0],
        rollout_ports=_rollout_ports(ai, window),
    )
    page.attach(controller)
    controller.boot()
    _mark(window, "booted")
    connection.open(controller.online)
    connection.open_post(controller.post)  # a friend's link by messages, or the game of one
    # The analysis board's shared link (#19): "#xgid=..." opens it on that position,
    # also when a link changes only the fragment of the page already open (no reload).

    def shared(event: Any = None) -> None:
        controller.open_shared(str(window.location.hash or ""))
        if event is not None:  # a friend's link opened in this page, already open
            connection.post_link_opened()

    shared()
    page._listen(window, "hashchange", shared)
    # A page opened with an invite is for a friend's game: the AI loads only if
    # asked (the player declines the invite and plays on against it).
    load_ai = controller.state.options.vs_ai and not connection.invited
    if load_ai:
        # Said before data-ready: the loading toast (public/progress.js) then waits
        # for the AI, and goes at once on a page that loads none (a friend's game).
        on_ai_state("loading")
    page.board.setAttribute("data-ready", "true")
    _mark(window, "ready")
    if load_ai:
        ai.start()  # the board is interactive: now the AI may load
    return page


def _mark(window: Any, name: str) -> None:
    """A performance mark ``backgammon:name``, which ``bench.load`` reads."""
    with contextlib.suppress(Exception):
        window.performance.mark(f"backgammon:{name}")


def _rollout_ports(ai: WorkerAi, window: Any) -> Callable[[], list[AiPort]]:
    """The analysis board's rollouts run on the AI's worker and, on a machine with
    more cores, on more workers started at the first rollout (and kept)."""
    extra: list[WorkerAi] = []

    def ports() -> list[AiPort]:
        from web.ai.rollouts import worker_count  # at the first rollout

        try:
            cores = int(window.navigator.hardwareConcurrency or 1)
        except Exception:
            cores = 1
        try:  # Chromium's, in GB (0.25 to 8); other browsers have none
            memory: float | None = float(window.navigator.deviceMemory)
        except Exception:
            memory = None
        wanted = min(worker_count(cores, memory), ROLLOUT_WORKERS)
        while 1 + len(extra) < wanted:
            name = f"{WORKER_NAME}-{len(extra) + 1}"
            extra.append(WorkerAi(lambda state: None, name=name, helper=True))
        return [ai, *extra]

    return ports
