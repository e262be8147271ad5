"""The byte forms online play hashes and sends: canonical JSON, SHA-256, and
URL-safe base64 that reads back only in its one canonical spelling.

Both browsers must hash the same bytes for the same value, so JSON is written
one way only (sorted keys, no spaces, ASCII), and base64 text that decodes but
is not how :func:`b64` would write it (padding, stray bits) is refused: a
value has exactly one text.

>>> canonical({"b": [1, 2], "a": "é"})
b'{"a":"\\\\u00e9","b":[1,2]}'
>>> b64(b"\\x00\\xff"), unb64("AP8", 2)
('AP8', b'\\x00\\xff')
>>> unb64("AP9", 2)
Traceback (most recent call last):
...
ValueError: not canonical base64: 'AP9'
>>> len(sha256_b64(b"anything"))
43
>>> exact_int(1), exact_int(1.0), exact_int(True)
(True, False, False)
>>> nesting('{"a": [[1], "[[[["]}')
3
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re

from web.words import online_detail as detail

_B64 = re.compile(r"[A-Za-z0-9_-]*")


def canonical(value: object) -> bytes:
    """``value`` as canonical JSON bytes (what is hashed and sealed)."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    ).encode("ascii")


def b64(data: bytes) -> str:
    """URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: object, size: int | None = None) -> bytes:
    """The bytes of :func:`b64` text, of ``size`` bytes if given.

    Raises a plain ``ValueError`` (callers wrap it in their own refusal) for
    anything else: not text, other characters, a wrong length, or a spelling
    :func:`b64` would not write.
    """
    if not isinstance(text, str) or not _B64.fullmatch(text) or len(text) % 4 == 1:
        raise ValueError(detail.not_base64(text))
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - the pattern comes first
        raise ValueError(detail.not_base64(text)) from exc
    if b64(data) != text:
        raise ValueError(detail.not_canonical_base64(text))
    if size is not None and len(data) != size:
        raise ValueError(detail.byte_size(size, len(data)))
    return data


def sha256(*parts: bytes) -> bytes:
    """SHA-256 of the concatenated parts."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.digest()


def sha256_b64(*parts: bytes) -> str:
    """:func:`sha256` as :func:`b64` text (43 characters)."""
    return b64(sha256(*parts))


def exact_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and nothing else: JSON's ``1.0`` and
    ``true`` compare equal to 1 in Python, and must not pass for a seat or a count."""
    return type(value) is int


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest (strings skipped),
    measured before it is parsed: deeply nested text makes ``json.loads`` (and
    whatever walks the result) recurse until Python gives up."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest
