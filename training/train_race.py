"""TD(lambda) training of the race network (dev-only: numpy + PyTorch on one core).

A race (no contact left, not yet a bear-off) is evaluated by a network of its
own (``engine/ai/data/race.bin``, chosen in :mod:`engine.ai.evaluator`).  It
is trained here on races only, each ended as soon as both sides have every
checker home: from there the bear-off database (``engine/ai/bearoff.py``)
gives the exact outcome, which becomes the last target of the game's
lambda-returns.  So the targets come from our own engine and nothing else,
and they are anchored to exact values a few rolls away.

Where the races come from: games from the start, played by the shipped
contact net (``--contact``) with a share ``--random`` of uniformly random
plays (a beginner's games reach races a strong player's never do); each
game's first position without contact joins a pool, and training games start
from positions drawn from it.  Then both sides play greedily by the race net
being trained, with the database's exact values for candidate bear-offs.

    nohup nice -n 5 env PYTHONPATH=. .venv/bin/python -m training.train_race --hidden 32 \\
        --ckpt-dir training/checkpoints-race >> training/logs/train-race.log 2>&1 &

Checkpoints (``latest.pt``, with the pool and every random state) go to
``--ckpt-dir`` every ``--ckpt-minutes`` and on SIGINT/SIGTERM; each also
exports ``weights.bin`` in the engine's format.  ``--resume`` continues one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from engine import Position
from engine.ai.bearoff import is_bearoff, load_bearoff, race_probs
from engine.ai.encoding import N_FEATURES_PER_SIDE, ROLLS
from training.encode_np import encode_batch
from training.export import read_weights
from training.ply1 import ROLL_WEIGHTS, Weights, forward
from training.returns import equity, flip, lambda_returns
from training.selfplay import START, Board, add_candidates, exact_finished, roll

ValueOf = Callable[[np.ndarray], np.ndarray]
"""Probabilities (rows, side on roll) of encoded positions."""

CONTACT = Path(__file__).parent.parent / "engine" / "ai" / "data" / "contact.bin"


def no_contact(me: tuple[int, ...], opp: tuple[int, ...]) -> bool:
    """Neither side has a checker left to pass the other's."""
    return Position._trusted(me, opp).is_race()


def is_race(me: tuple[int, ...], opp: tuple[int, ...]) -> bool:
    """What the race net evaluates: no contact, not a bear-off, nobody finished."""
    return no_contact(me, opp) and not is_bearoff(me, opp) and me[0] < 15 and opp[0] < 15


def race_starts(n: int, contact: Weights, share_random: float, rng: random.Random) -> list[Board]:
    """``n`` first race positions (side on roll first) of games from the start,
    played by the net ``contact`` (0-ply, 5 % random plays) or, in a share
    ``share_random`` of the games, by uniformly random plays."""
    out: list[Board] = []

    def new_game() -> list[Any]:
        return [START, START, True, rng.random() < share_random]

    games = [new_game() for _ in range(64)]
    while len(out) < n:
        cand: list[Board] = []
        spans: list[tuple[int, int]] = []
        for g in games:
            d1, d2 = roll(g[2], rng)
            g[2] = False
            spans.append(add_candidates(cand, g[0], g[1], d1, d2))
        arr = np.array(cand, dtype=np.int32)
        vals = forward(contact, encode_batch(arr)).astype(np.float64)
        exact_finished(arr, cand, vals)
        eq = equity(vals)
        for gi, g in enumerate(games):
            a, b = spans[gi]
            k = rng.randrange(a, b) if g[3] or rng.random() < 0.05 else a + int(np.argmin(eq[a:b]))
            me, opp = cand[k]
            if me[0] == 15 or opp[0] == 15 or is_bearoff(me, opp):
                games[gi] = new_game()
            elif no_contact(me, opp):
                out.append((me, opp))
                if len(out) % 1000 == 0:
                    print(f"{len(out)} race starts", flush=True)
                games[gi] = new_game()
            else:
                g[0], g[1] = me, opp
    return out[:n]


class RaceGame:
    """A race in progress: the position on roll, the positions so far, the values seen."""

    __slots__ = ("me", "opp", "boards", "values")

    def __init__(self, start: Board) -> None:
        self.me, self.opp = start
        self.boards: list[Board] = [start]
        self.values: list[np.ndarray] = []


def _judged(cand: list[Board], value_of: ValueOf) -> tuple[np.ndarray, np.ndarray]:
    """Values of candidates (side on roll) and which are exact: finished games and
    bear-offs are, from the database; the rest are the net's."""
    arr = np.array(cand, dtype=np.int32)
    vals = value_of(encode_batch(arr)).astype(np.float64)
    ended = exact_finished(arr, cand, vals)
    for i, (m, o) in enumerate(cand):
        if not ended[i] and is_bearoff(m, o):
            vals[i] = race_probs(m, o)
            ended[i] = True
    return vals, ended


def one_ply(boards: list[Board], value_of: ValueOf) -> np.ndarray:
    """The 1-ply value of each position (side on roll): over the 21 rolls, the
    value left by the best play, the database's where the play makes a bear-off.

    A race one roll from a bear-off is so given its exact value in one go,
    where the values of the games played through it would take many visits.
    """
    cand: list[Board] = []
    spans: list[tuple[int, int]] = []
    for me, opp in boards:
        for d1, d2, _ in ROLLS:
            spans.append(add_candidates(cand, me, opp, d1, d2))
    vals, _ = _judged(cand, value_of)
    eq = equity(vals)
    best = np.array([a + int(np.argmin(eq[a:b])) for a, b in spans])
    after = flip(vals[best]).reshape(len(boards), len(ROLLS), 5)
    out: np.ndarray = np.einsum("r,brk->bk", ROLL_WEIGHTS, after)
    return out


def race_step(
    games: list[RaceGame],
    value_of: ValueOf,
    rng: random.Random,
    lam: float,
    tail: int = 0,
) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """Move every race on by one greedy play; return ``(index, boards, targets)``
    for each race that ended (the caller replaces those games).

    A race ends when the play chosen finishes it or leaves a bear-off, whose
    value is then the database's exact one (and so is that of every candidate
    bear-off the choice weighs).  The targets are the lambda-returns of the
    values seen; with ``tail``, those of the race's last ``tail`` positions are
    their :func:`one_ply` values instead, and the returns before them start
    from these.
    """
    cand: list[Board] = []
    spans: list[tuple[int, int]] = []
    for gm in games:
        d1, d2 = roll(False, rng)
        spans.append(add_candidates(cand, gm.me, gm.opp, d1, d2))
    vals, ended = _judged(cand, value_of)
    eq = equity(vals)
    finished: list[tuple[int, RaceGame]] = []
    for gi, gm in enumerate(games):
        a, b = spans[gi]
        k = a + int(np.argmin(eq[a:b]))
        gm.boards.append(cand[k])
        gm.values.append(vals[k].copy())
        gm.me, gm.opp = cand[k]
        if ended[k]:
            finished.append((gi, gm))
    if not finished:
        return []
    last = [gm.boards[:-1][-tail:] if tail else [] for _, gm in finished]
    ply1 = one_ply([b for boards in last for b in boards], value_of) if tail else None
    done: list[tuple[int, np.ndarray, np.ndarray]] = []
    at = 0
    for (gi, gm), boards in zip(finished, last, strict=True):
        targets = lambda_returns(gm.values, lam)
        if ply1 is not None:
            n = len(boards)
            targets[-n:] = ply1[at : at + n]
            at += n
            for t in range(len(targets) - n - 1, -1, -1):
                targets[t] = flip((1 - lam) * gm.values[t] + lam * targets[t + 1])
        done.append((gi, np.array(gm.boards[:-1], dtype=np.int32), targets))
    return done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--batch-games", type=int, default=64)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument(
        "--tail", type=int, default=0, help="last positions of each race given 1-ply targets"
    )
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--train-batch", type=int, default=256)
    ap.add_argument("--buffer", type=int, default=4096)
    ap.add_argument("--pool", type=int, default=100_000, help="race starts to draw from")
    ap.add_argument("--random", type=float, default=0.3, help="share of random-play games")
    ap.add_argument("--contact", type=Path, default=CONTACT)
    ap.add_argument("--max-hours", type=float, default=1e9)
    ap.add_argument("--ckpt-minutes", type=float, default=5.0)
    ap.add_argument("--ckpt-dir", type=Path, required=True)
    ap.add_argument("--resume", action="store_true")
    args = ap.parse_args()

    import torch

    from training.export import export_weights
    from training.train_td import GameBuffer, Net, StopFlag

    torch.set_num_threads(1)
    load_bearoff()  # the exact ends of every game: fail now, not in the first bear-off
    ckpt_dir: Path = args.ckpt_dir
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    ckpt_path = ckpt_dir / "latest.pt"
    torch.manual_seed(args.seed)
    net = Net(args.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = random.Random(args.seed)
    sample_rng = np.random.default_rng(args.seed)
    games_done = positions_trained = 0
    train_seconds = 0.0
    pool: list[Board]
    if args.resume and ckpt_path.exists():
        ck = torch.load(ckpt_path, weights_only=False)
        net.load_state_dict(ck["net"])
        opt.load_state_dict(ck["opt"])
        rng.setstate(ck["rng"])
        sample_rng.bit_generator.state = ck["np_rng"]
        games_done, train_seconds = ck["games"], ck["seconds"]
        positions_trained = ck["positions"]
        pool = [(tuple(m), tuple(o)) for m, o in ck["pool"].tolist()]
        print(f"resumed at {games_done} games, {train_seconds / 3600:.2f} h", flush=True)
    else:
        t = time.time()
        pool = race_starts(args.pool, read_weights(args.contact), args.random, rng)
        print(f"{len(pool)} race starts in {time.time() - t:.0f} s", flush=True)
    for group in opt.param_groups:
        group["lr"] = args.lr
    pool_array = np.array(pool, dtype=np.int8)

    def save() -> None:
        tmp = ckpt_path.with_suffix(".tmp")
        state = {
            "net": net.state_dict(),
            "opt": opt.state_dict(),
            "rng": rng.getstate(),
            "np_rng": sample_rng.bit_generator.state,
            "games": games_done,
            "seconds": train_seconds,
            "positions": positions_trained,
            "pool": pool_array,
            "args": {k: str(v) for k, v in vars(args).items()},
        }
        torch.save(state, tmp)
        os.replace(tmp, ckpt_path)
        meta = {
            "net": "race",
            "seed": args.seed,
            "hidden": args.hidden,
            "lambda": args.lam,
            "games": games_done,
            "positions_trained": positions_trained,
            "train_hours": round(train_seconds / 3600, 3),
            "features": N_FEATURES_PER_SIDE,
            "random_share": args.random,
        }
        export_weights(net, ckpt_dir / "weights.bin", meta)
        (ckpt_dir / "weights.json").write_text(json.dumps(meta, indent=1))

    def fresh() -> RaceGame:
        return RaceGame(pool[rng.randrange(len(pool))])

    games = [fresh() for _ in range(args.batch_games)]
    buffer = GameBuffer(net, opt, args.buffer, args.train_batch, sample_rng)
    t0 = last_ckpt = last_log = time.time()
    base_seconds = train_seconds

    def value_of(x: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            out: np.ndarray = net(torch.from_numpy(x)).numpy()
        return out

    halt = StopFlag()
    while not halt.set and train_seconds / 3600 < args.max_hours:
        for gi, boards, targets in race_step(games, value_of, rng, args.lam, args.tail):
            buffer.add(boards, targets)
            games_done += 1
            games[gi] = fresh()
        positions_trained += buffer.train_if_full()
        now = time.time()
        train_seconds = base_seconds + (now - t0)
        if now - last_log > 60:
            print(
                f"games {games_done} hours {train_seconds / 3600:.3f} "
                f"games/h {games_done / max(train_seconds, 1e-9) * 3600:.0f} "
                f"loss {buffer.take_loss():.5f}",
                flush=True,
            )
            last_log = now
        if now - last_ckpt > args.ckpt_minutes * 60:
            save()
            last_ckpt = now
    save()
    print(f"done: {games_done} games, {train_seconds / 3600:.3f} h", flush=True)


if __name__ == "__main__":
    main()
