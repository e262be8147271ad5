"""GNU Backgammon's rollout of a play, read back through its command interpreter.

The referee (``bench.gnubg_referee``) is checked against GNU Backgammon's
2-ply evaluation of the same play: in a bear-off race its rollout stops at the
exact bear-off database, so the two must agree closely, and on both sides of
the same race, which pins the perspective (the side that makes the play).
"""

from __future__ import annotations

import pytest

from engine.ai.evaluator import equity
from engine.movegen import parse_play
from engine.position import Position

pytest.importorskip("gnubg", reason="gnubg (the GPL referee) is not installed")
gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn (the GPL referee) is not installed")

from bench.ai_gnubg_players import board  # noqa: E402
from bench.gnubg_referee import GnubgRefereeError, gnubg_rollout  # noqa: E402

RACE = Position.from_id("2G4AAFjbAQAAAA")
"""A bear-off race: the side on roll 43 pips, the other 50."""


def two_ply(root: Position, dice: tuple[int, int], text: str) -> float:
    """GNU Backgammon 2-ply's cubeless equity of the play, for the side making it."""
    after = parse_play(root, dice, text).result
    return -equity(gnubg_nn.probabilities(board(after), 2))


@pytest.mark.parametrize(
    ("root", "dice", "text"),
    [(RACE, (4, 3), "4/off 3/off"), (RACE.swap(), (6, 5), "7/1 6/1")],
    ids=["ahead", "behind"],
)
def test_race_rollout_matches_the_evaluation_for_the_side_that_plays(
    root: Position, dice: tuple[int, int], text: str
) -> None:
    play = parse_play(root, dice, text)
    result = gnubg_rollout(root, dice, play, trials=36, seed=1)
    assert result.trials == 36
    assert parse_play(root, dice, result.play).result == play.result
    assert result.se < 0.01
    expected = two_ply(root, dice, text)
    assert abs(result.equity - expected) < 0.02, (result, expected)
    win, lose = result.probabilities[0], result.probabilities[3]
    assert win + lose == pytest.approx(1.0, abs=1e-3)


def test_the_side_behind_in_the_race_is_the_underdog() -> None:
    ahead = gnubg_rollout(RACE, (4, 3), parse_play(RACE, (4, 3), "4/off 3/off"), 36, 1)
    behind_root = RACE.swap()
    behind = gnubg_rollout(
        behind_root, (2, 1), parse_play(behind_root, (2, 1), "6/4 6/5"), trials=36, seed=1
    )
    assert ahead.equity > 0.4
    assert behind.equity < -0.4


def test_opening_rollout_is_seeded_and_near_the_evaluation() -> None:
    root, dice = Position.start(), (3, 1)
    play = parse_play(root, dice, "8/5 6/5")
    first = gnubg_rollout(root, dice, play, trials=36, seed=3)
    again = gnubg_rollout(root, dice, play, trials=36, seed=3)
    other = gnubg_rollout(root, dice, play, trials=36, seed=4)
    assert first == again
    assert other != first
    assert 0.0 < first.se < 0.1
    assert abs(first.equity - two_ply(root, dice, "8/5 6/5")) < 4 * first.se


def test_a_play_of_another_roll_is_refused() -> None:
    root = Position.start()
    with pytest.raises(GnubgRefereeError):
        gnubg_rollout(root, (3, 1), parse_play(root, (6, 4), "24/14"), trials=36, seed=1)
