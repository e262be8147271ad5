"""Match files read by us and by GNU Backgammon, side by side: per file, each
game's winner and points and the final score.

GNU Backgammon (the ``gnubg`` PyPI package, GPL) is the referee only: it runs
in a child process (its importer keeps global state, and a file it cannot
read must not take this process down), reading each file with ``import mat``.

    python -m bench.match_files FILE...     # one line per file, then the count
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.formats.mat import MatFile

Outcome = list[tuple[int, int] | None]
"""Each game's (winner, points), ``None`` for a game without a result."""

_CHILD = r"""
import json, sys
from bench import gnubg_mat
import gnubg
gnubg_mat.quiet("set confirm new off", "set confirm default yes")
for path in sys.argv[1:]:
    try:
        gnubg_mat.capture(f"import mat {path}")
        match = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
        games = []
        for game in match["games"]:
            info = game["info"]
            winner = info.get("winner")
            games.append(None if winner is None else [0 if winner == "X" else 1,
                                                      info.get("points-won")])
        print(json.dumps([path, games]), flush=True)
    except Exception as exc:
        print(json.dumps([path, repr(exc)]), flush=True)
"""


def ours(path: Path) -> tuple[Outcome, tuple[int, int]]:
    """Each game's outcome and the final score, as we read the file."""
    mat = MatFile.parse(path.read_bytes().decode("utf-8", "replace"))
    games: Outcome = []
    for game in mat.record.games:
        r = game.result
        games.append(None if r is None else (r.winner, r.points))
    return games, mat.match().score


def final_score(start: tuple[int, int], games: Outcome) -> tuple[int, int]:
    """The score after ``games`` from ``start``.

    >>> final_score((0, 1), [(0, 2), None, (1, 1)])
    (2, 2)
    """
    s = list(start)
    for outcome in games:
        if outcome is not None:
            s[outcome[0]] += outcome[1]
    return (s[0], s[1])


def gnubg_outcomes(paths: Sequence[Path]) -> dict[Path, Outcome | str]:
    """Each file's outcome as GNU Backgammon imports it (or why it could not)."""
    root = Path(__file__).resolve().parent.parent
    args = [str(p.resolve()) for p in paths]
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=root,
        timeout=60 + 5 * len(args),
        check=False,
    )
    out: dict[Path, Outcome | str] = {}
    for line in done.stdout.splitlines():
        if not line.startswith('["'):
            continue  # what gnubg prints as it imports
        path, games = json.loads(line)
        if isinstance(games, str):
            out[Path(path)] = games
        else:
            out[Path(path)] = [None if g is None else (g[0], g[1]) for g in games]
    return {p: out.get(p.resolve(), "gnubg said nothing") for p in paths}


def main(argv: Sequence[str] | None = None) -> int:
    paths = [Path(a) for a in (sys.argv[1:] if argv is None else argv)]
    theirs = gnubg_outcomes(paths)
    agree = 0
    for path in paths:
        games, score = ours(path)
        ref = theirs[path]
        same = games == ref
        agree += same
        print(f"{'same' if same else 'DIFFERENT'}  {path.name}: {len(games)} games, {score}")
        if not same:
            print(f"    ours  {games}\n    gnubg {ref}")
    print(f"{agree} of {len(paths)} read as GNU Backgammon reads them")
    return 0 if agree == len(paths) else 1


if __name__ == "__main__":
    raise SystemExit(main())
