"""What a resignation is worth, and the AI's answer to it, in every cube state.

One rule prices a win (:func:`engine.scoring.points_for`): the cube value
times the win type, or times 1 in money play under the Jacoby rule while the
cube is centred.  The engine scores an accepted resignation (and a game borne
off) by it, the Resign dialog lists it (:meth:`Match.resign_choices`), the
AI's view of the cube prices it the same way
(:func:`engine.scoring.points_for_cube_state`), and the AI accepts exactly
when that price covers what playing on is worth.

The position: the resigner, on roll, has 15 checkers on its 6 point; the
other side has one checker left on its ace point.  The resigner cannot win
and loses a gammon about half the time (the bear-off database's exact
figure), never a backgammon; its cube cannot help it.  So playing on is worth
``1 + lg`` cube units to the side answering, or 1 when gammons do not count.
"""

from __future__ import annotations

import itertools

import pytest

from engine import Match, Position, Rules, Setup, WinType
from engine.ai import accepts_resignation, evaluate
from engine.ai.met import equity_after
from engine.cube import Cube, CubeState
from engine.scoring import EndReason, gammons_count, points_for, points_for_cube_state

RESIGNER, ANSWERER = 0, 1
HOPELESS = Position.from_points([0] * 5 + [15] + [0] * 17 + [-1])  # the resigner's view
WINS = tuple(WinType)


def _gammon_chance() -> float:
    w, _, _, lg, lbg = evaluate(HOPELESS)
    assert w == 0.0 and lbg == 0.0 and 0.3 < lg < 0.7
    return lg


def _offer(
    rules: Rules, cube: Cube, *, score: tuple[int, int] = (0, 0), crawford: bool = False
) -> Match:
    """The resigner on roll in HOPELESS, before rolling, in the given state."""
    setup = Setup(HOPELESS, RESIGNER, cube)
    return Match.from_setup(rules, setup, score=score, crawford=crawford)


def _ai_accepts(m: Match, win: WinType) -> bool:
    """The AI's answer as the web asks it: the answering side's view of the board and cube."""
    return accepts_resignation(m.position.swap(), win, m.cube_state(ANSWERER))


def _check_engine_price(m: Match, win: WinType, price: int) -> None:
    """Every place the engine states the price agrees with ``price``."""
    assert m.resignation_points(win) == m.game.resignation_points(win) == price
    assert (win, price) in m.resign_choices()
    for side in (RESIGNER, ANSWERER):
        assert points_for_cube_state(win, m.cube_state(side)) == price
    before = m.score
    done = m.resign(win).accept_resignation()
    assert done.result is not None
    assert (done.result.points, done.result.win_type) == (price, win)
    assert done.result.reason is EndReason.RESIGNED and done.result.winner == ANSWERER
    assert done.score == (before[0], before[1] + price)


# -- money --------------------------------------------------------------------

MONEY_CUBES = {
    "centred": Cube(),
    "centred at 2 (automatic double)": Cube(2),
    "owned by the resigner": Cube(2, RESIGNER),
    "owned by the answerer": Cube(2, ANSWERER),
}


@pytest.mark.parametrize("jacoby", [False, True], ids=["no Jacoby", "Jacoby"])
@pytest.mark.parametrize("cube", MONEY_CUBES.values(), ids=MONEY_CUBES.keys())
@pytest.mark.parametrize("win", WINS, ids=[w.label for w in WINS])
def test_money_price_and_answer(jacoby: bool, cube: Cube, win: WinType) -> None:
    m = _offer(Rules(jacoby=jacoby), cube)
    counted = not (jacoby and cube.centred)
    price = cube.value * (int(win) if counted else 1)
    _check_engine_price(m, win, price)
    # Money equities are per cube unit; playing on is worth 1 + lg, or 1 without gammons.
    playing_on = 1.0 + _gammon_chance() if counted else 1.0
    assert _ai_accepts(m, win) is (price / cube.value >= playing_on)
    # Spelled out: a single game is too little when gammons count, a gammon is enough.
    assert _ai_accepts(m, win) is (win >= WinType.GAMMON or not counted)


def test_jacoby_with_a_centred_cube_prices_a_gammon_at_one_point() -> None:
    """The issue's case: the Resign dialog offered 'gammon (2 points)', the engine scored 1."""
    m = _offer(Rules(jacoby=True), Cube())
    assert m.resign_choices() == ((WinType.SINGLE, 1), (WinType.GAMMON, 1), (WinType.BACKGAMMON, 1))
    st = m.cube_state(ANSWERER)
    assert st.jacoby and st.owner is None
    assert points_for_cube_state(WinType.GAMMON, st) == 1
    # Playing on cannot be worth more than a point to the side answering: it accepts all.
    assert all(_ai_accepts(m, w) for w in WINS)
    # Once the cube is turned, gammons count again, for the engine and for the AI.
    turned = _offer(Rules(jacoby=True), Cube(2, ANSWERER))
    assert turned.resign_choices() == (
        (WinType.SINGLE, 2),
        (WinType.GAMMON, 4),
        (WinType.BACKGAMMON, 6),
    )
    assert [_ai_accepts(turned, w) for w in WINS] == [False, True, True]


def test_jacoby_needs_the_cube_in_use() -> None:
    m = _offer(Rules(cube=False, jacoby=True), Cube())
    assert m.resign_choices() == ((WinType.SINGLE, 1), (WinType.GAMMON, 2), (WinType.BACKGAMMON, 3))
    assert not m.cube_state(ANSWERER).jacoby
    assert [_ai_accepts(m, w) for w in WINS] == [False, True, True]


# -- match play ---------------------------------------------------------------------

MATCH_STATES = {
    # name: (rules, cube, score (resigner, answerer), Crawford game, the AI's answers)
    "5-point 0-0": (Rules(5), Cube(), (0, 0), False, [False, True, True]),
    "Jacoby ignored in a match": (
        Rules(5, jacoby=True),
        Cube(),
        (0, 0),
        False,
        [False, True, True],
    ),
    "cube 2 owned by the answerer": (
        Rules(5),
        Cube(2, ANSWERER),
        (0, 0),
        False,
        [False, True, True],
    ),
    "cube 2 owned by the resigner": (
        Rules(5),
        Cube(2, RESIGNER),
        (0, 0),
        False,
        [False, True, True],
    ),
    "Crawford, resigner at match point": (Rules(5), Cube(), (4, 2), True, [False, True, True]),
    "Crawford, answerer at match point": (Rules(5), Cube(), (2, 4), True, [True, True, True]),
    "post-Crawford, cube 1": (Rules(5), Cube(), (4, 3), False, [False, True, True]),
    "post-Crawford, trailer doubled": (Rules(5), Cube(2, RESIGNER), (4, 3), False, [True] * 3),
}


@pytest.mark.parametrize(
    ("rules", "cube", "score", "crawford", "answers"),
    MATCH_STATES.values(),
    ids=MATCH_STATES.keys(),
)
def test_match_price_and_answer(
    rules: Rules, cube: Cube, score: tuple[int, int], crawford: bool, answers: list[bool]
) -> None:
    m = _offer(rules, cube, score=score, crawford=crawford)
    assert m.is_crawford_game is crawford
    st = m.cube_state(ANSWERER)
    lg = _gammon_chance()
    for win, expected in zip(WINS, answers, strict=True):
        price = cube.value * int(win)  # gammons always count in a match
        _check_engine_price(m, win, price)
        # The price in match-winning chance against playing on, priced the same way.
        after = [equity_after(st.my_away, st.opp_away, st.crawford, k, 0) for k in range(13)]
        playing_on = lg * after[2 * cube.value] + (1.0 - lg) * after[cube.value]
        assert _ai_accepts(m, win) is (after[price] >= playing_on - 1e-9) is expected


def test_post_crawford_game_is_seen_as_such() -> None:
    m = _offer(Rules(5), Cube(), score=(4, 3))
    assert m.is_post_crawford and not m.is_crawford_game


# -- the rule itself -------------------------------------------------------------------


def test_points_for_and_gammons_count_agree_with_the_cube_state_price() -> None:
    for value, owner, jacoby, win in itertools.product(
        (1, 2, 64), (None, 0, 1), (False, True), WINS
    ):
        st = CubeState(value, owner, jacoby)
        expected = points_for(win, value, gammons_count(jacoby, owner is None))
        assert points_for_cube_state(win, st) == expected
        matched = CubeState(value, owner, jacoby, match_length=7, my_away=7, opp_away=7)
        assert points_for_cube_state(win, matched) == value * int(win)


@pytest.mark.parametrize("bad", [0, 4, -1, True])
def test_not_a_win_type(bad: int) -> None:
    m = _offer(Rules(), Cube())
    with pytest.raises(ValueError, match="win type"):
        m.resignation_points(bad)
    with pytest.raises(ValueError, match="win type"):
        accepts_resignation(m.position.swap(), bad, m.cube_state(ANSWERER))


def test_no_resignation_choices_when_one_may_not_resign() -> None:
    m = _offer(Rules(), Cube())
    assert m.resign(WinType.SINGLE).resign_choices() == ()  # waiting for an answer
    rejected = m.resign(WinType.SINGLE).reject_resignation()
    assert [w for w, _ in rejected.resign_choices()] == [WinType.GAMMON, WinType.BACKGAMMON]
    assert m.resign(1).accept_resignation().resign_choices() == ()
    assert Match.new().resign_choices() == ()  # before the opening roll


@pytest.mark.parametrize("jacoby", [False, True], ids=["no Jacoby", "Jacoby"])
@pytest.mark.parametrize("cube", MONEY_CUBES.values(), ids=MONEY_CUBES.keys())
def test_a_gammon_borne_off_scores_what_its_resignation_would(jacoby: bool, cube: Cube) -> None:
    """The winner bears off its last checker while the resigner has none off."""
    m = Match.from_setup(Rules(jacoby=jacoby), Setup(HOPELESS.swap(), ANSWERER, cube))
    price = m.resignation_points(WinType.GAMMON)
    done = m.roll((2, 1)).play("1/off")
    assert done.result is not None and done.result.reason is EndReason.BORNE_OFF
    assert (done.result.win_type, done.result.points) == (WinType.GAMMON, price)
