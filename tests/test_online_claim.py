"""The friend's presence on the board, and claiming the game when they are gone:
two whole controllers (as in :mod:`test_online_remote`), one of which leaves."""

from __future__ import annotations

from test_online_remote import Side, connect, new_game, play, pump

from engine.game import Phase
from web.actions import Act
from web.online.transport import PeerEvent
from web.player_records import Record
from web.state import Dialog


def leave(gone: Side, stays: Side) -> None:
    """``gone`` closes its page: its end of the channel goes down."""
    gone.transport.up = False
    stays.transport.peer(PeerEvent("gone", False))
    stays.timer.run()


def later(side: Side, seconds: float) -> None:
    side.clock.now += seconds
    side.table.tick()
    side.timer.run()


def friend_panel(side: Side) -> tuple[str, str]:
    top = side.view.last.top  # the friend sits at the top of the board
    return top.name, top.note


def in_game() -> tuple[Side, Side]:
    ann, bob = new_game()
    play(ann, bob, until=lambda: len(ann.c.state.match.events) >= 4 and not ann.c.state.busy)
    pump(ann, bob)
    return ann, bob


def test_the_friend_s_panel_says_connected_then_waiting_then_claimable() -> None:
    ann, bob = in_game()
    assert friend_panel(ann) in (("Bob", "connected"), ("Bob", "playing…"))
    assert friend_panel(bob)[0] == "Ann"
    leave(bob, ann)
    assert ann.c.state.friend_link == "waiting"
    assert friend_panel(ann) == ("Bob", "waiting for your friend…")
    status = ann.view.last.status
    assert status == (
        "Waiting for Bob to come back… You may claim the game if they are gone 2 minutes."
    )
    assert ann.c.state.dialog is None
    claim = next(b for b in ann.view.last.controls if b.action is Act.CLAIM)
    assert not claim.visible and not claim.enabled
    later(ann, 125)
    assert ann.c.state.friend_link == "claimable"
    assert friend_panel(ann) == ("Bob", "gone: you may claim the game")
    assert (
        ann.view.last.status == "Bob has been gone over 2 minutes: claim the game, or keep waiting."
    )
    dialog = ann.view.last.dialog
    assert dialog is not None and dialog.kind == "claim"
    assert "Bob has been gone over 2 minutes" in dialog.html
    assert 'data-action="claim"' in dialog.html and "Keep waiting" in dialog.html
    claim = next(b for b in ann.view.last.controls if b.action is Act.CLAIM)
    assert claim.visible and claim.enabled


def test_keep_waiting_then_the_friend_comes_back() -> None:
    ann, bob = in_game()
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLOSE)  # keep waiting
    assert ann.c.state.dialog is None and ann.c.state.friend_link == "claimable"
    later(ann, 5)
    assert ann.c.state.dialog is None  # not asked again: the Claim button is there
    connect(ann, bob)
    assert ann.c.state.friend_link == "connected"
    assert not next(b for b in ann.view.last.controls if b.action is Act.CLAIM).visible
    play(ann, bob)
    assert ann.c.state.match.record == bob.c.state.match.record


def test_the_dialog_closes_when_the_friend_comes_back() -> None:
    ann, bob = in_game()
    leave(bob, ann)
    later(ann, 125)
    assert ann.c.state.dialog is Dialog.CLAIM
    connect(ann, bob)
    assert ann.c.state.dialog is None


def test_a_claim_counts_as_the_friend_resigning_and_ends_the_online_game() -> None:
    ann, bob = in_game()
    m = ann.c.state.match
    kind, points = m.abandon_value(1)
    before_claim = ann.c.state.records
    leave(bob, ann)
    ann.act(Act.CLAIM)  # too early: refused, nothing changes
    assert not ann.c.state.claimed
    later(ann, 125)
    ann.act(Act.CLAIM)
    s = ann.c.state
    win = s.theme.win_name(int(kind))
    unit = "point" if points == 1 else "points"
    assert s.claimed == (
        "You claimed the game: Bob left, which counts as resigning a "
        f"{win} ({points} {unit} to you)."
    )
    assert s.dialog is None and s.busy and ann.view.last.status == s.claimed == s.notice
    assert not ann.view.last.top.on_roll and not ann.view.last.bottom.on_roll
    assert friend_panel(ann) == ("Bob", "game claimed")
    was, now = (
        before_claim.rows.get(s.options.opponent, Record()),
        s.records.rows[s.options.opponent],
    )
    assert (now.wins, now.points_won) == (was.wins + 1, was.points_won + points)
    # Nothing more is played on this page.
    before = s.match
    ann.act(Act.ROLL)
    assert ann.c.state.match is before
    assert not next(b for b in ann.view.last.controls if b.action is Act.CLAIM).visible

    # Bob comes back and is told.
    connect(ann, bob)
    t = bob.c.state
    assert t.claimed == (
        f"Ann claimed the game while you were away: it counts as your resigning a {win} "
        f"({points} {unit})."
    )
    assert t.busy and bob.view.last.status == t.claimed


def test_no_claim_once_the_game_is_over() -> None:
    ann, bob = new_game()
    play(ann, bob)
    assert ann.c.state.match.phase is Phase.OVER
    leave(bob, ann)
    later(ann, 125)
    assert ann.c.state.dialog is not Dialog.CLAIM
    assert not next(b for b in ann.view.last.controls if b.action is Act.CLAIM).visible


def test_the_match_s_end_says_you_win_to_the_winner_online() -> None:
    ann, bob = new_game()
    play(ann, bob)
    winner, loser = (ann, bob) if ann.c.state.match.winner == 0 else (bob, ann)
    won, lost = winner.view.last.dialog, loser.view.last.dialog
    assert won is not None and lost is not None
    assert "You win!" in won.html and "You win the match." in won.html
    name = loser.c.state.friend_name
    assert f"{name} wins!" in lost.html and f"{name} wins the match." in lost.html


def test_a_claimed_game_stays_claimed_after_a_reload_and_is_counted_once() -> None:
    from web.online.peer import Peer

    ann, bob = in_game()
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLAIM)
    records = ann.c.state.records
    # Ann's page reloads: the autosave and the peer's save bring the claim back.
    again = Side(Peer.from_json(ann.saved[-1], now=500.0), ann.transport, storage=ann.storage)
    again.c.boot()
    again.go_online()
    s = again.c.state
    assert s.claimed.startswith("You claimed the game: Bob left") and s.busy
    assert s.records == records  # not counted twice
