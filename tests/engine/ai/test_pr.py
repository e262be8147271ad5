"""The review of a match and the performance rating (engine.ai.review): which
decisions count, the PR's arithmetic, King Tubby's own plays rated perfect, and
the same verdicts as the page's review through the AI worker protocol."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_play, should_double, should_take
from engine.ai.review import (
    BLUNDER,
    DOUBTFUL,
    MISTAKE,
    Decision,
    Grade,
    Judgement,
    decisions,
    judge,
    review,
    summarise,
)
from engine.cube import CubeState
from engine.game import Action, Phase
from engine.match import Match
from engine.position import Position
from web.ai.client import Reply
from web.coach.review import Review, review_items
from web.worker.direct import DirectAi


def _decision(player: int = 0, kind: str = "play") -> Decision:
    return Decision(0, 1, player, kind, "24/20", Position.start(), CubeState(), (3, 1))


def test_pr_is_500_times_the_mean_loss_of_the_decisions_that_count() -> None:
    d0, d1 = _decision(0), _decision(1)
    cube = _decision(0, "cube")
    judged = [
        Judgement(d0, 0.2, "x"),  # a blunder
        Judgement(d0, 0.05, "x"),  # doubtful
        Judgement(d0, 0.0, "x", counted=False),  # a forced play
        Judgement(cube, 0.09, "double"),  # a cube mistake
        Judgement(cube, 0.0, "no double", counted=False),  # far from doubling
        Judgement(d1, 0.01, "x"),
    ]
    s = summarise(judged, 0)
    assert (s.plays, s.cube, s.decisions) == (2, 1, 3)
    assert (s.doubtful, s.mistakes, s.blunders) == (1, 1, 1)
    assert s.error == pytest.approx(0.34)
    assert s.pr == pytest.approx(500 * 0.34 / 3)
    other = summarise(judged, 1)
    assert other.decisions == 1 and other.pr == pytest.approx(5.0)
    assert summarise([], 0).pr == 0.0


def test_grades_use_gnubgs_thresholds() -> None:
    assert (DOUBTFUL, MISTAKE, BLUNDER) == (0.04, 0.08, 0.16)
    assert [Grade.of(x) for x in (0.0399, 0.04, 0.0799, 0.08, 0.16)] == [
        Grade.GOOD,
        Grade.DOUBTFUL,
        Grade.DOUBTFUL,
        Grade.MISTAKE,
        Grade.BLUNDER,
    ]


def _kt_against_random(seed: int, turns: int) -> Match:
    """King Tubby (player 0, hard, with its cube) against random plays and takes
    (player 1), for ``turns`` actions."""
    rng = random.Random(seed)
    m = Match.new(5)
    for _ in range(turns):
        if m.is_over:
            break
        if m.is_game_over:
            m = m.next_game()
        elif m.phase is Phase.OPENING:
            m = m.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif m.phase is Phase.ROLL:
            turn = m.turn
            assert turn is not None
            cube = m.cube_state(turn)
            if turn == 0 and Action.DOUBLE in m.legal_actions() and should_double(m.position, cube):
                m = m.double()
            else:
                m = m.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif m.phase is Phase.CUBE:
            assert m.turn is not None
            # King Tubby answers as it should; the random side always takes.
            take = m.turn == 0 or should_take(m.position, m.cube_state(m.turn))
            m = m.take() if take else m.drop()
        elif m.turn == 0:
            assert m.dice is not None
            m = m.play(choose_play(m.position, m.dice, "hard", cube=m.cube_state(0)))
        else:
            m = m.play(rng.choice(m.game.legal_plays))
    return m


def test_king_tubbys_own_plays_rate_perfect_and_random_ones_do_not() -> None:
    m = _kt_against_random(3, 60)
    r = review(m.record)
    kt, rnd = r.players
    assert kt.plays > 10 and rnd.plays > 5
    assert all(j.loss == 0.0 for j in r.judgements if j.decision.player == 0)
    assert kt.pr == 0.0 and kt.blunders == 0
    assert rnd.pr > 20.0 and rnd.blunders > 0
    assert r.flagged(0) == () and r.flagged(1)
    assert all(j.grade is not Grade.GOOD for j in r.flagged())


def test_forced_plays_and_quiet_rolls_are_no_decisions() -> None:
    bearoff = Position.from_points([0, 0, 0, 0, 0, 1] + [0] * 17 + [-1])
    from engine.record import Setup

    m = Match.from_setup(Match.new(0).rules, Setup(bearoff, 0)).roll((6, 5))
    [play] = [d for d in decisions(m.play(m.legal_plays[0]).record) if d.kind == "play"]
    assert not judge(play).counted  # 6/off is the only play
    page = Review(0, review_items(m.play(m.legal_plays[0]).record, 0, frozenset({0})))
    [k] = [i for i, item in enumerate(page.items) if item.kind == "play"]
    answers: list[Reply] = []
    DirectAi().ask(page.items[k].request, answers.append)
    page = page.judged_from(k, answers[0])
    verdict = page.verdicts[k]
    assert verdict is not None and not verdict.counted  # nor on the page
    assert page.summary(0).plays == 0


def test_the_same_verdicts_as_the_pages_review() -> None:
    m = _kt_against_random(5, 30)
    record = m.record
    page = Review(0, review_items(record, 0, frozenset({0, 1})))
    ai = DirectAi()
    for i, item in enumerate(page.items):
        answers = []
        ai.ask(item.request, answers.append)
        page = page.judged_from(i, answers[0])
    ours = [judge(d) for d in decisions(record, game=0)]
    assert len(ours) == len(page.items) > 10
    for j, item, verdict in zip(ours, page.items, page.verdicts, strict=True):
        assert verdict is not None
        assert (j.decision.player, j.decision.kind, j.decision.chosen) == (
            item.player,
            item.kind,
            item.notation,
        )
        assert j.decision.event == item.event
        assert j.loss == pytest.approx(verdict.loss, abs=1e-9)
        assert j.best == verdict.best
        assert j.counted == verdict.counted  # forced plays too, by the hint's one play
    for player in (0, 1):  # the page's summary (its PR) is the command line's
        mine, theirs = page.summary(player), summarise(ours, player)
        assert mine.pr == pytest.approx(theirs.pr, abs=1e-9)
        assert (mine.plays, mine.cube, mine.blunders, mine.mistakes, mine.doubtful) == (
            theirs.plays,
            theirs.cube,
            theirs.blunders,
            theirs.mistakes,
            theirs.doubtful,
        )
