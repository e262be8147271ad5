"""Strength of the AI levels in cubeless games (gnubg-nn is only a referee here).

    PYTHONPATH=. .venv/bin/python -m bench.ai_strength --level hard --opponent pubeval --games 2000
    PYTHONPATH=. .venv/bin/python -m bench.ai_strength --level medium --opponent easy --games 1000

Opponents: ``pubeval`` (Tesauro's, via gnubg_nn.pub_best_move), ``gnubg0``
(GNU Backgammon 0-ply, gnubg_nn.best_move), ``gnubg1`` and ``gnubg2`` (its 1- and
2-ply, for calibration), or another level.  Games come in
pairs with the same dice and the sides swapped.  The referees may also play
each other, to calibrate a target on our dice and scoring:

    PYTHONPATH=. .venv/bin/python -m bench.ai_strength --level gnubg0 --opponent pubeval
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.ai_common import PlayerFactory, local_player, match_series, summary, use_weights

REFEREES = ("pubeval", "gnubg0", "gnubg1", "gnubg2")
"""Players from the gnubg-nn package (the rest are our levels)."""


def opponent(name: str, seed: int) -> PlayerFactory:
    if name in REFEREES:
        from bench import ai_gnubg_players as gnubg

        play = {
            "pubeval": gnubg.pubeval_play,
            "gnubg0": gnubg.gnubg_play,
            "gnubg1": gnubg.gnubg1_play,
            "gnubg2": gnubg.gnubg2_play,
        }[name]
        return lambda k: play
    return local_player(name, seed + 1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard", choices=["easy", "medium", "hard", *REFEREES])
    ap.add_argument("--opponent", default="pubeval")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (same results)")
    ap.add_argument("--weights", help="a weights file to use instead of the shipped one")
    ap.add_argument("--out", help="also write the per-game points as JSON (to pool runs)")
    ap.add_argument("--pool", nargs="*", default=[], help="JSON files to pool, no games played")
    args = ap.parse_args()
    if args.pool:
        pooled: list[int] = []
        for name in args.pool:
            pooled += json.loads(Path(name).read_text())
        print(f"pooled {len(args.pool)} runs: {summary(pooled)}")
        return
    if args.weights:
        use_weights(args.weights)
    t = time.time()
    first = (
        opponent(args.level, args.seed - 1)
        if args.level in REFEREES
        else local_player(args.level, args.seed)
    )
    res = match_series(
        first,
        opponent(args.opponent, args.seed),
        args.games,
        args.seed,
        args.jobs,
    )
    print(f"{args.level} vs {args.opponent}: {summary(res)}  ({time.time() - t:.0f} s)")
    if args.out:
        Path(args.out).write_text(json.dumps(res))


if __name__ == "__main__":
    main()
