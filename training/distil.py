"""Distil a net's own 1-ply values into it (dev-only; the fit needs PyTorch).

At 0-ply the net judges a position by itself; at 1-ply (King Tubby's cube
chances) by the mean, over the 21 rolls, of its values after the side's best
play, which averages out part of its errors: against GNU Backgammon 2-ply the
1-ply figures are a fifth smaller.  This pass teaches the 0-ply net those 1-ply
values, on positions of its own self-play, so that every use of ``evaluate``
(hints, tutor, review, the cube, King Tubby's look-ahead) starts from them.
The targets come from our net alone.

Two steps, the positions first (numpy, one process per seed; about 180
positions a second each on this machine):

    PYTHONPATH=. .venv/bin/python -m training.distil positions NET.bin SEED COUNT OUT.npz

Games are played 0-ply greedily by ``NET``, half of them from a random start
(:func:`training.ply1.random_start`, up to 120 plies), as the TD legs play
them; every position on roll after the opening is kept with its 1-ply value.
Then the fit, from ``NET``'s weights (``--hidden`` widens it first), on those files:

    PYTHONPATH=. .venv/bin/python -m training.distil fit NET.bin OUT.bin \\
        --train A.npz B.npz ... --held HELD.npz [--epochs 60 --lr 2e-3]

The positions of such a file can be valued again, deeper: ``relabel`` gives
every ``STEP``-th of them from ``START`` on, at most ``COUNT``, its 2-ply value
by ``NET`` (:mod:`training.lookahead`; about 9 positions a second per process,
a twentieth of the 1-ply speed).  It works in parts of 1,000 positions, kept
beside ``OUT`` until the end, so that a stopped run goes on where it was:

    PYTHONPATH=. .venv/bin/python -m training.distil relabel NET.bin IN.npz START STEP COUNT OUT.npz

``--trials N`` values them by ``N`` rollouts each instead (:mod:`training.rollouts`,
played to the end by ``NET`` at 0-ply; 36 trials run at about 6 positions a
second per process on crashed positions), and ``--crashed`` keeps only the
crashed positions of ``IN`` with a checker borne off, where rollouts judge
better than the look-ahead (:func:`training.crashed.crashed_bearing_off`).  ``crashed``
finds such positions alone, thousands a minute, in a file without values for
``relabel --trials`` (its games as ``positions`` plays them):

    PYTHONPATH=. .venv/bin/python -m training.distil crashed NET.bin SEED COUNT OUT.npz \\
        [--random-play]

A fit given a relabelled file after the file it was drawn from trains those
positions on the later, sharper values only.

Adam on cross-entropy over the five outputs (as in the TD legs), batches of
256, one-cycle learning rate up to ``--lr`` and down to a 300th of it; after
each epoch the win-probability error against the targets is printed on
a training sample and on ``HELD`` (positions of other games).  ``OUT.bin`` is
float32 with ``NET``'s metadata and this pass in its lineage; ship it with
``training.export``.  The lineage counts the positions of random-move games
apart (``random_play_positions``): a positions file says which kind it holds
(files written before 2026-11-29 do not, and count as self-play).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from training.crashed import crashed_bearing_off
from training.encode_np import encode_batch
from training.export import read_weights
from training.lookahead import values as lookahead_values
from training.ply1 import (
    ROLL_INDEX,
    ROLL_WEIGHTS,
    Game,
    Weights,
    features_of,
    game_maker,
    score_turn,
)
from training.returns import flip
from training.rollouts import values as rollout_values
from training.selfplay import Board, roll, successors

RANDOM_STARTS = (0.5, 120)
"""Share of games from a random start, and at most how many random plies before it."""


def load_net(path: Path) -> Weights:
    """A weights file's arrays in float64, shaped for :func:`training.ply1.forward`."""
    w1, b1, w2, b2 = (np.asarray(a, dtype=np.float64) for a in read_weights(path))
    return w1, b1, w2, b2


def _random_step(gm: Game, dice: tuple[int, int], rng: random.Random) -> tuple[Board, bool]:
    """A uniformly random legal play of ``dice``: the position it leaves, and whether it won."""
    succ = successors(gm.me, gm.opp, *dice)
    mover, other = rng.choice(succ) if succ else (gm.me, gm.opp)
    return (other, mover), mover[0] == 15


def positions(
    w: Weights,
    rng: random.Random,
    count: int,
    games_at_once: int = 64,
    random_play: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` positions of 0-ply self-play by ``w`` with their 1-ply values.

    Returns the boards, (count, 2, 26) int8 with the side on roll first, and
    their 1-ply probabilities from that side, (count, 5) float32.  A batch of
    ``games_at_once`` games moves on together; every roll of every game is
    scored in one call of the net.

    With ``random_play`` both sides of every game, from the opening on, make a
    uniformly random legal play instead: the positions a beginner's odd play
    leads to, where a random start's single position and the net's greedy
    play after it seldom go (the accuracy bench's random-move games).
    """
    new_game = Game if random_play else game_maker(rng, *RANDOM_STARTS)
    games = [new_game() for _ in range(games_at_once)]
    boards: list[Board] = []
    values: list[np.ndarray] = []
    while len(boards) < count:
        rolls = [roll(gm.opening and len(gm.boards) == 1, rng) for gm in games]
        cand, vals, won, best_of = score_turn(games, w, None)
        for gi, gm in enumerate(games):
            best = best_of[gi]
            if not (gm.opening and len(gm.boards) == 1):
                boards.append((gm.me, gm.opp))
                values.append(flip(ROLL_WEIGHTS @ vals[best]))
            if random_play:
                nxt, ended = _random_step(gm, rolls[gi], rng)
            else:
                k = best[ROLL_INDEX[rolls[gi]]]
                nxt, ended = cand[k], bool(won[k])
            gm.boards.append(nxt)
            gm.me, gm.opp = nxt
            if ended:
                games[gi] = new_game()
    return (
        np.array(boards[:count], dtype=np.int8),
        np.array(values[:count], dtype=np.float32),
    )


def crashed_positions(
    w: Weights,
    rng: random.Random,
    count: int,
    random_play: bool = False,
    games_at_once: int = 2000,
) -> np.ndarray:
    """``count`` distinct crashed positions with a checker off, from games of ``w``.

    The games are played as :func:`positions` plays them (0-ply by ``w``, half
    from a random start; or uniformly random plays with ``random_play``), but
    only the rolled dice are scored and no position is valued: of every position
    on roll, only those :func:`training.crashed.crashed_bearing_off` picks are
    kept, once each, for ``relabel --trials`` to value.  About one position in
    eleven of self-play qualifies, one in thirty of random-move games, so this
    finds thousands a minute where ``positions`` followed by ``relabel --crashed``
    would spend most of its time on 1-ply values it throws away.

    Returns the boards, (count, 2, 26) int8 with the side on roll first.
    """
    new_game = Game if random_play else game_maker(rng, *RANDOM_STARTS)
    games = [new_game() for _ in range(games_at_once)]
    seen: set[Board] = set()
    found: list[Board] = []
    while len(found) < count:
        rolls = [roll(gm.opening and len(gm.boards) == 1, rng) for gm in games]
        for gm in games:
            board = (gm.me, gm.opp)
            first = gm.opening and len(gm.boards) == 1
            if not first and board not in seen and crashed_bearing_off(*board):
                seen.add(board)
                found.append(board)
        turn = None if random_play else score_turn(games, w, rolls)
        for gi, gm in enumerate(games):
            if turn is None:
                nxt, ended = _random_step(gm, rolls[gi], rng)
            else:
                k = turn.best[gi][0]
                nxt, ended = turn.cand[k], bool(turn.won[k])
            gm.boards.append(nxt)
            gm.me, gm.opp = nxt
            if ended:
                games[gi] = new_game()
    return np.array(found[:count], dtype=np.int8)


def save_boards(out: Path, boards: np.ndarray, random_play: bool) -> None:
    """Write positions without values (no ``y``: a fit refuses the file), for ``relabel``."""
    np.savez_compressed(out, boards=boards, random_play=random_play)


PART = 1000
"""Positions per part of a ``relabel`` run."""


def save_positions(
    out: Path,
    boards: np.ndarray,
    values: np.ndarray,
    random_play: bool,
    plies: int = 1,
    trials: int = 0,
) -> None:
    """Write a positions file: the boards, their values, where those values
    come from (a look-ahead of ``plies``, or ``trials`` rollouts each) and the
    kind of games the positions come from."""
    np.savez_compressed(
        out, boards=boards, y=values, plies=plies, trials=trials, random_play=random_play
    )


def _target(d: Any) -> str:
    """What an opened positions file's values are: ``"1ply"``, ``"2ply"``, ``"rollouts36"``..."""
    trials = int(d["trials"]) if "trials" in d else 0
    if trials:
        return f"rollouts{trials}"
    return f"{int(d['plies']) if 'plies' in d else 1}ply"


def _random_play(d: Any) -> bool:
    """Whether an opened positions file holds random-move games' positions."""
    return "random_play" in d and bool(d["random_play"])


def relabel(
    w: Weights,
    source: Path,
    start: int,
    step: int,
    count: int,
    out: Path,
    trials: int = 0,
    crashed_only: bool = False,
) -> None:
    """Value ``source``'s positions ``start::step`` (at most ``count``) at 2 plies into ``out``.

    With ``trials`` they are valued by that many rollouts each
    (:mod:`training.rollouts`) instead; with ``crashed_only`` only the crashed
    ones with a checker off (:func:`training.crashed.crashed_bearing_off`, where
    rollouts are the sharper values) are kept, before ``count`` is applied.
    Each part of :data:`PART` positions is written beside ``out`` as it is
    done and skipped when it is there already; the parts are joined at the end.
    """
    with np.load(source) as d:
        boards = d["boards"][start::step]
        random_play = _random_play(d)
    if crashed_only:
        boards = boards[[crashed_bearing_off(b[0], b[1]) for b in boards]]
    boards = boards[:count]
    parts = []
    for i, c in enumerate(range(0, len(boards), PART)):
        part = out.with_name(f"{out.stem}.part{i:03d}.npz")
        parts.append(part)
        if part.exists():
            continue
        chunk = [(tuple(map(int, b[0])), tuple(map(int, b[1]))) for b in boards[c : c + PART]]
        if trials:
            y = rollout_values(chunk, w, trials, seed=start * 1_000_003 + c)
        else:
            y = np.concatenate(
                [lookahead_values(chunk[s : s + 8], w, 2) for s in range(0, len(chunk), 8)]
            )
        np.savez_compressed(part, boards=boards[c : c + PART], y=y.astype(np.float32))
        print(f"{c + len(chunk)} of {len(boards)} positions", flush=True)
    ys = []
    for part in parts:
        with np.load(part) as d:
            ys.append(d["y"])
    save_positions(
        out, boards, np.concatenate(ys), random_play, plies=0 if trials else 2, trials=trials
    )
    for part in parts:
        part.unlink()


def _load_set(paths: list[Path], n_features: int) -> tuple[np.ndarray, np.ndarray, set[str], int]:
    """Encoded positions, their targets, where the targets come from, and how
    many of the positions are from random-move games.

    A position that a later file values too is left out of the earlier ones:
    list a file of sharper values (rollouts) after the 1-ply files it was
    drawn from.  Repeats within a file stay, as often as the games met them.
    """
    boards, ys, targets, random_play = [], [], set(), 0
    later: set[bytes] = set()
    for p in reversed(paths):
        with np.load(p) as d:
            b = d["boards"].astype(np.int8)
            keys = [row.tobytes() for row in b]
            keep = np.array([key not in later for key in keys], dtype=bool)
            later.update(keys)
            boards.append(b[keep])
            ys.append(d["y"].astype(np.float32)[keep])
            targets.add(_target(d))
            random_play += int(keep.sum()) if _random_play(d) else 0
    x = encode_batch(np.concatenate(boards[::-1]).astype(np.int32), n_features)
    return x, np.concatenate(ys[::-1]), targets, random_play


def fit(
    start: Path,
    out: Path,
    train: list[Path],
    held: Path,
    epochs: int,
    lr: float,
    seed: int,
    hidden: int | None = None,
) -> None:
    """Fit ``start``'s net to the values in ``train``; write it to ``out``.

    With ``hidden`` larger than ``start``'s hidden layer the net is widened
    first, as ``train_td --widen-from`` does: the new units keep random input
    weights and get zero output weights, so the fit starts from exactly what
    ``start`` computes.
    """
    import torch

    from training.export import export_weights
    from training.train_td import Net

    torch.manual_seed(seed)
    w1, b1, w2, b2 = load_net(start)
    n_features = features_of((w1, b1, w2, b2))
    x_np, y_np, targets, random_play = _load_set(train, n_features)
    xh_np, yh_np, _, _ = _load_set([held], n_features)
    x, y = torch.from_numpy(x_np), torch.from_numpy(y_np)
    xh, yh = torch.from_numpy(xh_np), torch.from_numpy(yh_np)
    h_old = w1.shape[1]
    h_new = hidden or h_old
    if h_new < h_old:
        raise ValueError(f"cannot narrow a net of {h_old} hidden units to {h_new}")
    net = Net(h_new, w1.shape[0])
    with torch.no_grad():
        net.hidden.weight[:h_old].copy_(torch.from_numpy(w1.T.copy()))
        net.hidden.bias[:h_old].copy_(torch.from_numpy(b1))
        net.hidden.bias[h_old:] = 0.0
        net.out.weight.zero_()
        net.out.weight[:, :h_old].copy_(torch.from_numpy(w2.T.copy()))
        net.out.bias.copy_(torch.from_numpy(b2))
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    steps = (len(x) + 255) // 256
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=lr, total_steps=epochs * steps, pct_start=0.1, final_div_factor=300
    )
    loss_fn = torch.nn.BCEWithLogitsLoss()
    sample = torch.randperm(len(x))[:30000]

    def win_error(xs: Any, ys: Any) -> float:
        with torch.no_grad():
            return float((net(xs)[:, 0] - ys[:, 0]).abs().mean())

    def report(epoch: int) -> None:
        print(
            f"epoch {epoch}: win error against the targets,"
            f" training {win_error(x[sample], y[sample]):.5f},"
            f" held out {win_error(xh, yh):.5f} ({time.time() - t0:.0f} s)",
            flush=True,
        )

    t0 = time.time()
    report(0)
    for epoch in range(1, epochs + 1):
        order = torch.randperm(len(x))
        for i in range(0, len(x), 256):
            idx = order[i : i + 256]
            loss = loss_fn(net.logits(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        report(epoch)
    note_path = start.with_suffix(".json")
    meta: dict[str, Any] = json.loads(note_path.read_text()) if note_path.exists() else {}
    if h_new != h_old:
        meta["hidden"] = h_new
    meta["lineage"] = [
        *meta.get("lineage", []),
        *([{"widened": {"hidden": h_new}}] if h_new != h_old else []),
        {
            "distilled_" + "+".join(sorted(targets)): {
                "positions": len(x),
                "random_play_positions": random_play,
                "epochs": epochs,
                "lr": lr,
                "random_starts": list(RANDOM_STARTS),
            }
        },
    ]
    export_weights(net, out, meta)
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="step", required=True)
    for step, what in (
        ("positions", "self-play positions with their 1-ply values"),
        ("crashed", "crashed positions with a checker off, not valued"),
    ):
        games = sub.add_parser(step, help=what)
        games.add_argument("net", type=Path)
        games.add_argument("seed", type=int)
        games.add_argument("count", type=int)
        games.add_argument("out", type=Path)
        games.add_argument(
            "--random-play", action="store_true", help="games of random plays, not the net's"
        )
    rel = sub.add_parser("relabel", help="a positions file's positions with their 2-ply values")
    rel.add_argument("net", type=Path)
    rel.add_argument("source", type=Path)
    rel.add_argument("start", type=int)
    rel.add_argument("stride", type=int, metavar="step")
    rel.add_argument("count", type=int)
    rel.add_argument("out", type=Path)
    rel.add_argument("--trials", type=int, default=0, help="rollouts per position, not 2 plies")
    rel.add_argument(
        "--crashed", action="store_true", help="only crashed positions with a checker off"
    )
    fp = sub.add_parser("fit", help="fit the net to the values of positions files")
    fp.add_argument("net", type=Path)
    fp.add_argument("out", type=Path)
    fp.add_argument("--train", type=Path, nargs="+", required=True)
    fp.add_argument("--held", type=Path, required=True)
    fp.add_argument("--epochs", type=int, default=60)
    fp.add_argument("--lr", type=float, default=2e-3)
    fp.add_argument("--seed", type=int, default=1)
    fp.add_argument("--threads", type=int, default=2)
    fp.add_argument("--hidden", type=int, help="widen the net to this many hidden units first")
    args = ap.parse_args()
    if args.step == "positions":
        boards, values = positions(
            load_net(args.net), random.Random(args.seed), args.count, random_play=args.random_play
        )
        save_positions(args.out, boards, values, args.random_play)
    elif args.step == "crashed":
        found = crashed_positions(
            load_net(args.net), random.Random(args.seed), args.count, args.random_play
        )
        save_boards(args.out, found, args.random_play)
    elif args.step == "relabel":
        relabel(
            load_net(args.net),
            args.source,
            args.start,
            args.stride,
            args.count,
            args.out,
            args.trials,
            args.crashed,
        )
    else:
        import torch

        torch.set_num_threads(args.threads)
        fit(
            args.net,
            args.out,
            args.train,
            args.held,
            args.epochs,
            args.lr,
            args.seed,
            args.hidden,
        )


if __name__ == "__main__":
    main()
