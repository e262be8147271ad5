"""The one list of actions: every control, key and dialog names an action that
exists, and every action has its handler; the resign price is the engine's."""

from __future__ import annotations

import re

import pytest
from repo_paths import ROOT
from web_fakes import Rig

from web.model.actions import KEYS, Act, UnknownActionError

ACTION_ATTR = re.compile(r'data-(?:action|submit)="([^"]*)"')


def test_every_action_has_a_handler() -> None:
    assert set(Rig().c.handlers) == set(Act)


def test_an_unknown_action_fails_loudly() -> None:
    with pytest.raises(UnknownActionError, match="'rol'"):
        Act.parse("rol")
    rig = Rig().boot()
    with pytest.raises(UnknownActionError):
        rig.act("no-such-action")


def test_the_page_and_the_key_map_name_only_known_actions() -> None:
    html = (ROOT / "public" / "index.html").read_text(encoding="utf-8")
    named = ACTION_ATTR.findall(html)
    assert len(named) > 15
    for name in named:
        Act.parse(name)
    assert set(KEYS.values()) <= set(Act)


def test_every_dialog_and_screen_names_only_known_actions() -> None:
    """Drive a game through its dialogs and check every control drawn."""
    rig = Rig([3, 1, 6, 5], seed=3).boot()
    seen: set[str] = set()

    def collect() -> None:
        for screen in rig.view.screens:
            if screen.dialog is not None:
                seen.update(ACTION_ATTR.findall(screen.dialog.html))
            seen.update(ACTION_ATTR.findall(screen.hint_html))
            seen.update(b.action.value for b in screen.controls)

    rig.start("hard", 0)
    rig.act("roll")
    rig.act("hint")
    for opened in ("resign-open", "close", "stats-open", "close", "settings-open", "close"):
        rig.act(opened)
    rig.act("saves-open")
    collect()
    for name in seen:
        Act.parse(name)
    assert {"take", "resign", "hint-play", "save-slot", "setting"} - seen == {"take"}


@pytest.mark.parametrize(
    ("fields", "gammon_points"),
    [
        ({"length": "0", "cube": "on", "jacoby": "on"}, 1),  # Jacoby, cube centred: 1 point
        ({"length": "0", "cube": "on"}, 2),
        ({"length": "0"}, 2),  # no cube: Jacoby has nothing to wait for
        ({"length": "5", "cube": "on", "jacoby": "on"}, 2),  # Jacoby is for money only
    ],
)
def test_the_resign_dialog_offers_the_engines_price(
    fields: dict[str, str], gammon_points: int
) -> None:
    rig = Rig([3, 1]).boot()
    rig.c.act(Act.START, "", {"opponent": "human", **fields})
    rig.timer.run()
    rig.act("roll")
    screen = rig.act("resign-open")
    assert screen.dialog is not None
    unit = "point" if gammon_points == 1 else "points"
    assert f"gammon ({gammon_points} {unit})" in screen.dialog.html
    assert rig.c.state.match.resignation_points(2) == gammon_points
    screen = rig.act("resign", "2")
    assert screen.dialog is not None and screen.dialog.kind == "resign-answer"
    assert f"{gammon_points} point" in screen.dialog.html
    rig.act("accept")
    result = rig.c.state.match.result
    assert result is not None and result.points == gammon_points


def test_the_resign_price_follows_the_cube_once_turned() -> None:
    """Jacoby: once the cube is turned, a gammon counts double again."""
    rig = Rig([3, 1, 5, 2]).boot()
    rig.c.act(Act.START, "", {"opponent": "human", "length": "0", "cube": "on", "jacoby": "on"})
    rig.timer.run()
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    rig.act("confirm")
    rig.act("double")
    rig.act("take")
    rig.act("roll")
    screen = rig.act("resign-open")
    assert screen.dialog is not None and "gammon (4 points)" in screen.dialog.html
