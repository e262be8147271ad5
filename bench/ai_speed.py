"""Time to choose a play on mid-game positions, per level (CPython; Pyodide: ai_pyodide_runner.mjs).

PYTHONPATH=. .venv/bin/python -m bench.ai_speed --positions 200
"""

from __future__ import annotations

import argparse
import statistics
import time


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
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        lines.append(
            f"{level:6s} n={len(times)} median {statistics.median(times):.1f} ms  "
            f"p95 {p95:.1f} ms  max {times[-1]:.1f} ms"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--levels", default="easy,medium,hard")
    args = ap.parse_args()
    for line in run(args.positions, args.levels.split(",")):
        print(line)


if __name__ == "__main__":
    main()
