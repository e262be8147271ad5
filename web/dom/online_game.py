"""Playing an online game on this page, once online play's protocol is loaded:
going on with a saved game, offering the invite the page was opened with,
hosting a new one, and connecting — through the relays, or by hand
(:class:`ByHand`).  The functions take the page's
:class:`~web.dom.online_page.OnlinePage` (its storage, window, timer and network: the
:class:`~web.dom.connect.Connection`).
It ships in online play's archive with the protocol it drives: a page that
plays no online game never downloads it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from web.control.online import TURN
from web.dom.online_page import ONLINE_SAVE, OnlinePage
from web.model.options import MatchOptions
from web.words import online_play as words

if TYPE_CHECKING:
    from web.control.online import OnlinePlay
    from web.online.invite import Invite
    from web.online.peer import Peer
    from web.online.remote import OnlineTable

TICK_MS = 2000  # how often the online game's heartbeat and the friend's presence are checked


def reopen(connection: OnlinePage, controller: OnlinePlay, saved: object) -> None:
    """Go on with the saved online game, or offer the invite the page was opened with."""
    timing = connection.network.timing
    fragment = connection.fragment
    peer: Any = None
    if saved is not None:
        from web.online.errors import OnlineError as SavedError
        from web.online.peer import Peer as SavedPeer

        try:
            peer = SavedPeer.from_json(saved, now=connection.clock(), timing=timing())
        except SavedError as exc:
            controller.online_gave_up(exc.plain)

    def resume() -> None:  # a reload: the game goes on
        controller.await_online()
        _play(connection, peer.invite, peer, peer.friend_name or words.YOUR_FRIEND)

    if not connection.invited:
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

        peer = Peer.join(invite, name, now=connection.clock(), timing=timing())
        _play(connection, invite, peer, invite.name, offer_code(fragment))

    controller.offer_join(
        invite.name, invite.terms, MatchOptions.online_with(invite.rules, invite.clock), join
    )


def host(connection: OnlinePage, options: MatchOptions, name: str) -> None:
    from web.online.invite import clean_name
    from web.online.peer import Peer

    # The invite names its sender: the friend reads "Ann invites you to play
    # ..." (or "A friend invites you..." when the player gave no name).
    peer = Peer.invite_friend(
        clean_name(name) or "A friend", options.rules(), now=connection.clock(),
        clock=connection.network.move_clock(options.move_clock), timing=connection.network.timing(),
    )  # fmt: skip
    _play(connection, peer.invite, peer, words.YOUR_FRIEND)


def ice(connection: OnlinePage) -> Sequence[Mapping[str, str]] | None:
    """The ICE servers: the given ones (None: public STUN), and the player's TURN server."""
    from web.online.turn import TurnServer, with_turn

    return with_turn(
        connection.network.ice_servers, TurnServer.from_json(connection.store.read(TURN))
    )


def error_name(exc: BaseException) -> str:
    """What went wrong as the browser names it, shown as a detail after the
    page's own sentence: a JavaScript error's ``name`` (``NotAllowedError``,
    ``TypeError``), else the exception's class, never a message's English.

    >>> error_name(TimeoutError("the relays did not answer"))
    'TimeoutError'
    """
    name = getattr(exc, "name", None)
    return name if isinstance(name, str) and name else type(exc).__name__


def failed(connection: OnlinePage, message: str) -> None:
    """The browser could not open the channel: say so, and what may help."""
    from web.view.dialogs import TURN_NOTE

    if connection.controller is not None:
        connection.controller.online_alert(words.channel_failed(message, TURN_NOTE))


@dataclass(frozen=True, slots=True)
class Again:
    """A game by messages going live in its own room (#48): ``joined`` puts
    the live table on the board once the room is joined, ``failed`` says why
    it could not be (the game by messages then goes on as it was).  ``joined``
    answers False when the board moved on meanwhile: the room is left."""

    joined: Callable[[OnlineTable], bool]
    failed: Callable[[str], None]


def _play(
    connection: OnlinePage,
    invite: Invite,
    peer: Peer,
    friend: str,
    offer: str | None = None,
    again: Again | None = None,
) -> None:
    """Play ``peer``'s side, meeting the friend through the relays, or
    (``offer``: the inviter's connection code) by hand."""
    import asyncio

    controller = connection.controller
    if controller is None:
        return
    connecting = _connect(connection, controller, invite, peer, friend, offer, again)
    connection.tasks.append(asyncio.ensure_future(connecting))


def play_again(connection: OnlinePage, peer: Peer, again: Again) -> None:
    """Play ``peer``'s side of a game by messages live, in the game's own room
    (the same room id and password as its invite, the same seat keys)."""
    _play(connection, peer.invite, peer, peer.friend_name or words.YOUR_FRIEND, again=again)


async def _connect(
    connection: OnlinePage,
    controller: OnlinePlay,
    invite: Invite,
    peer: Peer,
    friend: str,
    offer: str | None,
    again: Again | None = None,
) -> None:
    from web.dom.transport import accept_offer, join_room
    from web.online.remote import OnlineTable
    from web.online.transport import RoomConfig

    network, store, timer = connection.network, connection.store, connection.timer
    answer = ""
    try:
        if offer is not None:
            answer, transport = await accept_offer(offer, ice_servers=ice(connection))
        else:
            config = RoomConfig(
                invite.room_id, invite.transport_password, relay_urls=network.relays,
                tracker_urls=network.trackers, ice_servers=ice(connection),
            )  # fmt: skip
            transport = await join_room(config)
    except Exception as exc:  # the relays, the code or the browser refused: say so
        text = words.unreachable(error_name(exc), by_link=bool(offer))
        if again is not None:
            again.failed(text)
        else:
            controller.online_alert(text)
        return
    table = OnlineTable(
        peer, transport, connection.clock, lambda data: store.write(ONLINE_SAVE, data)
    )
    table.attach(controller)
    transport.on_error(lambda message: failed(connection, message))
    if again is not None:
        if not again.joined(table):
            table.close()
            return
    else:
        controller.go_online(table, peer.friend, friend)
    table.resume(controller.state.match)
    if peer.met and again is None:
        # A reload: the friend's presence as it stands (the restored peer makes
        # no news of it), so a friend who is gone is said so, and Play by
        # messages offered, at once.
        controller.online_link(table.link, peer.claim_after)
    controller.online_resumed()
    # The invite, until the friend has come: not once they have (a reload of a
    # game under way, or of one by messages waiting live: #48), nor going live
    # again (the friend has the game already).
    if peer.seat == 0 and again is None and not peer.met:
        link = invite.link(str(connection.window.location.href))
        controller.show_invite(link, ByHand(controller, table, link, ice(connection), connection))
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
        connection: OnlinePage,
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
                self.controller.manual_failed(words.no_connection_link(error_name(exc)))
                return
            if self.controller.link is not self.table:
                return  # another game began meanwhile
            self._offer = offer
            offer.transport.on_error(lambda message: failed(self.connection, message))
            self.table.switch(offer.transport)
            self.controller.show_offer(offer_link(self.link, offer.code))

        self._task(make)

    def answer(self, code: str) -> None:
        async def use() -> None:
            if self._offer is None:
                return
            try:
                await self._offer.accept(code)
            except Exception:  # a malformed or stale code: say so
                self.controller.manual_failed(words.BAD_ANSWER_CODE)

        self._task(use)
