"""Whole-match analysis time (issue #47), in CPython: every decision of a match
judged as the page's AI workers judge it, with and without each roll's luck.

    PYTHONPATH=. .venv/bin/python -m bench.match_analysis_speed
    PYTHONPATH=. .venv/bin/python -m bench.match_analysis_speed --file my.mat --limit 100

The table gives, for the match file's decisions (or the first ``--limit``):
the time of the review alone (:func:`engine.ai.review.judge`, what "Review
this game" asks) and of the match analysis (:func:`engine.ai.match_analysis.analyse_decision`,
which adds the luck of each roll), side by side, per decision and as the whole,
and what a 7-point match of :data:`DECISIONS` decisions takes on one worker and
on two (the page hands decisions to both; each is independent).  The two runs
are interleaved decision by decision, so that a busy machine slows both alike.
Pyodide in Chromium is slower than CPython by a factor ``bench.ai_speed``'s
Pyodide runner measures; the page's figure is this one times that factor.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

DEFAULT = Path(__file__).parents[1] / "tests" / "data" / "mat" / "selfplay_7pt.mat"
DECISIONS = 650
"""About how many decisions a 7-point match between good players has."""


def run(path: Path, limit: int | None) -> list[str]:
    from engine.ai.match_analysis import analyse_decision
    from engine.ai.review import judge
    from engine.formats.match_file import read_match_file
    from engine.review import decisions

    mat = read_match_file(path.read_text())
    ds = decisions(mat.record)[:limit]
    review_s = analyse_s = 0.0
    for d in ds:
        t0 = time.perf_counter()
        judge(d)
        t1 = time.perf_counter()
        analyse_decision(d)
        t2 = time.perf_counter()
        review_s += t1 - t0
        analyse_s += t2 - t1
    n = len(ds)
    lines = [
        f"{path.name}: {n} decisions of {len(mat.record.games)} games (CPython)",
        "",
        f"{'':28}{'review':>10}{'analysis':>10}{'ratio':>8}",
        f"{'seconds, all':28}{review_s:>10.1f}{analyse_s:>10.1f}{analyse_s / review_s:>8.2f}",
        f"{'ms per decision':28}{1000 * review_s / n:>10.0f}{1000 * analyse_s / n:>10.0f}",
    ]
    for workers in (1, 2):
        r, a = (DECISIONS * s / n / workers for s in (review_s, analyse_s))
        label = f"{DECISIONS} decisions, {workers} worker{'s' if workers > 1 else ''}, s"
        lines.append(f"{label:28}{r:>10.0f}{a:>10.0f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT, help="a match file (.mat, .sgf, .xg)")
    ap.add_argument("--limit", type=int, default=None, help="only the first N decisions")
    args = ap.parse_args()
    print("\n".join(run(args.file, args.limit)))


if __name__ == "__main__":
    main()
