"""The whole AI benchmark suite, one run after another (cheap ones first).

    PYTHONPATH=. .venv/bin/python -m bench.ai_suite --games 2000 --hard-games 2000 \
        --h2h-games 1000 --hard-h2h-games 2000 --jobs 2

Prints one line per measurement (see bench/ai_results.md for recorded runs).
"""

from __future__ import annotations

import argparse
import subprocess
import sys


def run(*args: str) -> None:
    cmd = [sys.executable, "-m", *args]
    print("$ python -m " + " ".join(args), flush=True)
    subprocess.run(cmd, check=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000, help="0-ply levels vs referees")
    ap.add_argument("--hard-games", type=int, default=1000, help="King Tubby vs referees")
    ap.add_argument("--h2h-games", type=int, default=1000, help="Selector vs Beach Bum")
    ap.add_argument("--hard-h2h-games", type=int, default=1000, help="King Tubby vs Selector")
    ap.add_argument("--positions", type=int, default=2000, help="accuracy sample")
    ap.add_argument("--error-positions", type=int, default=1000, help="checker-play errors")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the game series")
    args = ap.parse_args()
    g, hg, h2h = str(args.games), str(args.hard_games), str(args.h2h_games)
    jobs = ("--jobs", str(args.jobs))
    print("$ node bench/ai_pyodide_runner.mjs 100", flush=True)
    subprocess.run(["node", "bench/ai_pyodide_runner.mjs", "100"], check=False)
    run("bench.ai_speed", "--positions", "100")
    run("bench.ai_accuracy", "--positions", str(args.positions))
    players = ("gnubg0", "pubeval", "easy", "medium", "medium:noise=0", "hard")
    run("bench.ai_errors", "--positions", str(args.error_positions), "--players", *players)
    for level in ("medium", "easy"):
        for opp in ("pubeval", "gnubg0"):
            run("bench.ai_strength", "--level", level, "--opponent", opp, "--games", g, *jobs)
    run("bench.ai_strength", "--level", "medium", "--opponent", "easy", "--games", h2h, *jobs)
    hh2h = str(args.hard_h2h_games)
    run("bench.ai_strength", "--level", "hard", "--opponent", "medium", "--games", hh2h, *jobs)
    for opp in ("pubeval", "gnubg0"):
        run("bench.ai_strength", "--level", "hard", "--opponent", opp, "--games", hg, *jobs)


if __name__ == "__main__":
    main()
