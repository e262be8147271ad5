"""web.coach.review: a finished game's decisions, sent to the AI and judged."""

from __future__ import annotations

import pytest

from engine.match import Match
from web.ai.protocol import (
    CubeHintReply,
    CubeHintRequest,
    CubeJudgement,
    ErrorReply,
    HintReply,
    HintRequest,
    PlayedRank,
    RankedPlay,
)
from web.coach.review import Review, review_items
from web.worker.direct import DirectAi

PROBS = (0.5, 0.1, 0.0, 0.1, 0.0)


def _game() -> Match:
    """Money play: the first player opens 3-1 badly, then doubles; the second takes."""
    m = Match.new(0).roll((3, 1)).play("24/20")
    m = m.roll((6, 4)).play("24/14").double().take()
    return m.roll((2, 1)).play("13/11 6/5")


def _cube(loss: float, *, close: bool, best: str = "no double") -> CubeHintReply:
    return CubeHintReply(
        "no double", True, 0.1, 0.0, 1.0, True, "equity", PROBS, CubeJudgement(loss, best, close)
    )


def test_the_items_are_one_sides_decisions_in_order_each_with_its_request() -> None:
    items = review_items(_game().record, 0, frozenset({1}), plies=2)
    assert [(i.kind, i.notation) for i in items] == [
        ("cube", "no double"),
        ("play", "24/14"),
        ("cube", "take"),
    ]
    cube, play, take = (i.request for i in items)
    assert isinstance(cube, CubeHintRequest) and isinstance(play, HintRequest)
    assert isinstance(take, CubeHintRequest) and take.taker and not cube.taker
    assert (play.dice, play.plies, take.chosen, take.plies) == ((6, 4), 2, "take", 2)
    doubler = review_items(_game().record, 0, frozenset({0}))
    assert [(i.kind, i.notation) for i in doubler] == [
        ("play", "24/20"),
        ("cube", "double"),
        ("play", "13/11* 6/5"),
    ]
    assert [i.event for i in doubler] == sorted({i.event for i in doubler})


def test_every_item_is_judged_by_the_ai_and_its_losses_are_counted() -> None:
    items = review_items(_game().record, 0, frozenset({0, 1}))
    review = Review(0, items)
    ai = DirectAi()
    while (index := review.next_index) is not None:
        answers: list[object] = []
        ai.ask(items[index].request, answers.append)
        review = review.judged_from(index, answers[0])  # type: ignore[arg-type]
    assert review.done and review.players == (0, 1)
    opening = review.verdicts[0]
    assert opening is not None and opening.best == "8/5 6/5" and opening.loss > 0.1
    assert review.counts()[1] + review.counts()[2] >= 1  # 24/20 with 3-1 is a mistake or worse
    assert 0 in review.flagged()
    assert review.summary(0).plays == 2 and review.summary(0).pr > 0
    losses = [v.loss for v, i in zip(review.verdicts, items, strict=True) if v and i.kind == "play"]
    assert review.error_rate() == pytest.approx(1000 * sum(losses) / len(losses))


def test_a_quiet_no_double_and_a_forced_play_judged_but_not_counted() -> None:
    items = review_items(_game().record, 0, frozenset({1}))
    review = Review(0, items).judged_from(0, _cube(0.0, close=False))
    assert review.verdicts[0] is not None and not review.verdicts[0].counted
    close = Review(0, items).judged_from(0, _cube(0.0, close=True))
    assert close.verdicts[0] is not None and close.verdicts[0].counted
    only = RankedPlay("24/14", ((24, 18), (18, 14)), 0.0, 0.0, 1, PROBS)
    forced = review.judged_from(1, HintReply((only,), PlayedRank(0, 0.0, "24/14")))
    assert forced.verdicts[1] is not None and not forced.verdicts[1].counted
    assert forced.summary(1).decisions == 0


def test_a_loss_is_never_negative() -> None:
    items = review_items(_game().record, 0, frozenset({1}))
    review = Review(0, items).judged(1, -0.002, "24/14")
    assert review.verdicts[1] is not None and review.verdicts[1].loss == 0.0


@pytest.mark.parametrize(
    ("index", "answer", "message"),
    [
        (0, ErrorReply("worker gone"), "worker gone"),
        (0, HintReply((RankedPlay("24/14", (), 0.0, 0.0, 1, PROBS),)), "not a cube hint"),
        (0, CubeHintReply("no double", True, 0, 0, 1, True, "equity", PROBS), "did not judge"),
        (1, HintReply((RankedPlay("24/14", (), 0.0, 0.0, 1, PROBS),)), "did not judge the play"),
    ],
)
def test_an_answer_that_is_no_verdict_is_refused(index: int, answer: object, message: str) -> None:
    items = review_items(_game().record, 0, frozenset({1}))
    with pytest.raises(ValueError, match=message):
        Review(0, items).judged_from(index, answer)  # type: ignore[arg-type]
