"""Nothing lost by a click: New game, Import and Load ask before throwing a game
in progress away, and a game left against the AI counts as resigned; import
errors in a player's words; beavers offered in money play."""

from __future__ import annotations

import json

from web_fakes import Rig

from engine.decisions import TakeDouble
from engine.game import Phase
from engine.match import Match
from web.model.actions import Act
from web.model.opponent import AiOpponent, Answer
from web.model.options import MatchOptions, Rival
from web.model.savefile import SavedGame

NEW_MATCH = {"opponent": "hard", "length": "5", "cube": "on", "crawford": "on"}


def _opening() -> Match:
    return Match.from_rules(MatchOptions(opponent=Rival.HUMAN).rules()).roll((6, 5)).play("24/13")


def _in_game(opponent: str = "hard") -> Rig:
    rig = Rig([3, 1]).boot()
    rig.start(opponent, 5)
    rig.act("roll")  # the human won the opening roll: a game is in progress
    assert rig.c.state.in_progress
    return rig


def test_new_game_asks_before_abandoning_and_keep_playing_keeps_it() -> None:
    rig = _in_game()
    before = rig.c.state.match
    screen = rig.act("start", **NEW_MATCH)
    assert screen.dialog is not None and screen.dialog.kind == "abandon"
    assert "resigned gammon: 2 points lost" in screen.dialog.html
    assert rig.c.state.match is before
    screen = rig.act("close")  # Keep playing
    assert screen.dialog is None and rig.c.state.match is before
    assert rig.c.state.records.rows == {}


def test_an_abandoned_game_against_the_ai_counts_as_resigned() -> None:
    rig = _in_game()
    rig.act("start", **NEW_MATCH)
    screen = rig.act("abandon")
    assert rig.c.state.match.game_number == 1 and not rig.c.state.match.events
    row = rig.c.state.records.rows["hard"]
    assert (row.games, row.losses, row.points_lost, row.gammons_lost) == (1, 1, 2, 1)
    assert screen.status == "The game you left counts as a resigned gammon: 2 points lost."
    assert screen.dialog is None or screen.dialog.kind != "abandon"


def test_a_checker_borne_off_or_jacoby_makes_it_a_single_game() -> None:
    m = Match.new(0, jacoby=True).roll((3, 1))
    assert m.abandon_value(0) == (1, 1)  # Jacoby, cube centred: gammons do not count


def test_nothing_to_abandon_before_the_first_roll() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("hard", 5)
    screen = rig.act("start", **NEW_MATCH)
    assert screen.dialog is None  # started at once
    assert rig.c.state.records.rows == {}


def test_pass_and_play_asks_but_keeps_no_statistics() -> None:
    rig = _in_game("human")
    screen = rig.act("start", **NEW_MATCH)
    assert screen.dialog is not None and "The match in progress will be lost" in screen.dialog.html
    rig.act("abandon")
    assert rig.c.state.records.rows == {}
    assert rig.c.state.options.opponent == "hard"


def test_import_asks_before_replacing_a_game_in_progress() -> None:
    saved = SavedGame(MatchOptions(opponent=Rival.HUMAN), _opening(), 0)
    text = json.dumps(saved.to_json())
    rig = _in_game()
    rig.act("saves-open")
    rig.c.import_text(text)
    rig.timer.run()
    screen = rig.view.last
    assert screen.dialog is not None and screen.dialog.kind == "abandon"
    assert "Import the file" in screen.dialog.html
    rig.act("abandon")
    assert rig.c.state.match == saved.match


def test_import_errors_are_in_a_players_words_and_shown_in_the_dialog() -> None:
    rig = _in_game()
    before = rig.c.state.match
    rig.act("saves-open")
    rig.c.import_text("")
    rig.timer.run()
    screen = rig.view.last
    assert screen.dialog is not None and screen.dialog.kind == "saves"
    assert "That file is empty. Your current game is untouched." in screen.dialog.html
    assert "Expecting value" not in screen.dialog.html and screen.notice == ""
    # An illegal play in the record: said in words, not as the event's repr.
    bad = SavedGame(MatchOptions(), _opening(), 0).to_json()
    played = bad["match"]["games"][0]["events"][-1]
    played["play"] = "13/6"  # a 7 with 6-5: not a play of this roll
    played["moves"] = [[13, 6]]
    played["hits"] = [False]
    rig.c.import_text(json.dumps(bad))
    rig.timer.run()
    html = rig.view.last.dialog.html if rig.view.last.dialog else ""
    assert "does not follow the rules" in html and "Played(" not in html
    assert "untouched" in html and rig.c.state.match is before
    rig.act("saves-open")  # the next action clears the old error
    assert "untouched" not in (rig.view.last.dialog.html if rig.view.last.dialog else "")


def test_beavers_are_offered_in_money_play_and_answered() -> None:
    rig = Rig([3, 1]).boot()
    rig.c.act(Act.START, "", {"opponent": "human", "length": "0", "cube": "on", "beavers": "on"})
    rig.timer.run()
    assert rig.c.state.match.rules.beavers
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    screen = rig.act("double")
    assert screen.dialog is not None and 'data-action="beaver"' in screen.dialog.html
    screen = rig.act("beaver")
    assert screen.dialog is not None and screen.dialog.kind == "cube"
    assert "beavers" in screen.dialog.html and 'data-action="beaver"' not in screen.dialog.html
    assert 'data-action="hint"' not in screen.dialog.html
    rig.act("take")
    m = rig.c.state.match
    assert m.cube.value == 4 and m.cube.owner == 0 and m.phase is Phase.ROLL


def test_no_beaver_without_the_option_and_the_ai_plays_on_after_a_beaver() -> None:
    rig = Rig([3, 1]).boot()
    rig.c.act(Act.START, "", {"opponent": "human", "length": "0", "cube": "on"})
    rig.timer.run()
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    screen = rig.act("double")
    assert screen.dialog is not None and 'data-action="beaver"' not in screen.dialog.html

    class NoPort:
        def ask(self, request: object, reply: object) -> None:
            raise AssertionError("a beaver of its own double needs no question")

    m = Match.new(0, beavers=True).roll((3, 1)).play("8/5 6/5").double().beaver()
    seen: list[Answer] = []
    AiOpponent(NoPort(), "hard", seat=1).decide(m, seen.append)  # type: ignore[arg-type]
    assert seen == [Answer(TakeDouble())]


def test_options_from_old_saves_have_no_beavers() -> None:
    raw = MatchOptions().to_json()
    del raw["beavers"]
    assert MatchOptions.from_json(raw).beavers is False
