"""The online New game flow with fakes: "A friend online" in the New game
dialog, the invite dialog (link, copy, the friend's presence), a game played
from it, and a later game against the AI leaving the online one behind."""

from __future__ import annotations

from test_online_remote import Clock, MemoryTransport, Side, connect, pair, play, tokens
from web_fakes import Rig

from web.model.opponent import AiOpponent, LocalPlayer
from web.model.options import MatchOptions
from web.online.invite import Invite
from web.online.peer import Peer
from web.online.remote import OnlineTable


class Starter:
    """The page's part, faked: the invite made, the table built on a transport."""

    def __init__(self, rig: Rig, transport: MemoryTransport) -> None:
        self.rig = rig
        self.transport = transport
        self.table: OnlineTable | None = None
        self.invite: Invite | None = None

    def __call__(self, options: MatchOptions, name: str) -> None:
        self.invite = Invite.new(name or "Ann", options.rules(), token=tokens(7))
        peer = Peer.host(self.invite, now=0.0, token=tokens(8))
        self.table = OnlineTable(peer, self.transport, Clock(), lambda data: None)
        self.table.attach(self.rig.c.online)
        self.rig.c.online.go_online(self.table, 1, "Your friend")
        self.rig.c.online.show_invite("https://example.org/#" + self.invite.fragment)


def test_the_new_game_dialog_offers_a_friend_online_and_says_it_contacts_relays() -> None:
    html = Rig().boot().view.last.dialog
    assert html is not None
    assert 'value="online"> A friend online' in html.html
    assert "contacts public relays" in html.html


def test_the_invite_goes_to_a_phone_s_share_sheet_and_shows_a_qr_code() -> None:
    rig = Rig(seed=3, online=True).boot()
    rig.hosting.starter = Starter(rig, pair()[0])
    screen = rig.start("online", 3)
    assert screen.dialog is not None and 'data-action="share-link"' not in screen.dialog.html
    assert "Show a QR code" in screen.dialog.html and "<svg" in screen.dialog.html
    rig.c.online.can_share_links(True)  # a phone's browser, with navigator.share
    rig.c.online.show_invite(rig.c.state.online.invite_link)
    assert 'data-action="share-link" data-value="invite"' in rig.view.last.dialog.html  # type: ignore[union-attr]
    rig.act("share-link", "invite")
    assert rig.view.shared == [rig.c.state.online.invite_link] and rig.view.copied == []
    rig.act("share-link", "offer")  # no connection link made: nothing to share
    assert len(rig.view.shared) == 1


def test_without_online_play_on_the_page_the_choice_says_so() -> None:
    rig = Rig().boot()
    rig.start("online")
    assert rig.c.state.message == "Online play is not available on this page."


def test_an_online_game_from_the_new_game_dialog() -> None:
    rig = Rig(seed=3, online=True).boot()
    ta, tb = pair()
    starter = Starter(rig, ta)
    rig.hosting.starter = starter
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
    assert rig.c.state.online.link_status == "Bob is connected."
    assert "Bob is connected." in rig.view.last.dialog.html  # type: ignore[union-attr]
    assert rig.view.last.top.name == "Bob" and rig.view.last.top.note in (
        "connected",
        "connected · 2:00 to move",
    )
    assert rig.c.state.names == ("You", "Bob")
    rig.act("close")
    play(ann, bob)
    assert rig.c.state.match.is_over
    assert rig.c.state.match.record == bob.c.state.match.record

    # Rematch: the same terms, in a new invite to send (the friend opens it).
    starter.invite = None
    screen = rig.act("rematch")
    assert starter.invite is not None and starter.invite.rules.match_length == 3
    assert screen.dialog is not None and screen.dialog.kind == "invite"
    m = rig.c.state.match
    assert m.score == (0, 0) and m.match_length == 3 and rig.c.state.options.online


def test_a_new_game_against_the_ai_leaves_the_online_game() -> None:
    rig = Rig(online=True).boot()
    ta, _ = pair()
    rig.hosting.starter = Starter(rig, ta)
    rig.start("online")
    assert rig.c.state.online.remote_seat == 1
    rig.act("close")
    rig.act("new-open")
    rig.start("easy")
    s = rig.c.state
    assert s.online.remote_seat is None and rig.c.online.link is None
    assert s.options.opponent == "easy"
    seats = rig.c.seat_factory(s.options, rig.c.ai)
    assert isinstance(seats[0], LocalPlayer) and isinstance(seats[1], AiOpponent)
    assert rig.c.dice is rig.dice


def test_a_page_opened_with_an_invite_offers_to_join_and_plays() -> None:
    ann_rig = Rig(seed=4, online=True).boot()
    ta, tb = pair()
    starter = Starter(ann_rig, ta)
    ann_rig.hosting.starter = starter
    ann_rig.start("online", 1)
    ann_rig.act("copy-invite")
    invite = Invite.from_link(ann_rig.view.copied[-1])

    bob_rig = Rig(seed=5).boot()
    bob: list[Side] = []

    def joiner(name: str) -> None:
        side = Side.__new__(Side)
        side.c, side.timer, side.view, side.transport = bob_rig.c, bob_rig.timer, bob_rig.view, tb
        side.table = OnlineTable(Peer.join(invite, name, now=0.0, token=tokens(11)), tb,
                                 Clock(), lambda data: None)  # fmt: skip
        side.table.attach(bob_rig.c.online)
        bob_rig.c.online.go_online(side.table, 0, invite.name)
        bob.append(side)

    options = MatchOptions.online_with(invite.rules)
    bob_rig.c.online.offer_join(invite.name, invite.terms, options, joiner)
    dialog = bob_rig.view.last.dialog
    assert dialog is not None and dialog.kind == "join"
    assert (
        "Ann invites you to play a 1-point match" in dialog.html or "Ann invites you" in dialog.html
    )
    assert "contacts public relays" in dialog.html
    bob_rig.act("join-accept", name="Bob")
    assert bob_rig.c.state.options.online and bob_rig.c.state.match.match_length == 1
    assert bob_rig.c.state.names == ("Ann", "You") and bob_rig.c.state.viewer == 1
    assert starter.table is not None
    ann = Side.__new__(Side)
    ann.c, ann.timer, ann.view, ann.transport, ann.table = (
        ann_rig.c, ann_rig.timer, ann_rig.view, ta, starter.table,
    )  # fmt: skip
    connect(ann, bob[0])
    assert ann_rig.c.state.names == ("You", "Bob")
    ann_rig.act("close")
    play(ann, bob[0])
    assert ann_rig.c.state.match.is_over and bob_rig.c.state.match.is_over
    assert ann_rig.c.state.match.record == bob_rig.c.state.match.record


class FakeLocation:
    def __init__(self, fragment: str) -> None:
        self.hash = fragment
        self.href = "https://example.org/game/" + fragment


class FakeDate:
    @staticmethod
    def now() -> float:
        return 1_000_000.0


class FakePerformance:
    """The page's monotonic clock, in milliseconds."""

    def now(self) -> float:
        return 0.0


class FakeWindow:
    def __init__(self, fragment: str) -> None:
        self.location = FakeLocation(fragment)
        self.Date = FakeDate()
        self.performance = FakePerformance()


def test_the_app_offers_the_invite_in_the_link() -> None:
    invite = Invite.new("Ann", MatchOptions(length=3).rules(), token=tokens(12))
    rig = Rig(window=FakeWindow("#" + invite.fragment)).boot()
    rig.open_online()
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "join" and "Ann invites you" in dialog.html
    assert rig.c.online.connector is not None


def test_the_app_says_plainly_when_the_invite_in_the_link_is_broken() -> None:
    rig = Rig().boot()
    rig.open_online(FakeWindow("#join=nonsense"))
    assert rig.c.state.message.startswith("This invite link cannot be used")


def test_nothing_is_played_while_the_online_game_opens() -> None:
    rig = Rig(online=True).boot()
    asked: list[MatchOptions] = []
    rig.hosting.starter = lambda options, name: asked.append(options)  # no relay answered yet
    rig.start("online")
    assert asked and rig.c.state.busy and rig.c.state.online.link_status == "Contacting the relays…"
    rig.act("roll")
    assert not rig.c.state.match.events


def test_the_friend_s_page_reloaded_with_the_invite_in_its_address_resumes() -> None:
    """After accepting, the friend's address still holds ``#join=``: a reload
    goes on with the saved game instead of offering to join again."""
    import asyncio

    from web.dom.online_page import ONLINE_SAVE

    invite = Invite.new("Ann", MatchOptions(length=3).rules(), token=tokens(12))
    rig = Rig().boot()
    rig.start("online")
    rig.c.store.write(ONLINE_SAVE, Peer.join(invite, "Bob", now=0.0, token=tokens(3)).to_json())
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        rig.open_online(FakeWindow("#" + invite.fragment))
    finally:
        for task in asyncio.all_tasks(loop):
            task.cancel()  # joining the relays needs a browser
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()
        asyncio.set_event_loop(None)
    assert rig.c.state.dialog is None or rig.c.state.dialog.value != "join"
    assert rig.c.state.online.link_status == "Contacting the relays…"
    # Another invite in the address is offered, as any link.
    other = Invite.new("Cy", MatchOptions(length=1).rules(), token=tokens(13))
    rig2 = Rig().boot()
    rig2.start("online")
    rig2.c.store.write(ONLINE_SAVE, Peer.join(invite, "Bob", now=0.0, token=tokens(3)).to_json())
    rig2.open_online(FakeWindow("#" + other.fragment))
    dialog = rig2.view.last.dialog
    assert dialog is not None and dialog.kind == "join" and "Cy invites you" in dialog.html


def test_the_inviter_s_name_goes_in_the_invite_and_is_remembered() -> None:
    """The New game dialog asks the name (for an online game), the invite carries
    it to the friend, and the next dialogs offer it again, also after a reload."""
    from web.control.online import NAME

    rig = Rig(online=True).boot()
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    assert 'class="field online-only">Your name <input name="name"' in html
    ta, _ = pair()
    starter = Starter(rig, ta)
    rig.hosting.starter = starter
    rig.start("online", 3, name="  Ann   Lee ")
    assert starter.invite is not None and starter.invite.name == "Ann Lee"
    assert rig.c.store.read(NAME) == "Ann Lee"
    rig.act("close")
    rig.act("new-open")
    assert 'value="Ann Lee"' in rig.view.last.dialog.html  # type: ignore[union-attr]

    # Another page of the same player (the storage kept), opened with a friend's invite.
    invite = Invite.new("Bob", MatchOptions(length=3).rules(), token=tokens(13))
    other = Rig().boot()
    other.c.store.write(NAME, "Ann Lee")
    other.open_online(FakeWindow("#" + invite.fragment))
    dialog = other.view.last.dialog
    assert dialog is not None and dialog.kind == "join"
    assert "Bob invites you to play a 3-point match" in dialog.html
    assert 'name="name" maxlength="24" autocomplete="nickname" value="Ann Lee"' in dialog.html


def test_the_joiner_s_name_shows_on_the_inviter_s_board_once_connected() -> None:
    ann_rig = Rig(seed=4, online=True).boot()
    ta, tb = pair()
    starter = Starter(ann_rig, ta)
    ann_rig.hosting.starter = starter
    ann_rig.start("online", 1, name="Ann")
    assert ann_rig.view.last.top.name == "Your friend"
    assert ann_rig.view.last.top.note in ("", "not here yet")
    assert starter.invite is not None and starter.table is not None
    bob = Side(Peer.join(starter.invite, "Bob", now=0.0, token=tokens(9)), tb)
    bob.start(starter.invite.rules)
    ann = Side.__new__(Side)
    ann.c, ann.timer, ann.view, ann.transport, ann.table = (
        ann_rig.c, ann_rig.timer, ann_rig.view, ta, starter.table,
    )  # fmt: skip
    connect(ann, bob)
    assert ann_rig.view.last.top.name == "Bob"
    assert ann_rig.view.last.top.note in ("connected", "connected · 2:00 to move")
    assert bob.view.last.top.name == "Ann"
