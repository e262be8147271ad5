"""King Tubby at 0, 1 and 2 ply beside GNU Backgammon 0-ply, judged by GNU Backgammon 2-ply.

    PYTHONPATH=. .venv/bin/python -m bench.ai_plies --positions 40 --plays 30 --cube 30
    node bench/ai_plies_pyodide.mjs 8      # the time per decision under Pyodide

One table, a column per depth (``ours@0``, ``ours@1``, ``ours@2``; ``gnubg0``
beside them), on the same positions, the referee GNU Backgammon 2-ply (the
``gnubg`` package: a referee only, never shipped):

* **win MAE**: the mean absolute error of the side on roll's winning chance,
  before the roll (``--positions`` from GNU Backgammon 0-ply self-play, as
  :mod:`bench.ai_accuracy`'s strong set): :func:`engine.ai.evaluate`,
  :func:`engine.ai.player.ply1_before_roll`, :func:`engine.ai.player.ply2_before_roll`;
* **play error**: the referee's equity of its best play minus that of the play
  chosen, in millipoints per decision (``--plays`` positions with a choice, as
  :mod:`bench.ai_errors`): the best play of :func:`engine.ai.rank_plays` at 0-ply
  (Selector without noise), 1-ply (King Tubby) and 2-ply (``plies=2``, the analysis);
* **cube error**: :mod:`bench.ai_cube_errors`'s doubler plus taker loss (with
  ``--close`` only on the positions close at our 0-ply, where the errors are), in
  millipoints of a single game (``--cube`` positions at each of ``--scores``), with
  :func:`engine.ai.cube_decision` unscreened at each depth (the hint's decision);
* **ms / play** and **ms / cube**: the median processor time of our decisions
  (CPython, the referee's time left out; processor time, not the clock's, so
  that a machine shared with other work still gives comparable figures).

The ratios to GNU Backgammon 0-ply are the accuracy issue's measure.
``bench/ai_plies_pyodide.mjs`` times the same decisions under Pyodide
(:func:`pyodide_times`: positions from our own games, no referee there).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import Position, legal_plays
from engine.ai import CubeDecision, CubeState, cube_decision, evaluate, rank_plays
from engine.ai.player import ply1_before_roll, ply2_before_roll

PLIES = (0, 1, 2)


def _ms(f: Callable[[], object]) -> float:
    """Milliseconds of ``f`` by the clock: what a player waits for under Pyodide."""
    t = time.perf_counter()
    f()
    return 1000 * (time.perf_counter() - t)


def _best(pos: Position, dice: tuple[int, int], plies: int) -> Position:
    """What the best play at ``plies`` leaves (0: the networks alone)."""
    if plies == 0:
        return rank_plays(pos, dice, "medium")[0].play.result
    return rank_plays(pos, dice, "hard", plies=plies)[0].play.result


BEFORE_ROLL: dict[int, Callable[[Position], Sequence[float]]] = {
    0: evaluate,
    1: ply1_before_roll,
    2: ply2_before_roll,
}


def win_errors(positions: Sequence[Position]) -> dict[str, list[float]]:
    """Each column's |winning chance - the referee's| a position, and our times."""
    import gnubg_nn

    from bench.ai_gnubg_players import board

    boards = [board(p) for p in positions]
    referee = [gnubg_nn.probabilities(b, 2)[0] for b in boards]
    out: dict[str, list[float]] = {}
    for k, f in BEFORE_ROLL.items():
        errors, times = out.setdefault(f"ours@{k}", []), out.setdefault(f"ms@{k}", [])
        for pos, ref in zip(positions, referee, strict=True):
            t = time.process_time()
            w = f(pos)[0]
            times.append(1000 * (time.process_time() - t))
            errors.append(abs(w - ref))
    out["gnubg0"] = [
        abs(gnubg_nn.probabilities(b, 0)[0] - r) for b, r in zip(boards, referee, strict=True)
    ]
    return out


def play_errors(n: int, seed: int, cache: Path) -> dict[str, list[float]]:
    """Each column's loss a decision (millipoints) against the referee's best, and our times."""
    from bench.ai_errors import _judged
    from bench.ai_gnubg_players import gnubg_play

    positions, ref = _judged(seed, n, 2, cache)
    out: dict[str, list[float]] = {}
    for k in PLIES:
        errors, times = out.setdefault(f"ours@{k}", []), out.setdefault(f"ms@{k}", [])
        for (pos, dice), table in zip(positions, ref, strict=True):
            t = time.process_time()
            left = _best(pos, dice, k)
            times.append(1000 * (time.process_time() - t))
            errors.append(1000 * (max(table.values()) - table[left]))
    gnubg = out.setdefault("gnubg0", [])
    for (pos, dice), table in zip(positions, ref, strict=True):
        play = gnubg_play(pos, dice)
        assert play is not None
        gnubg.append(1000 * (max(table.values()) - table[play.result]))
    return out


def cube_errors(
    positions: Sequence[Position], score: str, length: int, jobs: int = 1
) -> dict[str, list[float]]:
    """Each column's doubler plus taker loss (:mod:`bench.ai_cube_errors`), and our
    times; ``jobs`` processes share the positions."""
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        chunks = [positions[k::jobs] for k in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(cube_errors, chunks, [score] * jobs, [length] * jobs))
        return {name: [x for part in parts for x in part[name]] for name in parts[0]}
    from bench import ai_cube_errors

    us, op = (int(x) for x in score.split("/"))
    times: dict[str, list[float]] = {f"decision@{k}": [] for k in PLIES}
    real = ai_cube_errors.cube_decision

    def timed(pos: Position, state: CubeState, plies: int) -> CubeDecision:
        # processor time, as the other columns (the module's own timer is the clock's)
        t = time.process_time()
        d = real(pos, state, plies=plies)
        times[f"decision@{plies}"].append(1000 * (time.process_time() - t))
        return d

    ai_cube_errors.cube_decision = timed  # type: ignore[assignment]
    try:
        rows = ai_cube_errors.measure(positions, us, op, length, plies=PLIES)
    finally:
        ai_cube_errors.cube_decision = real
    out = {name: [a + b for a, b in zip(*rows[name], strict=True)] for name in rows}
    out = {"ours@0": out["ours@0"], "ours@1": out["full@1"], "ours@2": out["full@2"]} | {
        "gnubg0": out["gnubg0"]
    }
    return out | {f"ms@{k}": times[f"decision@{k}"] for k in PLIES}


def _close(positions: Sequence[Position], score: str, length: int) -> list[Position]:
    """The positions whose cube decision is close at our 0-ply at ``score`` (the
    others: every column is nearly always right, as King Tubby's own screen says)."""
    from engine.ai import is_close

    us, op = (int(x) for x in score.split("/"))
    state = CubeState(1, None, False, length, us, op, False)
    return [p for p in positions if is_close(cube_decision(p, state, 0), state)]


def pyodide_times(n: int, seed: int = 1) -> str:
    """Median ms of a checker-play and a cube decision at each depth, on positions
    with a choice from Selector's games against itself (no referee: this runs
    under Pyodide too)."""
    rng = random.Random(seed)
    decisions: list[tuple[Position, tuple[int, int]]] = []
    while len(decisions) < n:
        pos = Position.start()
        while pos.winner() is None and len(decisions) < n:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            if len(plays) > 1 and not pos.is_race() and rng.random() < 0.3:
                decisions.append((pos, dice))
            pos = rank_plays(pos, dice, "medium")[0].play.result if plays else pos.swap()
    evaluate(Position.start())  # the weights load outside the timings
    lines = []
    for k in PLIES:
        play = [_ms(lambda p=p, d=d, k=k: _best(p, d, k)) for p, d in decisions]  # type: ignore[misc]
        cube = [_ms(lambda p=p, k=k: cube_decision(p, CubeState(), k)) for p, _ in decisions]  # type: ignore[misc]
        lines.append(
            f"ours@{k}: play median {statistics.median(play):7.0f} ms  max {max(play):7.0f} ms   "
            f"cube median {statistics.median(cube):7.0f} ms  max {max(cube):7.0f} ms"
        )
    return f"{n} decisions\n" + "\n".join(lines)


def _cell(xs: Sequence[float], scale: float = 1.0, digits: int = 4) -> str:
    if not xs:
        return "—"
    return f"{scale * statistics.fmean(xs):.{digits}f}"


def _mean_ci(xs: Sequence[float], digits: int) -> str:
    """The mean with a rough 95% interval (normal approximation).

    >>> _mean_ci([1.0, 2.0, 3.0], 2)
    '2.00 ± 1.13 (n 3)'
    """
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{statistics.fmean(xs):.{digits}f} ± {half:.{digits}f} (n {len(xs)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=40, help="before-roll positions (win MAE)")
    ap.add_argument("--plays", type=int, default=30, help="checker-play decisions")
    ap.add_argument("--cube", type=int, default=30, help="cube decisions")
    ap.add_argument(
        "--scores", nargs="+", default=["7/7"], help="the cube decisions' scores (away/away)"
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes for the cube row")
    ap.add_argument(
        "--close",
        action="store_true",
        help="cube row: only the positions close at our 0-ply (is_close), where errors are",
    )
    ap.add_argument("--length", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", default="/tmp", help="folder for the referee's play scores")
    ap.add_argument(
        "--only",
        choices=("win", "play", "cube"),
        help="one row only (three processes may run the three rows side by side)",
    )
    ap.add_argument("--dump", help="a JSON file for the cube row's figures, position by position")
    ap.add_argument("--pyodide", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.pyodide:
        print(pyodide_times(args.pyodide, args.seed))
        return
    from bench.ai_accuracy import _gnubg_move, sample

    evaluate(Position.start())
    rows: list[tuple[str, dict[str, list[float]], float, int]] = []
    times: list[tuple[str, dict[str, list[float]]]] = []
    if args.only in (None, "win"):
        t = time.time()
        win = win_errors(sample(args.positions, args.seed, _gnubg_move))
        print(f"win MAE: {args.positions} positions ({time.time() - t:.0f} s)", flush=True)
        rows.append(("win MAE vs gnubg 2-ply", win, 1.0, 4))
        times.append(("ms / before-roll eval", win))
    if args.only in (None, "play"):
        t = time.time()
        plays = play_errors(args.plays, args.seed + 2, Path(args.cache))
        print(f"play error: {args.plays} decisions ({time.time() - t:.0f} s)", flush=True)
        rows.append(("play error (mp)", plays, 1.0, 2))
        times.append(("ms / play", plays))
    if args.only in (None, "cube"):
        t = time.time()
        positions = [p for p in sample(args.cube, args.seed, _gnubg_move) if not p.is_race()]
        cube: dict[str, list[float]] = {}
        counts = []
        for score in args.scores:
            kept = _close(positions, score, args.length) if args.close else positions
            counts.append(f"{len(kept)} at {score}")
            for name, xs in cube_errors(kept, score, args.length, args.jobs).items():
                cube.setdefault(name, []).extend(xs)
        which = "close at our 0-ply" if args.close else "before the roll"
        print(f"cube error: {', '.join(counts)} ({which}; {time.time() - t:.0f} s)")
        rows.append(("cube error (mp)", cube, 1.0, 2))
        times.append(("ms / cube", cube))
        paired = [a - b for a, b in zip(cube["ours@1"], cube["ours@2"], strict=True)]
        if args.dump:
            Path(args.dump).write_text(json.dumps({"counts": counts, "cube": cube}))
    columns = ["ours@0", "ours@1", "ours@2", "gnubg0"]
    print(f"\n{'':22}" + "".join(f"{c:>12}" for c in columns))
    for label, data, scale, digits in rows:
        g0 = statistics.fmean(data["gnubg0"])
        cells = "".join(f"{_cell(data[c], scale, digits):>12}" for c in columns)
        ratios = "".join(
            f"{statistics.fmean(data[c]) / g0:>12.2f}" if g0 else f"{'—':>12}" for c in columns
        )
        print(f"{label:22}{cells}\n{'  ratio to gnubg0':22}{ratios}")
    for label, data in times:
        cells = "".join(f"{statistics.median(data[f'ms@{k}']):>12.0f}" for k in PLIES)
        print(f"{label + ' (median)':22}{cells}")
    if args.only in (None, "cube"):
        # the two depths judged on the same positions: the paired difference's interval
        # says whether one is better than the other beyond the sample's noise
        print(f"cube error ours@1 - ours@2 (mp, paired, 95%): {_mean_ci(paired, 2)}")


if __name__ == "__main__":
    main()
