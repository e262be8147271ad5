"""Rollout speed: trials per second under CPython, and what the variance reduction buys.

PYTHONPATH=. .venv/bin/python -m bench.rollout_speed --trials 72

Under Pyodide (Node), 1 worker against N side by side:
``node bench/rollout_pyodide_runner.mjs [trials] [workers]`` (it runs :func:`slice_rate`
in each worker thread).  A "trial" here is one game of one candidate.
"""

from __future__ import annotations

import argparse
import time

POSITION = "4HPwATDgc/ABMA"
DICE = (3, 1)


def spec(trials: int, luck: bool = False, truncate: int = 0, candidates: int = 3) -> object:
    from engine.ai.rollout import RolloutSettings, RolloutSpec
    from engine.position import Position

    settings = RolloutSettings(trials=trials, luck=luck, truncate=truncate, candidates=candidates)
    return RolloutSpec(Position.from_id(POSITION), DICE, None, settings)


def slice_rate(trials: int, first: int, stop: int, luck: bool = False, truncate: int = 0) -> str:
    """Play trials ``first..stop-1``; JSON with the seconds, games and the tally's key figures."""
    import json

    from engine.ai.evaluator import evaluate
    from engine.ai.rollout import Rollout, RolloutSpec
    from engine.position import Position

    evaluate(Position.start())  # weights loaded outside the timing
    s = spec(trials, luck, truncate)
    assert isinstance(s, RolloutSpec)
    t = time.perf_counter()
    tally = Rollout(s, first, stop).step(stop - first)
    seconds = time.perf_counter() - t
    games = (stop - first) * len(tally.candidates)
    best = tally.ranked()[0]
    return json.dumps({"seconds": seconds, "games": games, "best": best.label, "se": best.se})


def run(trials: int) -> list[str]:
    from engine.ai.evaluator import evaluate
    from engine.ai.rollout import RolloutSpec, rollout
    from engine.position import Position

    evaluate(Position.start())
    lines = []
    rows: dict[str, tuple[float, float, float]] = {}
    for name, luck, truncate in (
        ("to the end, no luck adjustment", False, 0),
        ("to the end, luck-adjusted", True, 0),
        ("truncated at 10 plies", False, 10),
        ("truncated at 10 plies, luck-adjusted", True, 10),
    ):
        n = trials if not luck else max(12, trials // 6)
        s = spec(n, luck, truncate)
        assert isinstance(s, RolloutSpec)
        t = time.perf_counter()
        tally = rollout(s)
        seconds = time.perf_counter() - t
        games = n * len(tally.candidates)
        se = sum(c.se for c in tally.candidates) / len(tally.candidates)
        raw = sum(c.raw_se for c in tally.candidates) / len(tally.candidates)
        rows[name] = (games / seconds, se, raw)
        lines.append(
            f"{name:38s} {n:5d} trials x {len(tally.candidates)}: {games / seconds:6.2f} games/s"
            f"  mean SE {se:.4f} (as played {raw:.4f}: variance x{(raw / se) ** 2:.1f} less)"
        )
    for name in ("to the end", "truncated at 10 plies"):
        plain = rows[name if name != "to the end" else "to the end, no luck adjustment"]
        lucky = rows[f"{name}, luck-adjusted"]
        # Equal time: variance ratio on the same games over the time ratio.
        gain = (lucky[2] / lucky[1]) ** 2 * lucky[0] / plain[0]
        lines.append(f"luck adjustment, {name}: {gain:.2f}x the trials' worth per second")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=72)
    args = ap.parse_args()
    for line in run(args.trials):
        print(line, flush=True)


if __name__ == "__main__":
    main()
