"""Cube decisions: doubling, taking and dropping, for money and for matches.

Cubeful equities come from the cubeless probabilities by Janowski's
interpolation: a mix, weighted by the cube efficiency ``x``, of the
dead-cube equity and a "live cube" equity that is piecewise linear in the
winning chance between the take and cash points.  Money play uses GNU
Backgammon's formulas (with the Jacoby rule when the cube is centred);
match play does the same in match-winning chances with the Kazaross-XG2
table, where take and cash points come from the match equities at stake
and are the live cube's (the taker's redouble counted, level by level, as
GNU Backgammon computes them), not the dead cube's.

Equities are reported for the side on roll: for money, in points per unit
of the *current* cube value; for matches, as match-winning chances.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from engine import names
from engine.ai.evaluator import Probs, evaluate
from engine.ai.met import equity_after
from engine.cube import CubeState as CubeState  # re-exported: the page needs it without the AI
from engine.names import CubeAction, CubeChoice
from engine.position import Position

CONTACT_EFFICIENCY = 0.68


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """Cubeful equities of the three outcomes of a cube decision and the verdict."""

    no_double: float
    double_take: float
    double_pass: float
    may_double: bool
    should_double: bool
    should_take: bool
    action: CubeAction
    probs: Probs
    units: str  # "equity" (money, per current cube) or "mwc" (match-winning chance)


def cube_efficiency(position: Position) -> float:
    """gnubg's cube efficiency: 0.68 with contact, 0.6..0.7 by pip count in a race."""
    if not position.is_race():
        return CONTACT_EFFICIENCY
    pips = position.pips()[0]
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))


# -- money ---------------------------------------------------------------------


def _win_loss_values(p: Sequence[float]) -> tuple[float, float]:
    w = p[0]
    big_w = 1.0 + (p[1] + p[2]) / w if w > 1e-7 else 1.0
    big_l = 1.0 + (p[3] + p[4]) / (1.0 - w) if w < 1.0 - 1e-7 else 1.0
    return big_w, big_l


def _money_live(p: float, big_w: float, big_l: float, access: str, jacoby: bool) -> float:
    tp = (big_l - 0.5) / (big_w + big_l + 0.5)
    cp = (big_l + 1.0) / (big_w + big_l + 0.5)
    if access == "centre":
        if p < tp:
            return -1.0 if jacoby else -big_l + (-1.0 + big_l) * p / tp
        if p < cp:
            return -1.0 + 2.0 * (p - tp) / (cp - tp)
        return 1.0 if jacoby else 1.0 + (big_w - 1.0) * (p - cp) / (1.0 - cp)
    if access == "mine":
        if p < cp:
            return -big_l + (1.0 + big_l) * p / cp
        return 1.0 + (big_w - 1.0) * (p - cp) / (1.0 - cp)
    if p < tp:  # "theirs": only the opponent can double
        return -big_l + (-1.0 + big_l) * p / tp
    return -1.0 + (big_w + 1.0) * (p - tp) / (1.0 - tp)


def money_cubeful(probs: Sequence[float], access: str, jacoby: bool, x: float) -> float:
    """Cubeful money equity per unit cube; ``access`` is "centre", "mine" or "theirs"."""
    big_w, big_l = _win_loss_values(probs)
    p = probs[0]
    jac = jacoby and access == "centre"
    dead = 2.0 * p - 1.0 if jac else p * big_w - (1.0 - p) * big_l
    return (1.0 - x) * dead + x * _money_live(p, big_w, big_l, access, jac)


# -- match ---------------------------------------------------------------------


def _match_values(probs: Sequence[float], st: CubeState, stake: int) -> tuple[float, float]:
    """Average match-winning chance of my wins and of my losses at cube ``stake``."""
    w, wg, wbg, lg, lbg = probs
    a, b, c = st.my_away, st.opp_away, st.crawford

    def me_wins(k: int) -> float:
        return equity_after(a, b, c, k * stake, 0)

    def they_win(k: int) -> float:
        return equity_after(a, b, c, 0, k * stake)

    if w > 1e-9:
        big_w = ((w - wg) * me_wins(1) + (wg - wbg) * me_wins(2) + wbg * me_wins(3)) / w
    else:
        big_w = me_wins(1)
    lose = 1.0 - w
    if lose > 1e-9:
        big_l = ((lose - lg) * they_win(1) + (lg - lbg) * they_win(2) + lbg * they_win(3)) / lose
    else:
        big_l = they_win(1)
    return big_w, big_l


def _can_double(away_doubler: int, away_other: int, st: CubeState, stake: int) -> bool:
    """Doubling helps only if a single win at the current stake doesn't already win."""
    if st.crawford:
        return False
    return away_doubler - stake > 0 and away_other > 0


def _interp(points: list[tuple[float, float]], p: float) -> float:
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return points[-1][1]


def match_cash_point(probs: Sequence[float], st: CubeState, stake: int) -> float | None:
    """My live cash point at cube ``stake``: the winning chance above which my
    double to ``2 * stake`` is a pass; None if my doubling can't help.

    Janowski's live cube, as GNU Backgammon computes match take points
    (``GetPoints`` in its eval.c): after the take the opponent owns the cube
    and redoubles, and I pass, at *its* cash point one level up, so its
    take is worth the line from that redouble point to my average win at
    ``2 * stake``, not the dead line from my average loss.  The recursion
    ends where a redouble can't help (a dead cube at the top level).

    Gammonless at 7-away each, the live cube's 80 % (money's is 80 % too),
    against the dead cube's 75 %:

    >>> st = CubeState(match_length=7, my_away=7, opp_away=7)
    >>> round(match_cash_point((0.7, 0.0, 0.0, 0.0, 0.0), st, 1), 3)
    0.797
    """
    a, b = st.my_away, st.opp_away
    if not _can_double(a, b, st, stake):
        return None
    big_w, big_l = _match_values(probs, st, 2 * stake)
    redouble = match_take_point(probs, st, 2 * stake)  # where the taker's redouble is my pass
    lo, lo_value = (
        (0.0, big_l)
        if redouble is None
        else (redouble, equity_after(a, b, st.crawford, 0, 2 * stake))
    )
    pass_value = equity_after(a, b, st.crawford, stake, 0)
    if big_w - lo_value <= 1e-9:
        return 1.0
    return min(max(lo + (1.0 - lo) * (pass_value - lo_value) / (big_w - lo_value), 0.0), 1.0)


def match_take_point(probs: Sequence[float], st: CubeState, stake: int) -> float | None:
    """My live take point at cube ``stake``: the winning chance below which the
    opponent's double to ``2 * stake`` is my pass; None if its doubling can't help.

    The mirror of :func:`match_cash_point`: after my take I own the cube and
    redouble, and the opponent passes, at my cash point one level up.

    >>> st = CubeState(match_length=7, my_away=7, opp_away=7)
    >>> round(match_take_point((0.3, 0.0, 0.0, 0.0, 0.0), st, 1), 3)
    0.203
    >>> crawford = CubeState(match_length=7, my_away=4, opp_away=1, crawford=True)
    >>> match_take_point((0.3, 0.0, 0.0, 0.0, 0.0), crawford, 1) is None
    True
    """
    a, b = st.my_away, st.opp_away
    if not _can_double(b, a, st, stake):
        return None
    big_w, big_l = _match_values(probs, st, 2 * stake)
    redouble = match_cash_point(probs, st, 2 * stake)
    hi, hi_value = (
        (1.0, big_w)
        if redouble is None
        else (redouble, equity_after(a, b, st.crawford, 2 * stake, 0))
    )
    pass_value = equity_after(a, b, st.crawford, 0, stake)
    if hi_value - big_l <= 1e-9:
        return 0.0
    return min(max(hi * (pass_value - big_l) / (hi_value - big_l), 0.0), 1.0)


def match_cubeful(
    probs: Sequence[float], st: CubeState, stake: int, access: str, x: float
) -> float:
    """Cubeful match-winning chance at cube ``stake`` (Janowski-style in MWC).

    A mix, weighted by the cube efficiency ``x``, of the dead-cube value and
    the live-cube one: piecewise linear in my winning chance through my
    average loss at 0, the opponent's cash (my live take point), my cash
    (my live cash point) and my average win at 1, as far as each side has
    access to the cube and doubling can help it.
    """
    p = probs[0]
    big_w, big_l = _match_values(probs, st, stake)
    dead = p * big_w + (1.0 - p) * big_l
    a, b = st.my_away, st.opp_away
    points = [(0.0, big_l)]
    if access in ("centre", "theirs"):
        tp = match_take_point(probs, st, stake)
        if tp is not None:
            points.append((tp, equity_after(a, b, st.crawford, 0, stake)))
    if access in ("centre", "mine"):
        cp = match_cash_point(probs, st, stake)
        if cp is not None and (len(points) == 1 or cp > points[-1][0]):
            points.append((cp, equity_after(a, b, st.crawford, stake, 0)))
    points.append((1.0, big_w))
    if len(points) == 2:
        return dead
    return (1.0 - x) * dead + x * _interp(points, p)


# -- decisions -------------------------------------------------------------------


def _access(st: CubeState) -> str:
    if st.owner == 1:
        return "theirs"
    return "mine" if st.owner == 0 else "centre"


def _may_double(st: CubeState) -> bool:
    """Whether the side on roll may double, and doubling can help it, at ``st``."""
    if _access(st) == "theirs":
        return False
    return not st.is_match or _can_double(st.my_away, st.opp_away, st, st.value)


def cube_decision_from_probs(probs: Probs, st: CubeState, x: float) -> CubeDecision:
    """The doubling decision of the side on roll, from its cubeless probabilities."""
    access = _access(st)
    may = _may_double(st)
    if st.is_match:
        nd = match_cubeful(probs, st, st.value, access, x)
        dt = match_cubeful(probs, st, 2 * st.value, "theirs", x)
        dp = equity_after(st.my_away, st.opp_away, st.crawford, st.value, 0)
        units = "mwc"
    else:
        nd = money_cubeful(probs, access, st.jacoby, x)
        dt = 2.0 * money_cubeful(probs, "theirs", st.jacoby, x)
        dp = 1.0
        units = "equity"
    take = dt <= dp
    if not may:
        return CubeDecision(nd, dt, dp, False, False, take, CubeAction.NO_ACCESS, probs, units)
    if take:
        double = dt > nd
        action = CubeAction.DOUBLE_TAKE if double else CubeAction.NO_DOUBLE
    else:
        double = dp > nd
        action = CubeAction.DOUBLE_PASS if double else CubeAction.TOO_GOOD
    return CubeDecision(nd, dt, dp, True, double, take, action, probs, units)


CUBE_DEPTHS = (0, 1, 2)
"""The depths :func:`cube_decision` evaluates at (``plies``)."""


def before_roll_probs(position: Position, cube: CubeState | None = None, plies: int = 0) -> Probs:
    """Cubeless probabilities of the side on roll, before it rolls, at ``plies``.

    0: the network's (or the bear-off database's) figure for the position;
    1: the mean over the side's 21 rolls of what its best play of each leaves
    (:func:`engine.ai.player.ply1_before_roll`; ``cube`` gives the score its
    plays are chosen at); 2: the same with what each play leaves judged at
    1-ply (:func:`engine.ai.player.ply2_before_roll`, for analysis).

    >>> start = Position.start()
    >>> before_roll_probs(start) == evaluate(start)
    True
    >>> before_roll_probs(start, plies=3)
    Traceback (most recent call last):
    ...
    ValueError: plies must be one of (0, 1, 2), got 3
    """
    if plies not in CUBE_DEPTHS:
        raise ValueError(f"plies must be one of {CUBE_DEPTHS}, got {plies!r}")
    if plies == 0 or position.winner() is not None:
        return evaluate(position)  # a finished game has nothing to look ahead to
    from engine.ai.player import ply1_before_roll, ply2_before_roll  # loaded for a look-ahead only

    return (ply1_before_roll if plies == 1 else ply2_before_roll)(position, cube)


def cube_decision(
    position: Position, cube: CubeState | None = None, plies: int = 0
) -> CubeDecision:
    """Should the side on roll double, and should the opponent take?

    ``plies`` is how deep the winning chances are evaluated (see
    :func:`before_roll_probs`): 0 for Beach Bum and Selector, 1 for King
    Tubby and the hints (:data:`engine.ai.player.CUBE_PLIES`), 2 for an
    analysis asked to look deeper.  The cube model is the same at every depth.

    >>> d = cube_decision(Position.start())
    >>> d.action, d.should_double
    (<CubeAction.NO_DOUBLE: 'no double'>, False)
    >>> cube_decision(Position.start(), plies=1).action
    <CubeAction.NO_DOUBLE: 'no double'>
    """
    st = cube or CubeState()
    probs = before_roll_probs(position, st, plies)
    return cube_decision_from_probs(probs, st, cube_efficiency(position))


CUBE_CHOICES = names.CUBE_CHOICES


def choice_loss(d: CubeDecision, st: CubeState, chosen: str) -> tuple[float, CubeChoice]:
    """What a cube choice gave up against the best one, and the best one.

    ``d`` and ``st`` are seen by the side that may double; ``chosen`` is its
    "no double" or "double", or its opponent's "take" or "drop".  The loss is
    in normalised equity (money: points per current cube; match: match-winning
    chance scaled so that a single game at this cube is worth 1, as GNU
    Backgammon normalises it), so it reads like a checker play's loss.

    >>> st = CubeState()
    >>> d = cube_decision_from_probs((0.85, 0.1, 0.0, 0.0, 0.0), st, 0.68)
    >>> d.action
    <CubeAction.DOUBLE_PASS: 'double, pass'>
    >>> choice_loss(d, st, "double")[1], choice_loss(d, st, "drop")
    (<CubeChoice.DOUBLE: 'double'>, (0.0, <CubeChoice.DROP: 'drop'>))
    >>> choice_loss(d, st, "no double")[0] > 0, choice_loss(d, st, "take")[0] > 0
    (True, True)
    """
    if chosen not in CUBE_CHOICES:
        raise ValueError(f"a cube choice is one of {CUBE_CHOICES}, got {chosen!r}")
    choice = CubeChoice(chosen)
    unit = _unit(st)
    if unit <= 0.0:
        return 0.0, choice
    doubled = min(d.double_take, d.double_pass)  # the opponent answers as best it can
    if choice.answer:
        # The taker's loss is what its answer gives the doubler beyond the better answer.
        value = d.double_take if choice is CubeChoice.TAKE else d.double_pass
        best = CubeChoice.TAKE if d.double_take <= d.double_pass else CubeChoice.DROP
        return (value - doubled) / unit, best
    if not d.may_double:
        return 0.0, CubeChoice.NO_DOUBLE
    best = CubeChoice.DOUBLE if doubled > d.no_double else CubeChoice.NO_DOUBLE
    value = doubled if choice is CubeChoice.DOUBLE else d.no_double
    return (max(doubled, d.no_double) - value) / unit, best


CLOSE_CUBE = 0.16
"""How near doubling (normalised equity) a decision not to double must be to count as close."""


def is_close(d: CubeDecision, st: CubeState) -> bool:
    """Whether a cube decision was close, as GNU Backgammon's analysis counts them.

    Doubling is right, or not doubling beats it by less than :data:`CLOSE_CUBE`;
    a game review counts these (and every actual double, take and drop) as the
    player's cube decisions, not each roll that left the cube where it was.

    >>> st = CubeState()
    >>> is_close(cube_decision_from_probs((0.85, 0.1, 0.0, 0.0, 0.0), st, 0.68), st)
    True
    >>> is_close(cube_decision_from_probs((0.5, 0.1, 0.0, 0.1, 0.0), st, 0.68), st)
    False
    """
    unit = _unit(st)
    if not d.may_double or unit <= 0.0:
        return False
    doubled = min(d.double_take, d.double_pass)
    return (max(doubled, d.no_double) - doubled) / unit < CLOSE_CUBE


def _unit(st: CubeState) -> float:
    """One normalised point: a single game at this cube, in money or match-winning chance."""
    if st.is_match:
        a, b, c, v = st.my_away, st.opp_away, st.crawford, st.value
        return (equity_after(a, b, c, v, 0) - equity_after(a, b, c, 0, v)) / 2.0
    return 1.0


def should_double(position: Position, cube: CubeState | None = None, plies: int = 0) -> bool:
    """True when the side on roll (about to roll) should offer the cube.

    ``plies`` as in :func:`cube_decision`, with a 0-ply screen first, as King
    Tubby's checker play screens its candidates: a decision that is not close
    at 0-ply (not doubling beats doubling by :data:`CLOSE_CUBE` or more, see
    :func:`is_close`), as most turns' are, stays "no double" without the
    look-ahead.  Nothing is evaluated when the side may not double (the cube
    is the opponent's, or doubling cannot help it).

    >>> should_double(Position.start(), CubeState(2, 1), plies=1)
    False
    >>> should_double(Position.start(), plies=1)  # far from a double: screened out
    False
    """
    st = cube or CubeState()
    if not _may_double(st):
        return False
    d = cube_decision(position, st)
    if plies == 0 or not is_close(d, st):
        return d.should_double
    return cube_decision(position, st, plies).should_double


def should_take(position: Position, cube: CubeState | None = None, plies: int = 0) -> bool:
    """True when the opponent should take a double offered by the side on roll.

    ``position`` and ``cube`` are seen from the doubler, who is on roll;
    ``plies`` as in :func:`cube_decision`.
    """
    return cube_decision(position, cube, plies).should_take


# -- resignations ------------------------------------------------------------------


def resignation_offer(position: Position, cube: CubeState | None = None) -> int:
    """Points-per-cube (1, 2 or 3) the side on roll should resign for, or 0 to play on.

    The AI resigns only a hopeless game (no practical winning chance), for
    the smallest result that still covers what it is almost sure to lose.
    """
    w, _, _, lg, lbg = evaluate(position)
    if w > 0.002:
        return 0
    if lg < 0.002:
        return 1
    if lbg < 0.002:
        return 2
    return 3


def accepts_resignation(position: Position, win_type: int, cube: CubeState | None = None) -> bool:
    """Should the side answering accept the opponent's resignation of ``win_type``?

    ``position`` and ``cube`` are seen by the side answering.  The resigner
    is the other side, on roll (one resigns only on one's own turn), judged
    before rolling.  ``win_type`` is what is resigned: 1 single game, 2 gammon,
    3 backgammon (a :class:`~engine.scoring.WinType`), priced as the engine
    scores it (:func:`engine.scoring.points_for_cube_state`): the cube value
    times the win type, or times 1 in money play under the Jacoby rule while
    the cube is centred.

    Accept when that price is at least what playing on is worth to the side
    answering, with the resigner's best cube action: cubeful equity (money)
    or match-winning chance (match, where the price is scored at the match
    score).

    The resigner, on roll with 15 checkers on its 6 point, loses a gammon
    about half the time: playing on is worth about 1.5 points a cube, or 1
    under the Jacoby rule with the cube centred, where a gammon is priced 1:

    >>> answering = Position.from_points([1] + [0] * 17 + [-15] + [0] * 5)
    >>> [accepts_resignation(answering, w, CubeState(jacoby=False)) for w in (1, 2, 3)]
    [False, True, True]
    >>> [accepts_resignation(answering, w, CubeState(jacoby=True)) for w in (1, 2, 3)]
    [True, True, True]
    >>> [accepts_resignation(answering, w, CubeState(2, 0, jacoby=True)) for w in (1, 2, 3)]
    [False, True, True]
    """
    from engine.scoring import points_for_cube_state

    st = cube or CubeState()
    price = points_for_cube_state(win_type, st)  # ValueError unless win_type is 1..3
    theirs = st.swap()
    d = cube_decision(position.swap(), theirs)  # the resigner, on roll
    their_value = (
        max(d.no_double, min(d.double_take, d.double_pass)) if d.may_double else d.no_double
    )
    if st.is_match:
        offered = equity_after(st.my_away, st.opp_away, st.crawford, price, 0)
        return offered >= 1.0 - their_value - 1e-9
    # Money equities are per unit of the current cube.
    return price / st.value >= -their_value - 1e-9
