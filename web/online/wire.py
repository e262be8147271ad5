"""Messages between the two browsers, sealed with the room's secret.

Every message is one JSON text: the protocol version, the room, the sender's
seat and its own per-game key (its identity, kept in storage; never the
transport's peer id), a sequence number that only grows (so an old message
played again is known), the body, and an HMAC-SHA256 seal over all of it
under a key derived from the invite's secret.  A message without a valid seal
was not written by anyone holding the invite, and is refused before its body
is even read.

The bodies: :class:`Hello` (what history I have, on every (re)connection),
:class:`Blocks` (new or missing blocks of the move log), :class:`Ping` (the
heartbeat), :class:`Chat` (one of the canned phrases) and :class:`Claim` (I
claimed the game after you were gone).

>>> seal = Seal(bytes(16), bytes(16))
>>> text = seal.seal(Envelope(0, bytes(16), 7, Chat(2)))
>>> opened = seal.open(text)
>>> opened.seat, opened.seq, opened.body
(0, 7, Chat(phrase=2))
>>> Seal(bytes(16), bytes([1]) * 16).open(text)
Traceback (most recent call last):
...
web.online.errors.ForgedMessageError: the seal does not match
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass
from typing import TypeAlias

from web.online.chat import PHRASES
from web.online.codec import b64, canonical, unb64
from web.online.errors import ForgedMessageError, MalformedMessageError
from web.online.invite import MAX_NAME
from web.online.log import MAX_BLOCKS, Block

VERSION = 1
KEY_BYTES = 16  # a player's per-game key
MAX_TEXT = 64 * 1024  # characters in one message
MAX_BATCH = 64  # blocks in one message: a long resend goes in several
TAG = b"backgammon-online/seal/1"


@dataclass(frozen=True, slots=True)
class Hello:
    """Sent on every (re)connection: I have ``have`` blocks ending in ``head``,
    I have seen your messages up to ``seen``; ``reply`` when answering yours."""

    have: int
    head: str
    seen: int
    name: str
    reply: bool
    kind = "hello"


@dataclass(frozen=True, slots=True)
class Blocks:
    """Blocks of the move log, in order: new ones, or ones the other lacks."""

    blocks: tuple[Block, ...]
    kind = "blocks"


@dataclass(frozen=True, slots=True)
class Ping:
    """The heartbeat: I am still here."""

    kind = "ping"


@dataclass(frozen=True, slots=True)
class Chat:
    """One of the canned phrases (:data:`web.online.chat.PHRASES`), by index."""

    phrase: int
    kind = "chat"


@dataclass(frozen=True, slots=True)
class Claim:
    """I claimed the game in progress: you were gone longer than the stated time."""

    kind = "claim"


Body: TypeAlias = Hello | Blocks | Ping | Chat | Claim


@dataclass(frozen=True, slots=True)
class Envelope:
    """A body with who sent it (seat and per-game key) and its sequence number."""

    seat: int
    key: bytes
    seq: int
    body: Body


def _body_json(body: Body) -> dict[str, object]:
    if isinstance(body, Hello):
        return {
            "have": body.have,
            "head": body.head,
            "seen": body.seen,
            "name": body.name,
            "reply": body.reply,
        }
    if isinstance(body, Blocks):
        return {"blocks": [b.to_json() for b in body.blocks]}
    if isinstance(body, Chat):
        return {"say": body.phrase}
    return {}


def _count(data: dict[str, object], key: str, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise MalformedMessageError(f"{key} must be a number 0..{high}, not {value!r}")
    return value


def _body(kind: object, data: dict[str, object]) -> Body:
    fields = {
        "hello": {"have", "head", "seen", "name", "reply"},
        "blocks": {"blocks"},
        "chat": {"say"},
        "ping": set(),
        "claim": set(),
    }
    if not isinstance(kind, str) or kind not in fields:
        raise MalformedMessageError(f"unknown message kind {kind!r}")
    if set(data) != fields[kind]:
        raise MalformedMessageError(f"a {kind} message has the fields {sorted(fields[kind])}")
    if kind == "hello":
        head, name, reply = data["head"], data["name"], data["reply"]
        try:
            unb64(head, 32)
        except ValueError as exc:
            raise MalformedMessageError(f"hello head: {exc}") from exc
        if not isinstance(name, str) or len(name) > MAX_NAME or not isinstance(reply, bool):
            raise MalformedMessageError("hello: a name and a reply flag")
        assert isinstance(head, str)
        return Hello(
            _count(data, "have", MAX_BLOCKS), head, _count(data, "seen", 2**53), name, reply
        )
    if kind == "blocks":
        raw = data["blocks"]
        if not isinstance(raw, list) or not 0 < len(raw) <= MAX_BATCH:
            raise MalformedMessageError(f"a blocks message holds 1 to {MAX_BATCH} blocks")
        return Blocks(tuple(Block.from_json(b) for b in raw))
    if kind == "chat":
        return Chat(_count(data, "say", len(PHRASES) - 1))
    return Ping() if kind == "ping" else Claim()


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


class Seal:
    """Seals and opens the messages of one room (its key derives from the secret)."""

    def __init__(self, room: bytes, secret: bytes) -> None:
        self.room = b64(room)
        self._key = hmac.new(secret, TAG + room, "sha256").digest()

    def _mac(self, fields: dict[str, object]) -> str:
        return b64(hmac.new(self._key, canonical(fields), "sha256").digest())

    def seal(self, envelope: Envelope) -> str:
        """The message as sealed JSON text."""
        fields: dict[str, object] = {
            "v": VERSION,
            "room": self.room,
            "from": envelope.seat,
            "key": b64(envelope.key),
            "seq": envelope.seq,
            "kind": envelope.body.kind,
            "body": _body_json(envelope.body),
        }
        fields["mac"] = self._mac(fields)
        return json.dumps(fields, separators=(",", ":"))

    def open(self, text: object) -> Envelope:
        """The envelope in ``text``, its seal checked first.  Raises
        :class:`MalformedMessageError` or :class:`ForgedMessageError`."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise MalformedMessageError(f"a message is a text of at most {MAX_TEXT} characters")
        try:
            fields = json.loads(text, parse_constant=_no_constants)
        except (ValueError, RecursionError) as exc:
            raise MalformedMessageError(f"not JSON: {exc}") from exc
        if not isinstance(fields, dict):
            raise MalformedMessageError("a message is a JSON object")
        mac = fields.pop("mac", None)
        if not isinstance(mac, str):
            raise MalformedMessageError("a message carries its seal")
        if fields.get("v") != VERSION:
            raise MalformedMessageError(f"protocol version {fields.get('v')!r}, not {VERSION}")
        if fields.get("room") != self.room:
            raise ForgedMessageError("the message is for another room")
        try:
            expected = self._mac(fields)
        except (TypeError, ValueError) as exc:
            raise MalformedMessageError(f"not a message of ours: {exc}") from exc
        if not hmac.compare_digest(expected, mac):
            raise ForgedMessageError("the seal does not match")
        keys = {"v", "room", "from", "key", "seq", "kind", "body"}
        if set(fields) != keys:
            raise MalformedMessageError(f"a message has the fields {sorted(keys)}")
        seat = fields["from"]
        if seat not in (0, 1) or isinstance(seat, bool):
            raise MalformedMessageError(f"from seat 0 or 1, not {seat!r}")
        try:
            key = unb64(fields["key"], KEY_BYTES)
        except ValueError as exc:
            raise MalformedMessageError(f"the sender's key: {exc}") from exc
        body = fields["body"]
        if not isinstance(body, dict):
            raise MalformedMessageError("a message's body is an object")
        return Envelope(seat, key, _count(fields, "seq", 2**53), _body(fields["kind"], body))
