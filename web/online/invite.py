"""An invitation to play online: who invites, on what terms, and the room.

The link's ``#`` fragment carries everything (browsers never send a fragment
to a server): a random room id (the meeting place the transport looks for),
a random secret (the key every message is sealed with; it never travels
otherwise), the inviter's name, and the terms: money or a match and its
length, the cube, Crawford, Jacoby, beavers.  The friend sees who invites
them and on what terms before accepting.

It also carries the inviter's public key (:mod:`~web.online.ed25519`): the
friend's page knows from the link itself who may write in the inviter's seat,
so nobody else who has the link can pose as the inviter; and the move clock,
the seconds each side has for an action it owes before the other may claim
the game (0: no clock, see :mod:`~web.online.turnclock`).

The text is compact and URL-safe, seven fields joined by dots::

    2.<room>.<secret>.<terms>.<name>.<key>.<clock>

``terms`` is the match length (0 for money) then the letters of the rules in
use, in the order ``c`` cube, ``r`` Crawford, ``j`` Jacoby, ``b`` beavers; the
name is UTF-8 in URL-safe base64; the key is base64 too, the clock a number of
seconds.  Reading parses, then validates, and only the canonical spelling of a
value is accepted (so a text maps to one invite).  A link of the first
version (five fields: no key, the default clock) still reads.

>>> from engine.rules import Rules
>>> invite = Invite.new("Ann", Rules(5), host_key=bytes(32), token=bytes)
>>> invite.text[:58], invite.text[-6:]
('2.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.5cr.QW5u.A', 'AA.120')
>>> Invite.from_link("https://example.org/bg/#join=" + invite.text) == invite
True
>>> invite.terms
'a 5-point match, with the cube and the Crawford rule, 2 minutes a move'
>>> Invite.parse("1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.5rc.QW5u")
Traceback (most recent call last):
...
web.online.errors.InviteError: the terms '5rc' are not written as this version writes them
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from engine.rules import MAX_MATCH_LENGTH, Rules
from web.online.codec import b64, sha256_b64, unb64
from web.online.errors import InviteError
from web.words import online_detail as detail
from web.words import online_news as news
from web.words.online_news import describe_clock as describe_clock
from web.words.online_news import describe_terms as describe_terms

VERSION = "2"
OLD_VERSION = "1"  # no key, the default clock
KEY_BYTES = 32  # the inviter's public key (web.online.ed25519)
DEFAULT_CLOCK = 120  # seconds a move, unless the inviter chose otherwise
CLOCKS = (0, 120, 600)  # what the New game dialog offers: off, 2 and 10 minutes
MAX_CLOCK = 7 * 24 * 3600
ROOM_BYTES = 16
SECRET_BYTES = 16  # 128 bits: the key of every message's seal
MAX_NAME = 24  # characters
FRAGMENT_KEY = "join"
FLAGS = "crjb"  # cube, Crawford, Jacoby, beavers: the order they are written in

_TERMS = re.compile(r"(0|[1-9][0-9]?)([a-z]*)")
_CLOCK = re.compile(r"0|[1-9][0-9]{0,6}")
Token = Callable[[int], bytes]


def clean_name(name: str) -> str:
    """A player's name as it is shown and sent: spaces collapsed, at most
    :data:`MAX_NAME` characters, no control characters.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    """
    cleaned = " ".join("".join(c for c in name if _printable(c)).split())
    return cleaned[:MAX_NAME]


def _printable(c: str) -> bool:
    return not unicodedata.category(c).startswith("C")


def terms_code(rules: Rules) -> str:
    """The rules as the invite writes them (see the module docs).

    >>> terms_code(Rules(0, jacoby=True, beavers=True))
    '0crjb'
    """
    flags = (rules.cube, rules.crawford, rules.jacoby, rules.beavers)
    return f"{rules.match_length}" + "".join(f for f, on in zip(FLAGS, flags, strict=True) if on)


def parse_terms(code: str) -> Rules:
    """The rules an invite's terms stand for; raises :class:`InviteError`.

    >>> parse_terms("7c")
    Rules(match_length=7, cube=True, crawford=False, jacoby=False, beavers=False, auto_doubles=0)
    """
    m = _TERMS.fullmatch(code)
    if m is None:
        raise InviteError(detail.terms_shape(code))
    length, letters = int(m.group(1)), m.group(2)
    unknown = set(letters) - set(FLAGS)
    if unknown:
        raise InviteError(detail.terms_unknown(code, "".join(sorted(unknown))))
    if length > MAX_MATCH_LENGTH:
        raise InviteError(detail.match_too_long(MAX_MATCH_LENGTH, length))
    on = [f in letters for f in FLAGS]
    rules = Rules(length, cube=on[0], crawford=on[1], jacoby=on[2], beavers=on[3])
    if terms_code(rules) != code:
        raise InviteError(detail.terms_spelling(code))
    return rules


@dataclass(frozen=True, slots=True)
class Invite:
    """The room, its secret, the inviter's name and the rules of the match."""

    room: bytes
    secret: bytes
    name: str
    rules: Rules
    host_key: bytes | None = None  # None: a link of the first version (bound at the first hello)
    clock: int = DEFAULT_CLOCK  # seconds a move (0: no clock)

    def __post_init__(self) -> None:
        if len(self.room) != ROOM_BYTES or len(self.secret) != SECRET_BYTES:
            raise InviteError(detail.room_size(ROOM_BYTES))
        if self.host_key is not None and len(self.host_key) != KEY_BYTES:
            raise InviteError(detail.key_size(KEY_BYTES))
        if type(self.clock) is not int or not 0 <= self.clock <= MAX_CLOCK:
            raise InviteError(detail.clock_range(MAX_CLOCK, self.clock))
        if not self.name or clean_name(self.name) != self.name:
            raise InviteError(detail.not_a_name(self.name))
        if self.rules.auto_doubles:
            raise InviteError(detail.AUTO_DOUBLES)

    @classmethod
    def new(
        cls,
        name: str,
        rules: Rules,
        *,
        host_key: bytes | None = None,
        clock: int = DEFAULT_CLOCK,
        token: Token = secrets.token_bytes,
    ) -> Invite:
        """A fresh invite with a random room and secret (``token(n)``: ``n`` random
        bytes), from the inviter whose public key is ``host_key`` (the inviter's
        :class:`~web.online.peer.Peer` puts it in when none is given)."""
        cleaned = clean_name(name) or news.FRIEND
        return cls(token(ROOM_BYTES), token(SECRET_BYTES), cleaned, rules, host_key, clock)

    @property
    def room_id(self) -> str:
        """The room as text: where the transport meets (never the secret)."""
        return b64(self.room)

    @property
    def text(self) -> str:
        """The compact, URL-safe text form (see the module docs)."""
        fields = (b64(self.room), b64(self.secret), terms_code(self.rules))
        name = b64(self.name.encode("utf-8"))
        if self.host_key is None:
            return ".".join((OLD_VERSION, *fields, name))
        return ".".join((VERSION, *fields, name, b64(self.host_key), str(self.clock)))

    @property
    def transport_password(self) -> str:
        """What encrypts the connection offers the relays carry: derived from the
        secret, never the secret itself, which keys every message's seal."""
        return sha256_b64(b"backgammon-online/transport/1", self.secret)

    @property
    def fragment(self) -> str:
        """What goes after the ``#`` of the link."""
        return f"{FRAGMENT_KEY}={self.text}"

    def link(self, page: str) -> str:
        """The link to send: ``page`` (any fragment dropped) with this invite.

        >>> Invite.new("Ann", Rules(3), host_key=bytes(32), token=bytes).link("https://x.org/#old")[:25]
        'https://x.org/#join=2.AAA'
        """
        return f"{page.split('#', 1)[0]}#{self.fragment}"

    @property
    def terms(self) -> str:
        """The rules in words (:func:`describe_terms`), and the move clock."""
        return news.terms(self.rules, self.clock)

    @classmethod
    def parse(cls, text: str) -> Invite:
        """An invite from its :attr:`text`; raises :class:`InviteError` saying why not."""
        if not isinstance(text, str) or len(text) > 512:
            raise InviteError(detail.INVITE_TOO_LONG)
        fields = text.split(".")
        parts = {VERSION: 7, OLD_VERSION: 5}.get(fields[0])
        if parts is None:
            raise InviteError(detail.other_version(fields[0][:8]))
        if len(fields) != parts:
            raise InviteError(detail.invite_parts(parts, len(fields)))
        room, secret, terms, name = fields[1:5]
        host_key, clock = None, DEFAULT_CLOCK
        if parts == 7:
            try:
                host_key = unb64(fields[5], KEY_BYTES)
            except ValueError as exc:
                raise InviteError(detail.KEY_DAMAGED) from exc
            if not _CLOCK.fullmatch(fields[6]):
                raise InviteError(detail.clock_not_seconds(fields[6][:8]))
            clock = int(fields[6])
        try:
            room_bytes = unb64(room, ROOM_BYTES)
            secret_bytes = unb64(secret, SECRET_BYTES)
        except ValueError as exc:
            raise InviteError(detail.ROOM_DAMAGED) from exc
        rules = parse_terms(terms)
        try:
            name_text = unb64(name).decode("utf-8")
        except (ValueError, UnicodeDecodeError) as exc:
            raise InviteError(detail.NAME_DAMAGED) from exc
        if len(name_text) > MAX_NAME:
            raise InviteError(detail.name_too_long(MAX_NAME))
        return cls(room_bytes, secret_bytes, name_text, rules, host_key, clock)

    @classmethod
    def from_link(cls, link: str) -> Invite:
        """The invite in a link, or in its fragment alone (with or without ``#``).

        >>> Invite.from_link("https://x.org/#other=1")
        Traceback (most recent call last):
        ...
        web.online.errors.InviteError: this link holds no invite
        """
        fragment = link.split("#", 1)[1] if "#" in link else link
        fragment = fragment.split("&", 1)[0]  # an offer code may follow (offer_code)
        key, sep, text = fragment.partition("=")
        if key != FRAGMENT_KEY or not sep:
            raise InviteError(detail.NO_INVITE_HERE)
        return cls.parse(text)


OFFER_KEY = "offer"
# The transport's codes: base64url, ".", and the ICE credentials' "+" and "/".
_OFFER = re.compile(r"[A-Za-z0-9_.+/-]{1,2000}")


def offer_link(invite_link: str, code: str) -> str:
    """The invite link with a manual connection offer's code (when no relay
    brings the two players together): the friend's page answers it directly.

    >>> link = offer_link("https://x.org/#join=1.a.b.3.QW5u", "1o.u+f/.p")
    >>> link, offer_code(link)
    ('https://x.org/#join=1.a.b.3.QW5u&offer=1o.u+f/.p', '1o.u+f/.p')
    >>> offer_code("https://x.org/#join=1.a.b.3.QW5u"), offer_code("#join=x&offer=<script>")
    (None, None)
    """
    return f"{invite_link}&{OFFER_KEY}={code}"


def offer_code(link: str) -> str | None:
    """The manual connection offer in a link (:func:`offer_link`), or ``None``."""
    fragment = link.split("#", 1)[1] if "#" in link else link
    for part in fragment.split("&")[1:]:
        key, _, value = part.partition("=")
        if key == OFFER_KEY and _OFFER.fullmatch(value):
            return value
    return None
