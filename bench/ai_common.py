"""Shared helpers for the AI benchmarks: game loop, statistics, position samples."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from engine import Play, Position, legal_plays

Player = Callable[[Position, tuple[int, int]], Play | None]


def opening_roll(rng: random.Random) -> tuple[int, int]:
    d1 = rng.randint(1, 6)
    d2 = rng.randint(1, 5)
    if d2 >= d1:
        d2 += 1
    return d1, d2


def play_game(first: Player, second: Player, rng: random.Random, max_moves: int = 2000) -> int:
    """Play one cubeless game; return the points won by ``first`` (negative if lost)."""
    pos = Position.start()
    players = (first, second)
    turn = 0
    dice = opening_roll(rng)
    for _ in range(max_moves):
        play = players[turn](pos, dice)
        pos = pos.swap() if play is None or not play.moves else play.result
        w = pos.winner()
        if w is not None:
            # the mover has just borne off: pos has the loser on roll
            loser = pos.me
            pts = 1
            if loser[0] == 0:
                pts = 3 if (loser[25] or any(loser[19:25])) else 2
            return pts if turn == 0 else -pts
        turn = 1 - turn
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    raise RuntimeError("game did not finish")


def match_series(a: Player, b: Player, games: int, seed: int) -> list[int]:
    """``games`` games (rounded up to even): pairs with the same dice, sides swapped."""
    results = []
    for k in range((games + 1) // 2):
        results.append(play_game(a, b, random.Random(seed * 100003 + k)))
        results.append(-play_game(b, a, random.Random(seed * 100003 + k)))
    return results


def summary(results: list[int]) -> str:
    n = len(results)
    wins = sum(1 for r in results if r > 0)
    p = wins / n
    # Wilson 95% interval for the win rate
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    ppg = sum(results) / n
    var = sum((r - ppg) ** 2 for r in results) / max(n - 1, 1)
    ppg_half = z * math.sqrt(var / n)
    return (
        f"games {n}  wins {wins}  win rate {100 * p:.1f}% "
        f"[95% CI {100 * (centre - half):.1f}-{100 * (centre + half):.1f}]  "
        f"ppg {ppg:+.3f} ± {ppg_half:.3f}"
    )


def local_player(level: str, seed: int) -> Player:
    from engine.ai import choose_play

    rng = random.Random(seed)

    def play(pos: Position, dice: tuple[int, int]) -> Play | None:
        return choose_play(pos, dice, level, rng)

    return play


def midgame_positions(n: int, seed: int = 7) -> list[tuple[Position, tuple[int, int]]]:
    """Contact positions (with a roll) from Selector self-play, turns 8-40 of each game."""
    from engine.ai import choose_play

    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < n:
        pos = Position.start()
        dice = opening_roll(rng)
        for turn in range(200):
            plays = legal_plays(pos, dice)
            if 8 <= turn <= 40 and len(plays) > 1 and not pos.is_race() and rng.random() < 0.25:
                out.append((pos, dice))
                if len(out) >= n:
                    break
            pos = choose_play(pos, dice, "medium").result if plays else pos.swap()
            if pos.winner() is not None:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return out
