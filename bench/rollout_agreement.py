"""Rollout agreement: our rollout's equity against GNU Backgammon's own rollout.

PYTHONPATH=. .venv/bin/python -m bench.rollout_agreement --trials 1296  # 16 min, 2 busy cores

For each reference position and roll, our cubeless rollout of the best play
(King Tubby's 0-ply playing both sides, stratified first rolls, to the end) is
set beside GNU Backgammon's cubeless rollout of the same play (its 0-ply on both
sides, variance reduction and quasi-random dice on, the same number of trials;
:mod:`bench.gnubg_referee` drives it through the ``gnubg`` package) and beside
its 2-ply evaluation of the play (``gnubg_nn.probabilities``, no error bar).
All figures are the cubeless money equity of the side that makes the play,
gammons counted.  The difference is in combined standard errors,
``(ours - gnubg) / sqrt(se_ours² + se_gnubg²)``.  Referee only: never imported
by engine/.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import gnubg_nn

from bench.ai_gnubg_players import board
from bench.gnubg_referee import gnubg_rollout
from engine.ai.evaluator import equity
from engine.ai.rollout import RolloutSettings, RolloutSpec, rollout
from engine.movegen import legal_plays
from engine.position import Position

REFERENCE = (
    ("opening 31", "4HPwATDgc/ABMA", (3, 1)),
    ("opening 64", "4HPwATDgc/ABMA", (6, 4)),
    ("after 31 made the 5 point, 52", "4HPwATDg8+ABMA", (5, 2)),
    ("race, 43", "2G4AAFjbAQAAAA", (4, 3)),
)
"""(name, gnubg Position ID with the side to play on roll, roll)."""


@dataclass(frozen=True, slots=True)
class Agreement:
    """One reference position: both rollouts of our best play, and gnubg 2-ply."""

    name: str
    play: str
    ours: float
    ours_se: float
    gnubg: float
    gnubg_se: float
    two_ply: float
    ours_s: float
    gnubg_s: float

    @property
    def z(self) -> float:
        """The difference in combined standard errors."""
        return (self.ours - self.gnubg) / math.hypot(self.ours_se, self.gnubg_se)


def measure(name: str, pid: str, dice: tuple[int, int], trials: int, seed: int) -> Agreement:
    pos = Position.from_id(pid)
    settings = RolloutSettings(trials=trials, seed=seed, cubeful=False, candidates=1)
    t = time.perf_counter()
    ours = rollout(RolloutSpec(pos, dice, None, settings)).candidates[0]
    ours_s = time.perf_counter() - t
    play = next(p for p in legal_plays(pos, dice) if str(p) == ours.label)
    t = time.perf_counter()
    theirs = gnubg_rollout(pos, dice, play, trials, seed)
    gnubg_s = time.perf_counter() - t
    # the opponent is on roll after the play: the mover's equity is minus theirs
    two_ply = -equity(gnubg_nn.probabilities(board(play.result), 2))
    return Agreement(
        name, ours.label, ours.mean, ours.se, theirs.equity, theirs.se, two_ply, ours_s, gnubg_s
    )


def row(a: Agreement) -> str:
    cells = (
        a.name,
        a.play,
        f"{a.ours:+.3f} ± {a.ours_se:.3f}",
        f"{a.gnubg:+.3f} ± {a.gnubg_se:.3f}",
        f"{a.ours - a.gnubg:+.3f} ({a.z:+.1f})",
        f"{a.two_ply:+.3f}",
        f"{a.ours_s:.0f} s, {a.gnubg_s:.0f} s",
    )
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=144)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{args.trials} trials each; cubeless money equity of the side that plays")
    print(
        "| position, roll | best play | ours | gnubg rollout | ours - gnubg (SEs)"
        " | gnubg 2-ply | time (ours, gnubg) |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, pid, dice in REFERENCE:
        print(row(measure(name, pid, dice, args.trials, args.seed)), flush=True)


if __name__ == "__main__":
    main()
