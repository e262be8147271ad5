"""Per-player statistics of a game or a whole match, read off the record.

Everything is counted from recorded events, so statistics of a replayed or
loaded match are those of the original.  Pips moved are what the pip count
fell by: a checker entering from the bar counts from 25, one borne off to 0.

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 6))
>>> p0, p1 = m.stats()
>>> (p0.rolls, p0.pips_moved), (p1.rolls, p1.doubles_rolled)
((1, 4), (1, 1))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.record import (
    Beavered,
    Doubled,
    Dropped,
    Forfeit,
    GameRecord,
    MatchRecord,
    OpeningRoll,
    Played,
    ResignOffered,
    Roll,
    Took,
)
from engine.scoring import WinType


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What one player did.  Statistics add up with ``+``."""

    rolls: int = 0  # turns rolled, the opening roll counting for its winner
    doubles_rolled: int = 0
    hits: int = 0
    pips_moved: int = 0
    forfeits: int = 0  # rolls that could not be played
    doubles_offered: int = 0
    takes: int = 0
    drops: int = 0
    beavers: int = 0
    resignations_offered: int = 0
    games_won: int = 0
    points_won: int = 0
    gammons_won: int = 0  # gammons, not counting backgammons
    backgammons_won: int = 0

    def __add__(self, other: PlayerStats) -> PlayerStats:
        return PlayerStats(
            *(getattr(self, f.name) + getattr(other, f.name) for f in dataclasses.fields(self))
        )


def _bump(stats: list[dict[str, int]], player: int, **counts: int) -> None:
    for name, n in counts.items():
        stats[player][name] = stats[player].get(name, 0) + n


def game_stats(game: GameRecord) -> tuple[PlayerStats, PlayerStats]:
    """Statistics of player 0 and player 1 in one game."""
    counts: list[dict[str, int]] = [{}, {}]
    for event in game.events:
        if isinstance(event, OpeningRoll):
            if event.winner is not None:
                _bump(counts, event.winner, rolls=1)
        elif isinstance(event, Roll):
            d1, d2 = event.dice
            _bump(counts, event.player, rolls=1, doubles_rolled=int(d1 == d2))
        elif isinstance(event, Played):
            _bump(
                counts,
                event.player,
                hits=sum(event.hits),
                pips_moved=sum(src - dst for src, dst in event.moves),
            )
        elif isinstance(event, Forfeit):
            _bump(counts, event.player, forfeits=1)
        elif isinstance(event, Doubled):
            _bump(counts, event.player, doubles_offered=1)
        elif isinstance(event, Beavered):
            _bump(counts, event.player, beavers=1)
        elif isinstance(event, Took):
            _bump(counts, event.player, takes=1)
        elif isinstance(event, Dropped):
            _bump(counts, event.player, drops=1)
        elif isinstance(event, ResignOffered):
            _bump(counts, event.player, resignations_offered=1)
    result = game.result
    if result is not None:
        _bump(
            counts,
            result.winner,
            games_won=1,
            points_won=result.points,
            gammons_won=int(result.win_type is WinType.GAMMON),
            backgammons_won=int(result.win_type is WinType.BACKGAMMON),
        )
    return (PlayerStats(**counts[0]), PlayerStats(**counts[1]))


def match_stats(record: MatchRecord) -> tuple[PlayerStats, PlayerStats]:
    """Statistics of player 0 and player 1 over every game of a match."""
    total = (PlayerStats(), PlayerStats())
    for game in record.games:
        s0, s1 = game_stats(game)
        total = (total[0] + s0, total[1] + s1)
    return total
