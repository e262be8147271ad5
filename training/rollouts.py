"""A net's cubeless rollouts of positions, in numpy batches (training side only).

Each trial plays the position out with the net's 0-ply choice on both sides
(as :mod:`training.ply1` plays self-play) and counts what the game ended as
(win, gammon, backgammon for either side); the value of the position is the
mean over the trials, from the side on roll, before its roll.  The first
roll is spread evenly: trial ``t`` of position ``i`` starts with the
``(t + 7 i) % 36``-th of the 36 ordered rolls, so 36 trials see each once.

With ``truncate`` = ``n`` the trials stop after ``n`` plays and take the net's
value of the position then reached: at 1 that is the 1-ply value of
:mod:`training.lookahead` (36 trials, one of each roll, give it exactly).

Why rollouts: on crashed positions (one side's board broken up) the net
misjudges whole kinds of position, and looking one or two rolls ahead with
the same net removes little of that; a game played to its end does.  On 300
crashed positions of GNU Backgammon 0-ply self-play (`bench.ai_accuracy`'s
kind, judged by gnubg 2-ply) the shipped net's win probability was off by
0.0287 at 0-ply and 0.0255 at 1-ply; the mean of 360 rollouts of it by 0.0159
(measured 2026-11-29; training/README.md, "Rollout targets for crashed positions").
Targets from our own net, never from the referee.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from training.ply1 import Game, Weights, score_turn
from training.returns import flip
from training.selfplay import Board

DICE = [(max(a, b), min(a, b)) for a in range(1, 7) for b in range(1, 7)]
"""The 36 ordered rolls, larger die first."""

GAMES_AT_ONCE = 4000
"""Trials played together: their candidate plays are scored in one call of the net."""


def first_roll(position: int, trial: int) -> tuple[int, int]:
    """The first roll of a trial: every 36 consecutive trials of a position see each roll once."""
    return DICE[(trial + 7 * position) % 36]


def values(
    boards: Sequence[Board],
    w: Weights,
    trials: int,
    seed: int,
    truncate: int | None = None,
) -> np.ndarray:
    """The (len(boards), 5) mean outcome of ``trials`` games from each of ``boards``.

    Probabilities are from the side on roll, in GNU Backgammon's order; a
    game that ends is counted exactly, one stopped by ``truncate`` at the
    net's value.  The same ``seed`` gives the same figures.
    """
    rng = random.Random(seed)
    jobs = [(i, t) for i in range(len(boards)) for t in range(trials)]
    total = np.zeros((len(boards), 5))
    for s in range(0, len(jobs), GAMES_AT_ONCE):
        part = jobs[s : s + GAMES_AT_ONCE]
        games = [Game(boards[i]) for i, _ in part]
        plies = 0
        alive = list(range(len(part)))
        while alive:
            if plies == 0:
                rolls = [first_roll(*part[g]) for g in alive]
            else:
                rolls = [DICE[rng.randrange(36)] for _ in alive]
            cand, vals, won, best = score_turn([games[g] for g in alive], w, rolls)
            plies += 1
            still = []
            for j, g in enumerate(alive):
                k = best[j][0]
                games[g].me, games[g].opp = cand[k]
                if won[k] or plies == truncate:
                    # vals[k] is seen by the side now on roll: the starter after an even count
                    total[part[g][0]] += vals[k] if plies % 2 == 0 else flip(vals[k])
                else:
                    still.append(g)
            alive = still
    out: np.ndarray = total / trials
    return out
