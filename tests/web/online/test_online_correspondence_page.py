"""Playing by messages on the page (#48): two pages, each with its own storage,
play through the links they show, and go on after a reload."""

from __future__ import annotations

from typing import Any

from test_online_remote_ui import FakeDate, FakePerformance
from web_fakes import Rig

from engine.record import Played
from web.model.state import Dialog
from web.model.storage import MemoryStorage


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


class Window:
    def __init__(self, fragment: str = "") -> None:
        self.location = Location(fragment)
        self.history = History(self.location)
        self.Date = FakeDate()
        self.performance = FakePerformance()


def page(storage: MemoryStorage, fragment: str = "") -> Rig:
    """A page opened (or reloaded) on ``storage``, at ``fragment``."""
    rig = Rig(storage=storage, window=Window(fragment), seed=len(fragment)).boot()
    assert rig.connection is not None
    rig.connection.open(rig.c.online)
    rig.connection.open_post(rig.c.post)
    rig.timer.run()
    return rig


def fragment(rig: Rig) -> str:
    link = rig.c.state.online.post_link
    assert link.startswith("https://example.org/game/#post=")
    return "#" + link.split("#", 1)[1]


def my_turn(rig: Rig) -> bool:
    m, friend = rig.c.state.match, rig.c.state.online.remote_seat
    return m.actor is not None and m.actor != friend and not m.is_game_over


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
    link = fragment(ann)
    bob = page(bob_disk, link)
    assert bob.c.state.online.playing and bob.c.state.online.friend_name == "Ann"
    assert bob.connection is not None and bob.connection.window.location.hash == ""
    pages = [ann, bob]
    disks = [ann_disk, bob_disk]
    turn = 1  # Bob holds the last link
    for _ in range(16):  # with the cube, a turn is three links (a roll asked, its dice, the play)
        rig = pages[turn]
        play_my_turn(rig)
        assert rig.c.state.dialog is Dialog.POST, rig.c.state  # the friend must act
        pages[1 - turn] = page(disks[1 - turn], fragment(rig))  # the friend opens it
        turn = 1 - turn
    played = [e for e in pages[turn].c.state.match.events if isinstance(e, Played)]
    assert len(played) >= 4
    # Both pages agree on the record of what was played.
    # The one who opened the last link holds everything the other played.
    assert pages[turn].c.state.match.record == pages[1 - turn].c.state.match.record
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
    page(bob_disk, link)
    again = page(bob_disk, link)  # the same link, opened again: the game goes on
    assert again.c.state.online.playing and not again.c.state.notice
    broken = page(MemoryStorage(), "#post=AAAA")
    assert "Nothing changed" in broken.c.state.notice
    assert not broken.c.state.busy and not broken.c.state.online.playing
