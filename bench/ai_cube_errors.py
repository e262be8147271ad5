"""Match-play cube errors of King Tubby and gnubg 0-ply, judged by gnubg 2-ply (referee only).

    PYTHONPATH=. .venv/bin/python -m bench.ai_cube_errors --positions 300 [--plies 0 1]

For positions from GNU Backgammon 0-ply self-play (before the roll, cube
centred), at each score in ``--scores`` (``7/7`` means both 7-away), both
players face the two cube choices: the side on roll doubles or not, and the
other side takes or passes.  The referee, gnubg 2-ply, gives the doubler's
match-winning chances for no double, double/take and double/pass; a choice's
loss is the referee's value of the best choice minus that of the choice made
(for the taker, from its side), normalised to a single game at that score
(a point won minus a point lost is 2 units) and given in millipoints.

The ratio ours / gnubg 0-ply is the accuracy issue's measure (target ≤ 1.5).
``--plies`` says how deep our winning chances are evaluated
(:func:`engine.ai.cube.before_roll_probs`), one row ``ours@N`` each: the
decisions :func:`engine.ai.should_double` and :func:`engine.ai.should_take`
make at that depth, which are a level's own (the default is King Tubby's,
:data:`engine.ai.CUBE_PLIES`).  Beyond 0-ply ``should_double`` screens at
0-ply first (only decisions close at 0-ply are looked at deeper), so a row
``full@N`` gives :func:`engine.ai.cube_decision`'s unscreened decisions, the
hint's, too.  The last lines: paired differences between the rows, the share
of decisions close at 0-ply, and the time of our decisions (median and 95th
percentile, CPython, the referee's time left out).

``--gnubg-probabilities`` adds two rows that tell the cubeless evaluation
from the cube model (how probabilities become cubeful match equities):
``model@g0``, our cube model (:func:`engine.ai.cube.cube_decision_from_probs`)
on gnubg 0-ply's cubeless probabilities, and ``g0@ours``, gnubg 0-ply's cube
model on our probabilities (``evaluate_cube_decision(..., p=probs)``).  If
``model@g0`` is near ``gnubg0`` the model is sound and the excess is the
evaluation's; ``g0@ours`` checks the same from the other side.  It also
prints how far our model's no double / double-take / double-pass values (on
gnubg's probabilities) are from gnubg 0-ply's own, in millipoints.

How ``gnubg_nn.evaluate_cube_decision`` reads its arguments, checked with
asymmetric scores against our own cube equities: ``gnubg_nn.set.score(a, b)``
makes the side on roll in the position key ``a``-away; with ``i=1`` it
returns ``(double, take, _, no_double, double_take, double_pass)``, the three
values being the side on roll's match-winning chances.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time
from collections.abc import Sequence

import gnubg_nn

from bench.ai_accuracy import _gnubg_move, sample
from bench.ai_common import use_weights
from bench.ai_gnubg_players import board
from engine import Position
from engine.ai import (
    CUBE_PLIES,
    LEVELS,
    CubeState,
    cube_decision,
    evaluate,
    is_close,
    should_double,
)
from engine.ai.cube import cube_decision_from_probs, cube_efficiency

DEFAULT_SCORES = ("7/7", "5/3", "3/5", "4/6")


def _mwc(us: int, op: int) -> float:
    if us <= 0:
        return 1.0
    if op <= 0:
        return 0.0
    return float(gnubg_nn.equities.value(us, op) + 1) / 2


def _losses(
    nd: float, dt: float, dp: float, double: bool, take: bool, unit: float
) -> tuple[float, float]:
    """The doubler's and the taker's loss in millipoints of a single game."""
    chosen = min(dt, dp) if double else nd  # a double is answered by the referee's best
    doubler = max(nd, min(dt, dp)) - chosen
    taker = (dt if take else dp) - min(dt, dp)
    return 1000 * doubler / unit, 1000 * taker / unit


def _mean_ci(xs: Sequence[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{mean:6.2f} ± {half:5.2f}"


def _ours(plies: int) -> str:
    return f"ours@{plies}"


def _full(plies: int) -> str:
    return f"full@{plies}"


def row_names(plies: Sequence[int], split: bool) -> tuple[str, ...]:
    """The rows :func:`measure` gives, in the order they are printed."""
    extra = ("model@g0", "g0@ours") if split else ()
    ours = [name for k in plies for name in ((_ours(k), _full(k)) if k else (_ours(k),))]
    return (*ours, *extra, "gnubg0")


def measure(
    positions: Sequence[Position],
    us: int,
    op: int,
    length: int,
    split: bool = False,
    plies: Sequence[int] = (0,),
    times: dict[str, list[float]] | None = None,
) -> dict[str, tuple[list[float], list[float]]]:
    """Each row's doubler and taker losses (our decisions at each depth of
    ``plies`` as ``ours@N``, and unscreened as ``full@N``); with ``split``
    also ``model@g0``, ``g0@ours`` and ``Δnd``/``Δdt``/``Δdp`` (our model's
    values on gnubg's probabilities minus gnubg 0-ply's, in millipoints, as
    the first list).  ``times`` collects the milliseconds of our decisions:
    ``double@N`` (``should_double``), ``decision@N`` (``cube_decision``, also
    what ``should_take`` costs), and ``close`` one 1 or 0 a position."""
    clock: dict[str, list[float]] = {} if times is None else times
    gnubg_nn.set.score(us, op)
    unit = (_mwc(us - 1, op) - _mwc(us, op - 1)) / 2
    names = row_names(plies, split)
    out: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in names}
    if split:
        out |= {name: ([], []) for name in ("Δnd", "Δdt", "Δdp")}
    state = CubeState(1, None, False, length, us, op, False)
    for pos in positions:
        key = gnubg_nn.key_of_board(board(pos))
        ref = gnubg_nn.evaluate_cube_decision(key, 2, i=1)
        zero = gnubg_nn.evaluate_cube_decision(key, 0, i=1)
        assert isinstance(ref, tuple) and isinstance(zero, tuple)
        nd, dt, dp = ref[3], ref[4], ref[5]
        choices = {"gnubg0": (bool(zero[0]), bool(zero[1]))}
        for k in plies:
            t = time.perf_counter()
            d = cube_decision(pos, state, plies=k)
            clock.setdefault(f"decision@{k}", []).append(1000 * (time.perf_counter() - t))
            if k == 0:
                choices[_ours(k)] = (d.should_double, d.should_take)
                clock.setdefault("close", []).append(float(is_close(d, state)))
                continue
            t = time.perf_counter()
            double = should_double(pos, state, plies=k)
            clock.setdefault(f"double@{k}", []).append(1000 * (time.perf_counter() - t))
            choices[_ours(k)] = (double, d.should_take)  # should_take is this decision's
            choices[_full(k)] = (d.should_double, d.should_take)
        if split:
            g0p = tuple(gnubg_nn.probabilities(board(pos), 0))
            m = cube_decision_from_probs(g0p, state, cube_efficiency(pos))
            mixed = gnubg_nn.evaluate_cube_decision(key, 0, i=1, p=tuple(evaluate(pos)))
            assert isinstance(mixed, tuple)
            choices["model@g0"] = (m.should_double, m.should_take)
            choices["g0@ours"] = (bool(mixed[0]), bool(mixed[1]))
            for name, a, b in (
                ("Δnd", m.no_double, zero[3]),
                ("Δdt", m.double_take, zero[4]),
                ("Δdp", m.double_pass, zero[5]),
            ):
                out[name][0].append(1000 * (a - b) / unit)
        for name, (double, take) in choices.items():
            a, b = _losses(nd, dt, dp, double, take, unit)
            out[name][0].append(a)
            out[name][1].append(b)
    return out


def _percentile(xs: Sequence[float], q: float) -> float:
    ts = sorted(xs)
    return ts[min(len(ts) - 1, int(q * len(ts)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", type=int, default=7)
    ap.add_argument("--scores", nargs="*", default=list(DEFAULT_SCORES))
    ap.add_argument("--weights", default=None, help="another net instead of the shipped one")
    ap.add_argument(
        "--plies",
        nargs="+",
        type=int,
        choices=(0, 1, 2),
        default=[CUBE_PLIES["hard"]],
        help="depths of our winning chances, a row each (default: King Tubby's, "
        f"{CUBE_PLIES['hard']})",
    )
    ap.add_argument(
        "--gnubg-probabilities",
        action="store_true",
        help="also our cube model on gnubg 0-ply's probabilities, and gnubg's on ours",
    )
    args = ap.parse_args()
    use_weights(args.weights)
    positions = [p for p in sample(args.positions, args.seed, _gnubg_move) if not p.is_race()]
    positions += [p for p in sample(args.positions // 4, args.seed + 1, _gnubg_move) if p.is_race()]
    plies: list[int] = list(dict.fromkeys(args.plies))
    evaluate(Position.start())  # load the weights outside the timings
    print(
        f"{len(positions)} positions (gnubg 0-ply self-play, before the roll, cube centred), "
        f"match to {args.length}; mp of a single game per position, 95% intervals"
    )
    levels = ", ".join(f"{LEVELS[k]} {n}" for k, n in CUBE_PLIES.items())
    print(f"ours@N: our cube decisions on N-ply winning chances (cube depths: {levels})")
    print(f"{'score':6} {'who':8} {'doubler':>15} {'taker':>15} {'both':>15}  ratio")
    split = args.gnubg_probabilities
    names = row_names(plies, split)
    totals: dict[str, list[float]] = {name: [] for name in names}
    times: dict[str, list[float]] = {}
    deltas: list[str] = []
    for score in args.scores:
        us, op = (int(x) for x in score.split("/"))
        t = time.time()
        result = measure(positions, us, op, args.length, split, plies, times)
        both = {k: [a + b for a, b in zip(*v, strict=False)] for k, v in result.items()}
        g0 = max(statistics.fmean(both["gnubg0"]), 1e-9)
        for name in names:
            doubler, taker = result[name]
            totals[name] += both[name]
            ratio = statistics.fmean(both[name]) / g0
            tail = f"  ({time.time() - t:.0f} s)" if name == "gnubg0" else f"  {ratio:.2f}"
            print(
                f"{score:6} {name:8} {_mean_ci(doubler):>15} {_mean_ci(taker):>15} "
                f"{_mean_ci(both[name]):>15}{tail}"
            )
        if split:
            deltas.append(
                f"{score:6} "
                + "  ".join(
                    f"{k} mean {statistics.fmean(result[k][0]):+7.1f} "
                    f"|mean| {statistics.fmean(abs(v) for v in result[k][0]):6.1f} "
                    f"max {max(result[k][0], key=abs):+7.1f}"
                    for k in ("Δnd", "Δdt", "Δdp")
                )
            )
    g0_all = max(statistics.fmean(totals["gnubg0"]), 1e-9)
    print(f"all    gnubg0   {_mean_ci(totals['gnubg0'])}")
    for name in names[:-1]:
        ratio = statistics.fmean(totals[name]) / g0_all
        target = "  (target ≤ 1.5)" if name.startswith("ours") else ""
        print(f"all    {name:8} {_mean_ci(totals[name])}  ratio {ratio:.2f}{target}")
    ours = [name for name in names if name.startswith(("ours", "full"))]
    for a, b in itertools.pairwise(ours):
        diff = [y - x for x, y in zip(totals[a], totals[b], strict=True)]
        print(f"all    {b} - {a} (paired) {_mean_ci(diff)}")
    if "close" in times:
        close = times.pop("close")
        print(f"close at 0-ply (is_close): {statistics.fmean(close):.1%} of {len(close)}")
    for label, ts in times.items():
        print(
            f"time of {label} (CPython, n={len(ts)}): median "
            f"{statistics.median(ts):.1f} ms  p95 {_percentile(ts, 0.95):.1f} ms  "
            f"max {max(ts):.1f} ms"
        )
    if split:
        print("our model's values on gnubg 0-ply's probabilities minus gnubg 0-ply's (mp):")
        print("\n".join(deltas))


if __name__ == "__main__":
    main()
