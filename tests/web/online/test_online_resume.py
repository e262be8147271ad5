"""Lost messages, dropped connections and reloads: the resume handshake restores the game."""

from __future__ import annotations

import json

import pytest
from test_online_channel import Channel, Policy, play_until, step

from engine.decisions import StartNextGame
from engine.game import Phase
from engine.rules import Rules
from web.online import wire
from web.online.errors import SavedStateError
from web.online.events import Decided, Refused
from web.online.peer import Peer


def test_a_match_survives_connections_dropped_in_every_phase() -> None:
    ch = Channel(Rules(3), seed=17)
    ch.connect()
    policy = Policy(double=lambda m, seat: m.cube.value == 1, take=lambda m, seat: True)
    steps = 0
    while not ch.match.is_over:
        ch.check_agreement()
        if steps % 3 == 1:
            ch.drop()
            step(ch, policy)  # whatever this sends is lost
            ch.now += 30
            ch.connect()  # each side says what it has; each resends what the other lacks
        else:
            step(ch, policy)
        steps += 1
        assert steps < 5000
    ch.check_agreement()
    assert ch.match.is_over


def test_messages_lost_in_one_direction_come_back_on_reconnection() -> None:
    ch = Channel(Rules(0, cube=False), seed=19)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 6 and m.phase is Phase.ROLL)
    mover = ch.match.turn
    assert mover is not None
    # The mover plays three turns' worth while everything it sends is lost.
    ch.up = False
    peer = ch.peers[mover]
    ch.act(mover, "roll")
    dice = peer.my_dice
    assert dice is not None
    ch.act(mover, "play", ch.match.roll(dice).legal_plays[0].moves)
    assert len(peer.log) == len(ch.peers[1 - mover].log) + 1
    ch.connect()
    ch.check_agreement()
    assert len(peer.log) == len(ch.peers[1 - mover].log)
    play_until(ch, Policy(), lambda m: m.is_game_over)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_peer_rebuilt_from_its_json_mid_game_resumes(seat: int) -> None:
    ch = Channel(Rules(5), seed=23 + seat)
    ch.connect()
    policy = Policy(double=lambda m, s: m.cube.value == 1, take=lambda m, s: True)
    reloads = 0
    while not ch.match.is_game_over:
        ch.check_agreement()
        step(ch, policy)
        if len(ch.match.events) % 5 == 0:
            ch.drop()
            ch.reload(seat)  # the page reloads: only its saved JSON survives
            reloads += 1
            ch.now += 10
            ch.connect()
    ch.check_agreement()
    assert reloads >= 3


def test_a_reload_after_a_move_that_never_arrived() -> None:
    ch = Channel(Rules(0, cube=False), seed=29)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 4 and m.phase is Phase.ROLL)
    mover = ch.match.turn
    assert mover is not None
    ch.drop()
    ch.act(mover, "roll")
    dice = ch.peers[mover].my_dice
    assert dice is not None
    ch.act(mover, "play", ch.match.roll(dice).legal_plays[0].moves)
    ch.reload(mover)  # saved before sending, then lost on the way
    ch.reload(1 - mover)
    ch.connect()
    ch.check_agreement()
    play_until(ch, Policy(), lambda m: m.is_game_over)


def test_a_count_that_went_back_is_caught_up() -> None:
    ch = Channel(Rules(3), seed=31)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 3)
    saved = json.loads(json.dumps(ch.peers[1].to_json()))
    for _i in range(3):  # heartbeats the friend sees, then a reload from the older save
        ch.now += 6
        ch.post(1, ch.peers[1].tick(ch.now))
        ch.pump()
    assert ch.peers[0].seen > saved["seq"]
    ch.drop()
    ch.peers[1] = Peer.from_json(saved, now=ch.now)
    ch.connect()  # its hello is stale: answered with ours, it catches up and says hello again
    ch.check_agreement()
    assert ch.peers[1].seq > ch.peers[0].seen - 1
    play_until(ch, Policy(), lambda m: m.is_game_over)


def test_both_sides_starting_the_next_game_at_once_is_one_start() -> None:
    ch = Channel(Rules(0), seed=37)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 3 and m.phase is Phase.ROLL)
    loser = ch.match.turn
    assert loser is not None
    ch.act(loser, "resign", 1)
    ch.act(1 - loser, "accept")
    ch.up = False  # both click "next game" before hearing of the other's click
    ch.act(0, "next_game")
    ch.act(1, "next_game")
    ch.connect()
    ch.check_agreement()
    assert ch.match.game_number == 2
    assert not any(
        isinstance(e, Decided) and isinstance(e.decision, StartNextGame)
        for s in (0, 1)
        for e in ch.events[s]
    )
    play_until(ch, Policy(), lambda m: m.is_game_over)


def saved_mid_game() -> tuple[Channel, dict[str, object]]:
    ch = Channel(Rules(3), seed=41)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 4)
    data = ch.peers[1].to_json()
    return ch, json.loads(json.dumps(data))


def test_the_saved_json_restores_the_same_peer() -> None:
    ch, data = saved_mid_game()
    again = Peer.from_json(data, now=99.0)
    peer = ch.peers[1]
    assert (again.log, again.table, again.secret, again.seq, again.seen) == (
        peer.log,
        peer.table,
        peer.secret,
        peer.seq,
        peer.seen,
    )
    assert (again.friend_key, again.friend_name, again.key, again.seat) == (
        peer.friend_key,
        peer.friend_name,
        peer.key,
        peer.seat,
    )
    assert again.to_json() == data


def altered(data: dict[str, object], **changes: object) -> dict[str, object]:
    return {**json.loads(json.dumps(data)), **changes}


def test_a_saved_game_that_does_not_hold_is_refused() -> None:
    _ch, data = saved_mid_game()
    log = data["log"]
    assert isinstance(log, list)
    tampered = json.loads(json.dumps(log))
    tampered[2]["acts"] = tampered[3]["acts"]
    other_secret = "A" * 43 if data["secret"] != "A" * 43 else "B" * 43
    bad: list[object] = [
        None,
        [],
        altered(data, format="chess"),
        altered(data, schema=1),  # saved before seats signed: cannot go on
        altered(data, schema=3),
        altered(data, invite="1.x"),
        altered(data, seat=2),
        altered(data, seat=True),
        altered(data, seed="short"),
        altered(data, seat=1.0),
        altered(data, since="yesterday"),
        altered(data, disputed=[1]),
        altered(data, name=7),
        altered(data, friend={"key": "x"}),
        altered(data, log={}),
        altered(data, log=tampered),
        altered(data, log=[*log[:-1], log[-1] | {"i": 99}]),
        altered(data, secret=other_secret),
        altered(data, secret=None)
        if data["secret"] is not None
        else altered(data, secret="A" * 43),
        altered(data, seq=-1),
        altered(data, seen="1"),
        altered(data, claimed=3),
        altered(data, claimed=1.0),
        {k: v for k, v in data.items() if k != "log"},
    ]
    for raw in bad:
        with pytest.raises(SavedStateError):
            Peer.from_json(raw, now=0.0)


def test_a_forked_history_at_hello_is_refused() -> None:
    ch = Channel(Rules(3), seed=43)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 4)
    friend = ch.peers[1]
    head = ch.peers[0].log.hash_at(1)
    friend.seq += 1
    hello = wire.Hello(3, head, friend.seen, friend.name, False)
    text = friend.seal.seal(wire.Envelope(1, friend.key, friend.seq, hello), friend.signer)
    out = ch.peers[0].receive(text, ch.now)
    assert any(isinstance(e, Refused) and "differs" in e.text for e in out.events)


def test_a_reload_right_after_the_winning_play() -> None:
    # The winning play's reveal spends its secret with nothing owed after it: a
    # secret kept then stood for no commitment, and the reload refused the save.
    ch = Channel(Rules(3), seed=37)
    ch.connect()
    play_until(ch, Policy(), lambda m: m.phase is Phase.OVER)
    for seat in (0, 1):
        ch.reload(seat)
    ch.connect()
    ch.check_agreement()
    play_until(ch, Policy(), lambda m: m.is_over)  # the match goes on to its end
