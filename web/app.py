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
from web.ai_client import AiPort, worker_count
from web.browser import WORKER_NAME, BrowserTimer, WorkerAi, local_storage, page_path
from web.controller import Controller
from web.options import MatchOptions
from web.page import Page
from web.storage import Store

ONLINE_SAVE = "online"  # the storage key of the online game's peer (web.online.peer)
# Workers a rollout may use at most: each holds its own Python (about 100 MB), so a
# phone with eight cores is spared eight of them.
ROLLOUT_WORKERS = 4
TICK_MS = 2000  # how often the online game's heartbeat and the friend's presence are checked


def start(
    document: Any,
    window: Any,
    *,
    dice: RandomSource | None = None,
    animation: str | None = None,
    relays: Sequence[str] | None = None,
    ice_servers: Sequence[Mapping[str, str]] | None = None,
) -> Page:
    """Build the game on the page and draw it.

    ``dice`` replaces the system's random source, ``animation`` the
    player's animation setting, and ``relays`` and ``ice_servers`` the public
    Nostr relays and STUN servers an online game contacts: the test build's
    entry point passes them (its relay on loopback, no STUN); the published
    page never does.
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
    _offer_online(
        controller, store, window, BrowserTimer(window), relays=relays, ice_servers=ice_servers
    )
    # The analysis board's shared link (#19): "#xgid=..." opens it on that position,
    # also when a link changes only the fragment of the page already open (no reload).
    controller.page_url = str(window.location.href).partition("#")[0]
    controller.rollout_ports = _rollout_ports(ai, window)

    def shared(event: Any = None) -> None:
        controller.open_shared(str(window.location.hash or ""))

    shared()
    page._listen(window, "hashchange", shared)
    page.board.setAttribute("data-ready", "true")
    if controller.state.options.vs_ai:
        ai.start()  # the board is interactive: now the AI may load
    return page


def _offer_online(
    controller: Controller,
    store: Store,
    window: Any,
    timer: BrowserTimer,
    relays: Sequence[str] | None = None,
    ice_servers: Sequence[Mapping[str, str]] | None = None,
) -> None:
    """Online play (#17): the New game dialog's "A friend online" makes an
    invite and waits in its room; a page opened with an invite's ``#join=``
    link offers to join.  The online code is imported only then, so a page
    that plays no online game loads none of it and contacts nothing outside
    its origin."""

    tasks: list[Any] = []

    def clock() -> float:
        return float(window.Date.now()) / 1000

    def play(invite: Any, peer: Any, friend: str) -> None:
        import asyncio

        from web.online.remote import OnlineTable
        from web.online.transport import RoomConfig, join_room

        async def connect() -> None:
            from web.online.codec import b64

            try:
                config = RoomConfig(
                    invite.room_id, b64(invite.secret), relay_urls=relays, ice_servers=ice_servers
                )
                transport = await join_room(config)
            except Exception as exc:  # the relays or the browser refused: say so
                controller.online_news(f"Could not reach the relays to find your friend ({exc}).")
                return
            table = OnlineTable(peer, transport, clock, lambda data: store.write(ONLINE_SAVE, data))
            table.attach(controller)
            controller.go_online(table, peer.friend, friend)
            table.resume(controller.state.match)
            controller.online_resumed()
            if peer.seat == 0:
                controller.show_invite(invite.link(str(window.location.href)))

            def tick() -> None:
                if controller.online is table:
                    table.tick()
                    timer.later(TICK_MS, tick)

            timer.later(TICK_MS, tick)

        tasks.append(asyncio.ensure_future(connect()))  # kept: a task only weakly held may vanish

    def host(options: MatchOptions) -> None:
        from web.online.invite import Invite
        from web.online.peer import Peer

        # The invite names its sender; the page knows no name, and the friend
        # reads "A friend invites you to play ...".
        invite = Invite.new("A friend", options.rules())
        play(invite, Peer.host(invite, now=clock()), "Your friend")

    controller.online_starter = host
    fragment = str(window.location.hash or "")
    saved = store.read(ONLINE_SAVE) if controller.state.options.online else None
    peer: Any = None
    if saved is not None and not controller.state.match.is_over:
        from web.online.errors import OnlineError as SavedError
        from web.online.peer import Peer as SavedPeer

        try:
            peer = SavedPeer.from_json(saved, now=clock())
        except SavedError as exc:
            controller.online_news(exc.plain)

    def resume() -> None:  # a reload: the game goes on
        controller.await_online()
        play(peer.invite, peer, peer.friend_name or "Your friend")

    if "join=" not in fragment:
        if peer is not None:
            resume()
        return
    from web.online.errors import OnlineError
    from web.online.invite import Invite

    try:
        invite = Invite.from_link(fragment)
    except OnlineError as exc:
        controller.online_news(exc.plain)
        return
    if peer is not None and peer.invite.room == invite.room:
        resume()  # the friend's page, reloaded: its address still holds the invite
        return

    def join(name: str) -> None:
        from web.online.peer import Peer

        play(invite, Peer.join(invite, name, now=clock()), invite.name)

    controller.offer_join(invite.name, invite.terms, MatchOptions.online_with(invite.rules), join)


def _rollout_ports(ai: WorkerAi, window: Any) -> Callable[[], list[AiPort]]:
    """The analysis board's rollouts run on the AI's worker and, on a machine with
    more cores, on more workers started at the first rollout (and kept)."""
    extra: list[WorkerAi] = []

    def ports() -> list[AiPort]:
        try:
            cores = int(window.navigator.hardwareConcurrency or 1)
        except Exception:
            cores = 1
        wanted = min(worker_count(cores), ROLLOUT_WORKERS)
        while 1 + len(extra) < wanted:
            extra.append(WorkerAi(lambda state: None, name=f"{WORKER_NAME}-{len(extra) + 1}"))
        return [ai, *extra]

    return ports
