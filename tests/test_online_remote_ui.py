"""The online New game flow with fakes: "A friend online" in the New game
dialog, the invite dialog (link, copy, the friend's presence), a game played
from it, and a later game against the AI leaving the online one behind."""

from __future__ import annotations

from test_online_remote import Clock, MemoryTransport, Side, connect, pair, play, tokens
from web_fakes import Rig

from web.online.invite import Invite
from web.online.peer import Peer
from web.online.remote import OnlineTable
from web.opponent import AiOpponent, LocalPlayer
from web.options import MatchOptions


class Starter:
    """The page's part, faked: the invite made, the table built on a transport."""

    def __init__(self, rig: Rig, transport: MemoryTransport) -> None:
        self.rig = rig
        self.transport = transport
        self.table: OnlineTable | None = None
        self.invite: Invite | None = None

    def __call__(self, options: MatchOptions) -> None:
        self.invite = Invite.new("Ann", options.rules(), token=tokens(7))
        peer = Peer.host(self.invite, now=0.0, token=tokens(8))
        self.table = OnlineTable(peer, self.transport, Clock(), lambda data: None)
        self.table.attach(self.rig.c)
        self.rig.c.go_online(self.table, 1, "Your friend")
        self.rig.c.show_invite("https://example.org/#" + self.invite.fragment)


def test_the_new_game_dialog_offers_a_friend_online_and_says_it_contacts_relays() -> None:
    html = Rig().boot().view.last.dialog
    assert html is not None
    assert 'value="online"> A friend online' in html.html
    assert "contacts public relays" in html.html


def test_without_online_play_on_the_page_the_choice_says_so() -> None:
    rig = Rig().boot()
    rig.start("online")
    assert rig.c.state.message == "Online play is not available on this page."


def test_an_online_game_from_the_new_game_dialog() -> None:
    rig = Rig(seed=3).boot()
    ta, tb = pair()
    starter = Starter(rig, ta)
    rig.c.online_starter = starter
    screen = rig.start("online", 3)
    assert screen.dialog is not None and screen.dialog.kind == "invite"
    assert "#join=" in screen.dialog.html and "Waiting for your friend" in screen.dialog.html
    rig.act("copy-invite")
    assert rig.view.copied[-1].startswith("https://example.org/#join=")
    assert starter.table is not None and starter.invite is not None

    # The friend opens the link (another page), and the channel opens.
    invite = Invite.from_link(rig.view.copied[-1])
    bob = Side(Peer.join(invite, "Bob", now=0.0, token=tokens(9)), tb)
    bob.start(invite.rules)
    ann = Side.__new__(Side)  # Ann's page is the rig: seen through Side's helpers
    ann.c, ann.timer, ann.view, ann.transport, ann.table = (
        rig.c, rig.timer, rig.view, ta, starter.table,
    )  # fmt: skip
    connect(ann, bob)
    assert rig.c.state.link_status == "Your friend is connected."
    assert "Your friend is connected." in rig.view.last.dialog.html  # type: ignore[union-attr]
    assert rig.c.state.names == ("You", "Bob")
    rig.act("close")
    play(ann, bob)
    assert rig.c.state.match.is_over
    assert rig.c.state.match.record == bob.c.state.match.record


def test_a_new_game_against_the_ai_leaves_the_online_game() -> None:
    rig = Rig().boot()
    ta, _ = pair()
    rig.c.online_starter = Starter(rig, ta)
    rig.start("online")
    assert rig.c.state.remote_seat == 1
    rig.act("close")
    rig.act("new-open")
    rig.start("easy")
    s = rig.c.state
    assert s.remote_seat is None and rig.c.online is None and s.options.opponent == "easy"
    seats = rig.c.seat_factory(s.options, rig.c.ai)
    assert isinstance(seats[0], LocalPlayer) and isinstance(seats[1], AiOpponent)
    assert rig.c.dice is rig.dice
