"""Cube decisions in textbook positions, match equity and resignations."""

from __future__ import annotations

import pytest

from engine import Position
from engine.ai import (
    CubeState,
    accepts_resignation,
    choice_loss,
    cube_decision,
    cube_state_for,
    match_equity,
    resignation_offer,
    should_double,
    should_take,
)
from engine.ai.cube import (
    cube_decision_from_probs,
    match_cash_point,
    match_cubeful,
    match_take_point,
)

CONTACT = 0.68
NO_GAMMONS = (0.0, 0.0, 0.0, 0.0)


def _probs(p: float) -> tuple[float, float, float, float, float]:
    return (p, *NO_GAMMONS)


def test_clear_double_pass() -> None:
    d = cube_decision_from_probs(_probs(0.85), CubeState(), CONTACT)
    assert d.action == "double, pass"
    assert d.should_double and not d.should_take
    assert d.double_take > d.double_pass == 1.0


def test_clear_no_double() -> None:
    d = cube_decision_from_probs(_probs(0.55), CubeState(), CONTACT)
    assert d.action == "no double" and not d.should_double and d.should_take


def test_take_at_the_take_point() -> None:
    # With no gammons and x = 0.68 the taker's point is 21.4% (between the
    # live-cube 20% and the dead-cube 25%): 22% is a take, 20% a pass.
    take = cube_decision_from_probs(_probs(0.78), CubeState(), CONTACT)
    assert take.action == "double, take" and take.should_take
    drop = cube_decision_from_probs(_probs(0.80), CubeState(), CONTACT)
    assert drop.action == "double, pass" and not drop.should_take


def test_too_good_with_gammons() -> None:
    gammonish = (0.9, 0.6, 0.0, 0.0, 0.0)
    d = cube_decision_from_probs(gammonish, CubeState(jacoby=False), CONTACT)
    assert d.action == "too good" and not d.should_double
    # under the Jacoby rule gammons don't count with a centred cube: cash it
    d = cube_decision_from_probs(gammonish, CubeState(jacoby=True), CONTACT)
    assert d.action == "double, pass"


def test_no_access_when_opponent_owns_cube() -> None:
    d = cube_decision_from_probs(_probs(0.9), CubeState(value=2, owner=1), CONTACT)
    assert not d.may_double and not d.should_double


def test_last_roll_position_is_double_take() -> None:
    # one checker on my 6-point against their last checker on their ace point
    pos = Position([14, 0, 0, 0, 0, 0, 1] + [0] * 19, [14, 1] + [0] * 24)
    assert should_double(pos) and should_take(pos)
    far_behind = Position([13, 0, 0, 0, 0, 0, 2] + [0] * 19, [14, 1] + [0] * 24)
    assert not should_double(far_behind)


def test_match_equity_table() -> None:
    assert match_equity(1, 1) == 0.5
    assert match_equity(7, 7) == pytest.approx(0.5)
    assert match_equity(2, 5) > 0.5 > match_equity(5, 2)
    assert match_equity(2, 1, post_crawford=False) == pytest.approx(0.32264)
    assert match_equity(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803)


def test_no_cube_in_the_crawford_game() -> None:
    st = CubeState(match_length=5, my_away=3, opp_away=1, crawford=True)
    assert not cube_decision_from_probs(_probs(0.7), st, CONTACT).may_double


def test_post_crawford_trailer_doubles() -> None:
    st = CubeState(match_length=5, my_away=2, opp_away=1)
    d = cube_decision_from_probs(_probs(0.5), st, CONTACT)
    assert d.should_double and d.should_take
    # the leader at 1-away never gains by doubling
    lead = CubeState(match_length=5, my_away=1, opp_away=2)
    assert not cube_decision_from_probs(_probs(0.7), lead, CONTACT).may_double


def test_match_double_pass_when_far_ahead() -> None:
    st = CubeState(match_length=7, my_away=5, opp_away=5)
    d = cube_decision_from_probs(_probs(0.88), st, CONTACT)
    assert d.units == "mwc" and d.action == "double, pass"
    assert d.double_pass == pytest.approx(match_equity(4, 5))


def test_live_take_point_in_a_long_match_is_moneys() -> None:
    # Janowski's fully live money take point is 20 %, not the dead cube's 25 %;
    # at 25-away each, where the match is nearly money, ours must agree.
    st = CubeState(match_length=25, my_away=25, opp_away=25)
    tp = match_take_point(_probs(0.3), st, 1)
    cp = match_cash_point(_probs(0.7), st, 1)
    assert tp == pytest.approx(0.20, abs=0.005)
    assert cp == pytest.approx(0.80, abs=0.005)


def test_take_point_with_a_dead_recube_is_the_dead_one() -> None:
    # 2-away (me) against 3-away: after taking at 2 my redouble can't help
    # (a win at 2 already ends the match), so the take point is the dead
    # cube's: pass value against the line from my loss at 2 to the match.
    st = CubeState(match_length=5, my_away=2, opp_away=3)
    lose2, drop = match_equity(2, 1), match_equity(2, 2)
    expected = (drop - lose2) / (1.0 - lose2)
    assert match_take_point(_probs(0.3), st, 1) == pytest.approx(expected)


def test_live_take_point_counts_the_redouble() -> None:
    # 7-away each: after taking at 2, I redouble to 4 at my cash point there,
    # where the opponent passes and I win 2 (what a gammonless win at 2 is
    # worth), so the take is worth the line up to that point: the take point
    # is the dead one scaled by the cash point one level up.
    st = CubeState(match_length=7, my_away=7, opp_away=7)
    lose2, drop = match_equity(7, 5), match_equity(7, 6)
    dead = (drop - lose2) / (match_equity(5, 7) - lose2)
    redouble = match_cash_point(_probs(0.5), st, 2)
    assert redouble is not None and 0.5 < redouble < 1.0
    expected = redouble * (drop - lose2) / (match_equity(5, 7) - lose2)
    assert match_take_point(_probs(0.5), st, 1) == pytest.approx(expected)
    assert expected < dead - 0.03


def test_match_take_with_a_live_recube() -> None:
    # 22 % gammonless at 7-away each: a pass with a dead cube (25 %), a take
    # with the redouble's value (20 % live, 0.68 efficient).
    st = CubeState(match_length=7, my_away=7, opp_away=7)
    d = cube_decision_from_probs(_probs(0.78), st, CONTACT)
    assert d.action == "double, take"
    assert d.double_take < d.double_pass
    # ... and the taker's recube costs the doubler: between fully live and dead
    dead = match_cubeful(_probs(0.78), st, 2, "theirs", 0.0)
    live = match_cubeful(_probs(0.78), st, 2, "theirs", 1.0)
    assert live < d.double_take < dead


def test_cube_decision_on_a_position() -> None:
    d = cube_decision(Position.start())
    assert d.action == "no double"


def test_resignations() -> None:
    hopeless = Position([0, 0, 0, 0, 0, 0, 15] + [0] * 19, [14, 1] + [0] * 24)
    assert resignation_offer(hopeless) == 2  # sure to lose a gammon, not a backgammon
    assert resignation_offer(Position.start()) == 0
    winner_view = hopeless.swap()  # the opponent, on roll, bears off at once
    assert accepts_resignation(winner_view, 2)
    assert not accepts_resignation(winner_view, 1, CubeState(jacoby=False))
    assert accepts_resignation(Position.start(), 1)  # a point is more than the start is worth


def test_cube_state_from_a_game() -> None:
    from engine.game import Game
    from engine.rules import Rules

    game = Game.new(Rules(match_length=7), score=(2, 4)).roll((3, 1))
    st = cube_state_for(game, 0)
    assert (st.my_away, st.opp_away, st.owner, st.is_match) == (5, 3, None, True)
    assert cube_state_for(game, 1).my_away == 3
    money = cube_state_for(Game.new(Rules(jacoby=True)), 1)
    assert not money.is_match and money.jacoby


def test_what_a_cube_choice_gives_up() -> None:
    st = CubeState()
    clear = cube_decision_from_probs(_probs(0.85), st, CONTACT)  # double, pass
    assert choice_loss(clear, st, "double") == (0.0, "double")
    assert choice_loss(clear, st, "drop") == (0.0, "drop")
    assert choice_loss(clear, st, "no double")[0] == pytest.approx(1.0 - clear.no_double)
    assert choice_loss(clear, st, "take")[0] == pytest.approx(clear.double_take - 1.0)
    early = cube_decision_from_probs(_probs(0.55), st, CONTACT)  # no double, take
    assert choice_loss(early, st, "no double") == (0.0, "no double")
    loss, best = choice_loss(early, st, "double")
    assert best == "no double" and loss == pytest.approx(early.no_double - early.double_take)
    assert choice_loss(early, st, "drop") == (pytest.approx(1.0 - early.double_take), "take")
    # in a match the loss is in match-winning chance scaled to a single game's worth
    m = CubeState(match_length=7, my_away=5, opp_away=5)
    d = cube_decision_from_probs(_probs(0.88), m, CONTACT)
    unit = (match_equity(4, 5) - match_equity(5, 4)) / 2.0
    loss, best = choice_loss(d, m, "no double")
    assert best == "double" and loss == pytest.approx((d.double_pass - d.no_double) / unit)
    # no cube access: not doubling costs nothing
    owned = CubeState(value=2, owner=1)
    d = cube_decision_from_probs(_probs(0.9), owned, CONTACT)
    assert choice_loss(d, owned, "no double") == (0.0, "no double")
    with pytest.raises(ValueError):
        choice_loss(d, owned, "beaver")
