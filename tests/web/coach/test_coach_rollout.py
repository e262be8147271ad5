"""web.coach.rollout: the rollout form read, and a rollout's progress."""

from __future__ import annotations

import pytest

from web.ai.rollouts import RolloutView
from web.coach.rollout import DEFAULT, TRIALS, TRUNCATIONS, Rollout, settings


@pytest.mark.parametrize("trials", TRIALS)
@pytest.mark.parametrize("truncate", TRUNCATIONS)
def test_every_choice_the_form_offers_is_taken(trials: int, truncate: int) -> None:
    assert settings({"trials": str(trials), "truncate": str(truncate)}) == (trials, truncate)


@pytest.mark.parametrize(
    "fields",
    [{}, {"trials": "7", "truncate": "3"}, {"trials": "-36", "truncate": "ten"}, {"trials": ""}],
)
def test_what_the_form_does_not_offer_is_its_default(fields: dict[str, str]) -> None:
    assert settings(fields) == DEFAULT


def test_one_field_alone_keeps_the_other_default() -> None:
    assert settings({"truncate": "0"}) == (DEFAULT[0], 0)
    assert settings({"trials": "1296"}) == (1296, DEFAULT[1])


def test_a_rollout_runs_until_its_view_says_finished_or_cancelled() -> None:
    asked = Rollout("key", 144, 10)
    assert asked.running  # nothing back yet
    assert Rollout("key", 144, 10, RolloutView(None, 36, 144)).running
    assert not Rollout("key", 144, 10, RolloutView(None, 144, 144, finished=True)).running
    assert not Rollout("key", 144, 10, RolloutView(None, 36, 144, cancelled=True)).running
