"""Rollouts (engine/ai/rollout.py, rollout_game.py, engine/rollout_stats.py): seeded,
sliceable and exactly mergeable, variance-reduced, cube decisions that come out
right on obvious positions, and the command line."""

from __future__ import annotations

import doctest
import math

import pytest

import engine.ai.rollout
import engine.ai.rollout_game
import engine.rollout_stats
from engine.ai.encoding import ROLLS
from engine.ai.player import rank_plays
from engine.ai.rollout import (
    Rollout,
    RolloutSettings,
    RolloutSettingsError,
    RolloutSpec,
    chunks,
    rollout,
)
from engine.ai.rollout_game import PLAYERS, Table, best_play
from engine.cli import ROLLOUT_PLAYERS, main
from engine.cube import CubeState
from engine.position import Position
from engine.rollout_stats import (
    CUBE,
    PLAYS,
    RolloutMergeError,
    Tally,
    cube_verdict,
    merge,
    merge_all,
)

START = Position.start()
# Quick settings: a few plies, then the evaluator's estimate.
QUICK = RolloutSettings(trials=12, truncate=3, candidates=3)


def spec(dice: tuple[int, int] | None = (3, 1), **changes: object) -> RolloutSpec:
    fields = {f: getattr(QUICK, f) for f in QUICK.__dataclass_fields__}
    return RolloutSpec(START, dice, None, RolloutSettings(**(fields | changes)))  # type: ignore[arg-type]


def test_doctests() -> None:
    for module in (engine.ai.rollout, engine.rollout_stats):
        assert doctest.testmod(module).failed == 0


def test_the_same_seed_gives_the_same_rollout_and_another_seed_another() -> None:
    a, b, c = rollout(spec()), rollout(spec()), rollout(spec(seed=2))
    assert a == b
    assert a.candidates != c.candidates
    assert a.kind == PLAYS and a.trials == 12
    assert a.candidates[0].label == "8/5 6/5"


def test_two_halves_merge_into_exactly_the_whole_run() -> None:
    s = spec(trials=10)
    whole = rollout(s)
    first = Rollout(s, 0, 4).step(100)
    second = Rollout(s, 4, 10).step(100)
    assert merge(first, second) == whole
    assert merge(second, first) == whole  # in either order
    # Chunked progress of three slices, merged, is the same again.
    parts = [list(chunks(s, 2, lo, hi))[-1] for lo, hi in ((0, 3), (3, 7), (7, 10))]
    assert merge_all(parts) == whole
    assert whole.ranges == ((0, 10),)


def test_merging_refuses_overlaps_and_other_rollouts() -> None:
    s = spec(trials=4)
    a, b = Rollout(s, 0, 3).step(10), Rollout(s, 2, 4).step(10)
    with pytest.raises(RolloutMergeError, match="counted twice"):
        merge(a, b)
    other = Rollout(spec(trials=4, seed=9), 3, 4).step(10)
    with pytest.raises(RolloutMergeError, match="different rollouts"):
        merge(a, other)
    with pytest.raises(RolloutMergeError):
        merge_all([])


def test_progress_comes_in_chunks_and_a_rollout_can_stop_between_them() -> None:
    r = Rollout(spec(trials=7))
    seen = []
    while not r.finished:
        seen.append(r.step(3).trials)
    assert seen == [3, 6, 7]
    assert r.done == 7
    stopped = Rollout(spec(trials=7))
    stopped.step(3)
    assert not stopped.finished and stopped.tally.trials == 3  # cancelled: what it has stays


@pytest.mark.parametrize("luck", [False, True])
def test_parts_of_one_plan_in_any_order_merge_to_the_whole_rollout(luck: bool) -> None:
    s = spec(trials=9, luck=luck)  # luck: its cache of the first plies is shared by the parts
    plan = Rollout(s, 0, 0)  # ranks the candidates once; plays nothing
    assert plan.finished and plan.tally.trials == 0
    parts = [plan.part(lo, hi) for lo, hi in ((6, 9), (0, 2), (2, 6))]
    tallies = [p.step(9) for p in parts]
    assert [t.trials for t in tallies] == [3, 2, 4] and all(p.finished for p in parts)
    assert merge_all(tallies) == rollout(s)
    assert plan.part(6, 9).step(3) == tallies[0]  # a part played again is the same
    with pytest.raises(RolloutSettingsError):
        plan.part(3, 2)


def test_the_standard_error_falls_with_more_trials() -> None:
    small = rollout(spec(trials=36, candidates=1)).candidates[0]
    big = rollout(spec(trials=288, candidates=1)).candidates[0]
    assert big.trials == 288
    # about 1/sqrt(8) of it (0.42-0.47 on seeds 1-3).  The figures are seeded, but
    # the players are the shipped net: with 12 against 72 trials a new net gave
    # 0.72, the 12-trial estimate of the spread itself being that loose.
    assert big.se < 0.7 * small.se
    assert abs(big.mean - small.mean) < 3 * math.hypot(small.se, big.se)


def test_stratified_first_rolls_make_a_one_ply_rollout_exact() -> None:
    """Truncated after one roll, 36 stratified trials see each roll once: the mean
    is the exact average over the opponent's 36 rolls.  Random dice miss it."""
    base = dict(trials=36, truncate=1, cubeful=False, candidates=1)
    s = spec(**base)
    tally = rollout(s).candidates[0]
    after = rollout(s)  # the candidate: the best play of 31 from the start
    assert after.candidates[0].label == "8/5 6/5"
    opp_on_roll = Position.start()
    from engine.movegen import legal_plays

    result = next(p.result for p in legal_plays(opp_on_roll, (3, 1)) if str(p) == "8/5 6/5")
    table = Table(CubeState(), s.settings.options())
    vals = table.values(1, 1, None)
    exact = sum(w * best_play(result, (a, b), vals, -1.0)[1] for a, b, w in ROLLS) / 36
    # The trial's value is the evaluator's cubeless estimate after the reply, seen
    # with the root on roll: the same figure as the reply's value for the root.
    assert tally.mean == pytest.approx(exact, abs=1e-8)
    random_dice = rollout(spec(**base, stratify=False)).candidates[0]
    assert abs(random_dice.mean - exact) > 1e-4


def test_luck_adjustment_cuts_the_standard_error_on_the_same_games() -> None:
    s = spec(trials=12, truncate=3, luck=True, candidates=1)
    tally = rollout(s)
    for t in tally.candidates:
        assert t.se < 0.5 * t.raw_se  # the same games, as played and luck-corrected
        assert abs(t.mean - t.raw_mean) < 3 * t.raw_se  # the correction is unbiased
    # Luck adjustment changes the figures reported, never the games played.
    plain = rollout(spec(trials=12, truncate=3, luck=False, candidates=1))
    for a, b in zip(tally.candidates, plain.candidates, strict=True):
        assert (a.raw_total, a.outcomes) == (b.raw_total, b.outcomes)


def test_a_truncated_trial_ends_with_an_estimate() -> None:
    t = rollout(spec(trials=6, truncate=2, cubeful=False, candidates=1)).candidates[0]
    w = t.rates[0]
    assert 0.3 < w < 0.7 and w not in (0.0, 1.0)
    # Estimates are fractions, not the whole points of finished games.
    assert any(x % engine.rollout_stats.SCALE for x in t.outcomes)


def test_a_full_rollout_plays_to_the_end() -> None:
    # A short race to keep it quick: every trial is a finished game.
    race = Position([11, 0, 0, 0, 0, 2, 2] + [0] * 19, [9, 0, 0, 0, 3, 3] + [0] * 20)
    s = RolloutSpec(race, (2, 1), None, RolloutSettings(trials=36, cubeful=False))
    tally = rollout(s)
    assert len(tally.candidates) > 1
    for t in tally.candidates:
        assert t.rates[1] == 0.0  # they have borne off: no gammons
        assert all(x % engine.rollout_stats.SCALE == 0 for x in t.outcomes)


def test_a_cubeless_rollout_counts_gammons_even_under_the_jacoby_rule() -> None:
    # The cube is never turned in a cubeless rollout, so the Jacoby rule (on by
    # default in money play) must not make gammons worth a single game: when it
    # did, play stopped caring about them and a third of the games from the
    # opening ended in a gammon or a backgammon.
    table = Table(CubeState(jacoby=True), engine.ai.rollout_game.TrialOptions(cubeful=False))
    assert table.values(0, 1, None)[:3] == (1.0, 2.0, 3.0)
    s = RolloutSpec(START, (3, 1), None, RolloutSettings(trials=36, cubeful=False, candidates=1))
    t = rollout(s).candidates[0]
    assert t.rates[2] + t.rates[4] < 0.06  # backgammons: about 1 % in good play
    # Every gammon counts double: the mean is what the outcomes are worth.
    w, wg, wbg, lg, lbg = t.rates
    assert math.isclose(t.raw_mean, 2 * w - 1 + wg - lg + wbg - lbg, abs_tol=1e-9)


# -- cube decisions --------------------------------------------------------------------------


def test_a_certain_pass_rolls_out_as_double_pass() -> None:
    # A race: I bear off four checkers from my 4 and 5 points in two rolls
    # (almost always); they need two rolls of doubles for eight on their 3 and 4.
    pos = Position([11, 0, 0, 0, 2, 2] + [0] * 20, [7, 0, 0, 4, 4] + [0] * 21)
    tally = rollout(RolloutSpec(pos, None, CubeState(jacoby=False), RolloutSettings(trials=72)))
    assert tally.kind == CUBE
    v = cube_verdict(tally)
    assert v.action == "double, pass"
    assert v.double_take > 1.8 and v.double_pass == 1.0
    assert 0.9 < v.no_double <= 1.0


def test_the_opening_position_is_no_double() -> None:
    s = spec(dice=None, trials=36, truncate=4)
    v = cube_verdict(rollout(s))
    assert v.action == "no double"
    assert v.no_double > v.double_take
    assert -0.3 < v.no_double < 0.4


def test_a_match_score_rolls_out_in_match_winning_chances() -> None:
    st = CubeState(1, None, False, 5, 2, 4)
    s = RolloutSpec(START, (3, 1), st, RolloutSettings(trials=6, truncate=2, candidates=2))
    t = rollout(s)
    assert t.units == "mwc"
    assert all(0.0 <= c.mean <= 1.0 for c in t.candidates)


def test_other_players_and_bad_settings() -> None:
    assert PLAYERS == ROLLOUT_PLAYERS
    t = rollout(spec(trials=2, truncate=2, player="medium", candidates=1))
    assert t.trials == 2
    for bad in (dict(trials=0), dict(truncate=-1), dict(player="gnubg"), dict(candidates=0)):
        with pytest.raises(RolloutSettingsError):
            spec(**bad)


def test_tally_statistics_from_exact_sums() -> None:
    t = Tally("x")
    for x in (1.0, -1.0, 2.0, 0.5):
        t = t.add(x, x, (1.0, 0.0, 0.0, 0.0, 0.0))
    xs = [1.0, -1.0, 2.0, 0.5]
    m = sum(xs) / 4
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / 3)
    assert t.mean == pytest.approx(m) and t.se == pytest.approx(sd / 2)
    assert Tally("y").se == 0.0 and Tally("y").mean == 0.0


# -- the command line ------------------------------------------------------------------------


def test_the_command_line_ranks_plays_with_mean_and_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rollout", START.id, "31", "--trials", "4", "--truncate", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("rollout (money, cube 1 centred; 4 trials, seed 1, truncated at 2")
    assert out[1].split()[:2] == ["1.", "8/5"]
    assert all("±" in line and "trials 4" in line for line in out[1:])


def test_the_command_line_rolls_out_the_cube(capsys: pytest.CaptureFixture[str]) -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10"
    assert main(["rollout", xgid, "--trials", "2", "--truncate", "1"]) == 0
    out = capsys.readouterr().out
    assert "match to 5" in out and "no double" in out and "verdict: " in out
    assert main(["rollout", xgid, "--trials", "0"]) == 2
    assert "at least one trial" in capsys.readouterr().err


def test_a_play_named_by_also_is_rolled_out_wherever_it_ranks() -> None:
    """The play a match made, ranked below the candidates, is rolled out with them."""
    ranked = rank_plays(START, (3, 1), "hard", None)
    low = ranked[-1]  # the worst play of the roll: no candidate of its own
    plain = rollout(spec(trials=2))
    assert str(low.play) not in [t.label for t in plain.candidates]
    with_it = rollout(spec(trials=2, also=low.play.result.id))  # far outside the window too
    labels = [t.label for t in with_it.candidates]
    assert labels == [*(t.label for t in plain.candidates), str(low.play)]
    # Already among the candidates: nothing added.
    best = rollout(spec(trials=2, also=ranked[0].play.result.id))
    assert [t.label for t in best.candidates] == [t.label for t in plain.candidates]
