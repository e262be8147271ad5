"""web.words.status: the status line's and the controls' words."""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.game import NoDouble
from engine.match import Match
from web.words.refusals import refusal
from web.words.status import NO_DOUBLE, no_double


def test_every_reason_not_to_double_is_said_in_our_words() -> None:
    assert set(NO_DOUBLE) == set(NoDouble)
    assert all(phrase and phrase[0].islower() for phrase in NO_DOUBLE.values())


@pytest.mark.parametrize(
    ("match", "reason"),
    [
        (Match.new(5).roll((3, 1)), NoDouble.NOT_BEFORE_ROLL),
        (Match.new(5).roll((3, 1)).play("8/5 6/5").double().take(), NoDouble.OPPONENT_OWNS),
        (Match.new(1).roll((3, 1)).play("8/5 6/5"), NoDouble.DEAD_CUBE),
    ],
)
def test_the_engines_reason_reads_as_a_sentence_on_the_button_and_as_a_refusal(
    match: Match, reason: NoDouble
) -> None:
    assert match.why_not_double() is reason
    tooltip = no_double("Turn It Up", match.why_not_double())
    assert tooltip == f"You may not turn it up now: {NO_DOUBLE[reason]}."
    with pytest.raises(IllegalActionError) as refused:
        match.double()
    assert refusal(refused.value) == f"You may not double now: {NO_DOUBLE[reason]}"
