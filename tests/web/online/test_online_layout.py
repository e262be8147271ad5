"""Online play's part of the page: its state (``UiState.online``), the
connection's wiring (:mod:`web.dom.connect`), and what the rest of the
page reads of them."""

from __future__ import annotations

from test_online_remote_ui import FakeWindow
from web_fakes import Rig

from web.dom.connect import Connection
from web.dom.online_page import Network
from web.model.online import NO_TURN, OnlineState
from web.model.presence import Link, Timing
from web.model.state import UiState


def test_leaving_an_online_game_keeps_what_the_player_gave() -> None:
    during = OnlineState(
        remote_seat=0, friend_name="Bob", invite_link="https://x.org/#join=a", can_share=True,
        link_status="Bob is connected.", friend_link=Link.CONNECTED, claim_after=120.0,
        claimed="You claimed the game", join_from="Bob", join_terms="a 3-point match",
        player_name="Ann", offer_link="https://x.org/#join=a&offer=o", answer_code="a.b",
        turn=("turn:t.example.org", "ann", "pw"),
    )  # fmt: skip
    after = during.left()
    assert not after.playing and after.here is None and not after.claimable
    assert (after.invite_link, after.link_status, after.friend_link, after.claimed) == (
        "",
        "",
        None,
        "",
    )
    assert (after.offer_link, after.answer_code) == ("", "")
    assert (after.player_name, after.turn, after.can_share) == (
        "Ann", ("turn:t.example.org", "ann", "pw"), True,
    )  # fmt: skip


def test_the_state_s_seats_follow_the_friend_s() -> None:
    s = UiState(online=OnlineState(remote_seat=0, friend_name="Bob"))
    assert s.names == ("Bob", "You") and s.viewer == 1 and s.is_ai(0) and not s.is_ai(1)
    assert UiState().online == OnlineState() and UiState().online.turn == NO_TURN


def test_a_claim_is_offered_only_while_the_friend_is_gone_and_none_was_made() -> None:
    gone = OnlineState(remote_seat=1, friend_link=Link.CLAIMABLE)
    assert gone.claimable
    assert not OnlineState(remote_seat=1, friend_link=Link.WAITING).claimable
    assert not OnlineState(friend_link=Link.CLAIMABLE).claimable  # no game
    assert not OnlineState(remote_seat=1, friend_link=Link.CLAIMABLE, claimed="x").claimable


def test_the_test_build_s_shorter_wait_sets_the_presence_s_times() -> None:
    assert Network().timing() is None
    assert Network(claim_after=20.0).timing() == Timing(
        heartbeat=20 / 6, quiet=10.0, claim_after=20.0
    )
    assert Network(claim_after=600.0).timing() == Timing(5.0, 15.0, 600.0)


def test_the_connection_knows_a_page_opened_with_an_invite() -> None:
    rig = Rig()
    assert Connection(rig.store, FakeWindow("#join=abc"), rig.timer).invited
    assert not Connection(rig.store, FakeWindow("#xgid=abc"), rig.timer).invited


def test_a_page_without_online_play_hands_the_controller_no_connector() -> None:
    assert Rig().c.online.connector is None
    rig = Rig(window=FakeWindow(""))
    assert rig.c.online.connector is rig.connection
    rig.boot().open_online()  # nothing saved, no invite: nothing happens
    assert rig.c.state.dialog is not None and rig.c.state.dialog.value == "new"
    assert rig.c.online.link is None and not rig.c.state.busy
