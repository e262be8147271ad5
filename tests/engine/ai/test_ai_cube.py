"""Cube decisions in textbook positions, match equity and resignations."""

from __future__ import annotations

import pytest

import engine.ai.player
from engine import Position
from engine.ai import (
    CUBE_PLIES,
    LEVELS,
    CubeState,
    accepts_resignation,
    choice_loss,
    cube_decision,
    evaluate,
    is_close,
    match_equity,
    resignation_offer,
    should_double,
    should_take,
)
from engine.ai.cube import (
    before_roll_probs,
    cube_decision_from_probs,
    cube_efficiency,
    match_cash_point,
    match_cubeful,
    match_take_point,
)
from engine.ai.encoding import ROLLS
from engine.ai.evaluator import flip
from engine.ai.score import outcome_weights, score_equity
from engine.movegen import legal_plays

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
    st = game.cube_state(0)
    assert (st.my_away, st.opp_away, st.owner, st.is_match) == (5, 3, None, True)
    assert game.cube_state(1).my_away == 3
    money = Game.new(Rules(jacoby=True)).cube_state(1)
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


# -- King Tubby's cube: 1-ply winning chances ---------------------------------------

SCORE_5_3 = CubeState(1, None, False, 7, 5, 3, False)

# The side on roll on the bar against a five-point board (its opponent's 1..5
# points closed, the 6 open): only the 11 rolls with a 6 come in.
ON_THE_BAR = Position(
    [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 6] + [0] * 11 + [1],
    [0, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 5] + [0] * 12,
)


def _by_hand(position: Position, st: CubeState) -> tuple[float, ...]:
    """The side on roll's 1-ply probabilities, written out: for each roll its
    best play by its own score equity at 0-ply, the result (the opponent on
    roll) evaluated and turned back to the side on roll, weighted 1 or 2 / 36."""
    weights = outcome_weights(st)
    total = [0.0] * 5
    for a, b, n in ROLLS:
        after = [flip(evaluate(pl.result)) for pl in legal_plays(position, (a, b))]
        if not after:  # no play: the opponent rolls from the same board
            after = [flip(evaluate(position.swap()))]
        best = max(after, key=lambda p: score_equity(p, weights))
        total = [t + n / 36.0 * q for t, q in zip(total, best, strict=True)]
    return tuple(total)


@pytest.mark.parametrize("position", [Position.start(), ON_THE_BAR], ids=["start", "bar"])
def test_one_ply_cube_decision_is_the_mean_over_the_rolls(position: Position) -> None:
    by_hand = _by_hand(position, SCORE_5_3)
    probs = before_roll_probs(position, SCORE_5_3, plies=1)
    assert probs == pytest.approx(by_hand, abs=1e-12)
    d = cube_decision(position, SCORE_5_3, plies=1)
    expected = cube_decision_from_probs(probs, SCORE_5_3, cube_efficiency(position))
    assert d == expected
    assert d.probs != evaluate(position)  # 1-ply is not the 0-ply figure


def test_one_ply_is_seen_by_the_side_on_roll() -> None:
    # Last roll: the side on roll (two checkers, on its 6 and 5 points) wins
    # only with 65, 66, 55, 44 or 33; the opponent bears off its last checker next.
    last = Position([13, 0, 0, 0, 0, 1, 1] + [0] * 19, [14, 1] + [0] * 24)
    w = cube_decision(last, plies=1).probs[0]
    assert w == pytest.approx(6 / 36, abs=1e-9)
    assert cube_decision(last, plies=1).probs[1:] == (0.0, 0.0, 0.0, 0.0)


def test_the_levels_cube_depths() -> None:
    # Beach Bum and Selector keep the 0-ply cube; King Tubby (and the hints) look a roll ahead.
    assert CUBE_PLIES == {"easy": 0, "medium": 0, "hard": 1}
    assert set(CUBE_PLIES) == set(LEVELS)
    position = ON_THE_BAR.swap()  # the side with the five-point board on roll
    money = CubeState()  # Jacoby: gammons don't count yet, so a double (at 5/3: too good)
    zero = cube_decision(position, money)
    assert zero == cube_decision(position, money, plies=0)
    assert zero.probs == evaluate(position)
    one = cube_decision(position, money, plies=1)
    assert one.probs != zero.probs
    # King Tubby's double: the 1-ply verdict where 0-ply finds the decision close
    assert zero.should_double and is_close(zero, money)
    assert should_double(position, money, plies=1) == one.should_double
    assert should_take(position, money, plies=1) == one.should_take
    with pytest.raises(ValueError, match="plies"):  # 2-ply is analysis's (#47); 3 is none
        cube_decision(position, money, plies=3)


def test_no_look_ahead_unless_a_double_is_near(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("evaluated a double one ply deeper")

    monkeypatch.setattr(engine.ai.player, "ply1_before_roll", fail)
    assert not should_double(Position.start(), CubeState(2, 1), plies=1)
    crawford = CubeState(1, None, False, 7, 4, 1, True)
    assert not should_double(Position.start(), crawford, plies=1)
    # nor when 0-ply finds doubling far off (the 0-ply screen, as for checker play)
    assert not is_close(cube_decision(Position.start(), SCORE_5_3), SCORE_5_3)
    assert not should_double(Position.start(), SCORE_5_3, plies=1)
    assert not is_close(cube_decision(ON_THE_BAR.swap(), SCORE_5_3), SCORE_5_3)  # too good
    assert not should_double(ON_THE_BAR.swap(), SCORE_5_3, plies=1)
    with pytest.raises(AssertionError, match="evaluated"):  # a close one is looked at
        should_double(ON_THE_BAR.swap(), CubeState(), plies=1)
