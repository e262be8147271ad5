"""Command-line review of a match file: ``python -m engine review FILE``.

Reads the ``.mat`` or GNU Backgammon ``.sgf`` file
(:mod:`engine.formats.match_file`), has King Tubby judge every decision
(:mod:`engine.ai.review`) and prints, for each player, the decisions that
count, the doubtful decisions, mistakes and blunders and the performance
rating, then the flagged decisions in order, and what reading the file repaired.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from engine.ai.review import (
    Grade,
    Judgement,
    MatchReview,
    PlayerSummary,
    decisions,
    judge,
    summarise,
)
from engine.errors import FormatError
from engine.formats.mat import MatFile
from engine.formats.match_file import read_match_file
from engine.names import CubeChoice, DecisionKind
from engine.notation import format_dice

CUBE_WORDS: dict[str, str] = {
    CubeChoice.NO_DOUBLE: "did not double",
    CubeChoice.DOUBLE: "doubled",
    CubeChoice.TAKE: "took",
    CubeChoice.DROP: "dropped",
}


def _signed(x: float) -> str:
    return f"−{x:.3f}" if x > 0 else f"{x:.3f}"


def describe(j: Judgement, names: tuple[str, str]) -> str:
    """One flagged decision in words.

    >>> from engine.ai.review import Decision
    >>> from engine.cube import CubeState
    >>> from engine.position import Position
    >>> d = Decision(0, 2, 1, DecisionKind.PLAY, "24/20", Position.start(), CubeState(), (3, 1))
    >>> describe(Judgement(d, 0.17, "8/5 6/5"), ("Ann", "Ben"))
    'game 1: Ben, 31: 24/20 — a blunder (−0.170); best 8/5 6/5'
    """
    d = j.decision
    who = names[d.player]
    if d.kind == DecisionKind.CUBE:
        what = f"{who}, cube: {CUBE_WORDS.get(d.chosen, d.chosen)}"
    else:
        assert d.dice is not None
        what = f"{who}, {format_dice(d.dice)}: {d.chosen or 'no move'}"
    grade = j.grade.value if j.grade is Grade.DOUBTFUL else f"a {j.grade.value}"
    return f"game {d.game + 1}: {what} — {grade} ({_signed(j.loss)}); best {j.best}"


def format_review(mat: MatFile, review: MatchReview) -> str:
    """The summary table and the flagged decisions, as the command prints them."""
    names = mat.names
    match = mat.match()
    rules = mat.record.rules
    kind = f"{rules.match_length}-point match" if rules.match_length else "money session"
    s0, s1 = match.score
    games = len(mat.record.games)
    lines = [f"{kind}: {names[0]} {s0}, {names[1]} {s1} ({games} game{'s' * (games != 1)})", ""]
    width = max(12, *(len(n) for n in names))
    rows: list[tuple[str, Callable[[PlayerSummary], str]]] = [
        ("Checker plays", lambda p: str(p.plays)),
        ("Cube decisions", lambda p: str(p.cube)),
        ("Doubtful", lambda p: str(p.doubtful)),
        ("Mistakes", lambda p: str(p.mistakes)),
        ("Blunders", lambda p: str(p.blunders)),
        ("Error (EMG)", lambda p: f"{p.error:.3f}"),
        ("PR", lambda p: f"{p.pr:.1f}"),
    ]
    lines.append(f"{'':<16}{names[0]:>{width}}  {names[1]:>{width}}")
    for label, cell in rows:
        a, b = (cell(p) for p in review.players)
        lines.append(f"{label:<16}{a:>{width}}  {b:>{width}}")
    lines += ["", "PR: 500 x the mean loss per unforced play and counted cube decision."]
    flagged = review.flagged()
    lines.append("")
    if flagged:
        lines.append(f"Flagged decisions ({len(flagged)}):")
        lines += [f"  {describe(j, names)}" for j in flagged]
    else:
        lines.append("Nothing doubtful: well played.")
    if mat.notes:
        # What reading the file repaired: the player should know which plays
        # were kept as written (and not judged) and what was left out.
        lines += ["", f"Read with repairs ({len(mat.notes)}):"]
        lines += [f"  {note}" for note in mat.notes]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``review``: read ``args.file``, judge, print (exit status 0; 2 for a bad file)."""
    path = Path(args.file)
    try:
        data = path.read_bytes()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        mat = read_match_file(data)  # .mat, or GNU Backgammon's .sgf
    except FormatError as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return 2
    players = (0, 1) if args.player is None else (args.player - 1,)
    todo = decisions(mat.record, players)
    judged = []
    for k, d in enumerate(todo):
        judged.append(judge(d))
        if args.progress:
            print(f"\rjudged {k + 1} of {len(todo)}", end="", file=sys.stderr, flush=True)
    if args.progress:
        print(file=sys.stderr)
    review = MatchReview(tuple(judged), (summarise(judged, 0), summarise(judged, 1)))
    print(format_review(mat, review))
    return 0
