"""GNU Backgammon's own rollout of a play, as a referee for ours (benches and tests only).

The ``gnubg`` PyPI package (GPL) runs GNU Backgammon's command interpreter in
this process; the engine never imports it.  Its bare ``rollout`` command cannot
serve: it rolls out the current position into local variables and reports them
only through the progress display (``CommandRollout`` in the package's
``gnubg_lib.c``: ``GeneralEvaluationR`` into ``arOutput``, then
``RolloutProgressEnd``), which the Python module never switches on
(``fShowProgress``: set by the stand-alone program's ``main`` only), so it
prints "Rollout done." and no figure.  What does keep its figures is the
rollout of a play in the analysis move list, ``analyse rollout move N``
(``ScoreMoveRollout`` stores the means and standard errors in the move list),
which ``hint`` then prints.  So a rollout here is of a *play*: the root
position, the dice and the play, and the figures are the equity of the play's
result for the side that made it, like our :func:`engine.ai.rollout.rollout`'s.

The Python ``gnubg.hint()`` is not used: it returned an empty move list here,
and after a rollout it crashed the process (a segmentation fault).

Settings (``ROLLOUT_SETTINGS``): cubeless, 0-ply chequer play for both sides,
played to the end, lookahead variance reduction and quasi-random dice (GNU
Backgammon's stratified first rolls) on, a seed.  Games that reach GNU
Backgammon's exact two-sided bear-off database stop there with its exact value
(its default; it adds no bias); the one-sided database's estimate is off.
Gammons and backgammons count (``set jacoby off``: the cube is never turned).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bench.gnubg_mat import capture
from engine.errors import EngineError
from engine.movegen import Play, parse_play
from engine.position import Position

SESSION_SETTINGS = (
    "set sound enable off",
    "set threads 1",  # with more, evaluation commands hang in this package
    "set player 0 human",
    "set player 1 human",
    "set confirm new off",
    "set confirm save off",
    "set output digits 4",
    "set jacoby off",
)

ROLLOUT_SETTINGS = (
    "set rollout cubeful off",
    "set rollout chequerplay plies 0",
    # cubeless move choices from the first rollout on (gnubg makes its saved
    # settings cubeless only after a cubeless rollout has run)
    "set rollout chequerplay cubeful off",
    "set rollout cubedecision cubeful off",
    "set rollout varredn on",
    "set rollout quasirandom on",
    "set rollout truncation enable off",
    "set rollout later enable off",
    "set rollout bearofftruncation exact on",
    "set rollout bearofftruncation onesided off",
    "set rollout rng mersenne",
)

_ENTRY = re.compile(
    r"^\s*(?P<rank>\d+)\.\s+(?P<kind>Rollout|Cubeful \S+|Cubeless \S+)\s+(?P<play>.+?)\s+Eq\.:",
    re.MULTILINE,
)
_NUMBER = r"[+-]?\d+\.\d+"
_THREE = rf"((?:{_NUMBER}\s+){{3}})"
_PROBS = re.compile(rf"^\s*\[?\s*{_THREE}-\s+{_THREE}CL\s+({_NUMBER})")
_GAMES = re.compile(r"^\s*(\d+) games")


class GnubgRefereeError(RuntimeError):
    """GNU Backgammon did not do or report what was asked."""


@dataclass(frozen=True, slots=True)
class GnubgRollout:
    """GNU Backgammon's cubeless rollout of one play, for the side that made it.

    ``probabilities`` are win, win gammon, win backgammon, lose, lose gammon,
    lose backgammon (gammons include backgammons); ``equity`` is the cubeless
    money equity and ``se`` its standard error, as GNU Backgammon reports them.
    """

    play: str
    equity: float
    se: float
    trials: int
    probabilities: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class _Entry:
    rank: int
    kind: str
    play: str
    lines: tuple[str, ...]


_started = False


def _start() -> None:
    global _started
    if not _started:
        for command in SESSION_SETTINGS:
            capture(command)
        _started = True


def _entries(hint: str) -> list[_Entry]:
    """The move list that ``hint`` printed, entry by entry."""
    lines = hint.splitlines()
    heads = [(i, _ENTRY.match(line)) for i, line in enumerate(lines)]
    found = [(i, m) for i, m in heads if m is not None]
    entries = []
    for k, (i, m) in enumerate(found):
        end = found[k + 1][0] if k + 1 < len(found) else len(lines)
        entries.append(
            _Entry(int(m["rank"]), m["kind"], m["play"].strip(), tuple(lines[i + 1 : end]))
        )
    return entries


def _same_play(root: Position, dice: tuple[int, int], text: str, play: Play) -> bool:
    try:
        return parse_play(root, dice, text).result == play.result
    except EngineError:  # a notation our parser reads otherwise: not this play
        return False


def _parse_rollout(entry: _Entry) -> GnubgRollout:
    if len(entry.lines) < 3:
        raise GnubgRefereeError(f"a rollout entry without figures: {entry}")
    mean, sd = _PROBS.match(entry.lines[0]), _PROBS.match(entry.lines[1])
    games = next((g for g in map(_GAMES.match, entry.lines) if g is not None), None)
    if mean is None or sd is None or games is None:
        raise GnubgRefereeError(f"unreadable rollout figures: {entry.lines}")
    probabilities = tuple(float(x) for x in (mean[1] + mean[2]).split())
    return GnubgRollout(entry.play, float(mean[3]), float(sd[3]), int(games[1]), probabilities)


def gnubg_rollout(
    root: Position, dice: tuple[int, int], play: Play, trials: int, seed: int
) -> GnubgRollout:
    """GNU Backgammon's cubeless rollout of ``play`` (a legal play of ``dice``
    from ``root``): ``trials`` games, GNU Backgammon 0-ply on both sides.

    The result is for the side on roll in ``root``, the one that makes the play.
    """
    _start()
    capture("new game")  # a game in progress is needed to set a board
    capture(f"set board {root.id}")  # for the side now on roll
    capture(f"set dice {dice[0]} {dice[1]}")
    for command in (*ROLLOUT_SETTINGS, f"set rollout trials {trials}", f"set rollout seed {seed}"):
        capture(command)
    board = capture("show board")
    if f"Position ID: {root.id}" not in board:
        raise GnubgRefereeError(f"gnubg did not take the position {root.id}:\n{board}")
    ranked = [e for e in _entries(capture("hint 1000")) if _same_play(root, dice, e.play, play)]
    if len(ranked) != 1:
        raise GnubgRefereeError(f"{play} is {len(ranked)} entries of gnubg's move list")
    done = capture(f"analyse rollout move {ranked[0].rank}")
    if "Rollout done" not in done:
        raise GnubgRefereeError(f"the rollout did not finish: {done!r}")
    rolled = [e for e in _entries(capture("hint 1000")) if e.kind == "Rollout"]
    if len(rolled) != 1 or not _same_play(root, dice, rolled[0].play, play):
        raise GnubgRefereeError(f"expected one rollout of {play}, got {rolled}")
    result = _parse_rollout(rolled[0])
    if result.trials != trials:
        raise GnubgRefereeError(f"asked for {trials} trials, gnubg played {result.trials}")
    return result
