"""web.model.savefile: the page's save (autosave, named slot, exported file)."""

from __future__ import annotations

import pytest

from engine.errors import SaveError
from engine.match import Match
from web.model.options import MatchOptions, Rival
from web.model.savefile import SAVE_APP, SAVE_VERSION, SavedGame


def _saved(**kwargs: object) -> SavedGame:
    options = MatchOptions(Rival.HUMAN, 3, names=("Ann", "Bob"))
    match = Match.from_rules(options.rules()).roll((3, 1)).play("8/5 6/5")
    return SavedGame(options, match, 0, **kwargs)  # type: ignore[arg-type]


def test_a_save_round_trips_with_its_options_and_record() -> None:
    saved = _saved()
    raw = saved.to_json()
    assert (raw["app"], raw["version"]) == (SAVE_APP, SAVE_VERSION)
    assert "analysis" not in raw  # only a match analysed carries it
    back = SavedGame.from_json(raw)
    assert back == saved and back.options.names == ("Ann", "Bob")
    assert back.match.position_id == saved.match.position_id


def test_an_analysis_travels_with_the_save_as_it_was_read() -> None:
    figures = ([0, 1, 0.2, "8/5 6/5", True, 0.01, None, 1.0],)
    saved = _saved(analysis=figures)
    assert SavedGame.from_json(saved.to_json()).analysis == figures


def test_games_counted_are_kept_within_the_match() -> None:
    raw = _saved().to_json()
    raw["counted"] = 99
    # no more than the games finished (none) and the one in progress
    assert SavedGame.from_json(raw).counted == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"app": "another"}, "not a saved game from this page"),
        ({"version": 2}, "unknown save version 2"),
        ({"counted": -1}, "counted must be a number of games"),
        ({"counted": True}, "counted must be a number of games"),
        ({"analysis": {"a": 1}}, "the analysis is a list of decisions"),
        ({"setup": {**MatchOptions(Rival.HUMAN, 5).to_json()}}, "does not match the rules"),
    ],
)
def test_a_save_that_is_not_one_of_ours_is_refused(change: dict[str, object], message: str) -> None:
    raw = {**_saved().to_json(), **change}
    with pytest.raises(SaveError, match=message):
        SavedGame.from_json(raw)
    with pytest.raises(SaveError):
        SavedGame.from_json("text")


def test_a_setup_a_save_cannot_have_is_refused_before_its_record_is_read() -> None:
    raw = {**_saved().to_json(), "setup": {"opponent": "god"}}
    with pytest.raises(ValueError, match="unknown opponent"):
        SavedGame.from_json(raw)
