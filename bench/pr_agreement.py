"""PR agreement: our performance rating of each player next to GNU Backgammon's.

For each of ``--matches`` matches, gnubg plays a ``--length``-point match
against itself, each side's evaluations blurred by its own noise (the pairs
of ``NOISES`` in turn, or ``--noise`` for both), so that the players err by
different amounts; gnubg writes it with ``export match mat``, and analyses it (``analyse
match`` at ``--plies``, then ``show statistics match``).  We read the same
``.mat`` file and review it with King Tubby (:mod:`engine.ai.review`).  The
table gives, per player, the decisions each side counted, the checker-play
mistakes and blunders each marked, and the two PRs (gnubg's: its overall
"error rate mEMG" / 2, the same definition).  ``--ours-plies 1 2`` reviews
each match at both of King Tubby's analysis depths (``review(record,
plies=...)``), a PR column and a mean |diff| each.

    python -m bench.pr_agreement                 # 3 matches of 3 points, a few minutes
    python -m bench.pr_agreement --matches 10 --length 5
    python -m bench.pr_agreement --ours-plies 1 2   # our review at 1- and 2-ply

gnubg (GPL) is the referee only: never imported by the engine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench import gnubg_mat
from engine.ai.review import Grade, MatchReview, review
from engine.formats.mat import MatFile


@dataclass(frozen=True, slots=True)
class Row:
    match: int
    name: str
    noise: float
    ours_decisions: int
    gnubg_decisions: int
    ours_bad: tuple[int, int]  # checker-play mistakes, blunders
    gnubg_bad: tuple[int, int]  # checker plays marked bad, very bad
    ours_pr: tuple[float, ...]  # one a depth of ours_plies
    gnubg_pr: float


def _checker_bad(r: MatchReview, player: int) -> tuple[int, int]:
    grades = [
        j.grade for j in r.judgements if j.decision.player == player and j.decision.kind == "play"
    ]
    return grades.count(Grade.MISTAKE), grades.count(Grade.BLUNDER)


NOISES: tuple[tuple[float, float], ...] = ((0.0, 0.06), (0.03, 0.0), (0.09, 0.02), (0.015, 0.045))
"""Each player's evaluation noise, match by match: from gnubg's own 0-ply play to a weak player."""


def one_match(
    index: int,
    seed: int,
    length: int,
    noise: tuple[float, float],
    plies: int,
    ours_plies: Sequence[int] = (1,),
) -> list[Row]:
    gnubg_mat.setup(seed, noise=noise, analysis_plies=plies)
    gnubg_mat.quiet(f"new match {length}")
    gnubg_mat.names("Alice", "Bob")
    text = gnubg_mat.export_mat()
    theirs = gnubg_mat.analyse()
    mat = MatFile.parse(text)
    reviews = [review(mat.record, plies=k) for k in ours_plies]
    ours = reviews[0]
    return [
        Row(
            index,
            mat.names[p],
            noise[p],
            ours.players[p].decisions,
            theirs[p].unforced + theirs[p].close_cube,
            _checker_bad(ours, p),
            (theirs[p].bad, theirs[p].very_bad),
            tuple(r.players[p].pr for r in reviews),
            theirs[p].pr,
        )
        for p in (0, 1)
    ]


def _pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    if len(xs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return math.nan
    return statistics.correlation(xs, ys)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches to play (3)")
    parser.add_argument("--length", type=int, default=3, help="points per match (3)")
    parser.add_argument("--noise", type=float, help="one evaluation noise for both players")
    parser.add_argument("--plies", type=int, default=2, help="gnubg's analysis depth (2)")
    parser.add_argument("--seed", type=int, default=1, help="the first match's dice seed")
    parser.add_argument(
        "--ours-plies", type=int, nargs="+", default=[1], help="our review's depths (1)"
    )
    args = parser.parse_args(argv)
    depths: list[int] = list(dict.fromkeys(args.ours_plies))
    rows: list[Row] = []
    started = time.perf_counter()
    for k in range(args.matches):
        noise = NOISES[k % len(NOISES)] if args.noise is None else (args.noise, args.noise)
        rows += one_match(k + 1, args.seed + k, args.length, noise, args.plies, depths)
    took = time.perf_counter() - started
    print(
        f"{args.matches} matches to {args.length} points played by gnubg "
        f"(noise {'per player' if args.noise is None else args.noise}), "
        f"analysed by gnubg at {args.plies}-ply and by King Tubby at "
        f"{', '.join(f'{k}-ply' for k in depths)} (the first depth counts the errors); "
        f"{took:.0f} s"
    )
    print()
    head = (
        f"{'match':>5} {'player':<7} {'noise':>5} {'decisions':>13}"
        f" {'mistakes':>11} {'blunders':>11}"
        + "".join(f" {f'PR ours@{k}':>10}" for k in depths)
        + f" {'PR gnubg':>9}"
        + "".join(f" {f'diff@{k}':>7}" for k in depths)
    )
    print(head)
    print(f"{'':>5} {'':<7} {'':>5} {'ours gnubg':>13} {'ours gnubg':>11} {'ours gnubg':>11}")
    for r in rows:
        print(
            f"{r.match:>5} {r.name:<7} {r.noise:>5.3f} {r.ours_decisions:>6} {r.gnubg_decisions:>6}"
            f" {r.ours_bad[0]:>5} {r.gnubg_bad[0]:>5} {r.ours_bad[1]:>5} {r.gnubg_bad[1]:>5}"
            + "".join(f" {pr:>10.1f}" for pr in r.ours_pr)
            + f" {r.gnubg_pr:>9.1f}"
            + "".join(f" {pr - r.gnubg_pr:>+7.1f}" for pr in r.ours_pr)
        )
    theirs = [r.gnubg_pr for r in rows]
    print()
    for i, k in enumerate(depths):
        ours = [r.ours_pr[i] for r in rows]
        diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
        print(
            f"ours@{k}: mean PR: ours {statistics.fmean(ours):.1f}, "
            f"gnubg {statistics.fmean(theirs):.1f}; "
            f"mean |diff| {statistics.fmean(abs(d) for d in diffs):.1f}; "
            f"correlation {_pearson(ours, theirs):.2f} over {len(rows)} player-matches"
        )
    print("(mistakes and blunders: checker plays only; gnubg's 'bad' and 'very bad')")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
