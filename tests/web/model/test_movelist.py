"""web.model.movelist: a match's line as a table of contents, found by bisection."""

from __future__ import annotations

from engine.match import Match
from web.coach.review import Review, review_items
from web.model.movelist import error_step, game_start, game_step, grade, keys, step_of, with_review


def _two_games() -> tuple[Match, ...]:
    """Every decision of a 3-point match's first game (dropped) and the second's start."""
    start = Match.new(3)
    opened = start.roll((3, 1))
    played = opened.play("8/5 6/5")
    rolled = played.roll((6, 4))
    answered = rolled.play("24/14")
    doubled = answered.double()
    dropped = doubled.drop()
    second = dropped.next_game()
    steps = [start, opened, played, rolled, answered, doubled, dropped, second, second.roll((5, 2))]
    return tuple(steps)


def test_the_line_is_keyed_by_game_and_event_in_order() -> None:
    line = keys(_two_games())
    assert line == sorted(line)
    assert line[0] == (0, 0) and line[-1][0] == 1
    assert len(set(line)) == len(line)  # one entry a decision: the game's end is its own
    assert line[-2:] == [(1, 0), (1, 1)]


def test_an_event_is_found_at_or_before_its_step() -> None:
    line = [(0, 0), (0, 1), (0, 3), (1, 0), (1, 2)]
    assert [step_of(line, 0, e) for e in range(5)] == [0, 1, 1, 2, 2]
    assert step_of(line, 1, 1) == 3 and step_of(line, 9, 0) == 4
    assert step_of(line, -1, 0) == 0  # before the first: the first


def test_games_are_stepped_as_page_up_and_page_down_do() -> None:
    line = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)]
    assert [game_start(line, g) for g in (0, 1, 2, 3, -1)] == [0, 3, 5, 5, 0]
    assert game_step(line, 1, forward=True) == 3
    assert game_step(line, 4, forward=False) == 3  # this game's start first...
    assert game_step(line, 3, forward=False) == 0  # ...then the previous game's
    assert game_step(line, 5, forward=True) == 5  # the last game: stays at the end


def test_grades_follow_gnu_backgammons_thresholds() -> None:
    assert [grade(x) for x in (0.0, 0.039, 0.04, 0.08, 0.16, 1.0)] == [
        "",
        "",
        "doubtful",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_errors_are_found_either_way_for_either_player_or_one() -> None:
    line = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    grades = {(0, 1): (0, 0.05), (0, 2): (1, 0.01), (0, 3): (1, 0.2), (1, 0): (0, 0.1)}
    assert error_step(line, grades, 0, forward=True) == 1
    assert error_step(line, grades, 1, forward=True) == 3  # 0.01 is no error
    assert error_step(line, grades, 1, forward=True, who=0) == 4
    assert error_step(line, grades, 4, forward=False, who=1) == 3
    assert error_step(line, grades, 1, forward=False) is None
    assert error_step(line, grades, 4, forward=True) is None


def test_a_games_review_adds_its_verdicts_to_the_grades() -> None:
    record = _two_games()[-1].record
    items = review_items(record, 0, frozenset({0, 1}))
    review = Review(0, items)
    for i in range(len(items)):
        review = review.judged(i, 0.01 * i, "best")
    grades = with_review({(5, 5): (1, 0.3)}, review)
    assert grades[(5, 5)] == (1, 0.3)  # what was there stays
    for item, verdict in zip(items, review.verdicts, strict=True):
        assert verdict is not None and grades[(0, item.event)] == (item.player, verdict.loss)
    assert with_review(grades, None) is grades
