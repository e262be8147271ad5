"""Shared helpers for the AI benchmarks: game loop, statistics, position samples."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Play, Position, legal_plays
from engine.ai.evaluator import has_race_network as shipped_race_network
from engine.ai.race_rolls import CAP as SHIPPED_CAP
from engine.scoring import win_type

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
        if pos.winner() is not None:
            pts = int(win_type(pos))
            return pts if turn == 0 else -pts
        turn = 1 - turn
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    raise RuntimeError("game did not finish")


PlayerFactory = Callable[[int], Player]
"""Makes a player for pair number ``k`` (so that pairs can be played in any order)."""


def play_pair(a: Player, b: Player, seed: int, k: int) -> tuple[int, int]:
    """Pair ``k``: two games with the same dice, ``a`` first then ``b`` first; ``a``'s points."""
    return (
        play_game(a, b, random.Random(seed * 100003 + k)),
        -play_game(b, a, random.Random(seed * 100003 + k)),
    )


def match_series(
    a: PlayerFactory, b: PlayerFactory, games: int, seed: int, jobs: int = 1
) -> list[int]:
    """``games`` games (rounded up to even): pairs with the same dice, sides swapped.

    With ``jobs`` > 1 the pairs are shared among worker processes; every
    pair's players are made afresh from its number, so the results are the
    same whatever ``jobs`` is.
    """
    pairs = range((games + 1) // 2)
    if jobs <= 1:
        return [r for k in pairs for r in play_pair(a(k), b(k), seed, k)]
    import multiprocessing

    # fork, not pickling: the player factories are closures
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [
        ctx.Process(target=_play_pairs, args=(a, b, seed, list(pairs[j::jobs]), queue))
        for j in range(jobs)
    ]
    for p in procs:
        p.start()
    by_pair: dict[int, tuple[int, int]] = {}
    for _ in procs:
        done = queue.get()
        if isinstance(done, str):  # a worker's traceback: stop rather than wait forever
            for p in procs:
                p.terminate()
            raise RuntimeError(f"a benchmark worker failed:\n{done}")
        by_pair.update(done)
    for p in procs:
        p.join()
        if p.exitcode:
            raise RuntimeError(f"a benchmark worker failed (exit code {p.exitcode})")
    return [r for k in pairs for r in by_pair[k]]


def _play_pairs(a: PlayerFactory, b: PlayerFactory, seed: int, ks: list[int], queue: Any) -> None:
    try:
        queue.put({k: play_pair(a(k), b(k), seed, k) for k in ks})
    except BaseException:
        import traceback

        queue.put(traceback.format_exc())


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


def local_player(level: str, seed: int) -> PlayerFactory:
    """A level of our AI; Beach Bum's noise is seeded per pair."""
    return lambda k: _local_player(level, seed * 1000003 + k)


def _local_player(level: str, seed: int) -> Player:
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


def use_weights(path: str | None) -> None:
    """Make the evaluator use the weights at ``path`` (None: the shipped ones).

    ``path`` is a contact net's file, or ``CONTACT,RACE``: the race net too
    (``shipped`` for the shipped net, ``none`` for no race net: the contact
    net plays races).  A lone contact net keeps the shipped race net.
    ``CONTACT,RACE,CAP`` also sets how many pips outside a side may have for
    its race to be worked out (:data:`engine.ai.race_rolls.CAP`; 0: never,
    the networks judge every race).
    """
    from engine.ai import evaluator, network, race_rolls

    network.load_network.cache_clear()
    evaluator.load_network = network.load_network
    evaluator.has_race_network = shipped_race_network
    race_rolls.CAP = SHIPPED_CAP
    if path is None:
        return
    contact, _, rest = path.partition(",")
    race, _, cap = rest.partition(",")
    if cap:
        race_rolls.CAP = int(cap)
    nets: dict[str, network.Network] = {
        "contact": network.load_network("contact")
        if contact == "shipped"
        else network.Network(Path(contact).read_bytes())
    }
    if race not in ("", "shipped", "none"):
        nets["race"] = network.Network(Path(race).read_bytes())
    elif race != "none" and shipped_race_network():
        nets["race"] = network.load_network("race")

    def load(name: str = "contact") -> network.Network:
        return nets[name]

    evaluator.load_network = load
    evaluator.has_race_network = lambda: "race" in nets
