"""Opening an online game on this page (#17): the page's part of online play.

The New game dialog's "A friend online" makes an invite and waits in its room
(:meth:`Connection.host`, the controller's :class:`~web.control.online.Connector`);
a page opened with an invite's ``#join=`` link offers to join, and a page
reloaded during an online game goes on with it (:meth:`Connection.open`).
The protocol's modules are imported only then, so a page that plays no
online game loads none of them and contacts nothing outside its origin; this
module, which the page imports at its start, imports nothing of them itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from web.control.online import NAME, TURN
from web.model.options import MatchOptions
from web.model.storage import Store
from web.words import online_play as words

if TYPE_CHECKING:  # the protocol's modules, imported only when an online game starts
    from web.control.online import OnlinePlay
    from web.control.session import Timer
    from web.model.presence import Timing
    from web.online.invite import Invite
    from web.online.peer import Peer
    from web.online.remote import OnlineTable

ONLINE_SAVE = "online"  # the storage key of the online game's peer (web.online.peer)
TICK_MS = 2000  # how often the online game's heartbeat and the friend's presence are checked


@dataclass(frozen=True, slots=True)
class Network:
    """Where an online game looks for the friend, and how long it waits.

    ``relays``, ``trackers`` and ``ice_servers`` replace the public Nostr
    relays, BitTorrent trackers and STUN servers (None: the public ones), and
    ``claim_after`` the seconds after which a gone friend's game may be
    claimed (None: the presence's default).  The test build's entry point
    passes them (its relay and tracker on loopback, no STUN, a short wait);
    the published page never does.
    """

    relays: Sequence[str] | None = None
    trackers: Sequence[str] | None = None
    ice_servers: Sequence[Mapping[str, str]] | None = None
    claim_after: float | None = None

    def move_clock(self, chosen: int) -> int:
        """The seconds a move of the game being offered: the ``chosen`` clock, or
        (a clock chosen) the test build's short wait."""
        if self.claim_after is None or not chosen:
            return chosen
        return max(1, int(self.claim_after))

    def timing(self) -> Timing | None:
        """The presence's stated times: the default, or the test build's shorter wait."""
        if self.claim_after is None:
            return None
        from web.model.presence import Timing

        claim_after = self.claim_after
        return Timing(
            heartbeat=min(5.0, claim_after / 6), quiet=min(15.0, claim_after / 2),
            claim_after=claim_after,
        )  # fmt: skip


class Connection:
    """The page's part of online play (see the module docs): the invite, the
    transport, the table, the heartbeat's timer; the controller is handed it
    (:class:`~web.control.online.Connector`) and it is opened on the
    controller once that has booted."""

    def __init__(
        self, store: Store, window: Any, timer: Timer, network: Network | None = None
    ) -> None:
        self.store, self.window, self.timer = store, window, timer
        self.network = network if network is not None else Network()
        self.controller: OnlinePlay | None = None
        self.tasks: list[Any] = []  # kept: a task only weakly held may vanish

    @property
    def invited(self) -> bool:
        """Whether the page was opened with an invite's link (``#join=``)."""
        return "join=" in self.fragment

    @property
    def fragment(self) -> str:
        return str(self.window.location.hash or "")

    def clock(self) -> float:
        # Monotonic: a change of the device's clock must not make a friend claimable.
        return float(self.window.performance.now()) / 1000

    def open(self, controller: OnlinePlay) -> None:
        """Offer the player's name and TURN server from storage; go on with a
        saved online game, or offer to join the invite the page was opened with."""
        self.controller = controller
        store, window = self.store, self.window
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
        saved = store.read(ONLINE_SAVE) if controller.state.options.online else None
        m = controller.state.match
        # A claimed game ends the match; its page still goes online, to tell a
        # friend who comes back (else the friend could claim the same game).
        if saved is not None and not (not m.is_over or m.is_abandoned):
            saved = None
        if saved is None and not self.invited:
            return
        if saved is not None:
            controller.await_online()  # nothing is played here until the game is back
        self._with_protocol(lambda: self._reopen(controller, saved))

    def _with_protocol(self, then: Callable[[], None]) -> None:
        """Call ``then`` once online play's protocol can be imported: now, or once
        its archive is fetched (:mod:`web.dom.online_loader`)."""
        import asyncio

        from web.dom import online_loader as loader

        if loader.loaded():
            then()
            return

        async def load_then() -> None:
            try:
                await loader.load()
            except Exception as exc:  # offline, or the server refused: say so
                if self.controller is not None:
                    self.controller.online_gave_up(words.not_loaded(str(exc)))
                return
            then()

        self.tasks.append(asyncio.ensure_future(load_then()))

    def _reopen(self, controller: OnlinePlay, saved: object) -> None:
        """Go on with the saved online game, or offer the invite the page was opened with."""
        timing = self.network.timing
        fragment = self.fragment
        peer: Any = None
        if saved is not None:
            from web.online.errors import OnlineError as SavedError
            from web.online.peer import Peer as SavedPeer

            try:
                peer = SavedPeer.from_json(saved, now=self.clock(), timing=timing())
            except SavedError as exc:
                controller.online_gave_up(exc.plain)

        def resume() -> None:  # a reload: the game goes on
            controller.await_online()
            self._play(peer.invite, peer, peer.friend_name or words.YOUR_FRIEND)

        if not self.invited:
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

            peer = Peer.join(invite, name, now=self.clock(), timing=timing())
            self._play(invite, peer, invite.name, offer_code(fragment))

        controller.offer_join(
            invite.name, invite.terms, MatchOptions.online_with(invite.rules, invite.clock), join
        )

    def host(self, options: MatchOptions, name: str) -> None:
        """Invite a friend to a match with ``options`` (the controller's
        :class:`~web.control.online.Connector`)."""
        self._with_protocol(lambda: self._host(options, name))

    def _host(self, options: MatchOptions, name: str) -> None:
        from web.online.invite import clean_name
        from web.online.peer import Peer

        # The invite names its sender: the friend reads "Ann invites you to play
        # ..." (or "A friend invites you..." when the player gave no name).
        peer = Peer.invite_friend(
            clean_name(name) or "A friend", options.rules(), now=self.clock(),
            clock=self.network.move_clock(options.move_clock), timing=self.network.timing(),
        )  # fmt: skip
        self._play(peer.invite, peer, words.YOUR_FRIEND)

    def ice(self) -> Sequence[Mapping[str, str]] | None:
        """The ICE servers: the given ones (None: public STUN), and the player's TURN server."""
        from web.online.turn import TurnServer, with_turn

        return with_turn(self.network.ice_servers, TurnServer.from_json(self.store.read(TURN)))

    def failed(self, message: str) -> None:
        """The browser could not open the channel: say so, and what may help."""
        from web.view.dialogs import TURN_NOTE

        if self.controller is not None:
            self.controller.online_alert(words.channel_failed(message, TURN_NOTE))

    def _play(self, invite: Invite, peer: Peer, friend: str, offer: str | None = None) -> None:
        """Play ``peer``'s side, meeting the friend through the relays, or
        (``offer``: the inviter's connection code) by hand."""
        import asyncio

        controller = self.controller
        if controller is None:
            return
        connecting = self._connect(controller, invite, peer, friend, offer)
        self.tasks.append(asyncio.ensure_future(connecting))

    async def _connect(
        self, controller: OnlinePlay, invite: Invite, peer: Peer, friend: str, offer: str | None
    ) -> None:
        from web.dom.transport import accept_offer, join_room
        from web.online.remote import OnlineTable
        from web.online.transport import RoomConfig

        network, store, timer = self.network, self.store, self.timer
        answer = ""
        try:
            if offer is not None:
                answer, transport = await accept_offer(offer, ice_servers=self.ice())
            else:
                config = RoomConfig(
                    invite.room_id, invite.transport_password, relay_urls=network.relays,
                    tracker_urls=network.trackers, ice_servers=self.ice(),
                )  # fmt: skip
                transport = await join_room(config)
        except Exception as exc:  # the relays, the code or the browser refused: say so
            controller.online_alert(words.unreachable(str(exc), by_link=bool(offer)))
            return
        table = OnlineTable(
            peer, transport, self.clock, lambda data: store.write(ONLINE_SAVE, data)
        )
        table.attach(controller)
        transport.on_error(self.failed)
        controller.go_online(table, peer.friend, friend)
        table.resume(controller.state.match)
        controller.online_resumed()
        if peer.seat == 0:
            link = invite.link(str(self.window.location.href))
            controller.show_invite(link, ByHand(controller, table, link, self.ice(), self))
        elif answer:
            controller.show_answer(answer)

        def tick() -> None:
            if controller.link is table:
                table.tick()
                timer.later(TICK_MS, tick)

        timer.later(TICK_MS, tick)


class ByHand:
    """Connecting by hand, the inviter's side
    (:class:`~web.control.online.ManualSignalling`): a connection link with
    the offer's code, then the friend's answer code."""

    def __init__(
        self,
        controller: OnlinePlay,
        table: OnlineTable,
        link: str,
        ice_servers: Sequence[Mapping[str, str]] | None,
        connection: Connection,
    ) -> None:
        self.controller, self.table, self.link = controller, table, link
        self.ice_servers, self.connection = ice_servers, connection
        self._offer: Any = None

    def _task(self, make: Callable[[], Any]) -> None:
        import asyncio

        self.connection.tasks.append(asyncio.ensure_future(make()))

    def offer(self) -> None:
        from web.dom.transport import create_offer
        from web.online.invite import offer_link

        async def make() -> None:
            try:
                offer = await create_offer(ice_servers=self.ice_servers)
            except Exception as exc:  # the browser refused: say so
                self.controller.manual_failed(words.no_connection_link(str(exc)))
                return
            if self.controller.link is not self.table:
                return  # another game began meanwhile
            self._offer = offer
            offer.transport.on_error(self.connection.failed)
            self.table.switch(offer.transport)
            self.controller.show_offer(offer_link(self.link, offer.code))

        self._task(make)

    def answer(self, code: str) -> None:
        async def use() -> None:
            if self._offer is None:
                return
            try:
                await self._offer.accept(code)
            except Exception as exc:  # a malformed or stale code: say so
                self.controller.manual_failed(words.bad_answer_code(str(exc)))

        self._task(use)
