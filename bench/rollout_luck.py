"""Does the luck adjustment pay for itself (#47)?  Standard error per second,
with it and without, side by side, for a few positions and the cut-offs the
analysis board offers.

PYTHONPATH=. .venv/bin/python -m bench.rollout_luck --trials 36

For each rollout: its seconds and the mean standard error of its candidates
(a cube rollout: no double and double, take).  ``SE·√s`` is the standard error
one second of rolling out would give (SE falls as 1/√trials, so SE·√seconds
stays put as trials grow): lower is better, and ``pays`` is plain's over
luck-adjusted's, above 1 where the adjustment is worth its time.  Stratified
first rolls are on in both.  The luck-adjusted rollout plays the same games
(its ``as played`` SE is the plain one's).  The ratio under CPython carries to
the browser: both spend their time in the same evaluator.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Iterator

POSITIONS = (
    ("opening 31", "4HPwATDgc/ABMA", (3, 1)),
    ("opening, cube", "4HPwATDgc/ABMA", None),
    ("8 plies in, 52", "4HPwATDMbgsDBA", (5, 2)),
    ("14 plies in, cube", "4HPwATDa3h4AAA", None),
)


def measure(
    position: str, dice: tuple[int, int] | None, trials: int, truncate: int, luck: bool
) -> tuple[float, float]:
    """The rollout's seconds and its candidates' mean standard error."""
    from engine.ai.rollout import RolloutSettings, RolloutSpec, rollout
    from engine.position import Position

    settings = RolloutSettings(trials=trials, truncate=truncate, luck=luck, candidates=3)
    spec = RolloutSpec(Position.from_id(position), dice, None, settings)
    start = time.perf_counter()
    tally = rollout(spec)
    seconds = time.perf_counter() - start
    return seconds, sum(c.se for c in tally.candidates) / len(tally.candidates)


def run(trials: int, cuts: tuple[int, ...]) -> Iterator[str]:
    """A line a rollout pair, as each is done."""
    from engine.ai.evaluator import evaluate
    from engine.position import Position

    evaluate(Position.start())  # the weights loaded outside the timing
    yield f"{'position':18s} {'cut':>6s}   plain: s, SE, SE·√s   luck: s, SE, SE·√s   pays"
    for name, position, dice in POSITIONS:
        for cut in cuts:
            (ps, pse), (ls, lse) = (
                measure(position, dice, trials, cut, luck) for luck in (False, True)
            )
            plain, lucky = pse * math.sqrt(ps), lse * math.sqrt(ls)
            yield (
                f"{name:18s} {cut or 'end':>6}   {ps:6.1f} {pse:.4f} {plain:.4f}"
                f"   {ls:6.1f} {lse:.4f} {lucky:.4f}   {plain / lucky:5.2f}x"
            )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=36)
    ap.add_argument("--cuts", type=int, nargs="+", default=[10, 5])
    args = ap.parse_args()
    for line in run(args.trials, tuple(args.cuts)):
        print(line, flush=True)


if __name__ == "__main__":
    main()
