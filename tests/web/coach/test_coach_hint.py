"""web.coach.hint: the AI's answers read into hints, and their figures as text."""

from __future__ import annotations

import pytest

from web.ai.protocol import (
    CubeHintReply,
    CubeJudgement,
    ErrorReply,
    HintReply,
    PlayedRank,
    RankedPlay,
)
from web.coach.hint import (
    BLUNDER,
    DOUBTFUL,
    MISTAKE,
    CubeHint,
    PlayHint,
    depth_text,
    parse_cube_hint,
    parse_play_hint,
    signed,
)

PROBS = (0.55, 0.15, 0.01, 0.11, 0.004)
BEST = RankedPlay("8/5 6/5", ((8, 5), (6, 5)), 0.152, 0.0, 1, PROBS)
SECOND = RankedPlay("24/21 13/12", ((24, 21), (13, 12)), 0.101, 0.051, 1, PROBS)


def _cube_reply(judged: CubeJudgement | None = None) -> CubeHintReply:
    return CubeHintReply("double, take", True, 0.5, 0.62, 1.0, True, "mwc", PROBS, judged)


def test_a_play_hint_keeps_the_ranking_and_the_players_own_play() -> None:
    reply = HintReply((BEST, SECOND), PlayedRank(1, 0.051, "24/21 13/12"))
    hint = parse_play_hint(reply, match=True)
    assert hint == PlayHint((BEST, SECOND), True, 0.051, 1, "24/21 13/12")
    assert parse_play_hint(HintReply((BEST,)), match=False).played_loss is None


def test_a_cube_hint_names_the_choice_only_when_the_ai_judged_it() -> None:
    judged = parse_cube_hint(
        _cube_reply(CubeJudgement(0.12, "double", True)), taker=False, chosen="no double"
    )
    assert (judged.chosen, judged.chosen_loss, judged.mwc) == ("no double", 0.12, True)
    unjudged = parse_cube_hint(_cube_reply(), taker=True, chosen="take")
    assert (unjudged.chosen, unjudged.chosen_loss, unjudged.taker) == ("", None, True)
    assert isinstance(unjudged, CubeHint) and unjudged.action == "double, take"


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (ErrorReply("the network is not loaded"), "the network is not loaded"),
        (HintReply((BEST,)), "HintReply, not CubeHintReply"),
    ],
)
def test_a_cube_hint_refuses_any_other_answer(reply: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cube_hint(reply, taker=False)  # type: ignore[arg-type]


def test_a_play_hint_refuses_a_cube_answer() -> None:
    with pytest.raises(ValueError, match="CubeHintReply, not HintReply"):
        parse_play_hint(_cube_reply(), match=False)


def test_figures_read_with_a_real_minus_and_no_negative_zero() -> None:
    assert signed(0.1704) == "+0.170"
    assert signed(-0.1704) == "\u22120.170"
    assert signed(-0.0004) == "+0.000"


def test_the_depth_of_a_worked_out_race_is_not_called_0_ply() -> None:
    assert depth_text(BEST) == "1-ply"
    race = RankedPlay("6/off", ((6, 0),), 0.9, 0.0, 0, PROBS, worked_out=True)
    assert depth_text(race) == "race"


def test_the_grades_are_gnu_backgammons_thresholds_in_order() -> None:
    assert (DOUBTFUL, MISTAKE, BLUNDER) == (0.04, 0.08, 0.16)
