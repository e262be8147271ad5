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

``--files FILE...`` compares on real matches instead (``.mat`` or ``.txt``
files another program wrote, e.g. Backgammon Galaxy's downloads, see
``tests/data/README.md``): gnubg imports each one and analyses it at
``--plies``; its text export gives its verdict on each decision
(:mod:`bench.gnubg_text`), which its own statistics confirm.  With
``--checkpoint DIR`` each match's figures (gnubg's, then ours at each depth)
are written to ``DIR/<file>.json`` as soon as they are known and read back on
the next run, so that a long run resumes where it stopped.  The table gives
per player both PRs and, below, where the differences come from: the
checker-play and the cube part of each PR, the decisions counted on each
side, and the decisions whose losses differ most.

    python -m bench.pr_agreement --files m1.txt m2.txt --ours-plies 1 2 --checkpoint CHECKPOINT_DIR

``--gnubg-refs 0 1`` adds reference judges: gnubg's own analysis of the same
matches at 0- and 1-ply, set against its ``--plies`` one exactly as ours is
(a column, a mean |diff| and a breakdown each).  They say how far a judge
that differs from the reference only by its depth lands on these matches:
how much of our difference any judge but gnubg 2-ply itself would show on
PRs of 25 to 80 decisions.  The mean |diff| lines are given per match
length as well.  ``--ours-plies`` with no depth gives gnubg's figures only
(seconds a match), ``--summary`` leaves out the player-by-player table.

    python -m bench.pr_agreement --files m*.txt --ours-plies --gnubg-refs 0 1 --summary

gnubg (GPL) is the referee only: never imported by the engine; it runs with
``set threads 1`` (:func:`bench.gnubg_mat.setup`) so that it leaves the other
core to the rest of the machine.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from bench import gnubg_mat, gnubg_text
from engine.ai.review import Grade, MatchReview, review
from engine.formats.mat import MatFile
from engine.formats.match_file import read_match_file


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


# -- real matches --------------------------------------------------------------------


def _gnubg_real(path: Path, plies: int) -> dict[str, object]:
    """gnubg's analysis of the match in ``path``: its statistics' names and
    totals and each decision's verdict (:mod:`bench.gnubg_text`)."""
    gnubg_mat.setup(1, analysis_plies=plies)
    gnubg_mat.quiet("set confirm new off", "set confirm default yes")
    gnubg_mat.quiet(f'import mat "{path}"')
    gnubg_mat.quiet("analyse match")
    stats = gnubg_mat.capture("show statistics match")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "match.txt"
        gnubg_mat.quiet(f'export match text "{out}"')
        # one file a game: match.txt, then match_002.txt, match_003.txt...
        games = sorted(Path(tmp).glob("match*.txt"), key=lambda f: (len(f.name), f.name))
        text = "".join(f.read_text(errors="replace") for f in games)
    names = stats.splitlines()[0].split()[1:3]
    pr = gnubg_mat._pair(stats, "Error rate mEMG", "Overall statistics")
    return {
        "names": names,
        "pr": [abs(x) / 2.0 for x in pr],
        "decisions": [asdict(d) for d in gnubg_text.decisions(text)],
    }


def _ours_real(mat: MatFile, depth: int) -> list[dict[str, object]]:
    r = review(mat.record, plies=depth)
    return [
        {
            "game": j.decision.game,
            "player": mat.names[j.decision.player],
            "kind": "play" if j.decision.kind == "play" else j.decision.chosen,
            "chosen": j.decision.chosen,
            "dice": "".join(str(x) for x in sorted(j.decision.dice or (), reverse=True)),
            "loss": j.loss,
            "counted": j.counted,
        }
        for j in r.judgements
    ]


def real_match(
    path: Path,
    plies: int,
    depths: Sequence[int],
    checkpoint: Path | None,
    compute: bool = True,
    refs: Sequence[int] = (),
) -> dict[str, object]:
    """gnubg's and our figures for the match in ``path``, resumed from and saved
    to ``checkpoint`` (a folder) when given; ``compute=False`` only reads what
    the checkpoint holds.  ``refs``: the depths at which gnubg's own analysis
    is also kept (``data["gnubg@K"]``), the reference judges set against its
    ``plies`` one as ours are."""
    saved = checkpoint / f"{path.name}.json" if checkpoint else None
    data: dict[str, object] = json.loads(saved.read_text()) if saved and saved.exists() else {}

    def keep() -> None:
        if saved:
            saved.write_text(json.dumps(data))

    if not compute:
        return data
    mat = read_match_file(path.read_bytes())
    if "gnubg" not in data:
        data["gnubg"] = _gnubg_real(path, plies)
        data["names"] = list(mat.names)
        data["length"] = mat.record.rules.match_length
        keep()
    for k in refs:
        if f"gnubg@{k}" not in data:
            data[f"gnubg@{k}"] = _gnubg_real(path, k)
            keep()
    ours = data.setdefault("ours", {})
    assert isinstance(ours, dict)
    for k in depths:
        if str(k) not in ours:
            t = time.perf_counter()
            ours[str(k)] = _ours_real(mat, k)
            data[f"seconds@{k}"] = time.perf_counter() - t
            keep()
    return data


@dataclass(frozen=True, slots=True)
class Part:
    """One side's figures for one player: decisions and summed losses by kind."""

    plays: int
    cube: int
    play_error: float
    cube_error: float

    @property
    def decisions(self) -> int:
        return self.plays + self.cube

    @property
    def pr(self) -> float:
        n = self.decisions
        return 500.0 * (self.play_error + self.cube_error) / n if n else 0.0

    @classmethod
    def of(cls, rows: Sequence[dict[str, object]], player: str) -> Part:
        mine = [r for r in rows if r["player"] == player and r["counted"]]
        plays = [r for r in mine if r["kind"] == "play"]
        cube = [r for r in mine if r["kind"] != "play"]
        return cls(
            len(plays),
            len(cube),
            sum(float(str(r["loss"])) for r in plays),
            sum(float(str(r["loss"])) for r in cube),
        )


def _ci(xs: Sequence[float]) -> str:
    """Mean with a rough 95% interval (normal approximation)."""
    if len(xs) < 2:
        return f"{statistics.fmean(xs):.2f}" if xs else "-"
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{statistics.fmean(xs):.2f} ± {half:.2f}"


def _minus(xs: Sequence[float], ys: Sequence[float]) -> list[float]:
    return [a - b for a, b in zip(xs, ys, strict=True)]


def _pairs(
    ours: Sequence[dict[str, object]], theirs: Sequence[dict[str, object]]
) -> list[tuple[dict[str, object], dict[str, object]]]:
    """Our and gnubg's verdicts on the same checker plays, paired in order (game,
    player, the roll) where both list the same rolls."""
    out = []
    keys = {(str(r["game"]), str(r["player"])) for r in ours}
    for g, p in sorted(keys):
        a = [r for r in ours if str(r["game"]) == g and r["player"] == p and r["kind"] == "play"]
        b = [r for r in theirs if str(r["game"]) == g and r["player"] == p and r["kind"] == "play"]
        if [r["dice"] for r in a] == [r["dice"] for r in b]:
            out += list(zip(a, b, strict=True))
    return out


def _judges(data: dict[str, object], depths: Sequence[int], refs: Sequence[int]) -> list[str]:
    """The judges set against gnubg's analysis in one match's figures, as
    column labels: gnubg's own references (``g@K``), then ours (``@K``)."""
    ours = data.get("ours", {})
    assert isinstance(ours, dict)
    return [f"g@{k}" for k in refs if f"gnubg@{k}" in data] + [
        f"@{k}" for k in depths if str(k) in ours
    ]


def _verdicts(data: dict[str, object], judge: str) -> list[dict[str, object]]:
    """One judge's verdict on each decision of the match (see :func:`_judges`)."""
    if judge.startswith("g@"):
        ref = data[f"gnubg{judge[1:]}"]
        assert isinstance(ref, dict)
        return list(ref["decisions"])
    ours = data["ours"]
    assert isinstance(ours, dict)
    return list(ours[judge[1:]])


def _stated(data: dict[str, object], judge: str, name: str) -> float:
    """``name``'s PR by ``judge``: gnubg's statistics for its own analyses (the
    parsed verdicts add up to the same), our review's verdicts for ours."""
    if judge.startswith("g@") or judge == "gnubg":
        ref = data["gnubg" if judge == "gnubg" else f"gnubg{judge[1:]}"]
        assert isinstance(ref, dict)
        stated = dict(zip(ref["names"], ref["pr"], strict=True))
        if name in stated:
            return float(stated[name])
        return Part.of(ref["decisions"], name).pr
    return Part.of(_verdicts(data, judge), name).pr


def _read_alike(data: dict[str, object]) -> bool:
    """Whether GNU Backgammon's analysis of a match has decisions of the players we read."""
    gnubg, names = data["gnubg"], data["names"]
    if not isinstance(gnubg, dict) or not isinstance(names, list):
        return False
    return set(names) == set(gnubg["names"]) and bool(gnubg["decisions"])


def _label(judge: str) -> str:
    return f"gnubg {judge[2:]}-ply" if judge.startswith("g@") else f"ours {judge[1:]}-ply"


def report_real(
    results: Sequence[tuple[Path, dict[str, object]]],
    depths: Sequence[int],
    refs: Sequence[int] = (),
    rows: bool = True,
) -> None:
    """The table of :func:`main`'s ``--files`` mode and where the differences come
    from.  ``refs``: gnubg's own analyses at those depths, set against its
    reference analysis as ours are (how far a judge as good as gnubg at a
    smaller depth lands on the same matches); ``rows=False`` leaves out the
    player-by-player table."""
    judges = [f"g@{k}" for k in refs] + [f"@{k}" for k in depths]
    head = (
        f"{'match':<22} {'len':>3} {'player':<14} {'decisions':>13}"
        + f" {'PR gnubg':>8}"
        + "".join(f" {'PR ' + j:>7}" for j in judges)
        + "".join(f" {'diff' + j:>7}" for j in judges)
    )
    if rows:
        print(head)
        print(f"{'':<22} {'':>3} {'':<14} {'gnubg' + ''.join(f' @{k}' for k in depths):>13}")
    diffs: dict[str, list[tuple[int, float]]] = {j: [] for j in judges}
    by_player: dict[tuple[str, str], dict[str, float]] = {}  # (match, player) -> judge -> diff
    parts: dict[str, list[tuple[Part, Part]]] = {j: [] for j in judges}
    paired: dict[str, list[tuple[str, dict[str, object], dict[str, object]]]] = {
        j: [] for j in judges
    }
    for path, data in results:
        gnubg = data["gnubg"]
        assert isinstance(gnubg, dict)
        theirs = gnubg["decisions"]
        have = _judges(data, depths, refs)
        length = int(str(data["length"]))
        for name in data["names"]:  # type: ignore[attr-defined]
            g = Part.of(theirs, name)
            pr = _stated(data, "gnubg", name)
            mine = {j: _stated(data, j, name) for j in have}
            counts = f"{g.decisions} " + " ".join(
                f"{Part.of(_verdicts(data, f'@{k}'), name).decisions}" if f"@{k}" in have else "-"
                for k in depths
            )
            if rows:
                print(
                    f"{path.stem[:22]:<22} {length:>3} {name[:14]:<14} {counts:>13}"
                    f" {pr:>8.2f}"
                    + "".join(f" {mine[j]:>7.2f}" if j in mine else f" {'-':>7}" for j in judges)
                    + "".join(
                        f" {mine[j] - pr:>+7.2f}" if j in mine else f" {'-':>7}" for j in judges
                    )
                )
            for j in have:
                diffs[j].append((length, mine[j] - pr))
                by_player.setdefault((path.stem, name), {})[j] = mine[j] - pr
                parts[j].append((Part.of(_verdicts(data, j), name), g))
        for j in have:
            paired[j] += [(path.stem, a, b) for a, b in _pairs(_verdicts(data, j), theirs)]
    print(f"\n{len(results)} matches")
    judges = [j for j in judges if diffs[j]]
    lengths = sorted({n for j in judges for n, _ in diffs[j]})
    for j in judges:
        for n in [None, *lengths] if len(lengths) > 1 else [None]:
            d = [x for m, x in diffs[j] if n is None or m == n]
            if not d:
                continue
            if n is None:
                what = "all lengths" if len(lengths) > 1 else f"{lengths[0]}-point matches"
            else:
                what = f"{n}-point matches"
            print(
                f"{_label(j)} ({what}, {len(d)} player-matches): mean |diff| "
                f"{_ci([abs(x) for x in d])} PR points (95%); "
                f"mean diff (judge - gnubg) {_ci(d)}"
            )
    # Ours against each reference on the same player-matches: the paired
    # difference of the |diff|s says whether ours is nearer or farther than it
    for j in [j for j in judges if not j.startswith("g@")]:
        for r in [r for r in judges if r.startswith("g@")]:
            both = [d for d in by_player.values() if j in d and r in d]
            if both:
                print(
                    f"{_label(j)} against {_label(r)}, paired ({len(both)} player-matches): "
                    f"|diff| {_ci([abs(d[j]) for d in both])} against "
                    f"{_ci([abs(d[r]) for d in both])}; "
                    f"difference {_ci([abs(d[j]) - abs(d[r]) for d in both])}"
                )
    print(
        "\nWhere it comes from (per player-match, means; PR parts = 500 x error / all decisions):"
    )
    for j in judges:
        ours_p = [500 * m.play_error / max(1, m.decisions) for m, _ in parts[j]]
        theirs_p = [500 * g.play_error / max(1, g.decisions) for _, g in parts[j]]
        ours_c = [500 * m.cube_error / max(1, m.decisions) for m, _ in parts[j]]
        theirs_c = [500 * g.cube_error / max(1, g.decisions) for _, g in parts[j]]
        print(
            f"  {_label(j)}: checker part judge {statistics.fmean(ours_p):.2f} gnubg "
            f"{statistics.fmean(theirs_p):.2f} (diff {_ci(_minus(ours_p, theirs_p))}); "
            f"cube part judge {statistics.fmean(ours_c):.2f} gnubg "
            f"{statistics.fmean(theirs_c):.2f} (diff {_ci(_minus(ours_c, theirs_c))})"
        )
        print(
            f"           decisions: plays judge {sum(m.plays for m, _ in parts[j])} gnubg "
            f"{sum(g.plays for _, g in parts[j])}; cube judge {sum(m.cube for m, _ in parts[j])} "
            f"gnubg {sum(g.cube for _, g in parts[j])}"
        )
        pairs = paired[j]
        if pairs:
            gaps = [float(str(a["loss"])) - float(str(b["loss"])) for _, a, b in pairs]
            big = sorted((abs(x) for x in gaps), reverse=True)[: max(1, len(gaps) // 10)]
            print(
                f"           {len(pairs)} checker plays paired: mean loss judge - gnubg "
                f"{1000 * statistics.fmean(gaps):+.1f} mp, mean |gap| "
                f"{1000 * statistics.fmean(abs(x) for x in gaps):.1f} mp; "
                f"share of the summed |gap| from the 10% largest: "
                f"{sum(big) / max(1e-9, sum(abs(x) for x in gaps)):.0%}"
            )
            worst = sorted(
                pairs, key=lambda t: -abs(float(str(t[1]["loss"])) - float(str(t[2]["loss"])))
            )
            for stem, a, b in worst[: 8 if rows else 0]:
                print(
                    f"             {stem} game {a['game']} {a['player']} {a['dice']} "
                    f"{a.get('chosen', '')}: judge {1000 * float(str(a['loss'])):.0f} mp, "
                    f"gnubg {1000 * float(str(b['loss'])):.0f} mp"
                )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches to play (3)")
    parser.add_argument("--length", type=int, default=3, help="points per match (3)")
    parser.add_argument("--noise", type=float, help="one evaluation noise for both players")
    parser.add_argument("--plies", type=int, default=2, help="gnubg's analysis depth (2)")
    parser.add_argument("--seed", type=int, default=1, help="the first match's dice seed")
    parser.add_argument(
        "--ours-plies",
        type=int,
        nargs="*",
        default=[1],
        help="our review's depths (1; none: gnubg's figures only)",
    )
    parser.add_argument(
        "--gnubg-refs",
        type=int,
        nargs="*",
        default=[],
        help="with --files: gnubg's own analysis also at these depths, set against its --plies one",
    )
    parser.add_argument(
        "--summary", action="store_true", help="with --files: no player-by-player table"
    )
    parser.add_argument("--files", nargs="+", type=Path, help="real match files instead")
    parser.add_argument("--checkpoint", type=Path, help="a folder for each match's figures")
    parser.add_argument(
        "--report-only",
        dest="compute",
        action="store_false",
        help="only the table of what the checkpoint holds",
    )
    args = parser.parse_args(argv)
    depths: list[int] = list(dict.fromkeys(args.ours_plies))
    if args.files:
        if args.checkpoint:
            args.checkpoint.mkdir(parents=True, exist_ok=True)
        refs = list(dict.fromkeys(args.gnubg_refs))
        # gnubg's figures for every match first (seconds a match), then ours at
        # the first depth, then at the next: a run stopped early still has the
        # cheap figures for all of them
        staged = args.compute and args.checkpoint is not None
        for path in args.files if staged else []:
            t = time.perf_counter()
            real_match(path, args.plies, [], args.checkpoint, refs=refs)
            print(f"{path.name} by gnubg: {time.perf_counter() - t:.0f} s", flush=True)
        for k in depths if staged else []:
            for path in args.files:
                t = time.perf_counter()
                real_match(path, args.plies, [k], args.checkpoint)
                print(f"{path.name} at {k}-ply: {time.perf_counter() - t:.0f} s", flush=True)
        results = [
            (path, real_match(path, args.plies, depths, args.checkpoint, args.compute, refs))
            for path in args.files
        ]
        results = [(path, data) for path, data in results if "gnubg" in data]
        print()
        # A file GNU Backgammon read otherwise (no decision, or other players: a
        # name left empty) has no verdict to set ours against, player by player:
        # its PRs would read 0.00 and count.
        for path, data in results:
            if not _read_alike(data):
                print(f"left out: {path.name} (GNU Backgammon read other players from it)")
        results = [(path, data) for path, data in results if _read_alike(data)]
        report_real(results, depths, refs, rows=not args.summary)
        return 0
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
