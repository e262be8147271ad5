"""Fair dice between two browsers that do not trust each other: commit–reveal.

For each roll the roller picks a random secret and first sends only its
commitment, ``H(game ‖ turn ‖ secret)``; the other side answers with a random
value of its own; the dice are ``H(game ‖ turn ‖ secret ‖ other)``.  The roller
cannot choose them (the other's value comes after the commitment binds it),
and the other cannot foresee them (the secret stays hidden until the roller
reveals it, with its move, and the other checks it against the commitment).

``game ‖ turn`` is a :class:`RollContext`: the room, the game's number, the
index in the move log of the commitment, and the roller's seat, so that no
commitment or secret can be carried over to another roll.  Hash bytes map to
faces without bias: bytes 252..255 are skipped (252 is a multiple of 6), and
should a digest run out of usable bytes, it is hashed again for more.

>>> ctx = RollContext(room=bytes(16), game=0, turn=3, seat=1)
>>> secret, other = bytes(32), bytes([1]) * 32
>>> promise = commitment(ctx, secret)
>>> verify(ctx, secret, promise), verify(ctx, other, promise)
(True, False)
>>> roll(ctx, secret, other)
(3, 6)
>>> faces(bytes([252, 255, 0, 11]) + bytes(28), 2)  # 252 and 255 are skipped
(1, 6)
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from web.online.codec import sha256
from web.words import online_detail as detail

SECRET_BYTES = 32  # the roller's secret, and the other side's random value
LIMIT = 252  # the largest multiple of 6 a byte can hold: bytes from here are skipped
TAG = b"backgammon-online/dice/1"


@dataclass(frozen=True, slots=True)
class RollContext:
    """What one roll is bound to: the room, the game, the log index, the roller."""

    room: bytes
    game: int
    turn: int
    seat: int

    def __post_init__(self) -> None:
        if not (0 <= self.game < 1 << 32 and 0 <= self.turn < 1 << 32 and self.seat in (0, 1)):
            raise ValueError(detail.not_a_roll_context(self))

    @property
    def prefix(self) -> bytes:
        """``game ‖ turn`` as bytes: fixed widths, so no two contexts run together."""
        return b"".join(
            (
                TAG,
                len(self.room).to_bytes(1, "big"),
                self.room,
                self.game.to_bytes(4, "big"),
                self.turn.to_bytes(4, "big"),
                self.seat.to_bytes(1, "big"),
            )
        )


def new_secret(token: Callable[[int], bytes] = secrets.token_bytes) -> bytes:
    """A fresh random secret (or random answer) of :data:`SECRET_BYTES` bytes."""
    value = token(SECRET_BYTES)
    _check(value, detail.A_SECRET)
    return value


def _check(value: bytes, what: str) -> None:
    if len(value) != SECRET_BYTES:
        raise ValueError(detail.wrong_length(what, SECRET_BYTES, len(value)))


def commitment(ctx: RollContext, secret: bytes) -> bytes:
    """``H(game ‖ turn ‖ secret)``: what the roller sends before anything is known."""
    _check(secret, detail.A_SECRET)
    return sha256(ctx.prefix, secret)


def verify(ctx: RollContext, secret: bytes, promised: bytes) -> bool:
    """Whether ``secret`` is the one ``promised`` was made from."""
    return len(secret) == SECRET_BYTES and hmac.compare_digest(commitment(ctx, secret), promised)


def roll(ctx: RollContext, secret: bytes, other: bytes) -> tuple[int, int]:
    """The dice ``H(game ‖ turn ‖ secret ‖ other)``: two faces 1..6.

    For the opening roll the first die is seat 0's and the second seat 1's.
    """
    _check(secret, detail.A_SECRET)
    _check(other, detail.A_RANDOM_ANSWER)
    first, second = faces(sha256(ctx.prefix, secret, other), 2)
    return first, second


def faces(digest: bytes, count: int) -> tuple[int, ...]:
    """``count`` dice read off ``digest`` without bias (see the module docs).

    >>> faces(bytes([255]) * 32, 2)  # nothing usable: the digest is hashed again
    (2, 1)
    """
    out: list[int] = []
    block = digest
    while True:
        for byte in block:
            if byte < LIMIT:
                out.append(byte % 6 + 1)
                if len(out) == count:
                    return tuple(out)
        block = sha256(block)
