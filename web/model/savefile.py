"""The page's save format: a match with the options it was started with.

The same JSON object is the autosave, a named save slot and an exported
file.  The match inside is the engine's own format (:mod:`engine.formats.save`).

>>> from engine.match import Match
>>> saved = SavedGame(MatchOptions(), Match.from_rules(MatchOptions().rules()), 0)
>>> SavedGame.from_json(saved.to_json()) == saved
True
>>> SavedGame.from_json({"app": "another"})
Traceback (most recent call last):
...
engine.errors.SaveError: not a saved game from this page
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import SaveError
from engine.formats.save import load_match, save_match
from engine.match import Match
from web.model.options import MatchOptions

SAVE_APP = "backgammon-web"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A match as saved: its terms, its record and how many of its games are
    counted; and, for a match analysed on the analysis board, each decision's
    figures (``analysis``, saved only when there are some: JSON kept as read, which
    :mod:`web.coach.match_analysis` reads when the match is opened again, so
    that the page's start carries none of it)."""

    options: MatchOptions
    match: Match
    counted: int  # finished games already added to the player records
    analysis: tuple[object, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "app": SAVE_APP,
            "version": SAVE_VERSION,
            "setup": self.options.to_json(),
            "counted": self.counted,
            "match": save_match(self.match),
        }
        if self.analysis:
            out["analysis"] = list(self.analysis)
        return out

    @classmethod
    def from_json(cls, raw: Any) -> SavedGame:
        """Read a save; :class:`~engine.errors.SaveError` says what is wrong."""
        if not isinstance(raw, dict) or raw.get("app") != SAVE_APP:
            raise SaveError("not a saved game from this page", code="not_a_save")
        if raw.get("version") != SAVE_VERSION:
            raise SaveError(
                f"unknown save version {raw.get('version')!r}",
                code="save_version",
                version=raw.get("version"),
            )
        options = MatchOptions.from_json(raw.get("setup"))
        match = load_match(raw.get("match"))
        if match.rules != options.rules():
            raise SaveError("the setup does not match the rules of the saved match")
        counted = raw.get("counted")
        if not isinstance(counted, int) or isinstance(counted, bool) or counted < 0:
            raise SaveError("counted must be a number of games")
        raw_analysis = raw.get("analysis", [])
        if not isinstance(raw_analysis, list):
            raise SaveError("the analysis is a list of decisions")
        return cls(options, match, min(counted, len(match.games) + 1), tuple(raw_analysis))
