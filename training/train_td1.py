"""TD(lambda) self-play in worker processes, with 0-ply or 1-ply bootstrap values (dev-only).

Self-play (move generation and encoding) is what costs, and it parallelises:
``--workers`` processes play games (numpy only, :mod:`training.ply1`, with
weights the learner republishes every ``--publish-seconds``) and the main
process trains on the games they send, as :mod:`training.train_td` does.

With ``--plies 0`` the targets are ``train_td``'s.  With ``--plies 1`` a
position's bootstrap value is its 1-ply value instead: for each of the 21
rolls the side on roll picks its best play at 0-ply, and the values after
those plays are averaged.  It costs 21 rolls of plays per position (the roll
actually played is one of them); see training/README.md for what it gave.

It always continues the checkpoint in ``--ckpt-dir`` (start one with
``train_td``, or copy one there); checkpoints are ``train_td``'s, so either
script resumes the other's, and the lineage records each phase.  The order in
which the workers' games arrive depends on timing, so a run is not
bit-for-bit reproducible; each worker's dice are seeded by ``--seed``, the
games played so far and its index.

    nohup nice -n 5 env PYTHONPATH=. .venv/bin/python -m training.train_td1 --plies 0 \\
        --ckpt-dir training/checkpoints-f12 --workers 2 --games-per-worker 64 --lr 1e-4 \\
        >> training/logs/train-f12.log 2>&1 &
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import queue
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

from engine.ai.encoding import N_BASE
from training.export import export_weights
from training.ply1 import Weights, game_maker, play_step
from training.train_td import GameBuffer, Net, StopFlag


def _worker(
    index: int,
    seed: int,
    lam: float,
    plies: int,
    n_games: int,
    random_starts: tuple[float, int],
    weights_q: Any,
    results_q: Any,
    stop: Any,
) -> None:
    rng = random.Random(seed * 1000 + index)
    w = weights_q.get()
    new_game = game_maker(rng, *random_starts)
    games = [new_game() for _ in range(n_games)]
    while not stop.is_set():
        with contextlib.suppress(queue.Empty):
            w = weights_q.get_nowait()
        for item in play_step(games, w, rng, lam, plies, new_game):
            results_q.put(item)


def _weights(net: Net) -> Weights:
    return (
        net.hidden.weight.detach().numpy().T.copy(),
        net.hidden.bias.detach().numpy().copy(),
        net.out.weight.detach().numpy().T.copy(),
        net.out.bias.detach().numpy().copy(),
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--games-per-worker", type=int, default=64)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument(
        "--plies", type=int, choices=(0, 1), default=1, help="look-ahead of the bootstrap values"
    )
    ap.add_argument(
        "--random-starts",
        type=float,
        default=0.0,
        help="share of games that start after random plays (training/ply1.py: random_start)",
    )
    ap.add_argument("--random-plies", type=int, default=100, help="at most, before such a start")
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--train-batch", type=int, default=256)
    ap.add_argument("--buffer", type=int, default=4096)
    ap.add_argument("--publish-seconds", type=float, default=30.0)
    ap.add_argument("--max-hours", type=float, default=1e9, help="of this phase's wall time")
    ap.add_argument("--ckpt-minutes", type=float, default=5.0)
    ap.add_argument("--ckpt-dir", type=Path, required=True)
    args = ap.parse_args()

    torch.set_num_threads(1)
    ckpt_path = args.ckpt_dir / "latest.pt"
    ck = torch.load(ckpt_path, weights_only=False)
    hidden, n_in = ck["net"]["hidden.weight"].shape
    n_features = (n_in - N_BASE - 1) // 2  # the checkpoint's layout (widen with train_td)
    net = Net(hidden, n_in)
    net.load_state_dict(ck["net"])
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    opt.load_state_dict(ck["opt"])
    for g in opt.param_groups:
        g["lr"] = args.lr
    sample_rng = np.random.default_rng(args.seed)
    games_done: int = ck["games"]
    train_seconds: float = ck["seconds"]
    positions_trained: int = ck["positions"]
    lineage: list[dict[str, Any]] = ck.get("lineage", [])
    ply1_games: int = ck.get("ply1_games", 0)
    last = lineage[-1] if lineage else {}
    phase: dict[str, Any] = {"plies": args.plies, "lambda": args.lam}
    if args.random_starts:
        phase["random_starts"] = [args.random_starts, args.random_plies]
    seen = {
        "plies": last.get("plies", 1 if "ply1_from_games" in last else None),
        "lambda": last.get("lambda"),
        **({"random_starts": last["random_starts"]} if "random_starts" in last else {}),
    }
    if seen != phase:
        lineage = [*lineage, {"from_games": games_done, **phase}]
    run_games = 0
    print(f"{args.plies}-ply TD from {games_done} games ({ply1_games} at 1-ply)", flush=True)

    def save() -> None:
        tmp = ckpt_path.with_suffix(".tmp")
        torch.save(
            {
                **ck,
                "net": net.state_dict(),
                "opt": opt.state_dict(),
                "np_rng": sample_rng.bit_generator.state,
                "games": games_done,
                "ply1_games": ply1_games,
                "seconds": train_seconds,
                "positions": positions_trained,
                "lineage": lineage,
            },
            tmp,
        )
        os.replace(tmp, ckpt_path)
        meta = {
            "seed": args.seed,
            "hidden": hidden,
            "lambda": args.lam,
            "games": games_done,
            "ply1_games": ply1_games,
            "positions_trained": positions_trained,
            "train_hours": round(train_seconds / 3600, 3),
            "features": n_features,
            "lineage": lineage,
        }
        export_weights(net, args.ckpt_dir / "weights.bin", meta)
        (args.ckpt_dir / "weights.json").write_text(json.dumps(meta, indent=1))

    os.environ["OMP_NUM_THREADS"] = "1"  # spawned workers inherit it before numpy loads
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    results_q = ctx.Queue(maxsize=256)
    weights_qs = [ctx.Queue(maxsize=1) for _ in range(args.workers)]
    seed = args.seed * 7919 + games_done  # fresh dice after a resume
    procs = [
        ctx.Process(
            target=_worker,
            args=(
                i,
                seed,
                args.lam,
                args.plies,
                args.games_per_worker,
                (args.random_starts, args.random_plies),
                weights_qs[i],
                results_q,
                stop,
            ),
            daemon=True,
        )
        for i in range(args.workers)
    ]
    for p in procs:
        p.start()

    def publish() -> None:
        w = _weights(net)
        for q in weights_qs:
            with contextlib.suppress(queue.Empty):
                q.get_nowait()  # drop a copy the worker has not picked up
            q.put(w)

    publish()
    buffer = GameBuffer(net, opt, args.buffer, args.train_batch, sample_rng)
    t0 = last_ckpt = last_log = last_pub = time.time()
    base_seconds = train_seconds
    halt = StopFlag()
    try:
        while not halt.set and time.time() - t0 < args.max_hours * 3600:
            try:
                boards, targets = results_q.get(timeout=5)
            except queue.Empty:
                continue
            buffer.add(boards, targets)
            games_done += 1
            run_games += 1
            ply1_games += args.plies
            positions_trained += buffer.train_if_full()
            now = time.time()
            train_seconds = base_seconds + (now - t0)
            if now - last_pub > args.publish_seconds:
                publish()
                last_pub = now
            if now - last_log > 60:
                rate = run_games / max(now - t0, 1e-9) * 3600
                print(
                    f"games {games_done} (1-ply {ply1_games}, {rate:.0f}/h this run) "
                    f"positions {positions_trained} loss {buffer.take_loss():.4f}",
                    flush=True,
                )
                last_log = now
            if now - last_ckpt > args.ckpt_minutes * 60:
                save()
                last_ckpt = now
    finally:
        stop.set()
        save()
        for p in procs:
            p.terminate()
    print(f"done: {games_done} games ({ply1_games} at 1-ply)", flush=True)


if __name__ == "__main__":
    main()
