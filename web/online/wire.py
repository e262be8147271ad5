"""Messages between the two browsers: sealed with the room's secret, signed by their seat.

Every message is one JSON text: the protocol version, the room, the sender's
seat and its public key (:mod:`~web.online.ed25519`; the seat's identity, bound
at the first hello), a sequence number that only grows (so an old message
played again is known), the body, an HMAC-SHA256 seal under a key derived
from the invite's secret, and the sender's Ed25519 signature over all of it.

The seal is a cheap first gate: a text without it was not written by anyone
holding the invite, and is dropped before anything else is done with it.
Anyone who has seen the link can seal, though; only the signature, checked
against the key bound to the seat, says that the friend who took the seat
wrote it (:class:`Opened.verify`).  Before any of that, the text's size and
nesting are bounded, so that no text can make the parser work hard.

The bodies: :class:`Hello` (what history I have, on every (re)connection),
:class:`Blocks` (new or missing blocks of the move log), :class:`Ping` (the
heartbeat), :class:`Chat` (one of the canned phrases), :class:`Claim` (you
owed an action past the stated time: I claim the game), :class:`Disputed`
(my record says otherwise: the claim is refused) and :class:`Full` (this
game has its two players: sent to a third page).

>>> from web.online.ed25519 import public_key
>>> seal, me = Seal(bytes(16), bytes(16)), Signer(bytes(32))
>>> text = seal.seal(Envelope(0, me.public, 7, Chat(2)), me)
>>> opened = seal.open(text)
>>> opened.envelope.seat, opened.envelope.seq, opened.envelope.body, opened.verify()
(0, 7, Chat(phrase=2), True)
>>> Seal(bytes(16), bytes([1]) * 16).open(text)
Traceback (most recent call last):
...
web.online.errors.ForgedMessageError: the seal does not match
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from web.online import ed25519
from web.online.codec import b64, canonical, exact_int, nesting, unb64
from web.online.errors import ForgedMessageError, MalformedMessageError
from web.online.invite import MAX_NAME
from web.online.log import MAX_BLOCKS, Block
from web.words import online_detail as detail
from web.words.chat import PHRASES

VERSION = 2
KEY_BYTES = ed25519.PUBLIC_BYTES  # a seat's public key
SEED_BYTES = ed25519.SEED_BYTES  # ...and its private seed, which never leaves the page
MAX_TEXT = 64 * 1024  # characters in one message
MAX_DEPTH = 12  # nesting of arrays and objects in one message (a play needs 8)
MAX_SEQ = 2**53 - 1  # JSON's exact integers
MAX_BATCH = 64  # blocks in one message: a long resend goes in several
TAG = b"backgammon-online/seal/2"
SIGN_TAG = b"backgammon-online/sign/2"


@dataclass(frozen=True, slots=True)
class Hello:
    """Sent on every (re)connection: I have ``have`` blocks ending in ``head``,
    I have seen your messages up to ``seen``; ``reply`` when answering yours.
    ``name`` is read once, when the seat is bound: a name never changes mid-match."""

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
    """The heartbeat: I am still here (it never stops a turn's clock)."""

    kind = "ping"


@dataclass(frozen=True, slots=True)
class Chat:
    """One of the canned phrases (:data:`web.words.chat.PHRASES`), by index."""

    phrase: int
    kind = "chat"


@dataclass(frozen=True, slots=True)
class Claim:
    """I claim the game: at the log of ``have`` blocks ending in ``head`` you
    owed an action, and stayed silent past the stated time."""

    have: int
    head: str
    kind = "claim"


@dataclass(frozen=True, slots=True)
class Disputed:
    """Your claim is refused: my log (``have`` blocks ending in ``head``) does
    not show that I owed an action past the stated time."""

    have: int
    head: str
    kind = "disputed"


@dataclass(frozen=True, slots=True)
class Full:
    """This game has its two players (sent to a third page that came with the link)."""

    kind = "full"


Body: TypeAlias = Hello | Blocks | Ping | Chat | Claim | Disputed | Full


@dataclass(frozen=True, slots=True)
class Envelope:
    """A body with who sent it (seat and public key) and its sequence number."""

    seat: int
    key: bytes
    seq: int
    body: Body


@dataclass(frozen=True, slots=True)
class Opened:
    """A message whose seal checked out, its signature not yet checked."""

    envelope: Envelope
    signed: bytes
    signature: bytes

    def verify(self) -> bool:
        """Whether the sender's key (:attr:`Envelope.key`) signed it."""
        return ed25519.verify(self.envelope.key, self.signed, self.signature)


class Signer:
    """A seat's key pair: ``seed`` is private, :attr:`public` its identity."""

    __slots__ = ("public", "seed")

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.public = ed25519.public_key(seed)

    def sign(self, data: bytes) -> bytes:
        return ed25519.sign(self.seed, data, self.public)


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
    if isinstance(body, (Claim, Disputed)):
        return {"have": body.have, "head": body.head}
    return {}


def _count(data: dict[str, object], key: str, high: int) -> int:
    value = data.get(key)
    if not exact_int(value) or not 0 <= value <= high:  # type: ignore[operator]
        raise MalformedMessageError(detail.count_range(key, high, value))
    assert isinstance(value, int)
    return value


def _head(data: dict[str, object], kind: str) -> str:
    head = data["head"]
    try:
        unb64(head, 32)
    except ValueError as exc:
        raise MalformedMessageError(detail.head_of(kind, str(exc))) from exc
    assert isinstance(head, str)
    return head


_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "hello": frozenset({"have", "head", "seen", "name", "reply"}),
        "blocks": frozenset({"blocks"}),
        "chat": frozenset({"say"}),
        "ping": frozenset(),
        "claim": frozenset({"have", "head"}),
        "disputed": frozenset({"have", "head"}),
        "full": frozenset(),
    }
)


def _body(kind: object, data: dict[str, object]) -> Body:
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MalformedMessageError(detail.unknown_kind(kind))
    if set(data) != _FIELDS[kind]:
        raise MalformedMessageError(detail.kind_fields(kind, sorted(_FIELDS[kind])))
    if kind == "hello":
        head, name, reply = _head(data, kind), data["name"], data["reply"]
        if not isinstance(name, str) or len(name) > MAX_NAME or not isinstance(reply, bool):
            raise MalformedMessageError(detail.HELLO_SHAPE)
        return Hello(_count(data, "have", MAX_BLOCKS), head, _count(data, "seen", MAX_SEQ), name,
                     reply)  # fmt: skip
    if kind == "blocks":
        raw = data["blocks"]
        if not isinstance(raw, list) or not 0 < len(raw) <= MAX_BATCH:
            raise MalformedMessageError(detail.batch_size(MAX_BATCH))
        return Blocks(tuple(Block.from_json(b) for b in raw))
    if kind == "chat":
        return Chat(_count(data, "say", len(PHRASES) - 1))
    if kind in ("claim", "disputed"):
        have, head = _count(data, "have", MAX_BLOCKS), _head(data, kind)
        return Claim(have, head) if kind == "claim" else Disputed(have, head)
    return Ping() if kind == "ping" else Full()


def _no_constants(name: str) -> object:
    raise ValueError(detail.not_json_constant(name))


class Seal:
    """Seals and opens the messages of one room (its key derives from the secret)."""

    def __init__(self, room: bytes, secret: bytes) -> None:
        self.room = b64(room)
        self._key = hmac.new(secret, TAG + room, "sha256").digest()

    def _mac(self, fields: dict[str, object]) -> str:
        return b64(hmac.new(self._key, canonical(fields), "sha256").digest())

    def seal(self, envelope: Envelope, signer: Signer) -> str:
        """The message as sealed and signed JSON text."""
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
        fields["sig"] = b64(signer.sign(SIGN_TAG + canonical(fields)))
        return json.dumps(fields, separators=(",", ":"))

    def open(self, text: object) -> Opened:
        """The envelope in ``text``, its size, nesting and seal checked first (its
        signature is :meth:`Opened.verify`'s).  Raises
        :class:`MalformedMessageError` or :class:`ForgedMessageError`."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise MalformedMessageError(detail.text_size(MAX_TEXT))
        if nesting(text) > MAX_DEPTH:
            raise MalformedMessageError(detail.nests(MAX_DEPTH))
        try:
            fields = json.loads(text, parse_constant=_no_constants)
        except (ValueError, RecursionError) as exc:
            raise MalformedMessageError(detail.NOT_JSON) from exc
        if not isinstance(fields, dict):
            raise MalformedMessageError(detail.NOT_AN_OBJECT)
        sig = fields.pop("sig", None)
        try:
            signed = SIGN_TAG + canonical(fields)
        except (TypeError, ValueError) as exc:
            raise MalformedMessageError(detail.NOT_OURS) from exc
        mac = fields.pop("mac", None)
        if not isinstance(mac, str) or not isinstance(sig, str):
            raise MalformedMessageError(detail.NO_SEAL)
        if fields.get("v") != VERSION or not exact_int(fields.get("v")):
            raise MalformedMessageError(detail.protocol_version(fields.get("v"), VERSION))
        if fields.get("room") != self.room:
            raise ForgedMessageError(detail.OTHER_ROOM)
        if not hmac.compare_digest(self._mac(fields), mac):
            raise ForgedMessageError(detail.SEAL_MISMATCH)
        keys = {"v", "room", "from", "key", "seq", "kind", "body"}
        if set(fields) != keys:
            raise MalformedMessageError(detail.message_fields(sorted(keys)))
        seat = fields["from"]
        if not exact_int(seat) or seat not in (0, 1):
            raise MalformedMessageError(detail.from_seat(seat))
        try:
            key = unb64(fields["key"], KEY_BYTES)
            signature = unb64(sig, ed25519.SIGNATURE_BYTES)
        except ValueError as exc:
            raise MalformedMessageError(detail.key_or_signature(str(exc))) from exc
        body = fields["body"]
        if not isinstance(body, dict):
            raise MalformedMessageError(detail.BODY_OBJECT)
        envelope = Envelope(seat, key, _count(fields, "seq", MAX_SEQ), _body(fields["kind"], body))
        return Opened(envelope, signed, signature)
