"""TD(lambda) self-play training of the evaluator (dev-only: numpy + PyTorch on one core).

Many games are played in lockstep so that one forward pass scores every
candidate play of every game; each finished game's lambda-returns (computed
from the values seen during play) become training targets for Adam.

    nohup nice -n 5 .venv/bin/python -m training.train_td --seed 1 --resume \
        > training/logs/train.log 2>&1 &

Checkpoints go to training/checkpoints/ (git-ignored) every --ckpt-minutes;
each checkpoint also exports engine-format weights to
training/checkpoints/weights.bin (copy to engine/ai/data/ to ship).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from engine.ai.encoding import N_BASE, N_FEATURES_PER_SIDE, N_INPUTS, n_inputs
from training.encode_np import encode_batch
from training.export import export_weights
from training.returns import equity, flip, lambda_returns
from training.selfplay import START, add_candidates, exact_finished, roll

CKPT_DIR = Path(__file__).parent / "checkpoints"


class Net(nn.Module):
    def __init__(self, hidden: int, n_in: int = N_INPUTS) -> None:
        super().__init__()
        self.hidden = nn.Linear(n_in, hidden)
        self.out = nn.Linear(hidden, 5)
        nn.init.normal_(self.hidden.weight, std=0.1)
        nn.init.zeros_(self.hidden.bias)
        nn.init.normal_(self.out.weight, std=0.1)
        nn.init.zeros_(self.out.bias)

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.out(torch.sigmoid(self.hidden(x)))
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.logits(x))


def widen(ck: dict[str, Any], net: Net, opt: torch.optim.Optimizer) -> None:
    """Load a checkpoint of a smaller net (fewer features, fewer hidden units) into ``net``.

    What the old net lacked starts out silent: the new inputs get zero weights,
    the new hidden units keep their random input weights but get zero output
    weights, and all of them zero Adam moments.  The widened net therefore
    computes exactly what the old one did, and training teaches it what the
    new parts add.
    """
    old = ck["net"]
    h_old, n_in_old = old["hidden.weight"].shape
    n_old = (n_in_old - N_BASE - 1) // 2
    h_new = net.hidden.weight.shape[0]
    if n_in_old != n_inputs(n_old) or n_old > N_FEATURES_PER_SIDE or h_old > h_new:
        raise ValueError(f"cannot widen a {n_in_old}x{h_old} net to {N_INPUTS}x{h_new}")
    cols = list(range(N_BASE))
    for s in range(2):
        cols += [N_BASE + N_FEATURES_PER_SIDE * s + j for j in range(n_old)]
    cols.append(N_INPUTS - 1)
    index = torch.tensor(cols)

    def place(name: str, t: torch.Tensor, like: torch.Tensor) -> torch.Tensor:
        out = like.detach().clone()
        if name == "hidden.weight":
            out[:h_old] = 0.0
            out[:h_old, index] = t
        elif name == "hidden.bias":
            out[:h_old] = t
            out[h_old:] = 0.0
        elif name == "out.weight":
            out[:] = 0.0
            out[:, :h_old] = t
        else:
            out[:] = t
        return out

    params = dict(net.named_parameters())
    net.load_state_dict({k: place(k, v, params[k]) for k, v in old.items()})
    opt_state = ck["opt"]
    for i, name in enumerate(params):  # Adam's state is indexed in parameter order
        for key in ("exp_avg", "exp_avg_sq"):
            moments = opt_state["state"][i]
            moments[key] = place(name, moments[key], torch.zeros_like(params[name]))
    opt.load_state_dict(opt_state)


class Game:
    __slots__ = ("me", "opp", "boards", "values", "first")

    def __init__(self) -> None:
        self.me = START
        self.opp = START
        self.boards: list[tuple[tuple[int, ...], tuple[int, ...]]] = [(START, START)]
        self.values: list[np.ndarray] = []
        self.first = True


def train_pass(
    net: Net,
    opt: torch.optim.Optimizer,
    boards: np.ndarray,
    targets: np.ndarray,
    batch: int,
    rng: np.random.Generator,
) -> tuple[float, int]:
    """One shuffled pass of Adam, in batches, over ``boards`` (side on roll first) and targets.

    Returns the summed batch losses and the number of batches.
    """
    n_features = (net.hidden.weight.shape[1] - N_BASE - 1) // 2
    xb = torch.from_numpy(encode_batch(boards.astype(np.int32), n_features))
    yb = torch.from_numpy(targets.astype(np.float32))
    perm = torch.from_numpy(rng.permutation(len(yb)))
    total = 0.0
    steps = 0
    for j in range(0, len(perm), batch):
        idx = perm[j : j + batch]
        loss = nn.functional.binary_cross_entropy_with_logits(net.logits(xb[idx]), yb[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += float(loss.detach())
        steps += 1
    return total, steps


class GameBuffer:
    """Finished games' positions and targets, trained on in one :func:`train_pass` once
    ``size`` positions have gathered.

    The three trainers share it, and it keeps the mean batch loss for their logs.
    """

    def __init__(
        self, net: Net, opt: torch.optim.Optimizer, size: int, batch: int, rng: np.random.Generator
    ) -> None:
        self.net, self.opt, self.size, self.batch, self.rng = net, opt, size, batch, rng
        self._boards: list[np.ndarray] = []
        self._targets: list[np.ndarray] = []
        self.buffered = 0
        self._loss = 0.0
        self._steps = 0

    def add(self, boards: np.ndarray, targets: np.ndarray) -> None:
        """Keep one game's positions (side on roll first) and their targets."""
        self._boards.append(boards)
        self._targets.append(targets)
        self.buffered += len(targets)

    def train_if_full(self) -> int:
        """Train on the buffer if it holds ``size`` positions; return how many were trained."""
        if self.buffered < self.size:
            return 0
        total, steps = train_pass(
            self.net,
            self.opt,
            np.concatenate(self._boards),
            np.concatenate(self._targets),
            self.batch,
            self.rng,
        )
        self._loss += total
        self._steps += steps
        trained = self.buffered
        self._boards.clear()
        self._targets.clear()
        self.buffered = 0
        return trained

    def take_loss(self) -> float:
        """The mean batch loss since the last call (0 if none)."""
        loss = self._loss / max(self._steps, 1)
        self._loss, self._steps = 0.0, 0
        return loss


class StopFlag:
    """Set by SIGTERM or SIGINT; a training loop checks it between steps and ends with
    a checkpoint.

    A shell starts a background job with SIGINT ignored and Python leaves it so:
    without this, ``pkill -INT`` did nothing and ``pkill`` (SIGTERM) lost the
    games since the last checkpoint."""

    def __init__(self) -> None:
        self.set = False
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum: int, frame: object) -> None:
        self.set = True


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--batch-games", type=int, default=64)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--train-batch", type=int, default=256)
    ap.add_argument("--buffer", type=int, default=4096)
    ap.add_argument("--max-games", type=int, default=10**9)
    ap.add_argument("--max-hours", type=float, default=1e9)
    ap.add_argument("--ckpt-minutes", type=float, default=5.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--ckpt-dir", type=Path, default=CKPT_DIR)
    ap.add_argument(
        "--widen-from",
        type=Path,
        help="start from this checkpoint of a smaller net (see widen)",
    )
    args = ap.parse_args()

    torch.set_num_threads(1)
    ckpt_dir: Path = args.ckpt_dir
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    ckpt_path = ckpt_dir / "latest.pt"
    torch.manual_seed(args.seed)
    net = Net(args.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = random.Random(args.seed)
    sample_rng = np.random.default_rng(args.seed)
    games_done = 0
    train_seconds = 0.0
    positions_trained = 0
    lineage: list[dict[str, Any]] = []
    if args.resume and ckpt_path.exists():
        ck = torch.load(ckpt_path, weights_only=False)
        net.load_state_dict(ck["net"])
        opt.load_state_dict(ck["opt"])
        rng.setstate(ck["rng"])
        sample_rng.bit_generator.state = ck["np_rng"]
        games_done = ck["games"]
        train_seconds = ck["seconds"]
        positions_trained = ck["positions"]
        lineage = ck.get("lineage", [])
        print(f"resumed at {games_done} games, {train_seconds / 3600:.2f} h", flush=True)
    elif args.widen_from:
        ck = torch.load(args.widen_from, weights_only=False)
        widen(ck, net, opt)
        rng.setstate(ck["rng"])
        sample_rng.bit_generator.state = ck["np_rng"]
        games_done = ck["games"]
        train_seconds = ck["seconds"]
        positions_trained = ck["positions"]
        lineage = [
            *ck.get("lineage", []),
            {
                "widened_at_games": games_done,
                "features": N_FEATURES_PER_SIDE,
                "hidden": args.hidden,
            },
        ]
        print(f"widened a net of {games_done} games to {N_INPUTS}x{args.hidden}", flush=True)
    for g in opt.param_groups:
        g["lr"] = args.lr

    games = [Game() for _ in range(args.batch_games)]
    buffer = GameBuffer(net, opt, args.buffer, args.train_batch, sample_rng)
    t0 = time.time()
    last_ckpt = t0
    last_log = t0
    base_seconds = train_seconds
    outcome_acc = np.zeros(5)
    outcome_n = 0

    def save() -> None:
        tmp = ckpt_path.with_suffix(".tmp")
        torch.save(
            {
                "net": net.state_dict(),
                "opt": opt.state_dict(),
                "rng": rng.getstate(),
                "np_rng": sample_rng.bit_generator.state,
                "games": games_done,
                "seconds": train_seconds,
                "positions": positions_trained,
                "args": vars(args),
                "lineage": lineage,
            },
            tmp,
        )
        os.replace(tmp, ckpt_path)
        meta = {
            "seed": args.seed,
            "hidden": args.hidden,
            "lambda": args.lam,
            "games": games_done,
            "positions_trained": positions_trained,
            "train_hours": round(train_seconds / 3600, 3),
            "features": N_FEATURES_PER_SIDE,
        }
        if lineage:
            meta["lineage"] = lineage
        export_weights(net, ckpt_dir / "weights.bin", meta)
        (ckpt_dir / "weights.json").write_text(json.dumps(meta, indent=1))

    halt = StopFlag()
    while not halt.set and games_done < args.max_games and train_seconds / 3600 < args.max_hours:
        cand_boards: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        spans: list[tuple[int, int]] = []
        for gm in games:
            d1, d2 = roll(gm.first, rng)
            gm.first = False
            spans.append(add_candidates(cand_boards, gm.me, gm.opp, d1, d2))
        arr = np.array(cand_boards, dtype=np.int32)
        x = torch.from_numpy(encode_batch(arr))
        with torch.no_grad():
            vals = net(x).numpy().astype(np.float64)
        won = exact_finished(arr, cand_boards, vals)
        eq = equity(vals)
        for gi, gm in enumerate(games):
            a, b = spans[gi]
            k = a + int(np.argmin(eq[a:b]))
            nxt = cand_boards[k]
            gm.boards.append(nxt)
            gm.values.append(vals[k].copy())
            gm.me, gm.opp = nxt
            if won[k]:
                targets = lambda_returns(gm.values, args.lam)
                buffer.add(np.array(gm.boards[:-1], dtype=np.int32), targets)
                outcome_acc += flip(vals[k]) if len(gm.values) % 2 else vals[k]
                outcome_n += 1
                games_done += 1
                games[gi] = Game()
        positions_trained += buffer.train_if_full()
        now = time.time()
        train_seconds = base_seconds + (now - t0)
        if now - last_log > 60:
            gph = games_done / max(train_seconds, 1e-9) * 3600
            first_player = outcome_acc / max(outcome_n, 1)
            print(
                f"games {games_done} hours {train_seconds / 3600:.3f} games/h {gph:.0f} "
                f"loss {buffer.take_loss():.4f} first-player outcome "
                f"{np.round(first_player, 3).tolist()}",
                flush=True,
            )
            outcome_acc[:] = 0
            outcome_n = 0
            last_log = now
        if now - last_ckpt > args.ckpt_minutes * 60:
            save()
            last_ckpt = now
    save()
    print(f"done: {games_done} games, {train_seconds / 3600:.3f} h", flush=True)


if __name__ == "__main__":
    main()
