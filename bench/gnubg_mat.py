"""GNU Backgammon as a referee for ``.mat`` files: matches it plays against itself
and writes with ``export match mat``, matches driven move by move with
resignations and beavers, and its own analysis of a match.

gnubg (the ``gnubg`` PyPI package, GPL) is used here only, in benchmarks and
to make test data (``tests/data/mat/``); the engine never imports it.  Its C
code prints to the process's standard output, so :func:`capture` reads what a
command prints by pointing file descriptor 1 at a temporary file.

    python -m bench.gnubg_mat tests/data/mat   # (re)write the test data
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import re
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import gnubg

_LIBC = ctypes.CDLL(None)


def capture(command: str) -> str:
    """Run a gnubg command and return what it printed."""
    sys.stdout.flush()
    _LIBC.fflush(None)
    saved = os.dup(1)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        try:
            gnubg.command(command)
            _LIBC.fflush(None)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode("utf-8", "replace")


def quiet(*commands: str) -> None:
    for command in commands:
        capture(command)


def setup(
    seed: int,
    *,
    plies: int = 0,
    noise: float | tuple[float, float] = 0.0,
    analysis_plies: int = 0,
) -> None:
    """Both players gnubg at ``plies`` with evaluation ``noise`` (so that they err;
    one figure for both or one each); the analysis at ``analysis_plies``."""
    noises = noise if isinstance(noise, tuple) else (noise, noise)
    commands = [
        "set display off",
        "set sound enable off",
        "set threads 1",
        "set rng mersenne",
        f"set seed {seed}",
        "set cube use on",
        "set crawford on",
        "set jacoby off",
        "set beavers 0",
        f"set analysis chequerplay evaluation plies {analysis_plies}",
        f"set analysis cubedecision evaluation plies {analysis_plies}",
    ]
    for p in (0, 1):
        commands.append(f"set player {p} gnubg")
        for what in ("chequerplay", "cubedecision"):
            commands += [
                f"set player {p} {what} evaluation plies {plies}",
                f"set player {p} {what} evaluation noise {noises[p]}",
                f"set player {p} {what} evaluation deterministic on",
            ]
    quiet(*commands)


def export_mat() -> str:
    """The current match as gnubg writes it (``export match mat``)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "match.mat"
        quiet(f"export match mat {path}")
        return path.read_text()


def names(first: str, second: str) -> None:
    quiet(f"set player 0 name {first}", f"set player 1 name {second}")


def self_play(length: int, seed: int, *, noise: float = 0.0, games: int = 3) -> str:
    """A match (or, for ``length`` 0, a money session of ``games`` games) that
    gnubg plays against itself, as gnubg writes it."""
    setup(seed, noise=noise)
    if length:
        quiet(f"new match {length}")
    else:
        quiet("set automatic game off", "new session")
        for _ in range(games - 1):
            quiet("new game")
        quiet("set automatic game on")
    names("Alice", "Bob")
    return export_mat()


@dataclass(frozen=True, slots=True)
class GnubgStats:
    """One player's figures from gnubg's ``show statistics match``."""

    unforced: int
    close_cube: int
    doubtful: int
    bad: int
    very_bad: int
    error_rate: float  # overall mEMG per decision, as a positive number

    @property
    def pr(self) -> float:
        """gnubg's figures as a performance rating: mEMG / 2 (= 500 x error per decision)."""
        return self.error_rate / 2.0


def _row(text: str, label: str, section: str = "") -> tuple[str, str]:
    start = text.index(section) if section else 0
    m = re.search(rf"^{re.escape(label)}\s+(\S+)\s.*?\s(\S+)", text[start:], re.M)
    if m is None:
        m2 = re.search(rf"^{re.escape(label)}\s+(\S+)\s+(\S+)", text[start:], re.M)
        if m2 is None:
            raise ValueError(f"no {label!r} in gnubg's statistics")
        return m2[1], m2[2]
    return m[1], m[2]


def _pair(text: str, label: str, section: str = "") -> tuple[float, float]:
    start = text.index(section) if section else 0
    m = re.search(rf"^{re.escape(label)}\s+(.*)$", text[start:], re.M)
    if m is None:
        raise ValueError(f"no {label!r} in gnubg's statistics")
    cells = re.sub(r"\([^)]*\)", " ", m[1]).split()
    return float(cells[0]), float(cells[1])


def analyse(mat_text: str | None = None) -> tuple[GnubgStats, GnubgStats]:
    """gnubg's analysis of the current match (or of ``mat_text``, imported first):
    each player's counts and error rate."""
    if mat_text is not None:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "match.mat"
            path.write_text(mat_text)
            quiet(f"import mat {path}")
    quiet("analyse match")
    text = capture("show statistics match")

    def ints(label: str, section: str = "") -> tuple[int, int]:
        a, b = _pair(text, label, section)
        return int(a), int(b)

    unforced = ints("Unforced moves")
    close = ints("Close or actual cube decisions")
    doubtful = ints("Moves marked doubtful")
    bad = ints("Moves marked bad")
    very_bad = ints("Moves marked very bad")
    rate = _pair(text, "Error rate mEMG", "Overall statistics")
    return tuple(  # type: ignore[return-value]
        GnubgStats(unforced[p], close[p], doubtful[p], bad[p], very_bad[p], abs(rate[p]))
        for p in (0, 1)
    )


# -- matches driven move by move (resignations, beavers, passes) ------------------------


def scripted(length: int, seed: int, *, beavers: bool = False, games: int = 3) -> str:
    """A match where our engine picks random legal actions and gnubg, told each one
    as a command, keeps the record: so gnubg's file holds doubles, takes, drops,
    beavers and resignations.  Returns gnubg's ``.mat`` text."""
    from engine.game import Action, Phase
    from engine.match import Match

    rng = random.Random(seed)
    quiet(
        "set display off",
        "set sound enable off",
        "set player 0 human",
        "set player 1 human",
        "set automatic roll off",
        "set automatic game off",
        "set automatic move off",
        "set automatic bearoff off",
        "set rng mersenne",
        "set cube use on",
        "set crawford on",
        "set jacoby off",  # a .mat file cannot say so: its readers assume no Jacoby rule
        f"set beavers {int(beavers)}",
        f"set seed {seed}",
        f"new match {length}" if length else "new session",
    )
    names("Carol", "Dave")
    m = Match.new(length, beavers=beavers)

    def last() -> dict[str, object]:
        action: dict[str, object] = gnubg.match()["games"][-1]["game"][-1]
        return action

    def opening(m: Match) -> Match:
        action = last()
        dice = action["dice"]
        assert isinstance(dice, (list, tuple))
        hi, lo = max(dice), min(dice)
        return m.roll((hi, lo) if action["player"] == "X" else (lo, hi))

    def point(p: int) -> str:
        return {25: "bar", 0: "off"}.get(p, str(p))

    m = opening(m)
    played = 1
    for _ in range(5000):
        acts = m.legal_actions()
        phase = m.phase
        r = rng.random()
        if m.is_game_over:
            if m.is_over or (not length and played == games):
                return export_mat()
            quiet("new game")
            m = opening(m.next_game())
            played += 1
        elif phase is Phase.ROLL and Action.DOUBLE in acts and r < 0.1:
            quiet("double")
            m = m.double()
        elif phase is Phase.ROLL and r > 0.985 and m.game.can_resign(v := rng.randint(1, 3)):
            quiet(f"resign {('single', 'gammon', 'backgammon')[v - 1]}")
            m = m.resign(v)
        elif phase is Phase.ROLL:
            quiet("roll")
            dice = last()["dice"]
            assert isinstance(dice, (list, tuple))
            m = m.roll(tuple(dice))
        elif phase is Phase.MOVE and r > 0.993 and m.game.can_resign(v := rng.randint(1, 3)):
            quiet(f"resign {('single', 'gammon', 'backgammon')[v - 1]}")  # after rolling
            m = m.resign(v)
        elif phase is Phase.CUBE and Action.BEAVER in acts and r < 0.5:
            quiet("redouble")
            m = m.beaver()
        elif phase is Phase.CUBE:
            quiet("take" if r < 0.7 else "drop")
            m = m.take() if r < 0.7 else m.drop()
        elif phase is Phase.RESIGNATION:
            quiet("accept" if r < 0.6 else "reject")
            m = m.accept_resignation() if r < 0.6 else m.reject_resignation()
        else:
            play = rng.choice(m.game.legal_plays)
            moves = " ".join(f"{point(a)}/{point(b)}" for a, b in play.moves)
            quiet(f"move {moves}" if moves else "move")
            m = m.play(play)
    raise AssertionError("the match did not end")


TEST_DATA: Sequence[tuple[str, str, dict[str, object]]] = (
    ("selfplay_3pt.mat", "self", {"length": 3, "seed": 5}),
    ("selfplay_5pt.mat", "self", {"length": 5, "seed": 21, "noise": 0.05}),
    ("selfplay_7pt.mat", "self", {"length": 7, "seed": 8, "noise": 0.05}),
    # 649 decisions, as long as a 7-point match between good players: bench.analysis_time's.
    ("selfplay_7pt_long.mat", "self", {"length": 7, "seed": 151, "noise": 0.05}),
    ("selfplay_money.mat", "self", {"length": 0, "seed": 3, "games": 3}),
    ("scripted_5pt.mat", "scripted", {"length": 5, "seed": 2}),
    ("scripted_3pt.mat", "scripted", {"length": 3, "seed": 14}),
    ("scripted_money.mat", "scripted", {"length": 0, "seed": 4, "beavers": True, "games": 6}),
    ("scripted_7pt.mat", "scripted", {"length": 7, "seed": 9}),
)


def write_test_data(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, kind, options in TEST_DATA:
        make = self_play if kind == "self" else scripted
        text = make(**options)  # type: ignore[arg-type]
        # The date of the export says nothing about the match; keep the files stable.
        text = re.sub(r'; \[EventDate "[^"]*"\]', '; [EventDate "2026.01.01"]', text)
        (folder / name).write_text(text)
        print(f"{name}: {len(text.splitlines())} lines")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the test files")
    args = parser.parse_args(argv)
    write_test_data(args.folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
