"""The app: builds the game's parts and hands them to one another, like
2048's application.js.  ``public/main.py`` calls :func:`start`.

It decides the order things happen in on a first visit: the board is
drawn and interactive first; only then does the AI's worker start loading
(when the game needs it), so it never delays the first board.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.dice import RandomSource, system_random
from web.ai_client import AiPort, worker_count
from web.browser import WORKER_NAME, BrowserTimer, WorkerAi, local_storage, page_path
from web.controller import Controller
from web.flow import NAME, TURN
from web.options import MatchOptions
from web.page import Page
from web.storage import Store

if TYPE_CHECKING:  # online play is imported only when an online game starts
    from web.online.remote import OnlineTable

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
    _mark(window, "booted")
    _offer_online(
        controller,
        store,
        window,
        BrowserTimer(window),
        relays=relays,
        trackers=trackers,
        ice_servers=ice_servers,
        claim_after=claim_after,
    )
    # The analysis board's shared link (#19): "#xgid=..." opens it on that position,
    # also when a link changes only the fragment of the page already open (no reload).
    controller.page_url = str(window.location.href).partition("#")[0]
    controller.rollout_ports = _rollout_ports(ai, window)

    def shared(event: Any = None) -> None:
        controller.open_shared(str(window.location.hash or ""))

    shared()
    page._listen(window, "hashchange", shared)
    # A page opened with an invite is for a friend's game: the AI loads only if
    # asked (the player declines the invite and plays on against it).
    load_ai = controller.state.options.vs_ai and "join=" not in str(window.location.hash or "")
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


def _offer_online(
    controller: Controller,
    store: Store,
    window: Any,
    timer: BrowserTimer,
    relays: Sequence[str] | None = None,
    trackers: Sequence[str] | None = None,
    ice_servers: Sequence[Mapping[str, str]] | None = None,
    claim_after: float | None = None,
) -> None:
    """Online play (#17): the New game dialog's "A friend online" makes an
    invite and waits in its room; a page opened with an invite's ``#join=``
    link offers to join.  The online code is imported only then, so a page
    that plays no online game loads none of it and contacts nothing outside
    its origin."""

    tasks: list[Any] = []

    def clock() -> float:
        return float(window.Date.now()) / 1000

    def timing() -> Any:
        """The presence's stated times: the default, or the test build's shorter wait."""
        if claim_after is None:
            return None
        from web.online.presence import Timing

        return Timing(
            heartbeat=min(5.0, claim_after / 6), quiet=min(15.0, claim_after / 2),
            claim_after=claim_after,
        )  # fmt: skip

    name = store.read(NAME)
    if isinstance(name, str):
        controller.known_name(name)
    with contextlib.suppress(Exception):
        controller.can_share_links(bool(getattr(window.navigator, "share", None)))
    turn = store.read(TURN)  # checked when used (web.online.transport.TurnServer)
    if isinstance(turn, dict):
        words = tuple(turn.get(key) for key in ("url", "username", "credential"))
        if all(isinstance(word, str) for word in words):
            controller.known_turn((str(words[0]), str(words[1]), str(words[2])))

    def ice() -> Sequence[Mapping[str, str]] | None:
        """The ICE servers: the given ones (None: public STUN), and the player's TURN server."""
        from web.online.transport import TurnServer, with_turn

        return with_turn(ice_servers, TurnServer.from_json(store.read(TURN)))

    def failed(message: str) -> None:
        """The browser could not open the channel: say so, and what may help."""
        from web.dialogs import TURN_NOTE

        controller.online_alert(f"The connection to your friend failed ({message}). {TURN_NOTE}")

    def play(invite: Any, peer: Any, friend: str, offer: str | None = None) -> None:
        """Play ``peer``'s side, meeting the friend through the relays, or
        (``offer``: the inviter's connection code) by hand."""
        import asyncio

        from web.online.remote import OnlineTable
        from web.online.transport import RoomConfig, accept_offer, join_room

        async def connect() -> None:
            from web.online.codec import b64

            answer = ""
            try:
                if offer is not None:
                    answer, transport = await accept_offer(offer, ice_servers=ice())
                else:
                    config = RoomConfig(
                        invite.room_id, b64(invite.secret), relay_urls=relays,
                        tracker_urls=trackers, ice_servers=ice(),
                    )  # fmt: skip
                    transport = await join_room(config)
            except Exception as exc:  # the relays, the code or the browser refused: say so
                where = "use the connection link" if offer else "reach the relays"
                controller.online_alert(f"Could not {where} to find your friend ({exc}).")
                return
            table = OnlineTable(peer, transport, clock, lambda data: store.write(ONLINE_SAVE, data))
            table.attach(controller)
            transport.on_error(failed)
            controller.go_online(table, peer.friend, friend)
            table.resume(controller.state.match)
            controller.online_resumed()
            if peer.seat == 0:
                link = invite.link(str(window.location.href))
                controller.manual = _ByHand(controller, table, link, ice(), tasks)
                controller.show_invite(link)
            elif answer:
                controller.show_answer(answer)

            def tick() -> None:
                if controller.online is table:
                    table.tick()
                    timer.later(TICK_MS, tick)

            timer.later(TICK_MS, tick)

        tasks.append(asyncio.ensure_future(connect()))  # kept: a task only weakly held may vanish

    def host(options: MatchOptions, name: str) -> None:
        from web.online.invite import Invite, clean_name
        from web.online.peer import Peer

        # The invite names its sender: the friend reads "Ann invites you to play
        # ..." (or "A friend invites you..." when the player gave no name).
        invite = Invite.new(clean_name(name) or "A friend", options.rules())
        play(invite, Peer.host(invite, now=clock(), timing=timing()), "Your friend")

    controller.online_starter = host
    fragment = str(window.location.hash or "")
    saved = store.read(ONLINE_SAVE) if controller.state.options.online else None
    peer: Any = None
    m = controller.state.match
    # A claimed game ends the match; its page still goes online, to tell a
    # friend who comes back (else the friend could claim the same game).
    if saved is not None and (not m.is_over or m.is_abandoned):
        from web.online.errors import OnlineError as SavedError
        from web.online.peer import Peer as SavedPeer

        try:
            peer = SavedPeer.from_json(saved, now=clock(), timing=timing())
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
        from web.online.invite import offer_code
        from web.online.peer import Peer

        peer = Peer.join(invite, name, now=clock(), timing=timing())
        play(invite, peer, invite.name, offer_code(fragment))

    controller.offer_join(invite.name, invite.terms, MatchOptions.online_with(invite.rules), join)


class _ByHand:
    """Connecting by hand, the inviter's side (:class:`web.flow.ManualSignalling`):
    a connection link with the offer's code, then the friend's answer code."""

    def __init__(
        self,
        controller: Controller,
        table: OnlineTable,
        link: str,
        ice_servers: Sequence[Mapping[str, str]] | None,
        tasks: list[Any],
    ) -> None:
        self.controller, self.table, self.link = controller, table, link
        self.ice_servers, self.tasks = ice_servers, tasks
        self._offer: Any = None

    def offer(self) -> None:
        import asyncio

        from web.online.invite import offer_link
        from web.online.transport import create_offer

        async def make() -> None:
            try:
                offer = await create_offer(ice_servers=self.ice_servers)
            except Exception as exc:  # the browser refused: say so
                self.controller.manual_failed(f"Could not make a connection link ({exc}).")
                return
            if self.controller.online is not self.table:
                return  # another game began meanwhile
            self._offer = offer
            offer.transport.on_error(self.failed)
            self.table.switch(offer.transport)
            self.controller.show_offer(offer_link(self.link, offer.code))

        self.tasks.append(asyncio.ensure_future(make()))

    def failed(self, message: str) -> None:
        from web.dialogs import TURN_NOTE

        self.controller.online_alert(
            f"The connection to your friend failed ({message}). {TURN_NOTE}"
        )

    def answer(self, code: str) -> None:
        import asyncio

        async def use() -> None:
            if self._offer is None:
                return
            try:
                await self._offer.accept(code)
            except Exception as exc:  # a malformed or stale code: say so
                self.controller.manual_failed(
                    f"This answer code does not work ({exc}). Copy it again, whole."
                )

        self.tasks.append(asyncio.ensure_future(use()))


def _rollout_ports(ai: WorkerAi, window: Any) -> Callable[[], list[AiPort]]:
    """The analysis board's rollouts run on the AI's worker and, on a machine with
    more cores, on more workers started at the first rollout (and kept)."""
    extra: list[WorkerAi] = []

    def ports() -> list[AiPort]:
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
