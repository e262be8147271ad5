"""Two engines play complete matches through an in-memory channel."""

from __future__ import annotations

import pytest
from test_online_channel import Channel, Policy, play_until

from engine.decisions import DropDouble, OfferDouble, RollDice, TakeDouble
from engine.game import Phase
from engine.match import Match
from engine.record import Beavered, Doubled, Dropped, OpeningRoll, ResignRejected, Took
from engine.rules import Rules
from engine.scoring import EndReason, WinType
from web.online.errors import OutOfTurnError
from web.online.events import Decided, Rolled


def events_of(match: Match, kind: type) -> list[object]:
    return [e for g in match.record.games for e in g.events if isinstance(e, kind)]


def test_a_match_to_3_with_a_drop_a_take_and_the_crawford_game() -> None:
    ch = Channel(Rules(3), seed=3)
    ch.connect()
    # Game 1: the first player who may double does; the other drops.
    policy = Policy(double=lambda m, seat: True, take=lambda m, seat: False)
    play_until(ch, policy, lambda m: m.is_game_over)
    first = ch.match.result
    assert first is not None and first.reason is EndReason.DROPPED and first.points == 1
    x = first.winner
    y = 1 - x
    # Game 2: the trailer doubles, the leader takes, then resigns a single game at 2.
    ch.act(y, "next_game")
    policy = Policy(
        double=lambda m, seat: seat == y,
        take=lambda m, seat: True,
        resign=lambda m, seat: 1 if seat == x and m.cube.value == 2 else 0,
    )
    play_until(ch, policy, lambda m: m.is_game_over)
    second = ch.match.result
    assert second is not None and second.winner == y and second.points == 2
    assert ch.match.score[y] == 2 and ch.match.score[x] == 1
    # Game 3 is the Crawford game: nobody may double, on either side.
    ch.act(x, "next_game")
    assert ch.match.is_crawford_game
    for peer in ch.peers:
        assert peer.match.is_crawford_game and not peer.match.can_double()
    play_until(ch, Policy(), lambda m: m.phase is Phase.ROLL)
    roller = ch.match.turn
    assert roller is not None
    with pytest.raises(OutOfTurnError):
        ch.peers[roller].double(ch.now)
    # The rest is played out to the end by bearing off.
    play_until(ch, Policy(double=lambda m, seat: True), lambda m: m.is_over)
    m = ch.match
    assert m.is_over and max(m.score) >= 3
    assert [e.kind for e in events_of(m, Doubled)] == ["double", "double"]
    assert len(events_of(m, Took)) == 1 and len(events_of(m, Dropped)) == 1
    assert any(g.crawford for g in m.record.games)
    assert any(g.result and g.result.reason is EndReason.BORNE_OFF for g in m.record.games)
    for seat in (0, 1):
        assert ch.mirrors[seat].match.record == m.record  # each page saw the same match
    # Each page was told of its friend's cube actions as decisions.
    decisions = {type(e.decision) for s in (0, 1) for e in ch.events[s] if isinstance(e, Decided)}
    assert {OfferDouble, TakeDouble, DropDouble, RollDice} <= decisions
    with pytest.raises(OutOfTurnError):
        ch.peers[0].next_game(ch.now)


def test_a_money_game_with_a_beaver_ending_in_a_resignation() -> None:
    ch = Channel(Rules(0, jacoby=True, beavers=True), seed=5)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 8 and m.phase is Phase.ROLL)
    doubler = ch.match.turn
    assert doubler is not None
    policy = Policy(double=lambda m, seat: m.cube.value == 1, beaver=lambda m, seat: True)
    play_until(ch, policy, lambda m: m.cube.value == 4)
    assert events_of(ch.match, Beavered) and ch.match.cube.owner == 1 - doubler
    play_until(ch, Policy(), lambda m: len(m.events) >= 20 and m.phase is Phase.ROLL)
    loser = ch.match.turn
    assert loser is not None
    ch.act(loser, "resign", WinType.GAMMON)
    ch.act(1 - loser, "reject")
    assert events_of(ch.match, ResignRejected)
    play_until(ch, Policy(), lambda m: m.actor == loser and m.phase in (Phase.ROLL, Phase.MOVE))
    ch.act(loser, "resign", WinType.BACKGAMMON)
    ch.act(1 - loser, "accept")
    ch.check_agreement()
    result = ch.match.result
    assert result is not None and result.reason is EndReason.RESIGNED
    assert result.winner == 1 - loser and result.points == 4 * 3
    assert not ch.match.is_over  # money play goes on
    ch.act(loser, "next_game")
    ch.check_agreement()
    assert ch.match.game_number == 2 and ch.match.phase is Phase.MOVE


def count_sent(ch: Channel) -> int:
    return len(ch.sent[0]) + len(ch.sent[1])


def test_one_message_a_turn_without_cube_access_three_with_it() -> None:
    # Without the cube: the mover's single message carries its reveal, its play,
    # its next commitment and the other's random value for its roll.
    ch = Channel(Rules(0, cube=False), seed=7)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 4 and m.phase is Phase.ROLL)
    counts = []
    for _ in range(6):
        before, moved = count_sent(ch), len(ch.match.events)
        play_until(ch, Policy(), lambda m, n=moved: len(m.events) > n and m.phase is Phase.ROLL)
        counts.append(count_sent(ch) - before)
    assert counts == [1] * 6
    # With the cube: the roller asks (it might have doubled), the other gives its
    # value, the roller plays.
    ch = Channel(Rules(0), seed=7)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 4 and m.phase is Phase.ROLL)
    counts = []
    for _ in range(6):
        before, moved = count_sent(ch), len(ch.match.events)
        play_until(ch, Policy(), lambda m, n=moved: len(m.events) > n and m.phase is Phase.ROLL)
        counts.append(count_sent(ch) - before)
    assert counts == [3] * 6


def test_dice_reach_the_roller_only_after_its_decision() -> None:
    ch = Channel(Rules(5), seed=11)
    ch.connect()
    play_until(ch, Policy(), lambda m: m.phase is Phase.ROLL and m.can_double())
    roller = ch.match.turn
    assert roller is not None
    peer = ch.peers[roller]
    assert peer.my_dice is None  # the other has not given its value: no dice to peek at
    ch.act(roller, "roll")
    assert peer.my_dice is not None
    rolled = [e for e in ch.events[roller] if isinstance(e, Rolled)][-1]
    assert rolled == Rolled(roller, peer.my_dice)
    # The other side does not know them until the reveal, with the play.
    other = ch.peers[1 - roller]
    assert other.match.phase is Phase.ROLL and other.my_dice is None


def test_the_next_game_and_its_opening_roll_take_three_messages() -> None:
    ch = Channel(Rules(0), seed=9)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 3 and m.phase is Phase.ROLL)
    loser = ch.match.turn
    assert loser is not None
    ch.act(loser, "resign", 1)
    ch.act(1 - loser, "accept")
    before = count_sent(ch)
    # The host's start of the next game carries its opening commitment; the guest
    # answers with its value (and its own commitment); the host reveals.
    ch.act(0, "next_game")
    ch.check_agreement()
    ties = sum(1 for e in ch.match.events if isinstance(e, OpeningRoll) and e.winner is None)
    assert ch.match.phase is Phase.MOVE
    assert count_sent(ch) - before == 3 + 2 * ties
