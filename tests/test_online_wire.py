"""Sealed messages: round trips, and everything refused before it is read."""

from __future__ import annotations

import json

import pytest

from engine.rules import Rules
from web.online.acts import AskRoll
from web.online.codec import b64
from web.online.errors import ForgedMessageError, MalformedMessageError
from web.online.log import MoveLog
from web.online.wire import (
    MAX_BATCH,
    Blocks,
    Body,
    Chat,
    Claim,
    Envelope,
    Hello,
    Ping,
    Seal,
)

ROOM, SECRET, KEY = bytes(range(16)), bytes(range(16, 32)), bytes([7]) * 16
SEAL = Seal(ROOM, SECRET)
LOG = MoveLog.new(ROOM, Rules(3))
BLOCK = LOG.next_block(0, (AskRoll(),))

BODIES: list[Body] = [
    Hello(3, LOG.head, 12, "Ann", False),
    Blocks((BLOCK,)),
    Ping(),
    Chat(0),
    Claim(),
]


@pytest.mark.parametrize("body", BODIES)
def test_round_trip(body: Body) -> None:
    envelope = Envelope(1, KEY, 42, body)
    assert SEAL.open(SEAL.seal(envelope)) == envelope


def resealed(change: dict[str, object]) -> str:
    """A message changed and sealed again with the right key (a peer's own doing)."""
    fields = json.loads(SEAL.seal(Envelope(0, KEY, 1, Ping())))
    del fields["mac"]
    fields.update(change)
    fields["mac"] = SEAL._mac(fields)
    return json.dumps(fields)


def test_any_change_breaks_the_seal() -> None:
    text = SEAL.seal(Envelope(0, KEY, 5, Chat(1)))
    fields = json.loads(text)
    for key, value in [("seq", 6), ("from", 1), ("body", {"say": 2}), ("key", b64(bytes(16)))]:
        with pytest.raises(ForgedMessageError):
            SEAL.open(json.dumps({**fields, key: value}))
    with pytest.raises(ForgedMessageError, match="another room"):
        Seal(bytes(16), SECRET).open(text)
    with pytest.raises(ForgedMessageError, match="seal"):
        Seal(ROOM, bytes(16)).open(text)


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "[1]",
        "{",
        '{"mac": 1}',
        '{"mac": "x", "v": 2}',
        "x" * 70000,
        '{"v": 1, "room": "' + b64(ROOM) + '", "n": NaN, "mac": "x"}',
    ],
)
def test_garbage_is_malformed(text: object) -> None:
    with pytest.raises(MalformedMessageError):
        SEAL.open(text)


@pytest.mark.parametrize(
    "change",
    [
        {"from": 2},
        {"from": True},
        {"key": "AAAA"},
        {"seq": -1},
        {"kind": "shout"},
        {"body": []},
        {"body": {"x": 1}},
        {"extra": 1},
        {"kind": "chat", "body": {"say": 99}},
        {"kind": "hello", "body": {"have": 0, "head": "x", "seen": 0, "name": "A", "reply": 0}},
        {
            "kind": "hello",
            "body": {"have": 0, "head": LOG.head, "seen": 0, "name": 5, "reply": False},
        },
        {"kind": "blocks", "body": {"blocks": []}},
        {"kind": "blocks", "body": {"blocks": [BLOCK.to_json()] * (MAX_BATCH + 1)}},
    ],
)
def test_sealed_but_badly_shaped_is_malformed(change: dict[str, object]) -> None:
    with pytest.raises(MalformedMessageError):
        SEAL.open(resealed(change))
