"""Checker-play errors of the AI levels, judged by GNU Backgammon 2-ply (referee only).

    PYTHONPATH=. .venv/bin/python -m bench.ai_errors --positions 1000
    PYTHONPATH=. .venv/bin/python -m bench.ai_errors --weights a.bin b.bin --players medium hard
    PYTHONPATH=. .venv/bin/python -m bench.ai_errors --also 4:3000 --weights A B --players hard

With several weights files the later ones are also compared with the first on the same
positions: the mean of the paired differences, with its 95% interval.

Game results need thousands of games to separate two close players; the mean
equity lost per move against a strong referee separates them with a few
hundred positions.  Positions (with their roll) come from GNU Backgammon
0-ply playing itself with our dice; only rolls with a real choice count.
Every legal play's resulting position is scored by gnubg's cubeless 2-ply
evaluation, and a player's error on a move is the referee's equity of its
best play minus that of the play chosen (in millipoints: 1 mp = 0.001 ppg).

A player spec is a level (or the referees ``gnubg0`` and ``pubeval``),
optionally with King Tubby's look-ahead settings:
``hard:candidates=8,window=0.24,budget=4000``, or the others' noise:
``medium:noise=0.05``.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import gnubg_nn

from bench.ai_common import opening_roll, use_weights
from bench.ai_gnubg_players import board, gnubg_play
from engine import Play, Position, legal_plays
from engine.ai import equity
from engine.ai import player as ai_player
from engine.scoring import win_type


def sample(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < n:
        pos = Position.start()
        dice = opening_roll(rng)
        while pos.winner() is None and len(out) < n:
            if len(legal_plays(pos, dice)) > 1 and rng.random() < 0.3:
                out.append((pos, dice))
            play = gnubg_play(pos, dice)
            pos = play.result if play is not None else pos.swap()
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return out


def referee_equity(play: Play, plies: int) -> float:
    """The mover's cubeless equity after ``play``, by gnubg at ``plies``."""
    r = play.result  # the opponent is on roll
    if r.winner() is not None:
        return float(win_type(r))
    return -equity(gnubg_nn.probabilities(board(r), plies))


@contextmanager
def settings(spec: str) -> Iterator[str]:
    """Apply a player spec's look-ahead settings for the duration; yield the level."""
    level, _, opts = spec.partition(":")
    names = {
        "candidates": "HARD_CANDIDATES",
        "window": "HARD_WINDOW",
        "budget": "HARD_BUDGET",
        "noise": f"{level.upper()}_NOISE",
    }
    saved = {v: getattr(ai_player, v) for v in names.values() if hasattr(ai_player, v)}
    try:
        for kv in filter(None, opts.split(",")):
            k, _, v = kv.partition("=")
            attr = names[k]
            setattr(ai_player, attr, type(saved[attr])(v))
        yield level
    finally:
        for k, v in saved.items():
            setattr(ai_player, k, v)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--plies", type=int, default=2, help="referee depth")
    ap.add_argument("--players", nargs="+", default=["medium", "hard"])
    ap.add_argument("--weights", nargs="+", default=[None], help="weights files to compare")
    ap.add_argument("--cache", default="/tmp", help="folder for the referee's scores")
    ap.add_argument(
        "--also",
        nargs="+",
        default=[],
        metavar="SEED:N",
        help="more position sets (e.g. 4:3000), judged together with the first",
    )
    args = ap.parse_args()
    t0 = time.time()
    positions: list[tuple[Position, tuple[int, int]]] = []
    ref: list[dict[Position, float]] = []
    sets = [(args.seed, args.positions)]
    sets += [(int(a), int(b)) for a, b in (x.split(":") for x in args.also)]
    for seed, n in sets:
        more, more_ref = _judged(seed, n, args.plies, Path(args.cache))
        positions += more
        ref += more_ref
    print(
        f"{len(positions)} positions with a choice, referee gnubg {args.plies}-ply "
        f"({time.time() - t0:.0f} s)",
        flush=True,
    )
    first: dict[str, list[float]] = {}
    for weights in args.weights:
        use_weights(weights)
        for spec in args.players:
            with settings(spec) as level:
                t = time.time()
                errs = _errors(positions, ref, _player(level))
            m = statistics.mean(errs)
            half = 1.96 * statistics.stdev(errs) / math.sqrt(len(errs))
            blunders = sum(1 for e in errs if e > 0.08)
            paired = ""
            if spec in first:  # the same positions as the first weights: paired differences
                d = [a - b for a, b in zip(errs, first[spec], strict=True)]
                dh = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
                paired = f", {1000 * statistics.mean(d):+.2f} ± {1000 * dh:.2f} vs the first"
            else:
                first[spec] = errs
            print(
                f"{weights or 'shipped'} {spec}: error {1000 * m:.2f} ± {1000 * half:.2f} mp/move"
                f"{paired}, best play {100 * sum(1 for e in errs if e < 1e-9) / len(errs):.1f}%, "
                f"blunders (>80 mp) {blunders}  ({time.time() - t:.0f} s)",
                flush=True,
            )


def _judged(
    seed: int, n: int, plies: int, cache_dir: Path
) -> tuple[list[tuple[Position, tuple[int, int]]], list[dict[Position, float]]]:
    """``n`` positions of ``seed`` with every play's referee equity (cached on disk)."""
    cache = cache_dir / f"bg-ref-{seed}-{n}-{plies}.pickle"
    if cache.exists():
        positions, ref = pickle.loads(cache.read_bytes())
        return positions, ref
    positions = sample(n, seed)
    ref = [
        {pl.result: referee_equity(pl, plies) for pl in legal_plays(pos, dice)}
        for pos, dice in positions
    ]
    cache.write_bytes(pickle.dumps((positions, ref)))
    return positions, ref


def _player(level: str) -> Callable[[Position, tuple[int, int]], Play | None]:
    if level == "gnubg0":
        return gnubg_play
    if level == "pubeval":
        from bench.ai_gnubg_players import pubeval_play

        return pubeval_play
    from engine.ai import choose_play

    return lambda pos, dice: choose_play(pos, dice, level)


def _errors(
    positions: list[tuple[Position, tuple[int, int]]],
    ref: list[dict[Position, float]],
    choose: Callable[[Position, tuple[int, int]], Play | None],
) -> list[float]:
    out = []
    for (pos, dice), table in zip(positions, ref, strict=True):
        best = max(table.values())
        play = choose(pos, dice)
        assert play is not None
        out.append(best - table[play.result])
    return out


if __name__ == "__main__":
    main()
