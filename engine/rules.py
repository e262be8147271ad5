"""The rules a match or money session is played under.

``match_length`` 0 means money play: an open-ended session of games.  The
Jacoby rule, beavers and automatic doubles are money-play options; as in GNU
Backgammon they are ignored in matches, and the ``*_active`` properties say
what actually applies.  The Crawford rule applies only to matches of two
points or more.

>>> Rules(match_length=7).crawford_active
True
>>> Rules(jacoby=True).jacoby_active, Rules(match_length=5, jacoby=True).jacoby_active
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_MATCH_LENGTH = 64  # GNU Backgammon's MAXSCORE
MAX_AUTO_DOUBLES = 6  # the cube stops at 64 = 2**6


@dataclass(frozen=True, slots=True)
class Rules:
    """Settings fixed for a whole match or session."""

    match_length: int = 0
    cube: bool = True
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    auto_doubles: int = 0

    def __post_init__(self) -> None:
        for name in ("match_length", "auto_doubles"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"{name} must be an int, got {v!r}")
        for name in ("cube", "crawford", "jacoby", "beavers"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise ValueError(f"{name} must be a bool, got {v!r}")
        if not 0 <= self.match_length <= MAX_MATCH_LENGTH:
            raise ValueError(f"match_length must be 0..{MAX_MATCH_LENGTH}: {self.match_length}")
        if not 0 <= self.auto_doubles <= MAX_AUTO_DOUBLES:
            raise ValueError(f"auto_doubles must be 0..{MAX_AUTO_DOUBLES}: {self.auto_doubles}")

    @property
    def is_money(self) -> bool:
        """True for money play (no match length)."""
        return self.match_length == 0

    @property
    def crawford_active(self) -> bool:
        """Whether the Crawford rule applies (matches of 2 points or more)."""
        return self.crawford and self.match_length > 1

    @property
    def jacoby_active(self) -> bool:
        """Whether gammons count only once the cube has been turned.

        Only in money play, and only with the cube in use: without a cube,
        the rule would silently turn every gammon into a single game.
        """
        return self.jacoby and self.is_money and self.cube

    @property
    def beavers_active(self) -> bool:
        """Whether a doubled player may beaver (money play with the cube)."""
        return self.beavers and self.is_money and self.cube

    @property
    def auto_doubles_active(self) -> int:
        """How many automatic doubles opening-roll ties may give (money play only)."""
        return self.auto_doubles if self.is_money and self.cube else 0
