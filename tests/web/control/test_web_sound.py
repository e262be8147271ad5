"""Which sounds the intents make: each draw carries the sounds of what changed
since the one before, read off the engine's record and steps."""

from __future__ import annotations

import dataclasses
import json

from web_fakes import Rig

from engine.position import Position
from web.dom.audio import RECIPES
from web.model.sound import Sound
from web.model.storage import PREFIX, SETTINGS

DICE, PLACE, HIT, BEAR_OFF = Sound.DICE, Sound.PLACE, Sound.HIT, Sound.BEAR_OFF


def heard(rig: Rig, since: int) -> list[Sound]:
    """Every sound drawn since screen ``since``."""
    return [s for screen in rig.view.screens[since:] for s in screen.sounds]


def mark(rig: Rig) -> int:
    return len(rig.view.screens)


def test_every_sound_has_a_recipe_of_at_most_a_few_hundred_ms() -> None:
    assert set(RECIPES) == set(Sound)
    assert all(50 <= RECIPES[s].length_ms <= 400 for s in Sound)


def test_roll_place_confirm_and_a_typed_play() -> None:
    rig = Rig([3, 1, 6, 4]).boot()
    at = mark(rig)
    rig.start()
    assert heard(rig, at) == []  # a new game is silent
    at = mark(rig)
    rig.act("roll")
    assert heard(rig, at) == [DICE]
    at = mark(rig)
    rig.tap(8)
    assert heard(rig, at) == []  # picking a checker up
    rig.tap(5)
    assert heard(rig, at) == [PLACE]
    at = mark(rig)
    rig.act("undo")
    assert heard(rig, at) == []  # taken back
    rig.act("redo")
    assert heard(rig, at) == [PLACE]
    rig.c.lift(6)
    assert rig.c.drop(6, 5)
    assert heard(rig, at) == [PLACE, PLACE]
    at = mark(rig)
    rig.act("confirm")
    assert heard(rig, at) == []  # its checkers were heard as they were put down
    rig.act("roll")
    at = mark(rig)
    rig.act("play-text", text="24/18 13/9")  # a whole play at once: one sound
    assert heard(rig, at) == [PLACE]


def test_a_hit_and_a_bear_off() -> None:
    rig = Rig([6, 4, 6, 1]).boot()  # opening 6-4 for player 0, then 6-1 for player 1
    rig.start()
    rig.act("roll")
    rig.act("play-text", text="24/18 13/9")  # blots on 18 and 9
    rig.act("roll")
    at = mark(rig)
    rig.c.lift(8)
    assert rig.c.drop(8, 7)  # hits player 0's blot
    assert heard(rig, at) == [HIT]

    rig = Rig([5, 2]).boot()
    rig.start()
    home = Position.from_points([2, 2, 3, 3, 2, 3] + [0] * 17 + [-15])
    c = rig.c
    game = dataclasses.replace(c.state.match.game, position=home)
    match = dataclasses.replace(c.state.match, game=game)
    c.session.state = dataclasses.replace(c.state, match=match)
    rig.act("roll")
    at = mark(rig)
    c.double_tap(5)  # 5/off with the 5
    assert heard(rig, at) == [BEAR_OFF]


def test_a_double_and_the_game_won_in_pass_and_play() -> None:
    rig = Rig([3, 1, 6, 4]).boot()
    rig.start(length=3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    at = mark(rig)
    rig.act("double")
    assert heard(rig, at) == [Sound.DOUBLE]
    at = mark(rig)
    rig.act("take")
    assert heard(rig, at) == []
    rig.act("roll")
    rig.act("play-text", text="24/18 13/9")
    rig.act("double")  # the redouble, by the cube's owner
    at = mark(rig)
    rig.act("drop")
    assert heard(rig, at) == [Sound.WIN]  # someone at this device won


def test_a_game_lost_to_the_ai_and_the_ais_own_turn() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("hard", 0)
    rig.act("roll")
    at = mark(rig)
    rig.act("play-text", text="8/5 6/5")  # the AI then rolls and plays
    sounds = heard(rig, at)
    assert sounds[:2] == [PLACE, DICE]
    assert set(sounds[2:]) <= {PLACE, HIT} and sounds[2:]  # the AI's checkers, one by one
    rig.act("resign-open")
    at = mark(rig)
    rig.act("resign", "1")  # King Tubby accepts a point for free
    assert rig.c.state.match.game.is_over
    assert heard(rig, at) == [Sound.LOSE]


def test_muted_draws_carry_no_sound_and_the_toggle_is_remembered() -> None:
    rig = Rig([3, 1, 6, 4]).boot()
    rig.start()
    assert rig.view.last.sound_on
    screen = rig.act("sound")
    assert not screen.sound_on
    assert json.loads(rig.storage.items[PREFIX + SETTINGS])["sound"] is False
    at = mark(rig)
    rig.act("roll")
    rig.tap(8)
    rig.tap(5)
    assert heard(rig, at) == []
    # a later visit starts muted
    again = Rig(storage=rig.storage).boot()
    assert not again.view.last.sound_on
    screen = again.act("sound")
    assert screen.sound_on and "Sound on" in screen.announcement
