"""Match files read by us and by GNU Backgammon, side by side: per file, each
game's winner and points and the score it starts at (GNU Backgammon keeps the
score each game's header gives), and so the final score.

GNU Backgammon (the ``gnubg`` PyPI package, GPL) is the referee only: it runs
in a child process (its importer keeps global state, and a file it cannot
read must not take this process down), reading each file with ``import mat``.
It reads neither eXtreme Gammon's ``.xg`` nor, here, its own ``.sgf`` (``load
match`` crashes the package): such a file is checked against the ``.mat`` of the
same match lying beside it (same name), which GNU Backgammon reads.

    python -m bench.match_files FILE...     # one line per file, then the count
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.formats import xg
from engine.formats.match_file import read_match_file

Outcome = list[tuple[int, int] | None]
"""Each game's (winner, points), ``None`` for a game without a result."""
Starts = list[tuple[int, int]]
"""Each game's score at its start."""

_CHILD = r"""
import json, sys
from bench import gnubg_mat
import gnubg
gnubg_mat.quiet("set confirm new off", "set confirm default yes")
for path in sys.argv[1:]:
    try:
        gnubg_mat.capture(f'import mat "{path}"')  # quoted: a name may have spaces
        match = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
        games, starts = [], []
        for game in match["games"]:
            info = game["info"]
            winner = info.get("winner")
            games.append(None if winner is None else [0 if winner == "X" else 1,
                                                      info.get("points-won")])
            starts.append([info.get("score-X"), info.get("score-O")])
        print(json.dumps([path, games, starts]), flush=True)
    except Exception as exc:
        print(json.dumps([path, repr(exc)]), flush=True)
"""


_WRITER = r"""
import sys
from pathlib import Path
from bench import gnubg_mat
gnubg_mat.quiet("set confirm new off", "set confirm default yes", "set threads 1",
                "set analysis chequerplay evaluation plies 0",
                "set analysis cubedecision evaluation plies 0")
out = Path(sys.argv[1])
for path in sys.argv[2:]:
    stem = out / Path(path).stem
    gnubg_mat.capture(f'import mat "{path}"')
    gnubg_mat.capture("analyse match")
    gnubg_mat.capture(f'export match mat "{stem}.mat"')
    gnubg_mat.capture(f'save match "{stem}.sgf"')
"""


def gnubg_writes(mats: Sequence[Path], out: Path) -> list[tuple[Path, Path]]:
    """GNU Backgammon's own files of each match in ``mats``: it imports the
    ``.mat``, analyses it (0-ply: quick, and its ``.sgf`` then carries analysis
    as a player's does), and writes ``export match mat`` and ``save match``
    (``.sgf``) into ``out``.  Files written by another program, made from ours,
    so that no one else's files need be kept in the repository."""
    root = Path(__file__).resolve().parent.parent
    args = [str(out.resolve()), *(str(p.resolve()) for p in mats)]
    subprocess.run(
        [sys.executable, "-c", _WRITER, *args],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        cwd=root,
        timeout=60 + 30 * len(mats),
        check=True,
    )
    return [(out / f"{p.stem}.mat", out / f"{p.stem}.sgf") for p in mats]


def ours(path: Path) -> tuple[Outcome, tuple[int, int]]:
    """Each game's outcome and the final score, as we read the file (of any kind)."""
    mat = read_match_file(path.read_bytes())
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


def referee_file(path: Path) -> Path | None:
    """The file GNU Backgammon reads for ``path``: itself for a ``.mat``; for an
    ``.xg`` or ``.sgf``, the ``.mat`` of the same name beside it, if there is one."""
    if path.suffix.lower() not in (".xg", ".sgf"):
        return path
    mat = path.with_suffix(".mat")
    return mat if mat.is_file() else None


def gnubg_outcomes(paths: Sequence[Path]) -> dict[Path, Outcome | str]:
    """Each file's outcome as GNU Backgammon imports it (or why it could not)."""
    return {p: r if isinstance(r, str) else r[0] for p, r in gnubg_read(paths).items()}


def gnubg_read(paths: Sequence[Path]) -> dict[Path, tuple[Outcome, Starts] | str]:
    """Each file's outcome and its games' starting scores as GNU Backgammon
    imports it (it keeps the score each game's header gives), or why it could not."""
    refs = {p: referee_file(p) for p in paths}
    read = _gnubg_import(sorted({r for r in refs.values() if r is not None}))
    return {
        p: "GNU Backgammon does not read it, and no .mat of it lies beside it"
        if r is None
        else read[r]
        for p, r in refs.items()
    }


def _gnubg_import(paths: Sequence[Path]) -> dict[Path, tuple[Outcome, Starts] | str]:
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
    out: dict[Path, tuple[Outcome, Starts] | str] = {}
    for line in done.stdout.splitlines():
        if not line.startswith('["'):
            continue  # what gnubg prints as it imports
        path, *read = json.loads(line)
        if isinstance(read[0], str):
            out[Path(path)] = read[0]
        else:
            games, starts = read
            out[Path(path)] = (
                [None if g is None else (g[0], g[1]) for g in games],
                [(a, b) for a, b in starts],
            )
    return {p: out.get(p.resolve(), "gnubg said nothing") for p in paths}


def xg_footers(path: Path) -> Outcome:
    """Each game's (winner, points) as an ``.xg`` file's own game footers give
    them, read from the published record layout apart from our reader."""
    body = xg.archive_files(path.read_bytes()).get("temp.xg", b"")
    games: Outcome = []
    for k in range(len(body) // xg.RECORD):
        r = body[k * xg.RECORD : (k + 1) * xg.RECORD]
        if r[8] == xg.GAME_HEADER:
            games.append(None)
        elif r[8] == xg.GAME_FOOTER and games:
            winner, points = struct.unpack_from("<2l", r, 24)
            games[-1] = (0 if winner == 1 else 1, points)
    return games


def main(argv: Sequence[str] | None = None) -> int:
    paths = [Path(a) for a in (sys.argv[1:] if argv is None else argv)]
    theirs = gnubg_read(paths)
    agree = by_gnubg = 0
    for path in paths:
        mat = read_match_file(path.read_bytes())
        games, score = ours(path)
        starts: Starts | None = None
        ref: Outcome | str
        read = theirs[path]
        referee = "gnubg"
        if isinstance(read, str) and path.suffix.lower() == ".xg":
            ref, referee = xg_footers(path), "its footers"
        else:
            by_gnubg += 1
            ref, starts = (read, None) if isinstance(read, str) else read
        ours_starts = [g.score for g in mat.record.games]
        same = games == ref and (starts is None or starts == ours_starts)
        agree += same
        print(
            f"{'same' if same else 'DIFFERENT'}  {path.name}: {len(games)} games, {score}"
            f" (referee: {referee})"
        )
        if not same:
            print(f"    ours  {games} from {ours_starts}\n    {referee} {ref} from {starts}")
    print(
        f"{agree} of {len(paths)} read as their referee reads them, game by game and"
        f" score by score ({by_gnubg} checked against GNU Backgammon, {len(paths) - by_gnubg}"
        " against their own footers)"
    )
    return 0 if agree == len(paths) else 1


if __name__ == "__main__":
    raise SystemExit(main())
