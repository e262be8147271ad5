"""Time to choose a play on mid-game positions, per level (CPython; Pyodide: ai_pyodide_runner.mjs).

PYTHONPATH=. .venv/bin/python -m bench.ai_speed --positions 200

``--compare A.bin [B.bin ...]`` times King Tubby with the shipped weights and
with each file side by side instead: interleaved rounds, the order reversed
every other round (caches warmed by one net must not flatter the next), and
the ratio of each median to the shipped net's, which is what a noisy shared
machine can measure.

``--races GAMES`` times King Tubby on the race turns of that many games, with
races worked out (:mod:`engine.ai.race_rolls`) and without, side by side:
the games are Selector's, every turn from the first without contact to the
last, and the worked-out distributions are forgotten at each game's start,
as a new page would.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.position import Position


def run(n: int, levels: list[str]) -> list[str]:
    from bench.ai_common import midgame_positions
    from engine.ai import choose_play, evaluate
    from engine.position import Position

    evaluate(Position.start())  # load weights and tables outside the timings
    sample = midgame_positions(n)
    lines = []
    for level in levels:
        times = []
        for pos, dice in sample:
            t = time.perf_counter()
            choose_play(pos, dice, level)
            times.append(1000 * (time.perf_counter() - t))
        lines.append(f"{level:6s} {_stats(times)}")
    return lines


def _stats(times: list[float]) -> str:
    ts = sorted(times)
    p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
    median = statistics.median(ts)
    return f"n={len(ts)} median {median:.1f} ms  p95 {p95:.1f} ms  max {ts[-1]:.1f} ms"


def compare(
    n: int,
    weights: list[str],
    rounds: int = 2,
    level: str = "hard",
    labels: list[str] | None = None,
) -> list[str]:
    """King Tubby's time to choose with the shipped weights and with each of ``weights``."""
    from bench.ai_common import midgame_positions, use_weights
    from engine.ai import choose_play, evaluate
    from engine.position import Position

    nets: list[str | None] = [None, *weights]
    sample = midgame_positions(n)
    times: dict[int, list[float]] = {k: [] for k in range(len(nets))}
    try:
        for r in range(rounds):
            order = range(len(nets)) if r % 2 == 0 else reversed(range(len(nets)))
            for k in order:
                use_weights(nets[k])
                evaluate(Position.start())  # build the row tables outside the timings
                for pos, dice in sample:
                    t = time.perf_counter()
                    choose_play(pos, dice, level)
                    times[k].append(1000 * (time.perf_counter() - t))
    finally:
        use_weights(None)
    base = statistics.median(times[0])
    lines = []
    names = ["shipped", *(labels or weights)]
    for k, name in enumerate(names):
        ratio = statistics.median(times[k]) / base
        lines.append(f"{level} {name}: {_stats(times[k])}  median {ratio:.2f}x shipped")
    return lines


def race_turns(games: int, seed: int = 11) -> list[list[tuple[Position, tuple[int, int]]]]:
    """The race turns (with a roll, more than one play) of Selector's self-play games."""
    from bench.ai_common import opening_roll
    from engine.ai import choose_play
    from engine.movegen import legal_plays

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        turns = []
        pos = Position.start()
        dice = opening_roll(rng)
        while pos.winner() is None:
            plays = legal_plays(pos, dice)
            if pos.is_race() and len(plays) > 1:
                turns.append((pos, dice))
            pos = choose_play(pos, dice, "medium").result if plays else pos.swap()
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append(turns)
    return out


def races(games: int) -> list[str]:
    """King Tubby's time on race turns, races worked out and not, side by side."""
    from engine.ai import choose_play, evaluate, race_rolls

    evaluate(Position.start())
    cap = race_rolls.CAP
    sample = race_turns(games)
    times: dict[int, list[float]] = {0: [], cap: []}
    try:
        for g, turns in enumerate(sample):
            for c in (0, cap) if g % 2 == 0 else (cap, 0):
                race_rolls.CAP = c
                race_rolls.clear()
                for pos, dice in turns:
                    t = time.perf_counter()
                    choose_play(pos, dice, "hard")
                    times[c].append(1000 * (time.perf_counter() - t))
    finally:
        race_rolls.CAP = cap
    base = statistics.median(times[0])
    return [
        f"race turns of {games} games, hard, networks only: {_stats(times[0])}",
        f"race turns of {games} games, hard, worked out (cap {cap}): {_stats(times[cap])}"
        f"  median {statistics.median(times[cap]) / base:.2f}x",
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--compare", nargs="+", metavar="WEIGHTS", help="weights files to time")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--races", type=int, metavar="GAMES", help="time race turns of GAMES games")
    args = ap.parse_args()
    if args.races:
        lines = races(args.races)
    elif args.compare:
        lines = compare(args.positions, args.compare, args.rounds)
    else:
        lines = run(args.positions, args.levels.split(","))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
