"""The friend's presence on the board, and claiming the game when they are gone:
two whole controllers (as in :mod:`test_online_remote`), one of which leaves."""

from __future__ import annotations

import time

from test_online_remote import Side, connect, new_game, play, pump

from engine.game import Phase
from engine.match import replay
from engine.record import Abandoned
from engine.rules import Rules
from engine.scoring import EndReason
from web.model.actions import Act
from web.model.presence import Link
from web.model.records import Record
from web.model.savefile import SavedGame
from web.model.state import Dialog
from web.model.storage import AUTOSAVE
from web.online.peer import Peer
from web.online.transport import PeerEvent
from web.view.score_sheet import game_rows


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


def claimed_while_away(stayed: Side, gone: Side) -> Side:
    """``gone`` leaves, ``stayed`` claims the game after the stated time, and
    ``gone``'s page opens again from its saves: online again, not yet told."""
    leave(gone, stayed)
    later(stayed, 125)
    stayed.act(Act.CLAIM)
    # Its page was closed the while: 125 s by the wall clock, which it counts as owed.
    restored = Peer.from_json(gone.saved[-1], now=0.0, wall=lambda: time.time() + 125)
    again = Side(restored, gone.transport, storage=gone.storage)
    again.c.boot()
    again.go_online()
    assert not again.c.state.online.claimed
    return again


def in_game(owing: int = 1) -> tuple[Side, Side]:
    """A game under way where seat ``owing`` (Bob's, unless said) owes the next
    action: a claim is against a friend who owes one."""
    ann, bob = new_game()
    play(ann, bob, until=lambda: owes(ann, owing))
    pump(ann, bob)
    return ann, bob


def owes(ann: Side, seat: int) -> bool:
    s = ann.c.state
    return len(s.match.events) >= 4 and ann.table.peer.owing == seat


def test_the_friend_s_panel_says_connected_then_waiting_then_claimable() -> None:
    ann, bob = in_game()
    assert friend_panel(ann) in (("Bob", "connected"), ("Bob", "playing…"))
    assert friend_panel(bob)[0] == "Ann"
    leave(bob, ann)
    assert ann.c.state.online.friend_link is Link.WAITING
    assert friend_panel(ann) == ("Bob", "waiting for your friend…")
    status = ann.view.last.status
    assert status == (
        "Waiting for Bob to come back… You may claim the game if they are gone 2 minutes."
    )
    assert ann.c.state.dialog is None
    claim = next(b for b in ann.view.last.controls if b.action is Act.CLAIM)
    assert not claim.visible and not claim.enabled
    later(ann, 125)
    assert ann.c.state.online.friend_link is Link.CLAIMABLE
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
    assert ann.c.state.dialog is None and ann.c.state.online.friend_link is Link.CLAIMABLE
    later(ann, 5)
    assert ann.c.state.dialog is None  # not asked again: the Claim button is there
    connect(ann, bob)
    assert ann.c.state.online.friend_link is Link.CONNECTED
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
    assert not ann.c.state.online.claimed
    later(ann, 125)
    ann.act(Act.CLAIM)
    s = ann.c.state
    win = s.theme.win_name(int(kind))
    unit = "point" if points == 1 else "points"
    assert s.online.claimed == (
        "You claimed the game: Bob left, which counts as resigning a "
        f"{win} ({points} {unit} to you)."
    )
    assert s.dialog is None and s.busy and ann.view.last.status == s.online.claimed == s.notice
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

    # Bob comes back and is told (the same time passed on his page: he was away).
    bob.clock.now = ann.clock.now
    connect(ann, bob)
    t = bob.c.state
    assert t.online.claimed == (
        f"Ann claimed the game while you were away: it counts as your resigning a {win} "
        f"({points} {unit})."
    )
    assert t.busy and bob.view.last.status == t.online.claimed


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
    name = loser.c.state.online.friend_name
    assert f"{name} wins!" in lost.html and f"{name} wins the match." in lost.html


def test_a_claimed_game_stays_claimed_after_a_reload_and_is_counted_once() -> None:
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
    assert s.online.claimed.startswith("You claimed the game: Bob left") and s.busy
    assert s.records == records  # not counted twice


def autosaved(side: Side) -> SavedGame:
    return SavedGame.from_json(side.c.store.read(AUTOSAVE))


def test_a_claim_is_the_friend_abandoning_the_game_in_the_match_itself() -> None:
    ann, bob = in_game()
    agreed = ann.table.peer.match
    kind, points = agreed.abandon_value(1)
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLAIM)
    m = ann.c.state.match
    # The engine's abandonment: in the record, the score, and the end of the match.
    assert m == agreed.abandon(1) == ann.table.peer.match
    assert m.events[-1] == Abandoned(1) and m.result is not None
    assert (m.result.reason, m.result.win_type, m.result.points) == (
        EndReason.ABANDONED, kind, points,
    )  # fmt: skip
    assert m.is_over and m.winner == 0 and m.score == (points, 0)
    assert replay(m.record) == m
    assert autosaved(ann).match == m and autosaved(ann).counted == m.game_number
    # The score sheet says who left, and that it ended the match.
    rows = game_rows(m.game_record, names=("You", "Bob"))
    assert any(r.cells[1] == "Left the game" for r in rows)
    unit = "point" if points == 1 else "points"
    assert rows[-1].note == (
        f"You win: {ann.c.state.theme.win_name(int(kind))}, {points} {unit}"
        " (game abandoned, which ends the match)"
    )
    # The match is in the records too: won by the one who stayed.
    mine = ann.c.state.records.rows[ann.c.state.options.opponent]
    assert mine.matches_won == 1 and mine.matches_lost == 0
    # Bob comes back: his page holds the same record, his loss counted once.
    bob.clock.now = ann.clock.now
    connect(ann, bob)
    t = bob.c.state
    assert t.match.record == m.record and t.match.is_over and t.match.winner == 0
    assert autosaved(bob).match == t.match
    theirs = t.records.rows[t.options.opponent]
    assert (theirs.games, theirs.wins, theirs.matches_lost) == (1, 0, 1)
    # Reloaded, Bob's page stays claimed, and counts nothing again.
    again = Side(Peer.from_json(bob.saved[-1], now=900.0), bob.transport, storage=bob.storage)
    again.c.boot()
    again.go_online()
    assert again.c.state.online.claimed == t.online.claimed and again.c.state.match == t.match
    assert again.c.state.records == t.records
    # A new game after it does not ask to abandon anything: the match is over.
    assert not again.c.state.in_progress


def test_a_claim_in_a_money_session_ends_it_and_counts_no_match() -> None:
    ann, bob = new_game(Rules(0))
    play(ann, bob, until=lambda: owes(ann, 1))
    pump(ann, bob)
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLAIM)
    m = ann.c.state.match
    assert m.is_over and m.winner == 0 and m.result is not None
    row = ann.c.state.records.rows[ann.c.state.options.opponent]
    assert row.wins == 1 and row.matches_won == row.matches_lost == 0


def test_a_reload_before_the_autosave_had_the_claim_counts_it_once() -> None:
    """A save from before claims were in the match (or one left behind): the
    peer's claim brings the abandonment into the match, not into the records
    again."""
    ann, bob = in_game()
    before = autosaved(ann)
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLAIM)
    records = ann.c.state.records
    ann.c.store.write(AUTOSAVE, before.to_json())
    again = Side(Peer.from_json(ann.saved[-1], now=500.0), ann.transport, storage=ann.storage)
    again.c.boot()
    again.go_online()
    s = again.c.state
    assert s.match == ann.c.state.match and s.match.is_over
    assert s.records == records and s.counted == s.match.game_number
    assert autosaved(again).match == s.match


def test_the_peer_s_match_ends_abandoned_and_a_restored_peer_too() -> None:
    ann, bob = in_game()
    leave(bob, ann)
    later(ann, 125)
    ann.act(Act.CLAIM)
    peer = ann.table.peer
    assert peer.match.is_over and peer.match.events[-1] == Abandoned(1)
    result = peer.match.result
    assert result is not None and peer.claimed is not None
    assert (peer.claimed.win_type, peer.claimed.points) == (result.win_type, result.points)
    restored = Peer.from_json(peer.to_json(), now=600.0)
    assert restored.match == peer.match and restored.claimed == peer.claimed
    assert len(restored.log) == len(peer.log)  # the log is the agreed one, unchanged


def test_the_friend_reloads_and_then_hears_of_the_claim_with_the_same_record() -> None:
    ann, bob = in_game()
    # Bob's page was closed: it opens again from its saves, then hears of the claim.
    again = claimed_while_away(ann, bob)
    connect(ann, again)
    s = again.c.state
    assert s.online.claimed.startswith("Ann claimed the game while you were away")
    assert s.match.record == ann.c.state.match.record and s.match.winner == 0
    row = s.records.rows[s.options.opponent]
    assert (row.games, row.wins, row.matches_lost) == (1, 0, 1)
    assert autosaved(again).match == s.match and autosaved(again).counted == s.match.game_number


def test_the_claim_closes_the_invite_a_returning_inviter_s_page_shows() -> None:
    ann, bob = in_game(owing=0)
    # Ann's page opens again: as the inviter's page does, it shows the invite
    # while it waits for Bob; Bob's page tells it of the claim, and nobody is
    # left to invite.
    again = claimed_while_away(bob, ann)
    again.c.online.show_invite("https://example.org/#join=x")
    assert again.c.state.dialog is Dialog.INVITE
    connect(bob, again)
    s = again.c.state
    assert s.online.claimed.startswith("Bob claimed the game while you were away")
    assert s.dialog is not Dialog.INVITE and s.match.record == bob.c.state.match.record
