"""web.model.options: the match a player asks for and the page's settings, from
the New game form (read by web.model.intents), controls and saved JSON:
forgiving where a player typed, strict where a save may have been tampered with."""

from __future__ import annotations

import json

import pytest

from engine.names import AiLevel
from engine.rules import Rules
from web.model.actions import Act
from web.model.intents import NewMatch, parse
from web.model.options import (
    ANIMATIONS,
    DEFAULT_MOVE_CLOCK,
    NAME_LENGTH,
    MatchOptions,
    Rival,
    Setting,
    SettingChange,
    Settings,
    UnknownSettingError,
    ai_name,
    clean_name,
)


def _from_form(fields: dict[str, str]) -> MatchOptions:
    """The New game form's terms, as the page's one parser reads them."""
    start = parse(Act.START, "", fields)
    assert isinstance(start, NewMatch)
    return start.options


def test_a_new_game_form_is_read_with_defaults_for_anything_it_does_not_offer() -> None:
    form = {"opponent": "hard", "length": "7", "cube": "on", "crawford": "on", "clock": "600"}
    options = _from_form(form)
    assert options == MatchOptions("hard", 7, True, False, True, False, 600)
    odd = _from_form({"opponent": "god", "length": "4", "clock": "5"})
    assert (odd.opponent, odd.length, odd.move_clock) == ("medium", 5, DEFAULT_MOVE_CLOCK)
    assert not (odd.cube or odd.jacoby or odd.crawford or odd.beavers)  # unchecked boxes
    assert _from_form({"length": "five"}).length == 5


def test_names_are_tidied_and_cut() -> None:
    options = _from_form({"opponent": Rival.HUMAN, "name0": "  Ann  Lee ", "name1": "B" * 40})
    assert options.names == ("Ann Lee", "B" * NAME_LENGTH)
    assert clean_name("   ") == ""


def test_who_the_opponent_is() -> None:
    assert MatchOptions(Rival.HARD).vs_ai and not MatchOptions(Rival.HUMAN).vs_ai
    assert MatchOptions(Rival.ONLINE).online and not MatchOptions(Rival.ONLINE).vs_ai
    assert ai_name("easy") == "Beach Bum" and ai_name("nobody") == "nobody"


def test_every_ai_level_is_a_rival_and_saves_carry_its_word() -> None:
    assert [r.level for r in Rival if r.level is not None] == list(AiLevel)
    assert all(Rival(level) == level for level in AiLevel)
    saved = json.loads(json.dumps(MatchOptions(Rival.HARD, 3).to_json()))
    assert saved["opponent"] == "hard"
    assert MatchOptions.from_json(saved).opponent is Rival.HARD


def test_options_round_trip_through_a_save_and_make_the_rules() -> None:
    options = MatchOptions(Rival.HUMAN, 0, True, True, False, True, 0, ("Ann", "Bob"))
    assert MatchOptions.from_json(options.to_json()) == options
    assert options.rules() == Rules(
        match_length=0, cube=True, jacoby=True, crawford=False, beavers=True
    )
    online = MatchOptions.online_with(Rules(3, crawford=True), move_clock=600)
    assert online.online and online.move_clock == 600 and online.rules() == Rules(3)


def test_an_older_save_without_later_fields_reads_with_their_defaults() -> None:
    old = {"opponent": "easy", "length": 3, "cube": True, "jacoby": False, "crawford": True}
    options = MatchOptions.from_json(old)
    assert (options.beavers, options.move_clock, options.names) == (False, 120, ("", ""))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"opponent": "god"}, "unknown opponent"),
        ({"length": 4}, "match length"),
        ({"length": True}, "match length"),
        ({"cube": "yes"}, "cube must be true or false"),
        ({"beavers": 1}, "beavers must be"),
        ({"move_clock": -1}, "move clock"),
        ({"move_clock": 8 * 24 * 3600}, "move clock"),
        ({"names": ["Ann"]}, "names are two"),
        ({"names": ["Ann", 7]}, "names are two"),
    ],
)
def test_a_save_with_a_strange_setup_is_refused(change: dict[str, object], message: str) -> None:
    raw = {**MatchOptions().to_json(), **change}
    with pytest.raises(ValueError, match=message):
        MatchOptions.from_json(raw)
    with pytest.raises(ValueError, match="setup must be an object"):
        MatchOptions.from_json([1, 2])


def test_a_control_names_a_setting_and_its_text_becomes_a_value() -> None:
    assert SettingChange.parse("tutor", "on") == SettingChange(Setting.TUTOR, True)
    assert SettingChange.parse("sound", "false") == SettingChange(Setting.SOUND, False)
    assert SettingChange.parse("bottom", "turn") == SettingChange(Setting.BOTTOM, "turn")
    with pytest.raises(UnknownSettingError):
        SettingChange.parse("cheat", "on")


@pytest.mark.parametrize(
    ("name", "text", "field", "value"),
    [
        ("auto_roll", "true", "auto_roll", True),
        ("auto_forced", "false", "auto_forced", False),
        ("manual_dice", "1", "manual_dice", True),
        ("show_movable", "", "show_movable", False),
        ("animation", "fast", "animation", "fast"),
        ("animation", "warp", "animation", "normal"),
        ("theme", "??", "theme", "classic"),
        ("mode", "light", "mode", "light"),
        ("bottom", "1", "bottom", "1"),
        ("bottom", "2", "bottom", "0"),
        ("home", "left", "home", "left"),
        ("home", "up", "home", "right"),
        ("analysis_plies", "2", "analysis_plies", 2),
        ("analysis_plies", "3", "analysis_plies", 1),
    ],
)
def test_every_setting_changes_and_a_choice_there_is_none_of_is_the_default(
    name: str, text: str, field: str, value: object
) -> None:
    settings = Settings().with_value(name, text)
    assert getattr(settings, field) == value
    assert Settings.from_json(settings.to_json()) == settings


def test_settings_from_saved_json_keep_the_default_for_anything_unusable() -> None:
    raw = {"auto_roll": "yes", "animation": "off", "analysis_plies": True, "theme": 3}
    settings = Settings.from_json(raw)
    assert settings == Settings(animation="off")
    assert Settings.from_json(None) == Settings() == Settings().with_value("nothing", "on")
    assert set(ANIMATIONS) >= {Settings.from_json({"animation": a}).animation for a in ANIMATIONS}
