"""The hash-chained move log: chaining, what a peer lacks, forks and gaps."""

from __future__ import annotations

import dataclasses

import pytest

from engine.decisions import OfferDouble, PlayMoves, TakeDouble
from engine.rules import Rules
from web.online.acts import AskRoll
from web.online.errors import ForkedHistoryError, MalformedMessageError, OutOfOrderError
from web.online.log import Block, MoveLog, genesis

ROOM = bytes(range(16))


def grown(n: int) -> MoveLog:
    log = MoveLog.new(ROOM, Rules(5))
    for i in range(n):
        log = log.append(log.next_block(i % 2, (AskRoll(), PlayMoves(((i % 24 + 1, 0),)))))
    return log


def test_genesis_binds_room_and_terms() -> None:
    base = genesis(ROOM, Rules(5))
    assert base != genesis(bytes(16), Rules(5))
    assert base != genesis(ROOM, Rules(7))
    assert base != genesis(ROOM, Rules(5, crawford=False))


def test_each_block_carries_the_hash_of_the_one_before() -> None:
    log = grown(5)
    assert log.blocks[0].prev == log.genesis
    for before, after in zip(log.blocks, log.blocks[1:], strict=False):
        assert after.prev == before.hash
    assert log.head == log.blocks[-1].hash and log.hash_at(0) == log.genesis


def test_block_json_round_trip_keeps_the_hash() -> None:
    for block in grown(4).blocks:
        again = Block.from_json(block.to_json())
        assert again == block and again.hash == block.hash


def test_what_a_peer_lacks() -> None:
    log = grown(6)
    assert log.missing_for(2, log.hash_at(2)) == log.blocks[2:]
    assert log.missing_for(6, log.head) == ()
    assert log.missing_for(9, "x") == ()  # it is ahead: it sends us ours
    with pytest.raises(ForkedHistoryError):
        log.missing_for(3, log.hash_at(2))


def test_place_tells_known_new_forked_and_missing() -> None:
    log = grown(3)
    assert log.place(log.blocks[1]) is False
    other = grown(4)
    assert log.place(other.blocks[3]) is True
    altered = dataclasses.replace(log.blocks[1], acts=(OfferDouble(),))
    with pytest.raises(ForkedHistoryError, match="differs"):
        log.place(altered)
    stray = Block(3, log.blocks[0].hash, 0, (TakeDouble(),))
    with pytest.raises(ForkedHistoryError, match="does not follow"):
        log.place(stray)
    with pytest.raises(OutOfOrderError):
        log.place(grown(6).blocks[5])
    with pytest.raises(ForkedHistoryError):
        log.append(log.blocks[0])


def test_an_altered_block_changes_every_hash_after_it() -> None:
    log = grown(5)
    forged = MoveLog(log.genesis)
    for i, block in enumerate(log.blocks):
        acts = (OfferDouble(),) if i == 1 else block.acts
        forged = forged.append(forged.next_block(block.by, acts))
    assert forged.hash_at(1) == log.hash_at(1)
    assert all(forged.hash_at(i) != log.hash_at(i) for i in range(2, 6))


@pytest.mark.parametrize(
    "raw",
    [
        None,
        {"i": 0, "p": "x", "by": 0, "acts": []},
        {"i": -1, "p": "A" * 43, "by": 0, "acts": []},
        {"i": True, "p": "A" * 43, "by": 0, "acts": []},
        {"i": 0, "p": "A" * 43, "by": 2, "acts": []},
        {"i": 0, "p": "A" * 43, "by": False, "acts": []},
        {"i": 0, "p": "A" * 43, "by": 0, "acts": {}},
        {"i": 0, "p": "A" * 43, "by": 0, "acts": [], "x": 1},
    ],
)
def test_bad_blocks(raw: object) -> None:
    with pytest.raises(MalformedMessageError):
        Block.from_json(raw)
