"""Connecting by hand when no relay brings the two players together: the
inviter's "Can't connect?" makes a connection link, the friend's page answers
it with a code to send back, the inviter pastes it (the page's part faked; the
browser's WebRTC part is e2e/test_online_manual.py's)."""

from __future__ import annotations

from test_online_remote import Side, connect, pair, play, tokens
from test_online_remote_ui import Starter
from web_fakes import Rig

from web.model.presence import Link
from web.model.state import Dialog
from web.online.invite import Invite, offer_code, offer_link
from web.online.peer import Peer


class ByHand:
    """The page's manual signalling, faked: what the controller asked of it."""

    def __init__(self, rig: Rig) -> None:
        self.rig = rig
        self.offers = 0
        self.answers: list[str] = []

    def offer(self) -> None:
        self.offers += 1

    def answer(self, code: str) -> None:
        self.answers.append(code)


def inviting() -> tuple[Rig, Starter, ByHand]:
    rig = Rig(seed=3, online=True).boot()
    ta, _ = pair()
    starter = Starter(rig, ta)
    rig.hosting.starter = starter
    rig.start("online", 3, name="Ann")
    manual = ByHand(rig)
    rig.c.online.show_invite(rig.c.state.online.invite_link, manual)
    return rig, starter, manual


def test_the_invite_offers_to_connect_by_hand() -> None:
    rig, starter, manual = inviting()
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "invite"
    assert "Can’t connect?" in dialog.html and 'data-action="manual-offer"' in dialog.html
    rig.act("manual-offer")
    assert manual.offers == 1
    assert starter.invite is not None
    link = offer_link("https://example.org/#" + starter.invite.fragment, "o.code")
    rig.c.online.show_offer(link)
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    assert link.replace("&", "&amp;") in html and 'name="answer"' in html
    assert "15–20 % of pairs" in html and "TURN" in html
    rig.act("manual-offer")  # once is enough
    assert manual.offers == 1
    rig.act("copy-code", "offer")
    assert rig.view.copied[-1] == link
    rig.act("manual-answer")
    assert rig.c.state.dialog_error == "Paste the answer code your friend sent back."
    assert manual.answers == []
    rig.act("manual-answer", answer="  a.b.c  ")
    assert manual.answers == ["a.b.c"] and rig.c.state.online.link_status == "Connecting…"
    rig.c.online.manual_failed("This answer code does not work (bad). Copy it again, whole.")
    assert "This answer code does not work" in rig.view.last.dialog.html  # type: ignore[union-attr]


def test_the_friend_s_page_shows_the_answer_code_to_send_back() -> None:
    rig = Rig().boot()
    rig.c.online.online_friend("Ann")
    rig.c.online.show_answer("a.b.c")
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "answer"
    assert "Send this answer code back to Ann" in dialog.html and "a.b.c" in dialog.html
    rig.act("copy-code", "answer")
    assert rig.view.copied[-1] == "a.b.c"
    rig.act("close")
    assert rig.c.state.dialog is None


def test_the_offer_rides_in_the_invite_link() -> None:
    invite = Invite.new("Ann", Rig().c.state.options.rules(), token=tokens(5))
    link = offer_link(invite.link("https://example.org/game/"), "1o.A+b/9.x-y_z")
    assert Invite.from_link(link) == invite and offer_code(link) == "1o.A+b/9.x-y_z"


def test_a_table_switched_to_another_transport_plays_on_through_it() -> None:
    """The inviter's table moves from the relays' transport to the hand-made one."""
    invite = Invite.new("Ann", Rig().c.state.options.rules(), token=tokens(1))
    relayed, _ = pair()  # nobody ever comes this way
    ta, tb = pair()
    ann = Side(Peer.host(invite, now=0.0, token=tokens(2)), relayed)
    bob = Side(Peer.join(invite, "Bob", now=0.0, token=tokens(3)), tb)
    ann.start(invite.rules)
    bob.start(invite.rules)
    ann.table.switch(ta)
    ann.transport = ta
    assert not relayed.up  # the old one is closed
    connect(ann, bob)
    online = ann.c.state.online
    assert online.friend_name == "Bob" and online.friend_link is Link.CONNECTED
    play(ann, bob)
    assert ann.c.state.match.is_over and ann.c.state.match.record == bob.c.state.match.record


def test_a_new_game_forgets_the_codes() -> None:
    rig, _, _ = inviting()
    rig.c.online.show_offer("https://example.org/#join=x&offer=y")
    rig.act("close")
    rig.act("new-open")
    rig.start("easy")
    s = rig.c.state
    assert s.online.offer_link == "" and s.online.answer_code == "" and rig.c.online.manual is None
    assert s.dialog is not Dialog.INVITE


def test_a_turn_server_is_asked_for_checked_and_remembered() -> None:
    from web.control.online import TURN

    rig = Rig(online=True).boot()
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    # (live play's: a game by messages needs none, and the form hides it then)
    assert 'class="online-only live-only"><summary>TURN server (optional)</summary>' in html
    assert "15–20 % of pairs" in html
    asked: list[str] = []
    rig.hosting.starter = lambda options, name: asked.append(name)
    rig.start("online", 3, name="Ann", turn_url="http://nope")
    s = rig.c.state
    assert s.dialog is Dialog.NEW and not asked  # not started: the dialog says why
    assert s.dialog_error == (
        "This TURN server setting cannot be used "
        "(a TURN server's address begins with turn: or turns:)."
    )
    rig.start("online", 3, name="Ann", turn_url=" turns:t.example.org:5349 ", turn_username="ann",
              turn_credential="pw")  # fmt: skip
    assert asked == ["Ann"]
    assert rig.c.store.read(TURN) == {
        "url": "turns:t.example.org:5349", "username": "ann", "credential": "pw",
    }  # fmt: skip
    rig.act("close")
    rig.act("new-open")
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    assert (
        'value="turns:t.example.org:5349"' in html
        and '<details class="online-only live-only" open>' in html
    )
    rig.act("close")
    rig.act("new-open")
    rig.start("online", 3, name="Ann")  # the address left blank: forgotten
    assert rig.c.store.read(TURN) is None and rig.c.state.online.turn == ("", "", "")


def test_the_app_offers_the_remembered_turn_server_and_uses_it() -> None:
    from test_online_remote_ui import FakeWindow

    from web.control.online import TURN
    from web.online.transport import DEFAULT_STUN, TurnServer, with_turn

    invite = Invite.new("Ann", Rig().c.state.options.rules(), token=tokens(6))
    rig = Rig().boot()
    rig.c.store.write(TURN, {"url": "turn:t.example.org", "username": "bob", "credential": "x"})
    rig.open_online(FakeWindow("#" + invite.fragment))
    assert rig.c.state.online.turn == ("turn:t.example.org", "bob", "x")
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    assert 'value="turn:t.example.org"' in html and 'name="turn_credential" type="password"' in html
    turn = TurnServer.from_json(rig.c.store.read(TURN))
    servers = with_turn(None, turn)
    assert servers is not None and tuple(servers[:-1]) == DEFAULT_STUN
    assert servers[-1] == {"urls": "turn:t.example.org", "username": "bob", "credential": "x"}
