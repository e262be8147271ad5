"""The names both sides of the site share with the AI: its levels, who may play
a rollout's games, the kinds of decision a review judges, the cube choices
and the cube's verdicts.

The page never imports :mod:`engine.ai` (it runs in the AI's worker), and the
worker's protocol must speak the same words: this small module, standard
library only, is where they are written once.

>>> AI_LEVELS["hard"], ROLLOUT_PLAYERS[0], CUBE_CHOICES[-1]
('King Tubby', 'fast', 'drop')
>>> CubeChoice("take") is CubeChoice.TAKE, CubeAction.DOUBLE_PASS == "double, pass"
(True, True)

Each is a :class:`~enum.StrEnum`: its members are the words the worker's
messages and the saved analyses carry, so they travel as text and are read
back as members (an unknown word is a ``ValueError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class AiLevel(StrEnum):
    """The AI's levels, weakest first (:data:`AI_LEVELS` names each)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


AI_LEVELS: Mapping[str, str] = MappingProxyType(
    {AiLevel.EASY: "Beach Bum", AiLevel.MEDIUM: "Selector", AiLevel.HARD: "King Tubby"}
)
"""The AI's levels by key, with the name a player reads."""

ROLLOUT_PLAYERS = ("fast", "easy", "medium", "hard")
"""Who may play a rollout's games: King Tubby's 0-ply screen ("fast"), or a level."""


class DecisionKind(StrEnum):
    """What a decision a review judges is about: the checkers, or the cube."""

    PLAY = "play"
    CUBE = "cube"


class CubeChoice(StrEnum):
    """A cube decision as a review judges it: the roller's, or its opponent's answer."""

    NO_DOUBLE = "no double"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"

    @property
    def answer(self) -> bool:
        """Whether this is the answer to a double (the taker's), not the roller's choice."""
        return self in (CubeChoice.TAKE, CubeChoice.DROP)


CUBE_CHOICES: tuple[str, ...] = tuple(str(c) for c in CubeChoice)
"""The cube choices' words, in order (:class:`CubeChoice`)."""


class CubeAction(StrEnum):
    """The cube's verdict for the side on roll, as GNU Backgammon names it."""

    NO_DOUBLE = "no double"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    TOO_GOOD = "too good"
    NO_ACCESS = "no cube access"
