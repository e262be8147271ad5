"""Match-play cube errors of King Tubby and gnubg 0-ply, judged by gnubg 2-ply (referee only).

    PYTHONPATH=. .venv/bin/python -m bench.ai_cube_errors --positions 300

For positions from GNU Backgammon 0-ply self-play (before the roll, cube
centred), at each score in ``--scores`` (``7/7`` means both 7-away), both
players face the two cube choices: the side on roll doubles or not, and the
other side takes or passes.  The referee, gnubg 2-ply, gives the doubler's
match-winning chances for no double, double/take and double/pass; a choice's
loss is the referee's value of the best choice minus that of the choice made
(for the taker, from its side), normalised to a single game at that score
(a point won minus a point lost is 2 units) and given in millipoints.

The ratio ours / gnubg 0-ply is the accuracy issue's measure (target ≤ 1.5).

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
import math
import statistics
import time
from collections.abc import Sequence

import gnubg_nn

from bench.ai_accuracy import _gnubg_move, sample
from bench.ai_common import use_weights
from bench.ai_gnubg_players import board
from engine import Position
from engine.ai import CubeState, cube_decision, evaluate
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


def measure(
    positions: Sequence[Position], us: int, op: int, length: int, split: bool = False
) -> dict[str, tuple[list[float], list[float]]]:
    """Each row's doubler and taker losses; with ``split`` also ``model@g0``,
    ``g0@ours`` and ``Δnd``/``Δdt``/``Δdp`` (our model's values on gnubg's
    probabilities minus gnubg 0-ply's, in millipoints, as the first list)."""
    gnubg_nn.set.score(us, op)
    unit = (_mwc(us - 1, op) - _mwc(us, op - 1)) / 2
    names = ("ours", "model@g0", "g0@ours", "gnubg0") if split else ("ours", "gnubg0")
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
        d = cube_decision(pos, state)
        choices = {
            "ours": (d.should_double, d.should_take),
            "gnubg0": (bool(zero[0]), bool(zero[1])),
        }
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", type=int, default=7)
    ap.add_argument("--scores", nargs="*", default=list(DEFAULT_SCORES))
    ap.add_argument("--weights", default=None, help="another net instead of the shipped one")
    ap.add_argument(
        "--gnubg-probabilities",
        action="store_true",
        help="also our cube model on gnubg 0-ply's probabilities, and gnubg's on ours",
    )
    args = ap.parse_args()
    use_weights(args.weights)
    positions = [p for p in sample(args.positions, args.seed, _gnubg_move) if not p.is_race()]
    positions += [p for p in sample(args.positions // 4, args.seed + 1, _gnubg_move) if p.is_race()]
    print(
        f"{len(positions)} positions (gnubg 0-ply self-play, before the roll, cube centred), "
        f"match to {args.length}; mp of a single game per position, 95% intervals"
    )
    print(f"{'score':6} {'who':7} {'doubler':>15} {'taker':>15} {'both':>15}  ratio")
    split = args.gnubg_probabilities
    names = ("ours", "model@g0", "g0@ours", "gnubg0") if split else ("ours", "gnubg0")
    totals: dict[str, list[float]] = {name: [] for name in names}
    deltas: list[str] = []
    for score in args.scores:
        us, op = (int(x) for x in score.split("/"))
        t = time.time()
        result = measure(positions, us, op, args.length, split)
        both = {k: [a + b for a, b in zip(*v, strict=False)] for k, v in result.items()}
        g0 = max(statistics.fmean(both["gnubg0"]), 1e-9)
        for name in names:
            doubler, taker = result[name]
            totals[name] += both[name]
            ratio = statistics.fmean(both[name]) / g0
            tail = f"  ({time.time() - t:.0f} s)" if name == "gnubg0" else f"  {ratio:.2f}"
            print(
                f"{score:6} {name:7} {_mean_ci(doubler):>15} {_mean_ci(taker):>15} "
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
    ratio = statistics.fmean(totals["ours"]) / max(statistics.fmean(totals["gnubg0"]), 1e-9)
    print(
        f"all     ours {_mean_ci(totals['ours'])}  gnubg0 {_mean_ci(totals['gnubg0'])}  "
        f"ratio {ratio:.2f} (target ≤ 1.5)"
    )
    if split:
        for name in ("model@g0", "g0@ours"):
            r = statistics.fmean(totals[name]) / max(statistics.fmean(totals["gnubg0"]), 1e-9)
            print(f"all     {name} {_mean_ci(totals[name])}  ratio {r:.2f}")
        print("our model's values on gnubg 0-ply's probabilities minus gnubg 0-ply's (mp):")
        print("\n".join(deltas))


if __name__ == "__main__":
    main()
