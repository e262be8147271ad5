"""Accuracy of ``evaluate`` against GNU Backgammon's 2-ply evaluation (referee only).

    PYTHONPATH=. .venv/bin/python -m bench.ai_accuracy --positions 2000

Positions come from real games: GNU Backgammon 0-ply playing itself with our
dice, sampling every third position of each game.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import gnubg_nn

from bench.ai_common import opening_roll
from bench.ai_gnubg_players import board, gnubg_play
from engine import Position
from engine.ai import evaluate


def sample_positions(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.start()
        dice = opening_roll(rng)
        ply = 0
        while pos.winner() is None and len(out) < n:
            if ply % 3 == 2:
                out.append(pos)
            play = gnubg_play(pos, dice)
            pos = play.result if play is not None else pos.swap()
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            ply += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=2)
    args = ap.parse_args()
    t = time.time()
    sample = sample_positions(args.positions, args.seed)
    err_win = []
    err_eq = []
    kinds = {"contact": [], "race": []}  # type: dict[str, list[float]]
    for pos in sample:
        ours = evaluate(pos)
        ref = gnubg_nn.probabilities(board(pos), args.plies)
        e = abs(ours[0] - ref[0])
        err_win.append(e)
        kinds["race" if pos.is_race() else "contact"].append(e)

        def eq(p: tuple[float, ...]) -> float:
            return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]

        err_eq.append(abs(eq(ours) - eq(tuple(ref))))
    n = len(err_win)
    sd = statistics.stdev(err_win)
    print(
        f"{n} positions: MAE(win) {statistics.mean(err_win):.4f} ± "
        f"{1.96 * sd / math.sqrt(n):.4f} (95% CI); MAE(cubeless equity) "
        f"{statistics.mean(err_eq):.4f}; contact {len(kinds['contact'])} "
        f"MAE {statistics.mean(kinds['contact'] or [0]):.4f}, race {len(kinds['race'])} "
        f"MAE {statistics.mean(kinds['race'] or [0]):.4f}  ({time.time() - t:.0f} s, "
        f"gnubg {args.plies}-ply)"
    )


if __name__ == "__main__":
    main()
