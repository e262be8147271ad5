"""Ed25519 signatures (RFC 8032), in pure Python: each seat signs its own messages.

Online play's messages are sealed with the room's secret, which everyone who
has seen the invite link knows; the seal keeps out only those who have not.
What proves that a message comes from the friend who took a seat is its
signature under that seat's key: the private half never leaves its page, and
the public half is bound to the seat at the first hello (the host's travels in
the invite link itself).  Someone who reads every message still cannot write
one in either seat.

Why Ed25519 in Python rather than WebCrypto: the protocol's classes are
synchronous and run under CPython in the tests and under Pyodide in the page,
where ``crypto.subtle`` would make every message an ``await``; one signature
costs a few milliseconds here, and a turn is a handful of messages.  Nothing
here needs to be constant-time: a key signs only its own seat's messages in
one game, on the player's own device.

>>> seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
>>> public_key(seed).hex()
'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'
>>> signature = sign(seed, b"")
>>> signature.hex()[:32]
'e5564300c360ac729086e2cc806e828a'
>>> verify(public_key(seed), b"", signature), verify(public_key(seed), b"x", signature)
(True, False)
"""

from __future__ import annotations

import functools
import hashlib

from web.words import online_detail as detail

__all__ = ["PUBLIC_BYTES", "SEED_BYTES", "SIGNATURE_BYTES", "public_key", "sign", "verify"]

SEED_BYTES = 32
PUBLIC_BYTES = 32
SIGNATURE_BYTES = 64

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

# A point in extended coordinates (X, Y, Z, T) with x = X/Z, y = Y/Z, xy = T/Z.
_Point = tuple[int, int, int, int]
_IDENTITY: _Point = (0, 1, 1, 0)


def _add(a: _Point, b: _Point) -> _Point:
    # RFC 8032, 5.1.4: the unified addition, which also doubles.
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    p = _P
    aa = (y1 - x1) * (y2 - x2) % p
    bb = (y1 + x1) * (y2 + x2) % p
    cc = 2 * t1 * t2 * _D % p
    dd = 2 * z1 * z2 % p
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % p, g * h % p, f * g % p, e * h % p)


def _double(a: _Point) -> _Point:
    x1, y1, z1, _ = a
    p = _P
    aa = x1 * x1 % p
    bb = y1 * y1 % p
    cc = 2 * z1 * z1 % p
    h = aa + bb
    e = h - (x1 + y1) * (x1 + y1) % p
    g = aa - bb
    f = cc + g
    return (e * f % p, g * h % p, f * g % p, e * h % p)


def _multiply(scalar: int, point: _Point) -> _Point:
    result = _IDENTITY
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _double(point)
        scalar >>= 1
    return result


def _recover_x(y: int, sign: int) -> int | None:
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    if x & 1 != sign:
        x = _P - x
    return x


_BY = 4 * pow(5, _P - 2, _P) % _P
_BX = _recover_x(_BY, 0)
assert _BX is not None
_BASE: _Point = (_BX, _BY, 1, _BX * _BY % _P)


@functools.cache
def _table() -> tuple[tuple[_Point, ...], ...]:
    """The base point's multiples by 2**(4i) * j, for a fixed-base comb: a
    signature then costs 64 additions and no doubling (a third of the ladder).
    Made once, on first use."""
    rows = []
    step = _BASE
    for _ in range(64):
        row = [_IDENTITY]
        for _ in range(15):
            row.append(_add(row[-1], step))
        rows.append(tuple(row))
        for _ in range(4):
            step = _double(step)
    return tuple(rows)


def _base_multiply(scalar: int) -> _Point:
    table = _table()
    result = _IDENTITY
    for i in range(64):
        nibble = (scalar >> (4 * i)) & 15
        if nibble:
            result = _add(result, table[i][nibble])
    return result


def _encode(point: _Point) -> bytes:
    x, y, z, _ = point
    zi = pow(z, _P - 2, _P)
    x, y = x * zi % _P, y * zi % _P
    return int.to_bytes(y | ((x & 1) << 255), 32, "little")


def _decode(data: bytes) -> _Point | None:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    x = _recover_x(y, sign)
    if x is None:
        return None
    return (x, y, 1, x * y % _P)


def _equal(a: _Point, b: _Point) -> bool:
    x1, y1, z1, _ = a
    x2, y2, z2, _ = b
    return (x1 * z2 - x2 * z1) % _P == 0 and (y1 * z2 - y2 * z1) % _P == 0


def _h(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


def _expand(seed: bytes) -> tuple[int, bytes]:
    if len(seed) != SEED_BYTES:
        raise ValueError(detail.seed_size(SEED_BYTES, len(seed)))
    digest = hashlib.sha512(seed).digest()
    a = int.from_bytes(digest[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, digest[32:]


def public_key(seed: bytes) -> bytes:
    """The public key of the private ``seed`` (32 random bytes)."""
    a, _ = _expand(seed)
    return _encode(_base_multiply(a))


def sign(seed: bytes, message: bytes, public: bytes | None = None) -> bytes:
    """The 64-byte signature of ``message`` under ``seed`` (``public``: its
    public key, when the caller has it at hand, to save one multiplication)."""
    a, prefix = _expand(seed)
    key = public if public is not None else _encode(_base_multiply(a))
    r = _h(prefix, message) % _L
    big_r = _encode(_base_multiply(r))
    s = (r + _h(big_r, key, message) * a) % _L
    return big_r + int.to_bytes(s, 32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s over ``message`` (False for any
    malformed key or signature: it never raises on bytes)."""
    if len(public) != PUBLIC_BYTES or len(signature) != SIGNATURE_BYTES:
        return False
    a = _decode(public)
    r = _decode(signature[:32])
    if a is None or r is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= _L:
        return False
    k = _h(signature[:32], public, message) % _L
    return _equal(_base_multiply(s), _add(r, _multiply(k, a)))
