"""GNU Backgammon Match IDs, byte-exact both ways.

A Match ID packs the cube, score, turn and dice into 67 bits / 12 characters.
Its companion, the Position ID, is the board's own text: :attr:`Position.id
<engine.position.Position.id>` and :meth:`~engine.position.Position.from_id`
(``engine.position``, which imports no format).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from engine.errors import FormatError, InvalidMatchIdError, quoted

_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _b64decode(text: str, nbytes: int, length: int, error: type[FormatError]) -> bytes:
    if not isinstance(text, str) or len(text) != length or not set(text) <= _B64:
        raise error(
            f"{quoted(text)}: expected {length} base64 characters", code="id_form", length=length
        )
    pad = "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(text + pad, validate=True)
    except binascii.Error as exc:  # pragma: no cover - alphabet checked above
        raise error(f"{text!r}: not base64", code="id_form", length=length) from exc
    return raw[:nbytes]


def _bits_to_int(raw: bytes) -> int:
    return int.from_bytes(raw, "little")


# -- Match ID -------------------------------------------------------------

GAME_NONE = 0
GAME_PLAYING = 1
GAME_OVER = 2
GAME_RESIGNED = 3
GAME_DROPPED = 4

CENTERED = 3

# (field, width) in bit order, as in GNU Backgammon's manual.
_MATCH_FIELDS = (
    ("cube_log2", 4),
    ("cube_owner", 2),
    ("dice_owner", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resign", 2),
    ("die1", 3),
    ("die2", 3),
    ("match_length", 15),
    ("score0", 15),
    ("score1", 15),
    # Not in the manual: GNU Backgammon 1.x writes "Jacoby rule off" in bit 67.
    ("no_jacoby", 1),
)


@dataclass(frozen=True, slots=True)
class MatchKey:
    """The fields of a GNU Backgammon Match ID, players numbered 0 and 1.

    >>> MatchKey.from_id('cAkAAAAAAAAA').cube_owner == CENTERED
    True
    >>> MatchKey.from_id('cAkAAAAAAAAA').id
    'cAkAAAAAAAAA'
    """

    cube_log2: int = 0
    cube_owner: int = CENTERED  # 0, 1, or CENTERED
    dice_owner: int = 0  # the player on roll, or who did roll
    crawford: int = 0
    game_state: int = GAME_PLAYING
    turn: int = 0  # the player who must act now
    doubled: int = 0
    resign: int = 0  # 0 none, 1 single, 2 gammon, 3 backgammon
    die1: int = 0
    die2: int = 0
    match_length: int = 0  # 0 for money play
    score0: int = 0
    score1: int = 0
    no_jacoby: int = 0  # gnubg writes !fJacoby: 1 in matches and in money play without Jacoby

    def __post_init__(self) -> None:
        for name, width in _MATCH_FIELDS:
            v = getattr(self, name)
            if not isinstance(v, int) or not 0 <= v < (1 << width):
                raise InvalidMatchIdError(f"{name}={v!r} does not fit in {width} bits")
        if self.cube_owner == 2:
            raise InvalidMatchIdError("cube owner 2 is not used")
        if self.game_state > GAME_DROPPED:
            raise InvalidMatchIdError(f"unknown game state {self.game_state}")
        if self.die1 > 6 or self.die2 > 6 or (self.die1 == 0) != (self.die2 == 0):
            raise InvalidMatchIdError(f"bad dice {self.die1}{self.die2}")
        if (
            self.match_length
            and max(self.score0, self.score1) >= self.match_length
            and self.game_state in (GAME_NONE, GAME_PLAYING)
        ):
            # Only a finished game can leave a score at the match length.
            raise InvalidMatchIdError(
                "a score has reached the match length", code="score_at_length"
            )
        if self.die1 < self.die2:
            # gnubg always writes the higher die first; keep one form per roll.
            die1, die2 = self.die2, self.die1
            object.__setattr__(self, "die1", die1)
            object.__setattr__(self, "die2", die2)

    @property
    def id(self) -> str:
        value = 0
        bit = 0
        for name, width in _MATCH_FIELDS:
            value |= getattr(self, name) << bit
            bit += width
        return base64.b64encode(value.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def from_id(cls, match_id: str) -> MatchKey:
        raw = _b64decode(match_id, 9, 12, InvalidMatchIdError)
        value = _bits_to_int(raw)
        fields: dict[str, int] = {}
        bit = 0
        for name, width in _MATCH_FIELDS:
            fields[name] = (value >> bit) & ((1 << width) - 1)
            bit += width
        if value >> bit:
            raise InvalidMatchIdError(f"{match_id!r}: stray bits after the match key")
        return cls(**fields)
