"""The names both sides of the site share with the AI: its levels, who may play
a rollout's games, and the cube choices a review judges.

The page never imports :mod:`engine.ai` (it runs in the AI's worker), and the
worker's protocol must speak the same words: this small module, standard
library only, is where they are written once.

>>> AI_LEVELS["hard"], ROLLOUT_PLAYERS[0], CUBE_CHOICES[-1]
('King Tubby', 'fast', 'drop')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

AI_LEVELS: Mapping[str, str] = MappingProxyType(
    {"easy": "Beach Bum", "medium": "Selector", "hard": "King Tubby"}
)
"""The AI's levels by key, with the name a player reads."""

ROLLOUT_PLAYERS = ("fast", "easy", "medium", "hard")
"""Who may play a rollout's games: King Tubby's 0-ply screen ("fast"), or a level."""

CUBE_CHOICES = ("no double", "double", "take", "drop")
"""A cube decision as a review judges it: the roller's, or its opponent's answer."""
