"""Cubeless evaluation: outcome probabilities for the side on roll.

Probabilities are in GNU Backgammon's order ``(win, win_gammon,
win_backgammon, lose_gammon, lose_backgammon)``, each counting the
stronger results too (a backgammon is also a gammon and a win).  Finished
games are scored exactly, bear-offs come from the one-sided database, races
a few rolls from the bear-off from both sides' roll distributions worked out
into it (:mod:`engine.ai.race_rolls`), other races (no contact left) from the
race network when one is shipped, and everything
else from the contact network (bear-offs too while the database is not here:
the site's AI worker makes it in the background).  Two networks, chosen by
position class, as GNU Backgammon does: the race net is trained on races
alone, ended by the bear-off database's exact values
(``training/train_race.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources

from engine.ai import race_rolls
from engine.ai.bearoff import database, is_bearoff, race_probs
from engine.ai.network import load_network
from engine.position import Position

Probs = tuple[float, float, float, float, float]


def evaluate(position: Position) -> Probs:
    """Cubeless outcome probabilities for the side on roll.

    >>> w, wg, wbg, lg, lbg = evaluate(Position.start())
    >>> 0.4 < w < 0.65 and wbg <= wg <= w
    True
    """
    return evaluate_sides(position.me, position.opp)


def evaluate_sides(me: Sequence[int], opp: Sequence[int], worked_out: bool = True) -> Probs:
    """:func:`evaluate` on raw 26-count sides (side on roll first).

    ``worked_out=False`` leaves races to the networks even where
    :mod:`engine.ai.race_rolls` could work them out: searches that judge
    thousands of positions, each a different side to work out, use it and
    work out only the few positions they look at closely.
    """
    if me[0] == 15:
        return _won(opp)
    if opp[0] == 15:
        w, wg, wbg, _, _ = _won(me)
        return 0.0, 0.0, 0.0, wg, wbg
    if is_bearoff(me, opp) and database() is not None:
        return race_probs(me, opp)
    race = not race_rolls.contact(me, opp)
    if race and worked_out:
        exact = race_rolls.race_probs(me, opp)
        if exact is not None:
            return exact
    # The race net never saw a bear-off (its games end there): while the
    # database is still being made, the contact net judges them, as before.
    racing = race and has_race_network() and not is_bearoff(me, opp)
    net = load_network("race" if racing else "contact")
    w, wg, wbg, lg, lbg = net.evaluate(me, opp)
    if race:
        # In a race no checker moves back: a side with none left in the other's
        # home board (or on the bar) can no longer be backgammoned, whatever the
        # network guesses.
        if not any(opp[19:26]):
            wbg = 0.0
        if not any(me[19:26]):
            lbg = 0.0
    return sanitize(w, wg, wbg, lg, lbg, me[0], opp[0])


@cache
def has_race_network() -> bool:
    """Whether a race network is shipped (without it the contact net plays races)."""
    return resources.files("engine.ai").joinpath("data", "race.bin").is_file()


def _won(loser: Sequence[int]) -> Probs:
    gammon = loser[0] == 0
    backgammon = gammon and (loser[25] > 0 or any(loser[19:25]))
    return 1.0, float(gammon), float(backgammon), 0.0, 0.0


def sanitize(
    w: float, wg: float, wbg: float, lg: float, lbg: float, my_off: int, their_off: int
) -> Probs:
    """Force the probabilities to be consistent and to respect what is already decided."""
    w = min(max(w, 0.0), 1.0)
    if their_off:
        wg = wbg = 0.0  # no gammon once they have borne one off
    if my_off:
        lg = lbg = 0.0
    wg = min(max(wg, 0.0), w)
    wbg = min(max(wbg, 0.0), wg)
    lg = min(max(lg, 0.0), 1.0 - w)
    lbg = min(max(lbg, 0.0), lg)
    return w, wg, wbg, lg, lbg


def equity(p: Sequence[float]) -> float:
    """Cubeless money equity of probabilities (points per unit stake)."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def flip(p: Sequence[float]) -> Probs:
    """The same outcome probabilities seen by the other side."""
    return 1.0 - p[0], p[3], p[4], p[1], p[2]
