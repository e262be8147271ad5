"""Experiment: our checker-play losses valued cubeless or cubefully, against gnubg's.

GNU Backgammon values a checker play by its cubeful equity; our review
(:mod:`engine.ai.review`) did so by the cubeless equity at the score until this
experiment showed the difference, and now values them cubefully
(:mod:`engine.ai.cubeful_plays`).  For each
match file, one pass of our 1-ply review gives both: the plays are ranked as
King Tubby ranks them (:func:`engine.ai.rank_plays`, the play made judged as
deep as the best), and each play at the deepest level is valued twice, by
its cubeless equity and by the opponent's cubeful equity on roll after it
(:func:`engine.ai.cubeful_plays.cubeful_value`).  Cube decisions are judged
as shipped in both.  gnubg's 2-ply verdicts (and its 0- and 1-ply PRs) come
from :func:`bench.pr_agreement.real_match`, in the same checkpoint files
(``ours_cl`` cubeless, ``ours_cf`` cubeful; ``ours["1"]``, the shipped
review's as that bench writes it, is cubeful now).

    PYTHONPATH=. python -m bench.pr_cubeful --checkpoint DIR m1.txt m2.txt

The table: per match length, the mean |PR difference| to gnubg 2-ply each
way and their paired difference, the signed means, and the checker plays'
mean |gap| to gnubg (each match's mean as one observation).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from bench.pr_agreement import Part, _ci, _pairs, _stated, real_match
from engine.ai.cubeful_plays import cubeful_value
from engine.ai.player import rank_plays
from engine.ai.review import judge
from engine.formats.match_file import read_match_file
from engine.names import DecisionKind
from engine.review import Judgement, decisions


def _row(j: Judgement, names: Sequence[str], loss: float) -> dict[str, object]:
    d = j.decision
    return {
        "game": d.game,
        "player": names[d.player],
        "kind": "play" if d.kind == DecisionKind.PLAY else d.chosen,
        "chosen": d.chosen,
        "dice": "".join(str(x) for x in sorted(d.dice or (), reverse=True)),
        "loss": loss,
        "counted": j.counted,
    }


def both_ways(path: Path) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """Our 1-ply verdicts on every decision of the match in ``path``: cubeless, cubeful."""
    mat = read_match_file(path.read_bytes())
    cubeless: list[dict[str, object]] = []
    cubeful_rows: list[dict[str, object]] = []
    for d in decisions(mat.record):
        if d.kind == DecisionKind.CUBE or d.dice is None or d.played is None:
            j = judge(d, 1)
            cubeless.append(_row(j, mat.names, j.loss))
            cubeful_rows.append(_row(j, mat.names, j.loss))
            continue
        ranked = rank_plays(d.position, d.dice, "hard", d.cube, 1, d.played.swap())
        mine = next(r for r in ranked if r.play.result.swap() == d.played)
        deep = [r for r in ranked if r.ply > 0 or r.worked_out] or ranked
        if mine not in deep:
            deep = ranked
        values = {id(r): cubeful_value(r, d.cube) for r in deep}
        top = ranked[0]
        j = Judgement(d, max(0.0, mine.loss), str(top.play), top.play.moves, len(ranked) > 1)
        cubeless.append(_row(j, mat.names, j.loss))
        cubeful_rows.append(_row(j, mat.names, max(0.0, max(values.values()) - values[id(mine)])))
    return cubeless, cubeful_rows


def run(path: Path, checkpoint: Path) -> dict[str, object]:
    """gnubg's figures and ours both ways for one match, resumed from ``checkpoint``."""
    data = real_match(path, 2, [], checkpoint, refs=(0, 1))
    if "ours_cf" in data and "ours_cl" in data:
        return data
    t = time.perf_counter()
    cubeless, cubeful_rows = both_ways(path)
    saved = checkpoint / f"{path.name}.json"
    data = dict(json.loads(saved.read_text()))
    data["ours_cl"] = cubeless
    data["ours_cf"] = cubeful_rows
    data["seconds_cf"] = time.perf_counter() - t
    saved.write_text(json.dumps(data))
    return data


def report(results: Sequence[dict[str, object]]) -> None:
    rows: list[tuple[int, float, float, float]] = []
    per_match: list[float] = []
    gaps: dict[str, list[float]] = {"cubeless": [], "cubeful": []}
    for data in results:
        gnubg = data["gnubg"]
        assert isinstance(gnubg, dict)
        mine: list[dict[str, object]] = data["ours_cl"]  # type: ignore[assignment]
        cf: list[dict[str, object]] = data["ours_cf"]  # type: ignore[assignment]
        for name in data["names"]:  # type: ignore[attr-defined]
            g = _stated(data, "gnubg", name)
            rows.append((int(str(data["length"])), g, Part.of(mine, name).pr, Part.of(cf, name).pr))
        a = [
            float(str(x["loss"])) - float(str(y["loss"]))
            for x, y in _pairs(mine, gnubg["decisions"])
        ]
        b = [
            float(str(x["loss"])) - float(str(y["loss"])) for x, y in _pairs(cf, gnubg["decisions"])
        ]
        gaps["cubeless"] += a
        gaps["cubeful"] += b
        if a:
            per_match.append(1000 * (statistics.fmean(map(abs, b)) - statistics.fmean(map(abs, a))))
    print(f"{len(results)} matches; mean |PR diff| to gnubg 2-ply (95%)")
    print(
        f"{'length':>7} {'n':>3} {'cubeless':>13} {'cubeful':>13} {'cf - cl paired':>15}"
        f" {'signed cl':>13} {'signed cf':>13}"
    )
    for n in [*sorted({r[0] for r in rows}), None]:
        sel = [r for r in rows if n is None or r[0] == n]
        dl = [r[2] - r[1] for r in sel]
        df = [r[3] - r[1] for r in sel]
        print(
            f"{n or 'all'!s:>7} {len(sel):>3} {_ci([abs(x) for x in dl]):>13}"
            f" {_ci([abs(x) for x in df]):>13}"
            f" {_ci([abs(y) - abs(x) for x, y in zip(dl, df, strict=True)]):>15}"
            f" {_ci(dl):>13} {_ci(df):>13}"
        )
    if per_match:
        print(
            f"{len(gaps['cubeless'])} checker plays paired: mean |gap| cubeless "
            f"{1000 * statistics.fmean(map(abs, gaps['cubeless'])):.2f} mp, cubeful "
            f"{1000 * statistics.fmean(map(abs, gaps['cubeful'])):.2f} mp "
            f"(per match, cubeful - cubeless: {_ci(per_match)} mp); mean gap "
            f"{1000 * statistics.fmean(gaps['cubeless']):+.2f} and "
            f"{1000 * statistics.fmean(gaps['cubeful']):+.2f} mp"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="match files (.mat, .txt)")
    parser.add_argument("--checkpoint", type=Path, required=True, help="a folder for figures")
    parser.add_argument("--report-only", dest="compute", action="store_false")
    args = parser.parse_args(argv)
    args.checkpoint.mkdir(parents=True, exist_ok=True)
    results = []
    for path in args.files:
        if args.compute:
            t = time.perf_counter()
            results.append(run(path, args.checkpoint))
            print(f"{path.name}: {time.perf_counter() - t:.0f} s", flush=True)
        else:
            saved = args.checkpoint / f"{path.name}.json"
            if saved.exists():
                results.append(json.loads(saved.read_text()))
    report([r for r in results if "ours_cf" in r and "ours_cl" in r])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
