"""Per-game and per-match statistics, counted from the record."""

from __future__ import annotations

import dataclasses

from engine import Position
from engine.cube import Cube
from engine.game import Phase
from engine.match import Match
from engine.stats import PlayerStats, game_stats, match_stats


def test_a_scripted_game() -> None:
    m = Match.new(0, beavers=True).roll((6, 4)).play("24/18 13/9")
    hitting = next(p for p in m.roll((6, 6)).game.legal_plays if any(p.hits))
    m = m.roll((6, 6)).play(hitting)
    m = m.double().beaver().take()
    m = m.roll((2, 1))
    before = m.pips()[0]
    m = m.play(m.game.legal_plays[0])
    moved = before - m.pips()[0]
    m = m.resign(2).accept_resignation()
    p0, p1 = m.game_stats()
    assert p0.rolls == 2 and p0.doubles_rolled == 0  # the opening roll counts for its winner
    assert p1.rolls == 1 and p1.doubles_rolled == 1
    assert p1.hits == sum(hitting.hits) >= 1 and p0.hits == 0
    assert p0.pips_moved == 10 + moved
    assert p1.pips_moved == 24
    assert (p0.doubles_offered, p1.beavers, p0.takes) == (1, 1, 1)
    assert p0.resignations_offered == 0 and p1.resignations_offered == 1
    assert (p0.games_won, p0.points_won, p0.gammons_won) == (1, 8, 1)
    assert p1 == PlayerStats(rolls=1, doubles_rolled=1, hits=p1.hits, pips_moved=24, beavers=1,
                             resignations_offered=1)  # fmt: skip


def test_pips_moved_is_the_pip_count_drop() -> None:
    m = Match.new(0).roll((3, 1))
    before = m.pips()
    m = m.play("24/21 6/5")
    p0, _ = m.stats()
    assert before[0] - m.pips()[0] == p0.pips_moved == 4


def test_forfeits_and_drops() -> None:
    closed = [0] * 24
    for p in range(18, 24):
        closed[p] = -2
    closed[5] = 14
    closed[0] = -3
    m = Match.new(5).roll((3, 1)).play("8/5 6/5")
    game = dataclasses.replace(m.game, position=Position.from_points(closed, bar=1))
    m = dataclasses.replace(m, game=game).roll((6, 5))
    assert m.game.events[-1].kind == "forfeit"
    assert m.turn == 0
    m = m.double().drop()
    p0, p1 = m.game_stats()
    assert p1.forfeits == 1 and p1.rolls == 1 and p1.drops == 1
    assert p0.doubles_offered == 1 and (p0.games_won, p0.points_won) == (1, 1)


def test_backgammons_and_match_totals() -> None:
    m = Match.new(7).roll((3, 1)).resign(3).accept_resignation()
    m = m.next_game().roll((1, 3)).resign(1).accept_resignation()
    s0, s1 = m.stats()
    assert (s1.games_won, s1.points_won, s1.backgammons_won) == (1, 3, 1)
    assert (s0.games_won, s0.points_won) == (1, 1)
    games = [game_stats(g) for g in m.record.games]
    assert s0 == games[0][0] + games[1][0]
    assert match_stats(m.record) == (s0, s1)
    assert m.phase is Phase.OVER and m.cube == Cube()


def test_stats_add_up() -> None:
    a = PlayerStats(rolls=2, hits=1)
    b = PlayerStats(rolls=3, takes=1)
    assert a + b == PlayerStats(rolls=5, hits=1, takes=1)
    assert PlayerStats() + PlayerStats() == PlayerStats()
