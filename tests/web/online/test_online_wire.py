"""Sealed messages: round trips, and everything refused before it is read."""

from __future__ import annotations

import json

import pytest

from engine.rules import Rules
from web.online.acts import AskRoll
from web.online.codec import b64, canonical
from web.online.errors import ForgedMessageError, MalformedMessageError
from web.online.log import MoveLog
from web.online.wire import (
    MAX_BATCH,
    SIGN_TAG,
    Blocks,
    Body,
    Chat,
    Claim,
    Disputed,
    Envelope,
    Full,
    Hello,
    Ping,
    Seal,
    Signer,
)

ROOM, SECRET = bytes(range(16)), bytes(range(16, 32))
ME = Signer(bytes([7]) * 32)
KEY = ME.public
SEAL = Seal(ROOM, SECRET)
LOG = MoveLog.new(ROOM, Rules(3))
BLOCK = LOG.next_block(0, (AskRoll(),))

BODIES: list[Body] = [
    Hello(3, LOG.head, 12, "Ann", False),
    Blocks((BLOCK,)),
    Ping(),
    Chat(0),
    Claim(3, LOG.head),
    Disputed(4, LOG.head),
    Full(),
]


@pytest.mark.parametrize("body", BODIES)
def test_round_trip(body: Body) -> None:
    envelope = Envelope(1, KEY, 42, body)
    opened = SEAL.open(SEAL.seal(envelope, ME))
    assert opened.envelope == envelope and opened.verify()


def resealed(change: dict[str, object]) -> str:
    """A message changed, sealed and signed again with the right keys (a peer's own doing)."""
    fields = json.loads(SEAL.seal(Envelope(0, KEY, 1, Ping()), ME))
    del fields["mac"], fields["sig"]
    fields.update(change)
    fields["mac"] = SEAL._mac(fields)
    fields["sig"] = b64(ME.sign(SIGN_TAG + canonical(fields)))
    return json.dumps(fields)


def test_any_change_breaks_the_seal() -> None:
    text = SEAL.seal(Envelope(0, KEY, 5, Chat(1)), ME)
    fields = json.loads(text)
    for key, value in [("seq", 6), ("from", 1), ("body", {"say": 2}), ("key", b64(bytes(32)))]:
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
        '{"v": 2, "room": "' + b64(ROOM) + '", "n": NaN, "mac": "x", "sig": "x"}',
        "[" * 990 + "]" * 990,  # deep nesting: refused before json.loads recurses
        '{"v": 2, "body": ' + "[" * 20 + "]" * 20 + "}",
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
        {"from": 1.0},
        {"seq": 2.0},
        {"seq": 2**53},
        {"v": 2.0},
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


def test_a_resealed_message_is_signed_by_whoever_resealed_it() -> None:
    """Anyone with the link can seal; only the seat's key signs.  A signature
    made by another key, or over other fields, does not verify."""
    eve = Signer(bytes([9]) * 32)
    text = SEAL.seal(Envelope(0, KEY, 1, Ping()), eve)  # Eve writes with Ann's key named
    assert not SEAL.open(text).verify()
    fields = json.loads(SEAL.seal(Envelope(0, KEY, 1, Ping()), ME))
    fields["seq"] = 2  # ... and resealed, but not re-signed
    del fields["mac"]
    sig = fields.pop("sig")
    fields["mac"] = SEAL._mac(fields)
    fields["sig"] = sig
    assert not SEAL.open(json.dumps(fields)).verify()
