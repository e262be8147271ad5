"""Rollout agreement: our rollout's equity against GNU Backgammon's on reference positions.

PYTHONPATH=. .venv/bin/python -m bench.rollout_agreement --trials 144

For each reference position and roll, our cubeless rollout of the best play
(King Tubby's 0-ply playing both sides, stratified first rolls) is set beside
two GNU Backgammon figures for the same resulting position: a cubeless rollout
whose games GNU Backgammon 0-ply plays (the ``gnubg-nn`` package's ``best_move``,
the same dice seeds, with its standard error), and GNU Backgammon's 2-ply
evaluation (``gnubg_nn.probabilities``, no error bar).  The packages' own rollout
entry points could not be used: ``gnubg_nn.rollout`` crashes (a segmentation
fault on every board form tried) and the ``gnubg`` package's ``rollout``
command prints nothing back to Python.  Referee only: never imported by engine/.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import gnubg_nn

from bench.ai_gnubg_players import board, gnubg_play
from engine.ai.evaluator import equity
from engine.ai.rollout import RolloutSettings, RolloutSpec, rollout
from engine.movegen import legal_plays
from engine.position import Position
from engine.scoring import win_type

REFERENCE = (
    ("opening 31", "4HPwATDgc/ABMA", (3, 1)),
    ("opening 64", "4HPwATDgc/ABMA", (6, 4)),
    ("after 31 made the 5 point, 52", "4HPwATDg8+ABMA", (5, 2)),
    ("race, 43", "2G4AAFjbAQAAAA", (4, 3)),
)
"""(name, gnubg Position ID with the side to play on roll, roll)."""


def gnubg_rollout(start: Position, trials: int, seed: int) -> tuple[float, float]:
    """Cubeless money rollout of ``start`` (the opponent of the root on roll),
    GNU Backgammon 0-ply playing; the root's mean and standard error."""
    values = []
    for i in range(trials):
        rng = random.Random(f"gnubg-referee/{seed}/{i}")
        pos, root_moves = start, False
        ply = 0
        while True:
            if ply == 0:
                j = i % 36  # the first roll stratified, as ours is
                dice = (j // 6 + 1, j % 6 + 1)
            else:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = gnubg_play(pos, dice, 0)
            after = play.result if play is not None else pos.swap()
            ply += 1
            if after.opp[0] == 15:
                points = int(win_type(after.swap()))
                values.append(points if root_moves else -points)
                break
            pos, root_moves = after, not root_moves
    mean = sum(values) / trials
    var = sum((v - mean) ** 2 for v in values) / (trials - 1)
    return mean, math.sqrt(var / trials)


def run(trials: int, seed: int) -> list[str]:
    lines = [
        f"{'position':32s} {'best play':14s} {'ours':>17s} {'gnubg 0-ply rollout':>19s}"
        f" {'gnubg 2-ply':>11s}  ours - gnubg (SEs)"
    ]
    for name, pid, dice in REFERENCE:
        pos = Position.from_id(pid)
        settings = RolloutSettings(trials=trials, seed=seed, cubeful=False, candidates=1)
        t = time.perf_counter()
        ours = rollout(RolloutSpec(pos, dice, None, settings)).candidates[0]
        ours_s = time.perf_counter() - t
        play = next(p for p in legal_plays(pos, dice) if str(p) == ours.label)
        t = time.perf_counter()
        g_mean, g_se = gnubg_rollout(play.result, trials, seed)
        g_s = time.perf_counter() - t
        p2 = gnubg_nn.probabilities(board(play.result), 2)
        two_ply = -equity(p2)  # the opponent is on roll: the root's equity is minus theirs
        z = (ours.mean - g_mean) / math.hypot(ours.se, g_se)
        lines.append(
            f"{name:32s} {ours.label:14s} {ours.mean:+.3f} ± {ours.se:.3f}"
            f"     {g_mean:+.3f} ± {g_se:.3f}     {two_ply:+.3f}  {ours.mean - g_mean:+.3f}"
            f" ({z:+.1f})   [{ours_s:.0f} s, {g_s:.0f} s]"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=144)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{args.trials} trials each, cubeless money equity of the side to play")
    for line in run(args.trials, args.seed):
        print(line, flush=True)


if __name__ == "__main__":
    main()
