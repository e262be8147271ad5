"""One peer's own behaviour: presence and the heartbeat, claiming, chat, local intents."""

from __future__ import annotations

import pytest
from test_online_channel import Channel, Policy, play_until

from engine.game import Phase
from engine.rules import Rules
from web.model.presence import Link
from web.online.errors import ClosedError, IllegalMoveError, OutOfTurnError
from web.online.events import Claimed, FriendJoined, LinkChanged, Refused, Rolled, Said
from web.online.invite import Invite
from web.online.peer import Peer


def links(ch: Channel, seat: int) -> list[Link]:
    return [e.link for e in ch.events[seat] if isinstance(e, LinkChanged)]


def test_each_side_hears_the_other_join_by_name() -> None:
    ch = Channel(Rules(3))
    assert ch.peers[0].link(0) is Link.CONNECTING
    ch.connect()
    assert [e for e in ch.events[0] if isinstance(e, FriendJoined)] == [FriendJoined("Bob")]
    assert [e for e in ch.events[1] if isinstance(e, FriendJoined)] == [FriendJoined("Ann")]
    assert links(ch, 0) == [Link.CONNECTED] and links(ch, 1) == [Link.CONNECTED]


def test_heartbeat_waiting_and_claiming_after_the_stated_time() -> None:
    ch = Channel(Rules(5), seed=2)
    ch.connect()
    # A claim is against a friend who owes a move: stop where the guest does.
    play_until(ch, Policy(), lambda m: len(m.events) >= 3 and ch.peers[0].owing == 1)
    host = ch.peers[0]
    # Heartbeats keep both sides connected.
    for _ in range(6):
        ch.now += 5
        for seat in (0, 1):
            out = ch.post(seat, ch.peers[seat].tick(ch.now))
            assert len(out.messages) == 1
        ch.pump()
    assert host.link(ch.now) is Link.CONNECTED
    assert not ch.peers[0].tick(ch.now).messages  # just sent: no ping due
    # The guest goes silent: waiting, then the choice to claim.
    ch.drop()
    assert links(ch, 0)[-1] is Link.WAITING
    with pytest.raises(OutOfTurnError, match="gone a while"):
        host.claim(ch.now)
    assert host.presence.claim_in(ch.now) > 0
    ch.now += 61
    ch.post(0, host.tick(ch.now))
    assert links(ch, 0)[-1] is Link.CLAIMABLE and host.can_claim(ch.now)
    out = ch.act(0, "claim")
    (claimed,) = [e for e in out.events if isinstance(e, Claimed)]
    kind, points = ch.match.abandon_value(1)
    assert claimed == Claimed(0, kind, points)
    with pytest.raises(ClosedError):
        host.roll(ch.now)
    assert not host.tick(ch.now).messages  # no heartbeat for a closed game
    # The guest comes back: it hears of the claim, and the game is closed for it too.
    ch.connect()
    assert [e for e in ch.events[1] if isinstance(e, Claimed)] == [Claimed(0, kind, points)]
    assert ch.peers[1].claimed == claimed
    # A claimed game stays claimed after a reload.
    ch.reload(0)
    assert ch.peers[0].claimed == claimed


def test_a_claimed_side_refuses_the_claimers_moves() -> None:
    ch = Channel(Rules(0), seed=3)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 3 and ch.peers[1].owing == 0)
    guest = ch.peers[1]
    ch.drop()
    ch.now += 100
    ch.post(1, guest.tick(ch.now))
    ch.act(1, "claim")
    ch.connect()
    host = ch.peers[0]
    assert host.claimed is not None and host.claimed.seat == 1
    with pytest.raises(ClosedError):
        host.roll(ch.now)
    ch.act(1, "chat", 5)
    (refused,) = [e for e in ch.events[0] if isinstance(e, Refused)]
    assert isinstance(refused.error, ClosedError) and "claimed" in refused.text


def test_nobody_to_claim_against_before_the_friend_ever_came() -> None:
    invite = Invite.new("Ann", Rules(3))
    host = Peer.host(invite, now=0)
    host.connected(0)
    assert host.link(10_000) is Link.CONNECTING and not host.can_claim(10_000)


def test_canned_chat_both_ways() -> None:
    ch = Channel(Rules(3))
    ch.connect()
    ch.act(1, "chat", 1)
    assert Said(1, "Good luck!") in ch.events[0] and Said(1, "Good luck!") in ch.events[1]
    with pytest.raises(ValueError):
        ch.peers[0].chat(99, ch.now)


def test_local_intents_out_of_turn_or_illegal_raise_and_change_nothing() -> None:
    ch = Channel(Rules(5), seed=4)
    ch.connect()
    mover = ch.match.turn
    assert mover is not None
    idle = ch.peers[1 - mover]
    before = (idle.log, idle.table)
    for intent, args in [
        ("roll", ()),
        ("double", ()),
        ("take", ()),
        ("accept", ()),
        ("resign", (1,)),
    ]:
        with pytest.raises(OutOfTurnError):
            getattr(idle, intent)(*args, now=ch.now)
    with pytest.raises(OutOfTurnError):
        idle.next_game(ch.now)
    with pytest.raises(IllegalMoveError):
        ch.peers[mover].play([(24, 1)], ch.now)
    assert (idle.log, idle.table) == before


def test_resigning_with_dice_cast_reveals_them_first() -> None:
    ch = Channel(Rules(0, cube=False), seed=6)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 3 and m.phase is Phase.ROLL)
    roller = ch.match.turn
    assert roller is not None
    dice = ch.peers[roller].my_dice
    assert dice is not None  # no cube: the dice came with the turn
    out = ch.act(roller, "resign", 1)
    assert out.events[0] == Rolled(roller, dice)  # the page rolls them, then resigns
    ch.check_agreement()
    assert ch.match.phase is Phase.RESIGNATION
    ch.act(1 - roller, "reject")
    play_until(ch, Policy(), lambda m: m.turn != roller)
    # Once the page has the dice, resigning does not give them again.
    play_until(ch, Policy(), lambda m: m.phase is Phase.ROLL and m.turn == roller)
    ch.act(roller, "roll")
    if ch.peers[roller].my_dice is not None:  # not a roll that could not be played
        out = ch.act(roller, "resign", 2)
        assert not any(isinstance(e, Rolled) for e in out.events)
    ch.check_agreement()
