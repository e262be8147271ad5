"""Player statistics kept across games, per opponent (from the bottom
player's side: "you" against Beach Bum, or player 1 against player 2 on a
shared device), and the dice of those games, as stored (read and added to by
:mod:`engine.dice_stats` when they are needed, not at the page's start).

>>> table = PlayerRecords()
>>> table = table.add_game("hard", won=True, points=2, win_type=2)
>>> row = table.rows["hard"]
>>> row.games, row.wins, row.gammons_won, row.average_points
(1, 1, 1, 2.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.record import GameRecord


@dataclass(frozen=True, slots=True)
class Record:
    """A player's results against one opponent."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    points_won: int = 0
    points_lost: int = 0
    gammons_won: int = 0
    backgammons_won: int = 0
    gammons_lost: int = 0
    backgammons_lost: int = 0
    matches_won: int = 0
    matches_lost: int = 0

    @property
    def average_points(self) -> float:
        """Net points per game."""
        return (self.points_won - self.points_lost) / self.games if self.games else 0.0


def _empty() -> Mapping[str, Record]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PlayerRecords:
    """The player's results against each opponent, by the opponent's name."""

    rows: Mapping[str, Record] = field(default_factory=_empty)
    dice: Mapping[str, object] = field(default_factory=_empty)  # per opponent, as stored

    def _with(self, opponent: str, record: Record) -> PlayerRecords:
        rows = dict(self.rows)
        rows[opponent] = record
        return PlayerRecords(MappingProxyType(rows), self.dice)

    def add_dice(self, opponent: str, game: GameRecord, first: int) -> PlayerRecords:
        """``game``'s dice added to those against ``opponent``, player ``first``'s first.

        >>> from engine.match import Match
        >>> game = Match.new(0).roll((3, 1)).play("8/5 6/5").roll((5, 5)).game.record
        >>> PlayerRecords().add_dice("easy", game, 1).dice["easy"][:3]
        [1, 1, 0]
        """
        from engine.dice_stats import add  # the dice's checks: loaded at a game's end

        dice = add(self.dice.get(opponent), game, first)
        return PlayerRecords(self.rows, MappingProxyType({**self.dice, opponent: dice}))

    def add_game(self, opponent: str, *, won: bool, points: int, win_type: int) -> PlayerRecords:
        r = self.rows.get(opponent, Record())
        gammon, backgammon = int(win_type == 2), int(win_type == 3)
        if won:
            r = dataclasses.replace(
                r,
                games=r.games + 1,
                wins=r.wins + 1,
                points_won=r.points_won + points,
                gammons_won=r.gammons_won + gammon,
                backgammons_won=r.backgammons_won + backgammon,
            )
        else:
            r = dataclasses.replace(
                r,
                games=r.games + 1,
                losses=r.losses + 1,
                points_lost=r.points_lost + points,
                gammons_lost=r.gammons_lost + gammon,
                backgammons_lost=r.backgammons_lost + backgammon,
            )
        return self._with(opponent, r)

    def add_match(self, opponent: str, *, won: bool) -> PlayerRecords:
        r = self.rows.get(opponent, Record())
        if won:
            r = dataclasses.replace(r, matches_won=r.matches_won + 1)
        else:
            r = dataclasses.replace(r, matches_lost=r.matches_lost + 1)
        return self._with(opponent, r)

    def to_json(self) -> dict[str, object]:
        return {
            "rows": {k: dataclasses.asdict(v) for k, v in self.rows.items()},
            "dice": dict(self.dice),
        }

    @classmethod
    def from_json(cls, raw: object) -> PlayerRecords:
        """Parse saved statistics; raises ``ValueError`` if malformed."""
        if not isinstance(raw, Mapping) or not isinstance(raw.get("rows"), Mapping):
            raise ValueError("statistics must be an object with rows")
        names = {f.name for f in dataclasses.fields(Record)}
        rows: dict[str, Record] = {}
        for opponent, values in raw["rows"].items():
            if not isinstance(opponent, str) or not isinstance(values, Mapping):
                raise ValueError("a statistics row must be an object")
            counts: dict[str, int] = {}
            for name in names:
                v = values.get(name, 0)
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise ValueError(f"{name} must be a count, got {v!r}")
                counts[name] = v
            rows[opponent] = Record(**counts)
        dice = raw.get("dice")  # none in statistics kept before the dice were
        return cls(MappingProxyType(rows), MappingProxyType(dice if isinstance(dice, dict) else {}))
