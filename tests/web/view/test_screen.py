"""web.view.screen: what the page shows, as a pure function of the state."""

from __future__ import annotations

from dataclasses import replace

from engine.game import NoDouble
from engine.match import Match
from web.model.actions import Act
from web.model.options import MatchOptions, Rival, Settings
from web.model.sound import Sound
from web.model.state import UiState
from web.view.frame import Button, Screen
from web.view.screen import claimable, screen, why_no_double
from web.words.status import NO_DOUBLE


def _shown(s: Screen) -> dict[Act, Button]:
    return {b.action: b for b in s.controls if b.visible}


def _pass_and_play(match: Match, **kwargs: object) -> UiState:
    options = MatchOptions(Rival.HUMAN, match.rules.match_length, names=("Ann", ""))
    return UiState(options=options, match=match, **kwargs)  # type: ignore[arg-type]


def test_a_new_match_against_the_ai_waits_for_the_opening_roll() -> None:
    s = screen(UiState())
    assert (s.phase, s.actor, s.turn) == ("opening", "human", 0)
    shown = _shown(s)
    assert shown[Act.ROLL].enabled and not shown[Act.DOUBLE].enabled
    assert Act.CONFIRM not in shown and Act.REMATCH not in shown
    assert (s.top.name, s.bottom.name) == ("Selector", "You")
    assert s.top.pips == s.bottom.pips == 167 and s.vs_ai


def test_pass_and_play_names_and_the_roll_or_double_choice() -> None:
    m = Match.new(3).roll((3, 1)).play("8/5 6/5")
    s = screen(_pass_and_play(m))
    shown = _shown(s)
    assert shown[Act.ROLL].enabled and shown[Act.DOUBLE].enabled and shown[Act.HINT].enabled
    assert {s.top.name, s.bottom.name} == {"Ann", "Black"}  # a name not given: its colour's
    assert s.match_line.startswith("Match to 3")
    assert not s.vs_ai and s.phase == "roll" and s.actor == "human"


def test_a_double_that_may_not_be_made_says_why_on_its_button() -> None:
    dead = Match.new(1).roll((3, 1)).play("8/5 6/5")
    state = _pass_and_play(dead)
    double = _shown(screen(state))[Act.DOUBLE]
    assert not double.enabled
    assert (
        double.why
        == why_no_double(state)
        == (f"You may not double now: {NO_DOUBLE[NoDouble.DEAD_CUBE]}.")
    )
    assert why_no_double(_pass_and_play(Match.new(5).roll((3, 1)))) == ""  # not at the roll


def test_a_double_waits_for_its_answer_and_the_game_controls_wait_with_it() -> None:
    m = Match.new(3).roll((3, 1)).play("8/5 6/5").double()
    s = screen(_pass_and_play(m))
    shown = _shown(s)
    assert s.phase == "cube"
    assert not shown[Act.ROLL].enabled and not shown[Act.RESIGN_OPEN].enabled


def test_a_finished_game_waits_for_nobody() -> None:
    over = Match.new(3).roll((3, 1)).play("8/5 6/5").double().drop()
    s = screen(_pass_and_play(over))
    assert (s.phase, s.actor) == ("over", "none")
    assert _shown(s)[Act.NEXT_GAME].enabled


def test_sounds_are_dropped_when_muted_but_the_toggle_still_shows_it() -> None:
    state = UiState()
    assert screen(state, sounds=(Sound.DICE,)).sounds == (Sound.DICE,)
    muted = replace(state, settings=Settings(sound=False))
    s = screen(muted, sounds=(Sound.DICE,))
    assert s.sounds == () and not s.sound_on


def test_the_same_state_always_draws_the_same_screen() -> None:
    m = Match.new(5).roll((6, 5)).play("24/13")
    state = _pass_and_play(m, message="news")
    assert screen(state) == screen(state)
    assert screen(state).message == "news"
    assert not claimable(state)  # no friend online to claim against


def test_the_board_says_when_it_awaits_the_opponent_rather_than_shows_their_moves() -> None:
    # Busy alone: the opponent's moves are being played on the board; busy and
    # thinking: nothing of theirs is left to show, their decision is awaited.
    m = Match.new(3).roll((3, 1))
    moving = screen(UiState(match=m, busy=True))
    thinking = screen(UiState(match=m, busy=True, thinking=True))
    idle = screen(UiState(match=m))
    assert (moving.busy, moving.awaiting) == (True, False)
    assert (thinking.busy, thinking.awaiting) == (True, True)
    assert (idle.busy, idle.awaiting) == (False, False)
