"""Playing by messages on the page (#48): two pages, each with its own storage,
play through the links they show, and go on after a reload."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from test_online_remote import Clock, MemoryTransport, pair, tokens
from test_online_remote_ui import FakeDate, FakePerformance
from web_fakes import Rig

from engine.game import Phase
from engine.record import Played, Roll
from engine.rules import Rules
from scripts.build_site import ONLINE_PROTOCOL
from web.dom.online_page import ONLINE_SAVE
from web.model.actions import Act
from web.model.presence import Link
from web.model.state import Dialog
from web.model.storage import MemoryStorage
from web.online.invite import Invite
from web.online.peer import Peer
from web.online.remote import OnlineTable
from web.online.transport import PeerEvent


class Location:
    def __init__(self, fragment: str) -> None:
        self.hash = fragment
        self.href = "https://example.org/game/" + fragment


class History:
    """The address bar: the page drops a link's fragment once it is applied."""

    def __init__(self, location: Location) -> None:
        self.location = location

    def replaceState(self, state: Any, title: str, url: str) -> None:  # the DOM's name
        self.location.href, self.location.hash = url, ""


class DeviceClock:
    """The device's clock (``Date.now``, in milliseconds), at ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def now(self) -> float:
        return self.seconds * 1000


class Window:
    def __init__(self, fragment: str = "", wall: float | None = None) -> None:
        self.location = Location(fragment)
        self.history = History(self.location)
        self.Date = FakeDate() if wall is None else DeviceClock(wall)
        self.performance = FakePerformance()


def page(
    storage: MemoryStorage, fragment: str = "", *, run: bool = True, wall: float | None = None
) -> Rig:
    """A page opened (or reloaded) on ``storage``, at ``fragment`` (``wall``:
    the device's clock, in seconds); what it shows by itself (the friend's
    moves being played) shown unless not ``run``."""
    rig = Rig(storage=storage, window=Window(fragment, wall), seed=len(fragment)).boot()
    assert rig.connection is not None
    rig.connection.open(rig.c.online)
    rig.connection.open_post(rig.c.post)
    if run:
        rig.timer.run()
    return rig


def joined(storage: MemoryStorage, fragment: str, name: str) -> Rig:
    """A page opened with a friend's first link, its invitation accepted under ``name``."""
    rig = page(storage, fragment)
    assert rig.c.state.dialog is Dialog.JOIN
    rig.act("join-accept", name=name)
    return rig


def fragment(rig: Rig) -> str:
    link = rig.c.state.online.post_link
    assert link.startswith("https://example.org/game/#post=")
    return "#" + link.split("#", 1)[1]


def roll_enabled(rig: Rig) -> bool:
    (roll,) = [b for b in rig.view.last.controls if b.action is Act.ROLL]
    return roll.enabled


def my_turn(rig: Rig) -> bool:
    m, friend = rig.c.state.match, rig.c.state.online.remote_seat
    return m.actor is not None and m.actor != friend and not m.is_game_over


def play_my_turn_once(rig: Rig) -> None:
    """One step of the player's turn: take a double, play, or roll."""
    if rig.c.state.dialog is Dialog.CUBE:
        rig.act("take")
    elif rig.c.state.movable:
        rig.play_greedy()
    else:
        rig.act("roll")


def play_my_turn(rig: Rig) -> None:
    """Roll (if asked to) and play, as the player would, until the friend must act."""
    for _ in range(4):
        if not my_turn(rig):
            return
        if rig.c.state.dialog is Dialog.CUBE:
            rig.act("take")
        elif rig.c.state.movable:
            rig.play_greedy()
        else:
            rig.act("roll")


def test_correspondence_two_pages_play_by_links_and_go_on_after_reloads() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    assert ann.c.state.dialog is Dialog.POST  # the invitation, to send
    assert "Send this link" in ann.view.last.dialog.html  # type: ignore[union-attr]
    # Nothing to roll until Bob's link comes (his part of the opening's dice).
    ann.act("close")
    assert ann.c.state.online.post_waiting and not roll_enabled(ann)
    assert ann.view.last.status.startswith("Waiting for your friend’s link")
    ann.act("roll")
    assert not ann.c.state.busy and ann.c.state.match.phase is Phase.OPENING
    link = fragment(ann)
    bob = page(bob_disk, link)
    # Bob is asked his name, as live joining asks it; no relay is named.
    assert bob.c.state.dialog is Dialog.JOIN and not bob.c.state.online.playing
    html = bob.view.last.dialog.html  # type: ignore[union-attr]
    assert "Ann invites you to play" in html and "by messages" in html and "relay" not in html
    bob.act("join-accept", name="Bob")
    assert bob.c.state.online.playing and bob.c.state.online.friend_name == "Ann"
    assert bob.connection is not None and bob.connection.window.location.hash == ""
    pages = [ann, bob]
    disks = [ann_disk, bob_disk]
    turn = 1  # Bob holds the last link
    told = []
    for _ in range(16):  # with the cube, a turn is three links (a roll asked, its dice, the play)
        rig = pages[turn]
        play_my_turn(rig)
        assert rig.c.state.dialog is Dialog.POST, rig.c.state  # the friend must act
        assert rig.c.state.online.post_waiting and not roll_enabled(rig)
        pages[1 - turn] = page(disks[1 - turn], fragment(rig))  # the friend opens it
        turn = 1 - turn
        message = pages[turn].c.state.message
        assert "Welcome back" not in message
        told.append(message)
    assert "Ann’s link is in: the game goes on." in told
    assert any(t.startswith("Bob played ") for t in told), told
    assert pages[0].c.state.online.friend_name == "Bob"
    played = [e for e in pages[turn].c.state.match.events if isinstance(e, Played)]
    assert len(played) >= 4
    # Both pages agree on the record of what was played.
    # The one who opened the last link holds everything the other played (and
    # the dice it had asked for, which the other sees with their play).
    opener, other = (pages[i].c.state.match for i in (turn, 1 - turn))
    assert opener.record.games[:-1] == other.record.games[:-1]
    extra = opener.events[len(other.events) :]
    assert opener.events[: len(other.events)] == other.events
    assert extra in ((), (Roll(turn, opener.dice),)), extra  # type: ignore[arg-type]
    # A reload (no link in the address) goes on with the game on the board.
    for i in range(2):
        before = pages[i].c.state.match.record
        pages[i] = page(disks[i])
        assert pages[i].c.state.online.playing
        assert pages[i].c.state.match.record == before
    rig = page(disks[turn])
    rig.act("post-games")
    games = rig.c.state.online.post_games
    assert len(games) == 1 and games[0].current
    said = "Your turn against Ann" if games[0].my_turn else "Waiting for Ann"
    if turn == 0:  # Ann's own page lists Bob
        said = said.replace("Ann", "Bob")
    assert said in rig.view.last.dialog.html  # type: ignore[union-attr]


def test_correspondence_link_opened_twice_is_quiet_and_a_broken_one_refused() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=1, post="on", name="Ann")
    link = fragment(ann)
    joined(bob_disk, link, "Bob")
    again = page(bob_disk, link)  # the same link, opened again: the game goes on
    assert again.c.state.online.playing and not again.c.state.notice
    broken = page(MemoryStorage(), "#post=AAAA")
    assert "Nothing changed" in broken.c.state.notice
    assert not broken.c.state.busy and not broken.c.state.online.playing


def test_correspondence_a_friend_s_play_is_shown_being_played_and_a_roll_asked_shows() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk]
    turn, animated, rolled = 1, 0, 0
    for _ in range(14):
        rig = pages[turn]
        play_my_turn(rig)
        s = rig.c.state
        asked = s.busy and s.match.phase is Phase.ROLL and s.match.turn == s.online.here
        link = fragment(rig)
        if asked:  # the page is closed while the friend answers (a reload between links)
            # Why this second link of the turn: said with it.
            assert rig.c.state.dialog is Dialog.POST
            assert "could have doubled" in rig.view.last.dialog.html  # type: ignore[union-attr]
            pages[turn] = page(disks[turn])
            assert pages[turn].c.state.match.phase is Phase.ROLL
        friend = page(disks[1 - turn], link, run=False)
        before = friend.c.state.match
        friend.timer.run()
        after = friend.c.state.match
        if [e for e in after.events[len(before.events) :] if isinstance(e, Played)]:
            animated += 1  # the friend's play came through the flow, step by step
            assert friend.c.state.message.startswith(("Ann played", "Bob played"))
        pages[1 - turn] = friend
        if asked:  # the answer brings the dice the player asked for: shown, no second Roll
            assert friend.c.state.dialog is Dialog.POST
            html = friend.view.last.dialog.html  # type: ignore[union-attr]
            assert "carries your share of their dice" in html, html
            answer = fragment(friend)
            pages[turn] = page(disks[turn], answer)
            m = pages[turn].c.state.match
            assert m.phase is not Phase.ROLL or m.turn != pages[turn].c.state.online.here
            rolled += 1
            continue
        turn = 1 - turn
    assert animated >= 2 and rolled >= 2, (animated, rolled)


def test_correspondence_a_refused_link_leaves_the_saved_game_on_the_board() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=1, post="on", name="Ann")
    first = fragment(ann)
    bob = joined(bob_disk, first, "Bob")
    ann = page(ann_disk, fragment(bob))
    record = ann.c.state.match.record
    own = page(ann_disk, first)  # Ann opens her own link: refused, her game goes on
    assert "Nothing changed" in own.c.state.notice
    assert own.c.state.online.playing and own.c.state.match.record == record


DAY = 86400.0


def clocked_pages() -> tuple[list[Rig], list[MemoryStorage], int]:
    """Ann's and Bob's pages of a game by messages with 1 day a move, their
    disks, and the seat of the one who played and sent a link: the friend,
    whose page opened it (its wall clock at 8000 s), owes a move."""
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk, wall=0.0)
    ann.start("online", length=1, post="on", name="Ann", days="1")
    bob = page(bob_disk, fragment(ann), wall=3600.0)
    assert "1 day a move" in bob.view.last.dialog.html  # type: ignore[union-attr]
    bob.act("join-accept", name="Bob")
    pages, disks = [ann, bob], [ann_disk, bob_disk]
    for n in range(6):  # the opening roll (a tie: again), seen by both
        pages[n % 2] = page(disks[n % 2], fragment(pages[1 - n % 2]), wall=7200.0 + n)
        if n and (my_turn(pages[0]) or my_turn(pages[1])):
            break
    turn = 0 if my_turn(pages[0]) else 1
    assert my_turn(pages[turn]) and not my_turn(pages[1 - turn])
    play_my_turn(pages[turn])
    waiter = turn  # who played, and sent the friend the link: the friend owes a move
    pages[1 - waiter] = page(disks[1 - waiter], fragment(pages[waiter]), wall=8000.0)
    return pages, disks, waiter


def test_correspondence_a_move_clock_in_days_is_shown_and_claimed_past_it() -> None:
    pages, disks, waiter = clocked_pages()
    # Both see the clock of the one who owes beside their name, in hours (the
    # waiter's page, which has not been reloaded since its move, included), and
    # none beside the waiter's.
    for rig, owes in ((pages[waiter], "top"), (pages[1 - waiter], "bottom")):
        panels = {"top": rig.view.last.top, "bottom": rig.view.last.bottom}
        waits = "bottom" if owes == "top" else "top"
        assert "h to move" in panels[owes].note, panels[owes].note
        assert "to move" not in panels[waits].note, panels[waits].note
    # Two days on, the friend has not moved: the waiter's page offers the claim.
    late = page(disks[waiter], wall=3 * DAY)
    assert late.c.state.dialog is Dialog.CLAIM, late.c.state.dialog
    late.act("claim")
    assert late.c.state.online.claimed and late.c.state.match.is_over
    assert late.c.state.dialog is Dialog.POST  # the claim, for the friend
    assert "did not move in the time allowed" in late.c.state.online.claimed
    friend = page(disks[1 - waiter], fragment(late), wall=3 * DAY + 60)
    assert "you did not move in the time allowed" in friend.c.state.online.claimed, (
        friend.c.state.notice
    )
    # The game is over on both pages: no link of the friend's to send back.
    assert friend.c.state.dialog is not Dialog.POST, friend.c.state.online.post_link
    assert not friend.c.state.online.post_waiting
    assert friend.c.state.match.is_over
    assert friend.c.state.match.record == late.c.state.match.record


def test_correspondence_a_claim_disputed_by_the_friend_s_page_is_said_on_both() -> None:
    _, disks, waiter = clocked_pages()
    late = page(disks[waiter], wall=3 * DAY)  # this device's clock is days ahead
    late.act("claim")
    assert late.c.state.online.claimed
    # The friend's page opens it minutes after the link it owes a move for.
    friend = page(disks[1 - waiter], fragment(late), wall=8000.0 + 60)
    assert "your page's record disputes it" in friend.c.state.notice, friend.c.state.notice
    assert not friend.c.state.online.claimed and not friend.c.state.match.is_over
    play_my_turn(friend)  # and plays on: the dispute goes with the move
    told = page(disks[waiter], fragment(friend), wall=3 * DAY + 60)
    said = told.c.state.notice
    assert "page disputes your claim" in said and "The claim stands" in said, said
    assert told.c.state.online.claimed and told.c.state.match.is_over
    assert told.c.state.dialog is not Dialog.POST  # its claim, read there: nothing to send


def live(rig: Rig, peer: Peer, transport: MemoryTransport) -> OnlineTable:
    """A live game on ``rig``'s page over ``transport``, its peer saved as the
    page saves one (what a reload, or a friend's link, goes on with)."""
    table = OnlineTable(peer, transport, Clock(), lambda d: rig.c.store.write(ONLINE_SAVE, d))
    table.attach(rig.c.online)
    rig.c.online.go_online(table, peer.friend, "Your friend")
    table.resume(rig.c.state.match)
    return table


@pytest.fixture
def event_loop_of_its_own() -> Iterator[None]:
    """Live play's page starts its connection as a task: a loop of this test's
    own (an earlier test may have closed the thread's)."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield
    for task in asyncio.all_tasks(loop):
        task.cancel()  # the relays need a browser
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    asyncio.set_event_loop(None)


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_a_live_game_whose_connection_is_gone_goes_on_by_messages() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann, bob = page(ann_disk), page(bob_disk)
    invite = Invite.new("Ann", Rules(3), clock=0, token=tokens(1))
    host = Peer.host(invite, now=0.0, token=tokens(2))
    ta, tb = pair()
    for rig in (ann, bob):
        rig.start("online", length=3)  # (the page's own New game, as live joining starts one)
    live(ann, host, ta)
    live(bob, Peer.join(Invite.parse(host.invite.text), "Bob", now=0.0, token=tokens(3)), tb)
    assert not can_switch(ann)  # (connecting: no friend yet, but the button is there)
    ta.peer(PeerEvent("b", True))
    tb.peer(PeerEvent("a", True))
    while ta.pump() | tb.pump():
        pass
    assert ann.c.state.online.friend_name == "Bob" and not can_switch(ann)
    ta.up = tb.up = False  # the line drops
    ta.peer(PeerEvent("b", False))
    ann.timer.run()
    assert can_switch(ann), ann.c.state.online.friend_link
    ann.act("post-switch")
    # The same game goes on by messages: its link to send (once Ann has played,
    # if the move is hers), no relay.
    assert ann.c.state.online.post_link and ann.c.store.read(ONLINE_SAVE) is None
    assert not can_switch(ann)
    play_my_turn(ann)
    assert ann.c.state.dialog is Dialog.POST and ann.c.state.online.post_waiting
    # Bob's page opens Ann's link: his live game, saved, goes on by messages too.
    bob = page(bob_disk, fragment(ann))
    assert bob.c.state.dialog is not Dialog.JOIN
    assert bob.c.state.online.playing
    assert bob.c.state.online.friend_name == "Ann" and not bob.c.state.notice
    assert bob.c.state.match.match_length == 3
    # The game goes on by links, from where it was live.
    pages, disks, turn = [ann, bob], [ann_disk, bob_disk], 1
    for _ in range(8):
        play_my_turn(pages[turn])
        if not pages[turn].c.state.online.post_waiting:
            continue  # (nothing new for the friend yet)
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        assert not pages[1 - turn].c.state.notice
        turn = 1 - turn
    opener, other = (pages[i].c.state.match for i in (turn, 1 - turn))
    assert [e for e in other.events if isinstance(e, Played)]
    assert opener.events[: len(other.events)] == other.events


def can_switch(rig: Rig) -> bool:
    (switch,) = [b for b in rig.view.last.controls if b.action is Act.POST_SWITCH]
    return switch.visible and switch.enabled


class RoomTransport(MemoryTransport):
    """A room of the relays, in memory: the pages that joined it hear each other."""

    def on_error(self, callback: Any) -> None:
        self.error = callback


class Rooms:
    """``web.dom.transport.join_room`` faked: each room id its pages' transports."""

    def __init__(self) -> None:
        self.joined: dict[str, list[RoomTransport]] = {}
        self.configs: list[Any] = []

    async def join_room(self, config: Any) -> RoomTransport:
        self.configs.append(config)
        transport = RoomTransport()
        here = [t for t in self.joined.get(config.room_id, []) if t.up]  # (the left, gone)
        for other in here:
            transport.other, other.other = other, transport
        self.joined[config.room_id] = [*here, transport]
        return transport


def go_live(rig: Rig) -> None:
    """Play live now, asked and agreed; the room joined (the relays faked)."""
    rig.act("post-live")
    assert rig.c.state.dialog is Dialog.POST_LIVE
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    assert "contacts public relays" in html and 'data-value="go"' in html
    rig.act("post-live", "go")
    assert rig.connection is not None
    loop = asyncio.get_event_loop()
    loop.run_until_complete(asyncio.gather(*rig.connection.tasks))
    rig.connection.tasks.clear()
    rig.timer.run(200)


def meet(rooms: Rooms, pages: list[Rig]) -> None:
    """Both pages are in the room: the relays tell each of the other."""
    (room,) = rooms.joined.values()
    a, b = [t for t in room if t.up]
    a.peer(PeerEvent("b", True))
    b.peer(PeerEvent("a", True))
    while a.pump() | b.pump():
        pass
    for rig in pages:
        rig.timer.run(200)


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_a_game_by_messages_goes_live_and_back_by_links(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rooms = Rooms()
    monkeypatch.setattr("web.dom.transport.join_room", rooms.join_room)
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks, turn = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk], 1
    for _ in range(8):  # a few turns by links
        play_my_turn(pages[turn])
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        turn = 1 - turn
    ann, bob = pages
    by_links = [rig.c.state.match for rig in pages]
    room = ann.c.state.online.post_link
    # Ann presses Play live now: asked first (the relays named), then in the room.
    go_live(ann)
    assert ann.c.state.online.playing and not ann.c.state.online.post_link
    assert ann.c.state.dialog is Dialog.POST_LIVE  # waiting: the link that asks Bob live
    ask = ann.c.state.online.invite_link
    assert "#post=" in ask and ask != room
    assert ann.c.store.read(ONLINE_SAVE) is not None
    # Bob is not there: back to links, nothing changed (the same link to send).
    assert can_switch(ann)
    ann.act("post-switch")
    assert ann.c.state.online.post_link == room and ann.c.store.read(ONLINE_SAVE) is None
    assert ann.c.state.match == by_links[0]
    go_live(ann)
    ask = ann.c.state.online.invite_link
    config = rooms.configs[-1]  # the game's own room, from its invite
    peer = ann.c.online.link.peer  # type: ignore[union-attr]
    assert config.room_id == peer.invite.room_id
    assert config.secret == peer.invite.transport_password
    # Bob opens Ann's marked link: his page offers to go live too.
    bob = page(bob_disk, "#" + ask.split("#", 1)[1])
    assert bob.c.state.dialog is Dialog.POST_LIVE and "waits for you to play live" in (
        bob.c.state.message
    )
    go_live(bob)
    meet(rooms, [ann, bob])
    for rig in (ann, bob):
        assert rig.c.state.online.friend_link is Link.CONNECTED, rig.c.state.online
        assert rig.c.state.dialog is not Dialog.POST_LIVE
    # The same game goes on live, from the log both share: one turn.
    pages = [ann, bob]
    n = min(len(m.events) for m in by_links)
    assert n >= 3 and all(rig.c.state.match.events[:n] == by_links[0].events[:n] for rig in pages)
    (a, b) = [t for t in rooms.joined[config.room_id] if t.up]
    mover = ann if my_turn(ann) else bob
    waiter = bob if mover is ann else ann
    events = len(mover.c.state.match.events)
    seat = mover.c.state.online.here
    for _ in range(12):  # roll (asking Bob's share of the dice first), play; each sent live
        played = [e for e in waiter.c.state.match.events[events:] if isinstance(e, Played)]
        if any(e.player == seat for e in played):
            break
        if my_turn(mover) and not mover.c.state.busy:
            play_my_turn_once(mover)
        while a.pump() | b.pump():
            pass
        for rig in (ann, bob):
            rig.timer.run(200)
    assert len(mover.c.state.match.events) > events
    assert [e for e in waiter.c.state.match.events[events:] if isinstance(e, Played)]
    # The line drops: the one to move goes back to links, plays, and sends a link.
    a.up = b.up = False
    waiter.c.online.link.transport.peer(PeerEvent("x", False))  # type: ignore[union-attr]
    waiter.timer.run(200)
    waiter.act("post-switch")
    assert waiter.c.store.read(ONLINE_SAVE) is None and not waiter.c.state.notice
    play_my_turn(waiter)
    assert waiter.c.state.online.post_link and waiter.c.state.online.post_waiting
    # The mover's page, still in the room, gets that link (it opens in the same
    # page): the moves are played on its board, and it is back in the room.
    link = "#" + waiter.c.state.online.post_link.split("#", 1)[1]
    assert mover.connection is not None
    mover.connection.window.location.hash = link
    mover.connection.post_link_opened()
    asyncio.get_event_loop().run_until_complete(asyncio.gather(*mover.connection.tasks))
    mover.timer.run(200)
    assert not mover.c.state.notice, mover.c.state.notice
    assert mover.c.state.online.playing and not mover.c.state.online.post_link
    assert mover.c.state.dialog is Dialog.POST_LIVE and mover.c.store.read(ONLINE_SAVE) is not None
    assert mover.c.state.match.events == waiter.c.state.match.events
    assert len(rooms.configs) == 4


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_relays_out_of_reach_leave_the_game_by_messages_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def unreachable(config: Any) -> None:
        raise TimeoutError("the relays did not answer")

    monkeypatch.setattr("web.dom.transport.join_room", unreachable)
    disk = MemoryStorage()
    ann = page(disk)
    ann.start("online", length=3, post="on", name="Ann")
    link, match = ann.c.state.online.post_link, ann.c.state.match
    asked = ann.act("post-live")
    assert asked.dialog is not None and "contacts public relays" in asked.dialog.html
    ann.act("post-live", "go")
    assert ann.connection is not None
    asyncio.get_event_loop().run_until_complete(asyncio.gather(*ann.connection.tasks))
    ann.timer.run(200)
    s = ann.c.state
    assert "TimeoutError" in s.notice and not s.busy
    assert s.online.post_link == link and s.match == match and s.dialog is not Dialog.POST_LIVE
    assert ann.c.store.read(ONLINE_SAVE) is None
    assert page(disk).c.state.online.post_link == link  # a reload: still by messages


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_a_reload_while_waiting_live_shows_no_invitation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann goes live from links and reloads while she waits for Bob: her page
    goes back to the room and waits there, and offers Play by messages; the
    invitation of a new game (its ``#join=`` link) is not shown again."""
    rooms = Rooms()
    monkeypatch.setattr("web.dom.transport.join_room", rooms.join_room)
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks, turn = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk], 1
    for _ in range(4):
        play_my_turn(pages[turn])
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        turn = 1 - turn
    ann = pages[0]
    match = ann.c.state.match
    go_live(ann)
    assert ann.c.state.dialog is Dialog.POST_LIVE
    ann = page(ann_disk)  # the reload
    assert ann.connection is not None
    asyncio.get_event_loop().run_until_complete(asyncio.gather(*ann.connection.tasks))
    ann.timer.run(200)
    s = ann.c.state
    assert s.online.playing and s.online.friend_name == "Bob" and not s.online.post_link
    assert s.dialog is not Dialog.INVITE and not s.online.invite_link, s.dialog
    assert not any("#join=" in str(b) for b in ann.view.last.controls)
    assert s.match.events == match.events and not s.notice
    assert len(rooms.configs) == 2  # in the game's room again
    assert can_switch(ann), (s.online.friend_link, s.busy, s.thinking, ann.view.last.status)


def games_listed(rig: Rig) -> str:
    """Saves → Games in progress: the list's HTML."""
    rig.act("post-games")
    assert rig.c.state.dialog is Dialog.POST_GAMES
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    rig.act("close")
    return html


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_the_list_of_games_says_a_game_is_live_while_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game by messages gone live is listed as live (not whose link is
    awaited), once, on the board; back by links, as whose turn it is."""
    rooms = Rooms()
    monkeypatch.setattr("web.dom.transport.join_room", rooms.join_room)
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks, turn = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk], 1
    for _ in range(4):
        play_my_turn(pages[turn])
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        turn = 1 - turn
    ann = pages[0]
    by_links = games_listed(ann)
    assert by_links.count('data-testid="post-game"') == 1
    assert "Your turn against Bob" in by_links or "Waiting for Bob" in by_links, by_links
    go_live(ann)
    ann.act("close")
    live = games_listed(ann)
    assert live.count('data-testid="post-game"') == 1, live
    assert "Live against Bob" in live and "(on the board)" in live, live
    assert "Your turn" not in live and "Waiting for" not in live and "post-open" not in live
    ann.act("post-switch")  # back to links: whose turn it is again
    assert games_listed(ann) == by_links


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_the_list_of_games_shows_a_game_that_began_live() -> None:
    disk = MemoryStorage()
    ann = page(disk)
    assert 'data-testid="post-game"' not in games_listed(ann)
    invite = Invite.new("Ann", Rules(3), clock=0, token=tokens(1))
    host = Peer.host(invite, now=0.0, token=tokens(2))
    ta, tb = pair()
    ann.start("online", length=3)
    bob = Peer.join(Invite.parse(host.invite.text), "Bob", now=0.0, token=tokens(3))
    live(ann, host, ta)
    OnlineTable(bob, tb, Clock(), lambda d: None)  # Bob's side, answering on its transport
    ta.peer(PeerEvent("b", True))
    tb.peer(PeerEvent("a", True))
    while ta.pump() | tb.pump():
        pass
    assert ann.c.state.online.friend_name == "Bob" and ann.c.store.read(ONLINE_SAVE) is not None
    html = games_listed(ann)
    assert html.count('data-testid="post-game"') == 1 and "Live against Bob" in html, html


def code_still_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Online play's code not loaded yet, and on its way (as at a page's
    start in the browser: its archive is fetched after the board is drawn)."""

    async def on_its_way() -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr("web.dom.online_loader.loaded", lambda: False)
    monkeypatch.setattr("web.dom.online_loader.load", on_its_way)
    # ...and none of its modules importable meanwhile, as in the browser.
    for rel in ONLINE_PROTOCOL:
        monkeypatch.setitem(sys.modules, rel.removesuffix(".py").replace("/", "."), None)


def as_drawn(rig: Rig) -> tuple[str, str, str]:
    """The names the board last drawn shows (its panels, its list of moves' heading)."""
    screen = rig.view.last
    heading = screen.history_html.split("</tr>", 1)[0]
    return screen.top.name, screen.bottom.name, heading


@pytest.mark.usefixtures("event_loop_of_its_own")
def test_correspondence_a_reload_names_the_players_before_online_play_s_code_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game by messages, then one gone live, reloaded: the board drawn
    while online play's code loads names the friend and the player ("You"),
    from the player's side, as it does once the game is back; no colours."""
    rooms = Rooms()
    monkeypatch.setattr("web.dom.transport.join_room", rooms.join_room)
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks, turn = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk], 1
    for _ in range(3):
        play_my_turn(pages[turn])
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        turn = 1 - turn
    back = [(as_drawn(rig), rig.c.state.viewer) for rig in pages]
    assert all("You" in names[:2] and "White" not in names[2] for names, _ in back), back
    with monkeypatch.context() as loading:
        code_still_loading(loading)
        for disk, (names, viewer) in zip(disks, back, strict=True):
            reloaded = page(disk, run=False)
            assert reloaded.c.state.busy and reloaded.c.online.link is None
            assert (as_drawn(reloaded), reloaded.c.state.viewer) == (names, viewer)
    go_live(pages[0])  # Ann waits live: her page reloaded is a live game's
    with monkeypatch.context() as loading:
        code_still_loading(loading)
        reloaded = page(ann_disk, run=False)
        assert reloaded.c.online.link is None
        assert (as_drawn(reloaded), reloaded.c.state.viewer) == back[0]


def test_correspondence_a_friend_expected_is_forgotten_if_the_game_cannot_come_back() -> None:
    """The saved game named the friend, but online play's code could not be
    loaded: the page is free again, with no friend online playing a seat."""
    rig = Rig().boot()
    rig.c.online.await_online()
    rig.c.online.expect_friend(1, "Bob")
    assert rig.c.state.names[1] == "Bob" and rig.c.state.is_ai(1)
    rig.c.online.online_gave_up("Online play could not be loaded.")
    assert not rig.c.state.online.playing and not rig.c.state.busy


class Ticking:
    """The page's monotonic clock (``performance.now``, in milliseconds), moved on by hand."""

    def __init__(self) -> None:
        self.ms = 0.0

    def now(self) -> float:
        return self.ms


def test_correspondence_without_a_move_clock_the_page_never_offers_a_claim() -> None:
    """The New game form's default, no move clock: the page of the player
    waiting for a link, left open for minutes, days, a month, never says the
    friend may be claimed against (their silence, by links, says nothing)."""
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    pages, disks, turn = [ann, joined(bob_disk, fragment(ann), "Bob")], [ann_disk, bob_disk], 1
    for _ in range(3):
        play_my_turn(pages[turn])
        pages[1 - turn] = page(disks[1 - turn], fragment(pages[turn]))
        turn = 1 - turn
    waiter = next(rig for rig in pages if rig.c.state.online.post_waiting)
    assert waiter.connection is not None
    clock = Ticking()
    waiter.connection.window.performance = clock
    for minutes in (3, 60, 24 * 60, 30 * 24 * 60):
        clock.ms = minutes * 60_000.0
        waiter.timer.run(50)
        s = waiter.c.state
        assert s.online.friend_link is not Link.CLAIMABLE and s.dialog is not Dialog.CLAIM, minutes
        assert not any(b.action is Act.CLAIM and b.visible for b in waiter.view.last.controls)


def test_correspondence_the_list_of_games_says_how_long_a_move_has_waited() -> None:
    ann_disk, bob_disk = MemoryStorage(), MemoryStorage()
    ann = page(ann_disk)
    ann.start("online", length=3, post="on", name="Ann")
    joined(bob_disk, fragment(ann), "Bob")
    now = 1_000.0  # the device's clock when the games were played (FakeDate)
    listed = games_listed(page(bob_disk, wall=now + 60))
    assert "against Ann<" in listed or "for Ann<" in listed, listed  # (a minute: not said)
    listed = games_listed(page(bob_disk, wall=now + 2 * DAY + 3600))
    assert "Ann — 2 days" in listed, listed
