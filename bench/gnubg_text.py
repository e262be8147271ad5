"""GNU Backgammon's analysis of a match, decision by decision, read from its text export.

The ``gnubg`` PyPI package does not hand back the analysis through
``gnubg.match()``, so :func:`decisions` reads what ``export match text`` writes
after ``analyse match``: each checker play's equity loss (the marked line of the
move list: its ``(-x.xxx)``, 0 for the best play) and each cube decision's
equities (no double, double/take, double/pass).  Counted and charged as
gnubg's own statistics do (``updateStatcontext`` in its ``analysis.c``):

* a checker play is a decision when the move list has more than one play;
* a roll without doubling that gnubg analysed (the cube was available) is a
  decision when it was close: the optimal equity less min(double/take, 1) is
  under 0.16 (``isCloseCubedecision``), and it is charged only when doubling
  was right (a missed double);
* every double, take and drop is a decision; a double is charged the optimal
  equity less the best answer's, a take or a drop what it gives up against the
  other answer.

Losses are in gnubg's normalised equity (EMG), as ours.  gnubg (GPL) is the
referee only: never imported by the engine.

>>> text = '''The score (after 0 games) is: a 0, b 0 (match to 3 points)
... Move number 1:  a to play 61
... * a moves 13/7 8/7
... Rolled 61 (+0.147):
... *    1. Cubeful 1-ply    13/7 8/7                     Eq.: +0.150
...      2. Cubeful 1-ply    24/23 24/18                  Eq.: -0.050 (-0.199)
... Move number 2:  b to play 33
... * b moves 24/21(2) 13/10(2)
... Cube analysis
... Cubeful equities:
... 1. No double           -0.155
... 2. Double, pass        +1.000  (+1.155)
... 3. Double, take        -0.672  (-0.517)
... Rolled 33 (+0.327):
...      1. Cubeful 2-ply    24/21(2) 8/5(2)              Eq.: +0.170
... *    2. Cubeful 2-ply    24/21(2) 13/10(2)            Eq.: +0.167 (-0.004)
... '''
>>> [(d.player, d.kind, d.loss, d.counted) for d in decisions(text)]
[('a', 'play', 0.0, True), ('b', 'no double', 0.0, False), ('b', 'play', 0.004, True)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GAME = re.compile(r"^The score \(after \d+ games?\) is:", re.M)
_BLOCK = re.compile(r"^Move number \d+:", re.M)
_ACTION = re.compile(r"^\* (.+?) (moves|cannot move|doubles|accepts|rejects|beavers|resigns)", re.M)
_CANDIDATE = re.compile(r"^([* ])\s+\d+\.\s.*Eq\.:\s*\S+(?:\s+\(([-+]\d+\.\d+)\))?", re.M)
_CUBE = {
    "no double": re.compile(r"^\d\. No (?:re)?double\s+([-+]\d+\.\d+)", re.M),
    "take": re.compile(r"^\d\. (?:Re)?[Dd]ouble, take\s+([-+]\d+\.\d+)", re.M),
    "pass": re.compile(r"^\d\. (?:Re)?[Dd]ouble, pass\s+([-+]\d+\.\d+)", re.M),
}
CLOSE = 0.16
"""gnubg's isCloseCubedecision threshold (normalised equity)."""


@dataclass(frozen=True, slots=True)
class GnubgDecision:
    """One decision as gnubg's analysis judged it: ``kind`` is ``"play"``,
    ``"no double"``, ``"double"``, ``"take"`` or ``"drop"``; ``dice`` a play's roll."""

    game: int
    player: str
    kind: str
    loss: float
    counted: bool
    dice: str = ""


def _cube(block: str) -> tuple[float, float, float] | None:
    """No double, double/take, double/pass as the block prints them (None: no analysis)."""
    found = [_CUBE[k].search(block) for k in ("no double", "take", "pass")]
    if any(m is None for m in found) or "Cube analysis" not in block:
        return None
    nd, dt, dp = (float(m[1]) for m in found if m is not None)
    return nd, dt, dp


def _block(game: int, block: str) -> list[GnubgDecision]:
    action = _ACTION.search(block)
    if action is None:
        return []
    player, verb = action[1], action[2]
    cube = _cube(block)
    out: list[GnubgDecision] = []
    if verb in ("moves", "cannot move") and cube is not None:
        nd, dt, dp = cube
        optimal = max(nd, min(dt, dp))
        close = optimal - min(dt, 1.0) < CLOSE
        out.append(GnubgDecision(game, player, "no double", max(0.0, optimal - nd), close))
    if verb == "moves":
        rows = _CANDIDATE.findall(block)
        marked = [diff for star, diff in rows if star == "*"]
        loss = -float(marked[0]) if marked and marked[0] else 0.0
        dice = re.search(r"to play (\d\d)", block)
        out.append(
            GnubgDecision(game, player, "play", loss, len(rows) > 1, dice[1] if dice else "")
        )
    elif verb == "doubles" and cube is not None:
        nd, dt, dp = cube
        optimal = max(nd, min(dt, dp))
        out.append(GnubgDecision(game, player, "double", max(0.0, optimal - min(dt, dp)), True))
    elif verb in ("accepts", "rejects") and cube is not None:
        _, take, drop = cube  # printed from the taker's side
        mine, other = (take, drop) if verb == "accepts" else (drop, take)
        out.append(
            GnubgDecision(
                game,
                player,
                "take" if verb == "accepts" else "drop",
                max(0.0, other - mine),
                True,
            )
        )
    return out


def decisions(text: str) -> list[GnubgDecision]:
    """Every decision of an analysed match's text export, in order (games from 0)."""
    games = _GAME.split(text)[1:]
    out: list[GnubgDecision] = []
    for g, game in enumerate(games):
        for block in _BLOCK.split(game)[1:]:
            out += _block(g, block)
    return out
