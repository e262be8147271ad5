"""Command-line rollout: ``python -m engine rollout POSITION [DICE] --trials N``.

Rolls out the candidate plays of DICE (ranked by mean, each with its
standard error, win/gammon/backgammon rates and trials) or, without dice,
the cube decision.  POSITION is a gnubg Position ID, ``PositionID:MatchID``
or an XGID, read as :mod:`engine.cli.hint` reads it for a hint (the cube and
the score come with the last two).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from engine.ai.rollout import Rollout, RolloutSettings, RolloutSpec
from engine.cli.args import rollout_arguments
from engine.cli.hint import describe_cube, parse_spot
from engine.errors import EngineError
from engine.rollout_stats import CUBE, RolloutTally, Tally, cube_verdict


def _line(rank: str, t: Tally, units: str) -> str:
    w, wg, wbg, lg, lbg = t.rates
    value = f"{t.mean:+.4f} ± {t.se:.4f}" if units == "equity" else f"{t.mean:.4f} ± {t.se:.4f}"
    return (
        f"{rank:>4} {t.label:<28} {value}   "
        f"win {w:.3f} g {wg:.3f} bg {wbg:.3f}  lose g {lg:.3f} bg {lbg:.3f}  trials {t.trials}"
    )


def format_rollout(tally: RolloutTally, spec: RolloutSpec) -> str:
    """The rollout's result as text: candidates best first, or the cube verdict."""
    s = spec.settings
    unit = "match-winning chance" if tally.units == "mwc" else "cubeful equity per cube"
    if not s.cubeful:
        unit = unit.replace("cubeful", "cubeless")
    how = [
        f"{tally.trials} trials",
        f"seed {s.seed}",
        "to the end" if not s.truncate else f"truncated at {s.truncate} plies",
        f"player {s.player}",
        "luck-adjusted" if s.luck else "no luck adjustment",
        "stratified first rolls" if s.stratify else "random first rolls",
    ]
    lines = [f"rollout ({describe_cube(spec.cube)}; {', '.join(how)}; {unit})"]
    if tally.kind == CUBE:
        v = cube_verdict(tally)
        nd, dt = tally.candidates
        lines.append(_line("", nd, tally.units))
        lines.append(_line("", dt, tally.units))
        dp = f"{v.double_pass:+.4f}" if tally.units == "equity" else f"{v.double_pass:.4f}"
        lines.append(f"{'':>4} {'double, pass':<28} {dp}")
        lines.append(f"verdict: {v.action}")
        return "\n".join(lines)
    ranked = tally.ranked()
    best = ranked[0].mean
    for i, t in enumerate(ranked, start=1):
        diff = f"  ({t.mean - best:+.4f})" if i > 1 else ""
        lines.append(_line(f"{i}.", t, tally.units) + diff)
    return "\n".join(lines)


def rollout_main(argv: Sequence[str] | None = None) -> int:
    """``rollout ID [DICE] --trials N [--seed S] [--truncate P] ...``."""
    ap = argparse.ArgumentParser(prog="python -m engine rollout", description=__doc__)
    rollout_arguments(ap)
    args = ap.parse_args(argv)
    return run(args)


def run(args: argparse.Namespace) -> int:
    try:
        spot = parse_spot(args.position)
        dice = args.dice or spot.dice
        if dice is None and args.cubeless:
            raise EngineError("a cube rollout is cubeful: --cubeless is for plays")
        settings = RolloutSettings(
            trials=args.trials,
            seed=args.seed,
            truncate=args.truncate,
            player=args.player,
            luck=args.luck,
            stratify=not args.no_stratify,
            cubeful=not args.cubeless,
            candidates=args.candidates,
        )
        spec = RolloutSpec(spot.position, dice, spot.cube, settings)
        r = Rollout(spec)
        t0 = time.perf_counter()
        while not r.finished:
            tally = r.step(36)
            if args.progress:
                lead = tally.ranked()[0]
                print(
                    f"{r.done}/{settings.trials} trials, {time.perf_counter() - t0:.0f} s: "
                    f"{lead.label} {lead.mean:+.4f} ± {lead.se:.4f}",
                    file=sys.stderr,
                )
        print(format_rollout(r.tally, spec))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(rollout_main())
