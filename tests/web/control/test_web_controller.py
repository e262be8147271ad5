"""The game controller under CPython, with a fake page, timer, storage and the
real AI called directly: the whole flow of play, saves and statistics."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from repo_paths import ROOT
from web_fakes import LaterAi, Rig

from engine.formats.save import save_match
from engine.game import Phase
from engine.match import Match
from engine.position import Position
from web.ai.protocol import PlayRequest
from web.model.storage import AUTOSAVE, CORRUPT, PREFIX, STATS, MemoryStorage


def test_first_visit_asks_for_a_new_game() -> None:
    rig = Rig().boot()
    screen = rig.view.last
    assert screen.dialog is not None and screen.dialog.kind == "new"
    assert 'name="opponent"' in screen.dialog.html
    assert screen.phase == "opening"
    # the dialog opens on the chosen opponent, the only element asking for focus
    assert screen.dialog.html.count("autofocus") == 1
    assert re.search(
        r'<input type="radio" name="opponent" value="\w+" checked autofocus>', screen.dialog.html
    )


def test_a_new_game_starts_from_the_dialog_and_the_human_rolls_first() -> None:
    rig = Rig([3, 1]).boot()
    screen = rig.start("easy", 5)
    assert screen.dialog is None
    assert screen.top.name == "Beach Bum" and screen.bottom.name == "You"
    assert screen.match_line.startswith("Match to 5")
    assert [b.action for b in screen.controls if b.enabled] == ["roll"]
    screen = rig.act("roll")
    assert screen.phase == "move" and screen.turn == 0
    assert screen.board.dice is not None and screen.board.dice.values == (3, 1)
    assert "Opening roll" in screen.announcement


def test_an_opening_tie_shows_both_dice_and_rolls_again() -> None:
    rig = Rig([4, 4, 6, 2]).boot()
    rig.start()
    screen = rig.act("roll")
    assert screen.phase == "opening"
    assert screen.board.dice is not None and screen.board.dice.opening
    assert "Roll again" in screen.announcement
    assert rig.act("roll").phase == "move"


# -- moving checkers --------------------------------------------------------------


def test_tap_a_checker_then_a_highlighted_point() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    screen = rig.tap(8)
    assert screen.board.selected == 8
    assert screen.board.highlights == {7, 5, 4}
    screen = rig.tap(5)
    assert screen.board.selected is None
    assert screen.board.position.me[5] == 1
    assert screen.motions and screen.motions[0].src == 8 and screen.motions[0].dst == 5
    rig.tap(6)
    screen = rig.tap(5)
    assert screen.board.position.me[5] == 2
    assert [b.action for b in screen.controls if b.enabled][:2] == ["undo", "confirm"]
    screen = rig.act("confirm")
    assert screen.turn == 1 and screen.viewer == 1  # the board turns to player 2
    assert "8/5 6/5" in screen.history_html


def test_tapping_elsewhere_clears_the_selection() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    rig.tap(8)
    assert rig.tap(20).board.selected is None
    assert rig.tap(None).board.selected is None


def test_dragging_to_a_legal_point_moves_and_an_illegal_drop_snaps_back() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    c = rig.c
    c.lift(13)
    assert rig.view.last.board.lifted == 13
    assert rig.view.last.board.highlights == {10, 9}  # 12 is their midpoint
    assert c.drop(13, 18) is False
    screen = rig.view.last
    assert screen.board.lifted is None and screen.board.position.me[13] == 5
    assert screen.board.selected == 13  # still picked, so a tap can finish the move
    assert c.drop(13, 10) is True
    screen = rig.view.last
    assert screen.board.position.me[10] == 1
    assert screen.motions == ()  # the dropped checker is already there


def test_a_drag_hit_slides_the_hit_checker_to_the_bar() -> None:
    rig = Rig([6, 4, 6, 1]).boot()  # opening 6-4 for player 0, then 6-1 for player 1
    rig.start()
    rig.act("roll")
    rig.act("play-text", text="24/18 13/9")  # blots on 18 and 9
    rig.act("roll")
    c = rig.c
    assert c.state.viewer == 1
    c.lift(8)
    assert c.drop(8, 7) is True  # player 0's 18 point, seen from player 1
    screen = rig.view.last
    assert screen.board.position.opp_bar == 1
    assert [(m.side, m.src, m.dst) for m in screen.motions] == [("opp", 7, 25)]


def test_double_tap_plays_the_larger_die_and_tapping_the_dice_swaps() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    screen = rig.view.last
    assert screen.board.dice is not None and screen.board.dice.swappable
    rig.c.double_tap(8)
    assert rig.view.last.board.position.me[5] == 1  # 8/5 with the 3
    rig.act("undo")
    rig.act("swap-dice")
    assert rig.view.last.board.dice is not None
    assert rig.view.last.board.dice.values == (1, 3)
    rig.c.double_tap(8)
    assert rig.view.last.board.position.me[7] == 1  # 8/7 with the 1


def test_undo_and_redo_inside_the_turn() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    rig.tap(8)
    rig.tap(5)
    screen = rig.act("undo")
    assert screen.board.position.me[8] == 3 and screen.motions
    screen = rig.act("redo")
    assert screen.board.position.me[5] == 1


def test_bearing_off_by_double_tap() -> None:
    rig = Rig([5, 2]).boot()
    rig.start()
    home = Position.from_points([2, 2, 3, 3, 2, 3] + [0] * 17 + [-15])
    c = rig.c
    game = dataclasses.replace(c.state.match.game, position=home)
    match = dataclasses.replace(c.state.match, game=game)
    c.session.state = dataclasses.replace(c.state, match=match)
    rig.act("roll")  # opening 5-2: player 0 starts
    assert c.state.match.turn == 0
    c.double_tap(6)  # the 5 moves 6/1; the larger die is used first
    assert rig.view.last.board.position.me[6] == 2
    c.double_tap(5)
    assert rig.view.last.board.position.off == 0  # the 2 played 5/3
    rig.act("undo")
    rig.act("undo")
    c.double_tap(5)  # 5/off with the 5
    assert rig.view.last.board.position.off == 1


def test_a_forced_play_is_played_by_itself() -> None:
    rig = Rig([6, 5]).boot()
    rig.start()
    # Player 1 with all checkers blocked except one route: build it by hand.
    points = [0] * 24
    points[23] = 1  # my 24 point
    points[5] = 14
    for p in (17, 16, 15, 14, 13):  # their checkers on my 18..14 (except 19): a prime
        points[p] = -2
    points[0] = -5
    position = Position.from_points(points)
    c = rig.c
    game = dataclasses.replace(c.state.match.game, position=position)
    match = dataclasses.replace(c.state.match, game=game)
    c.session.state = dataclasses.replace(c.state, match=match)
    screen = rig.act("roll")  # 6-5: only 24/19/13 can be played
    assert screen.turn == 1 and c.state.match.phase is Phase.ROLL
    assert "played 24/13 (forced)" in " ".join(s.announcement for s in rig.view.screens)


def test_notation_box_plays_a_whole_move_and_reports_mistakes() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    screen = rig.act("play-text", text="24/18")
    assert "24/18" in screen.status and screen.turn == 0
    screen = rig.act("play-text", text="8/5 6/5")
    assert screen.turn == 1
    assert "8/5 6/5" in screen.announcement


# -- the cube, resignations and the end of a game ----------------------------------


def test_pass_and_play_double_and_drop_ends_the_game() -> None:
    rig = Rig([3, 1, 6, 4]).boot()
    rig.start(length=3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    screen = rig.act("double")
    assert screen.dialog is not None and screen.dialog.kind == "cube"
    assert not screen.dialog.dismissible
    # The board turns to the player who must answer (issue 46): the double comes
    # from the other side of the table.
    assert screen.board.cube is not None and screen.board.cube.offered_by == "opp"
    assert screen.bottom.name == "White"  # White, who must take or drop
    rig.act("close")  # Escape must not skip the decision
    assert rig.view.last.dialog is not None
    screen = rig.act("drop")
    assert screen.phase == "over"
    assert screen.dialog is not None and screen.dialog.kind == "over"
    assert "Black wins" in screen.dialog.html or "White wins" in screen.dialog.html
    screen = rig.act("next-game")
    assert screen.match_line.startswith("Match to 3 · game 2")
    assert screen.top.score == "1" or screen.bottom.score == "1"


def test_ai_takes_an_early_double() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    rig.timer.run()
    c = rig.c
    # The AI (player 1) has moved; it is the human's turn to roll or double.
    assert c.state.match.turn == 0 and c.state.match.phase is Phase.ROLL
    screen = rig.act("double")
    assert c.state.match.cube.value == 2 and c.state.match.cube.owner == 1
    assert "takes" in screen.announcement


def test_human_resigns_and_the_ai_answers() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("hard", 0)
    rig.act("roll")
    screen = rig.act("resign-open")
    assert screen.dialog is not None and screen.dialog.kind == "resign"
    assert 'data-value="1"' in screen.dialog.html and 'data-value="3"' in screen.dialog.html
    screen = rig.act("resign", "1")
    assert rig.c.state.match.game.is_over  # a point for free at the start: King Tubby accepts
    assert screen.dialog is not None and screen.dialog.kind == "over"
    assert "(resignation)" in screen.dialog.html


def test_pass_and_play_resignation_is_answered_by_the_other_player() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    rig.act("resign-open")
    screen = rig.act("resign", "2")
    assert screen.dialog is not None and screen.dialog.kind == "resign-answer"
    screen = rig.act("reject")
    assert screen.dialog is None and "rejects" in screen.announcement
    screen = rig.act("resign-open")
    assert 'data-value="2"' not in screen.dialog.html if screen.dialog else True


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_game_against_each_ai_level(level: str) -> None:
    rig = Rig(seed=11).boot()
    rig.start(level, 1)
    c = rig.c
    for _ in range(400):
        if c.state.match.game.is_over:
            break
        screen = rig.view.last
        assert screen.actor == "human", screen.status
        if c.state.match.phase in (Phase.OPENING, Phase.ROLL):
            rig.act("roll")
        else:
            rig.play_greedy()
    assert c.state.match.is_over
    screen = rig.view.last
    assert screen.dialog is not None and screen.dialog.kind == "over"
    assert "match" in screen.dialog.html
    records = json.loads(rig.storage.items[PREFIX + STATS])["rows"][level]
    assert records["games"] == 1 and records["matches_won"] + records["matches_lost"] == 1
    # Reloading the finished match must not count it again.
    again = Rig(storage=rig.storage).boot()
    assert again.c.state.records.rows[level].games == 1


def test_a_match_to_three_with_a_double_taken_and_one_dropped() -> None:
    rig = Rig(seed=4).boot()
    rig.start("human", 3)
    c = rig.c
    rig.act("roll")
    rig.play_greedy()
    rig.act("double")
    rig.act("drop")  # game 1: 1 point to the doubler
    assert c.state.match.score in ((1, 0), (0, 1))
    rig.act("next-game")
    rig.act("roll")
    rig.play_greedy()
    rig.act("double")
    rig.act("take")
    assert c.state.match.cube.value == 2
    rig.act("resign-open")
    rig.act("resign", "1")
    rig.act("accept")
    assert max(c.state.match.score) >= 2
    crawford_seen = False
    while not c.state.match.is_over:
        if c.state.match.game.is_over:
            rig.act("next-game")
            if 2 in c.state.match.game.score and not crawford_seen:
                assert c.state.match.is_crawford_game and "Crawford" in rig.view.last.match_line
                assert not any(b.enabled for b in rig.view.last.controls if b.action == "double")
                crawford_seen = True
        elif c.state.match.phase in (Phase.OPENING, Phase.ROLL):
            rig.act("roll")
        else:
            rig.play_greedy()
    assert rig.view.last.dialog is not None and "wins the match" in rig.view.last.dialog.html
    screen = rig.act("rematch")
    assert c.state.match.score == (0, 0) and screen.phase == "opening"


# -- saves ----------------------------------------------------------------------------


def test_autosave_after_every_action_and_resume_mid_turn() -> None:
    storage = MemoryStorage()
    rig = Rig([3, 1], storage=storage).boot()
    rig.start("easy", 3)
    rig.act("roll")
    rig.tap(8)
    rig.tap(5)
    saved = json.loads(storage.items[PREFIX + AUTOSAVE])
    assert saved["match"]["turn"] == {"steps": [[8, 5, 3]], "cursor": 1}
    again = Rig(storage=storage).boot()
    assert again.c.state.match == rig.c.state.match
    screen = again.view.last
    assert screen.dialog is None and "restored" in screen.status
    assert screen.board.position.me[5] == 1
    again.tap(6)
    again.tap(5)
    assert again.act("confirm").turn in (0, 1)


def test_an_ai_answer_is_drawn_once_and_saved_in_a_task_of_its_own() -> None:
    """Keeps each main-thread task short while the AI plays (bench/load.py's long tasks)."""
    storage = MemoryStorage()
    rig = Rig([3, 1, 6, 5], storage=storage)
    ai = LaterAi()
    rig.c.ai = ai
    rig.boot()
    rig.start("easy", 3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    while not isinstance(ai.pending[0][0], PlayRequest):  # whether to double, first
        ai.answer()
        rig.timer.run()
    shown = len(rig.view.screens)
    ai.answer()  # the answer starts the AI's play, which draws, then the answer draws
    assert len(rig.view.screens) == shown + 1
    assert rig.view.last.busy
    # Each checker the AI moves is a task; the last one confirms and draws ...
    while len(rig.timer.queue) == 1 and rig.c.state.match.turn == 1:
        rig.timer.queue.pop(0)()
    assert rig.c.state.match.turn == 0 and not rig.view.last.busy

    def saved() -> object:
        return json.loads(storage.items[PREFIX + AUTOSAVE])["match"]

    now = json.loads(json.dumps(save_match(rig.c.state.match)))
    assert saved() != now
    # ... and the save follows in a task of its own.
    rig.timer.run()
    assert saved() == now


@pytest.mark.parametrize(
    "bad",
    ["{not json", '{"app": "backgammon-web", "version": 1}', "[1, 2, 3]"],
    ids=["broken", "incomplete", "wrong-shape"],
)
def test_a_corrupt_autosave_is_kept_aside_with_a_clear_message(bad: str) -> None:
    storage = MemoryStorage()
    storage.setItem(PREFIX + AUTOSAVE, bad)
    rig = Rig(storage=storage).boot()
    screen = rig.view.last
    assert "could not be read" in screen.notice and "kept aside" in screen.notice
    kept = [k for k in storage.items if k.startswith(PREFIX + CORRUPT)]
    assert len(kept) == 1 and storage.items[kept[0]] == bad
    assert PREFIX + AUTOSAVE not in storage.items
    assert screen.dialog is not None and screen.dialog.kind == "new"


def test_a_tampered_autosave_is_refused() -> None:
    storage = MemoryStorage()
    rig = Rig([3, 1], storage=storage).boot()
    rig.start("easy", 3)
    rig.act("roll")
    data = json.loads(storage.items[PREFIX + AUTOSAVE])
    data["match"]["games"][0]["events"][0]["dice"] = [6, 1]  # not what was rolled
    storage.items[PREFIX + AUTOSAVE] = json.dumps(data)
    again = Rig(storage=storage).boot()
    assert "could not be read" in again.view.last.notice
    assert again.c.state.match.game.events == ()


def test_full_or_disabled_storage_degrades_to_a_warning() -> None:
    full = Rig([3, 1], storage=MemoryStorage(quota=50)).boot()
    full.start("easy", 3)
    screen = full.act("roll")
    assert "storage is full" in screen.notice
    assert screen.phase == "move"  # play goes on
    rig = Rig([3, 1])
    rig.store = type(rig.store)(None)
    rig.c.store = rig.store
    rig.boot()
    assert "does not allow saving" in rig.view.last.notice
    rig.start("easy", 3)
    assert rig.act("roll").phase == "move"


def test_named_save_slots() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    rig.act("saves-open")
    screen = rig.act("save-slot", name="  before   my move ")
    assert screen.dialog is not None and "before my move" in screen.dialog.html
    rig.act("play-text", text="8/5 6/5")
    rig.timer.run()
    rig.act("saves-open")
    screen = rig.act("load-slot", "before my move")
    assert screen.dialog is not None and screen.dialog.kind == "abandon"  # a game is on
    screen = rig.act("abandon")
    assert rig.c.state.match.phase is Phase.MOVE and rig.c.state.match.turn == 0
    assert screen.board.position == Position.start()
    rig.act("saves-open")
    screen = rig.act("delete-slot", "before my move")
    assert screen.dialog is not None and "No saved games" in screen.dialog.html


def test_a_corrupt_slot_is_reported_and_kept_aside() -> None:
    rig = Rig().boot()
    rig.storage.setItem(PREFIX + "slot:bad", "{oops")
    rig.act("saves-open")
    screen = rig.act("load-slot", "bad")
    assert "“bad” could not be read" in screen.notice
    assert any(k.startswith(PREFIX + CORRUPT) for k in rig.storage.items)


def test_export_and_import_a_game_file_and_show_the_gnubg_ids() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 5)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    screen = rig.act("saves-open")
    assert screen.dialog is not None
    assert rig.c.state.match.position_id in screen.dialog.html
    assert rig.c.state.match.match_id in screen.dialog.html
    rig.act("copy-ids")
    assert rig.view.copied and rig.c.state.match.match_id in rig.view.copied[0]
    rig.act("export")
    filename, text = rig.view.downloads[-1]
    assert filename.endswith(".json") and json.loads(text)["match"]["format"] == "backgammon-match"
    other = Rig().boot()
    other.c.import_text(text)
    assert other.c.state.match == rig.c.state.match and other.c.state.options == rig.c.state.options
    other.c.import_text("not a game")
    assert "not a saved game" in other.view.last.notice
    assert other.c.state.match == rig.c.state.match  # nothing was lost


# -- statistics, settings, themes ----------------------------------------------------------


def test_statistics_dialog_and_reset() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("easy", 1)
    rig.act("roll")
    rig.act("resign-open")
    rig.act("resign", "1")
    screen = rig.act("stats-open")
    assert screen.dialog is not None and screen.dialog.kind == "stats"
    assert "Beach Bum" in screen.dialog.html and "Hits" in screen.dialog.html
    screen = rig.act("stats-reset")
    assert "No finished games" in (screen.dialog.html if screen.dialog else "")


def test_settings_persist_and_the_backyamon_theme_renames_things() -> None:
    storage = MemoryStorage()
    rig = Rig([3, 1], storage=storage).boot()
    rig.start("hard", 5)
    rig.act("settings-open")
    rig.act("setting", "backyamon", name="theme")
    screen = rig.act("setting", "light", name="mode")
    assert screen.theme == "backyamon" and screen.mode == "light"
    assert screen.board.words.bar == "Babylon" and screen.board.words.off == "Zion"
    assert screen.board.cube_style == "dial"
    assert any(b.label == "Turn It Up" for b in screen.controls)
    again = Rig(storage=storage).boot()
    assert again.view.last.theme == "backyamon"


def test_manual_dice_and_auto_roll() -> None:
    rig = Rig().boot()
    rig.start()
    rig.act("setting", "true", name="manual_dice")
    screen = rig.act("roll")
    assert screen.dialog is not None and screen.dialog.kind == "dice"
    screen = rig.act("dice-set", d1="5", d2="2")
    assert screen.board.dice is not None and screen.board.dice.values == (5, 2)
    rig.act("setting", "false", name="manual_dice")
    rig.act("setting", "true", name="auto_roll")
    rig.act("play-text", text="13/8 13/11")
    # Player 2 could double, so the roll waits for them; turn the cube off and it rolls.
    assert rig.c.state.match.phase is Phase.ROLL
    rig2 = Rig([3, 1, 6, 4]).boot()
    rig2.start("human", 3, cube="")
    rig2.act("setting", "true", name="auto_roll")
    rig2.timer.run()
    assert rig2.c.state.match.phase is Phase.MOVE


def test_keyboard_select_acts_like_a_tap() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    rig.act("select", "8")
    assert rig.view.last.board.selected == 8
    rig.act("select", "5")
    assert rig.view.last.board.position.me[5] == 1
    rig.act("select", "none")
    assert rig.view.last.board.selected is None


def test_history_lists_each_game() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    rig.act("resign-open")
    rig.act("resign", "1")
    rig.act("accept")
    rig.act("next-game")
    screen = rig.view.last
    assert screen.history_games == ((0, "Game 1"), (1, "Game 2"))
    assert "No moves yet" in screen.history_html
    screen = rig.act("history-game", "0")
    assert "8/5 6/5" in screen.history_html and "wins" in screen.history_html


def test_new_match_replaces_the_old_and_ignores_stale_ai_answers() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("easy", 3)
    c = rig.c
    old_epoch = c.state.epoch
    rig.act("new-open")
    screen = rig.start("human", 0)
    assert c.state.epoch > old_epoch and screen.match_line.startswith("Money game")
    assert isinstance(c.state.match, Match) and c.state.match.game.events == ()


def test_a_quick_tap_where_a_checker_just_landed_picks_it_up_again() -> None:
    rig = Rig([3, 1]).boot()
    rig.start()
    rig.act("roll")
    rig.tap(8)
    rig.tap(5)  # 8/5 lands on 5
    rig.c.double_tap(5)  # the second tap of what looks like a double tap
    screen = rig.view.last
    assert screen.board.selected == 5 and screen.board.position.me[5] == 1


def test_the_opening_roll_shows_each_players_die_in_their_colour() -> None:
    rig = Rig([1, 5]).boot()
    rig.start("easy", 3)
    screen = rig.act("roll")  # Beach Bum's 5 beats my 1: it plays 5-1
    assert "Opening roll: You 1, Beach Bum 5" in " ".join(s.announcement for s in rig.view.screens)
    rig2 = Rig([5, 1]).boot()
    rig2.start("human", 3)
    screen = rig2.act("roll")
    assert screen.board.dice is not None
    assert screen.board.dice.owners == ("me", "opp")  # my 5, their 1
    assert screen.status == "White won the opening roll: move 5\u20111."
    rig2.act("play-text", text="13/8 6/5")
    rig2.act("roll")
    assert rig2.view.last.board.dice is not None and rig2.view.last.board.dice.owners == ()


def test_real_dice_are_entered_for_the_ai_too() -> None:
    rig = Rig().boot()
    rig.start("easy", 3)
    rig.act("setting", "true", name="manual_dice")
    screen = rig.act("roll")
    assert screen.dialog is not None and "Your die" in screen.dialog.html
    rig.act("dice-set", d1="3", d2="1")  # I start with 3-1
    rig.act("play-text", text="8/5 6/5")
    screen = rig.view.last
    assert screen.dialog is not None and "Enter Beach Bum’s dice" in screen.dialog.html
    rig.act("dice-set", d1="6", d2="6")
    c = rig.c
    assert c.state.match.turn == 0 and c.state.match.phase is Phase.ROLL  # Beach Bum played its 66
    assert "66:" in rig.view.last.history_html


def test_the_opponents_last_play_is_marked_until_i_move() -> None:
    rig = Rig([3, 1, 6, 4]).boot()
    rig.start("human", 3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    screen = rig.act("roll")  # Black to move, seeing White's 8/5 6/5 in Black's numbering
    assert screen.board.last == {17, 19, 20}
    rig.tap(24)
    rig.tap(18)
    assert rig.view.last.board.last == frozenset()


# -- saves that could not be read, names in use ----------------------------------------------


def test_an_unreadable_autosave_with_no_room_to_keep_it_aside_is_never_written_over() -> None:
    bad = json.dumps({"app": "backgammon-web", "version": 99, "match": "x" * 2000})
    storage = MemoryStorage(quota=len(PREFIX + AUTOSAVE) + len(bad) + 600)  # not two copies
    storage.setItem(PREFIX + AUTOSAVE, bad)
    rig = Rig([3, 1], storage=storage).boot()
    screen = rig.view.last
    assert "could not be read" in screen.notice and "kept aside" not in screen.notice
    assert "too full" in screen.notice and "your games are not being saved" in screen.notice
    assert screen.dialog is not None and screen.dialog.kind == "new"
    assert 'data-action="unreadable-download" data-value="autosave"' in screen.dialog.html
    rig.start("easy", 3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    assert storage.items[PREFIX + AUTOSAVE] == bad  # the new game did not overwrite it
    rig.act("unreadable-download", "autosave")
    assert rig.view.downloads[-1] == ("backgammon-unreadable-autosave.json", bad)
    screen = rig.act("saves-open")
    assert screen.dialog is not None and "Could not be read" in screen.dialog.html
    assert "your games are not being saved" in screen.dialog.html
    screen = rig.act("unreadable-discard", "autosave")  # the player has the file
    assert screen.notice == "" and screen.dialog is not None
    assert "Could not be read" not in screen.dialog.html
    saved = json.loads(storage.items[PREFIX + AUTOSAVE])["match"]
    assert saved == json.loads(json.dumps(save_match(rig.c.state.match)))  # saving resumed


def test_an_unreadable_save_kept_aside_can_be_downloaded_from_saves() -> None:
    storage = MemoryStorage()
    storage.setItem(PREFIX + AUTOSAVE, "{oops")
    rig = Rig(storage=storage).boot()
    assert "kept aside as “corrupt:autosave:1000000”" in rig.view.last.notice
    rig.start("human", 1)
    screen = rig.act("saves-open")
    assert screen.dialog is not None
    assert "Your saved match, kept aside on 1970-01-01 00:16 UTC" in screen.dialog.html
    rig.act("unreadable-download", "corrupt:autosave:1000000")
    assert rig.view.downloads[-1] == (
        "backgammon-unreadable-corrupt-autosave-1000000.json",
        "{oops",
    )
    rig.act("unreadable-discard", "corrupt:autosave:1000000")
    assert not any(k.startswith(PREFIX + CORRUPT) for k in storage.items)
    rig.act("unreadable-download", "autosave")  # readable: not offered as unreadable
    assert len(rig.view.downloads) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [("my game", "  my   game "), ("x" * 40, "x" * 41), ("a" * 39, "a" * 39 + " b")],
    ids=["spaces", "cut-to-40", "cut-before-a-space"],
)
def test_saving_under_a_name_in_use_asks_before_replacing_it(first: str, second: str) -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 3)
    rig.act("saves-open")
    rig.act("save-slot", name=first)
    key = PREFIX + "slot:" + first
    before = rig.storage.items[key]
    rig.act("close")
    rig.act("roll")
    rig.act("saves-open")
    screen = rig.act("save-slot", name=second)
    assert screen.dialog is not None and screen.dialog.kind == "saves"
    assert f"There is already a save named “{first}”" in screen.dialog.html
    assert rig.storage.items[key] == before
    screen = rig.act("saves-open")  # Keep it
    assert screen.dialog is not None and "already a save" not in screen.dialog.html
    assert rig.storage.items[key] == before
    rig.act("save-slot", name=second)
    screen = rig.act("save-overwrite", first)
    assert screen.dialog is not None and "already a save" not in screen.dialog.html
    assert rig.storage.items[key] != before and list(rig.c.store.slot_names()) == [first]
    assert json.loads(rig.storage.items[key])["match"] == json.loads(
        json.dumps(save_match(rig.c.state.match))
    )


# -- the AI's answer to a double -----------------------------------------------------


def _to_my_double(animation: str) -> Rig:
    """A game against Selector where I may double (after the opening 3-1)."""
    rig = Rig([3, 1]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    assert rig.c.state.match.turn == 0 and rig.c.state.match.phase is Phase.ROLL
    rig.c.session.state = dataclasses.replace(rig.c.state, animation=animation)
    return rig


def test_the_ais_answer_to_a_double_waits_a_beat_while_it_considers() -> None:
    from web.model.actions import Act
    from web.model.state import PACE

    rig = _to_my_double("normal")
    c = rig.c
    c.act(Act.DOUBLE)  # the AI's answer comes at once (DirectAi) ...
    assert c.state.match.phase is Phase.CUBE and c.state.match.cube.value == 1
    screen = rig.view.last
    assert screen.status == "Selector is considering the double…"
    assert screen.busy and screen.actor == "ai"
    assert c.state.pace[1] == PACE["normal"][1]
    rig.timer.run()  # ... and is applied after the pace's "see" time
    assert c.state.match.cube.value == 2 and "takes" in rig.view.last.announcement


def test_with_animation_off_the_answer_to_a_double_is_at_once() -> None:
    from web.model.actions import Act

    rig = _to_my_double("off")
    rig.c.act(Act.DOUBLE)
    assert rig.c.state.match.cube.value == 2  # no timer needed


def test_a_new_match_drops_the_beat_of_an_answer_to_a_double() -> None:
    from web.model.actions import Act

    rig = _to_my_double("normal")
    c = rig.c
    c.act(Act.DOUBLE)
    fields = {"opponent": "human", "length": "3", "cube": "on"}
    c.act(Act.START, "", fields)
    c.act(Act.ABANDON)
    rig.timer.run()
    assert c.state.match.phase is Phase.OPENING and c.state.match.cube.value == 1
    assert not c.state.busy


# -- guidance: movable checkers, How to play, AI levels, the Position dialog (#16 items 2, 7) --


def _movable_marked(svg: str) -> set[int]:
    """The places whose top checker the board marks as the one to move next."""
    return {
        int(m.group(1))
        for m in re.finditer(
            r'<use class="checker me [a-z]+ movable top[^"]*" [^>]*data-point="(\d+)"', svg
        )
    }


def test_the_checkers_that_can_move_are_marked_after_the_roll_unless_turned_off() -> None:
    from web.board.svg import render_board

    rig = Rig([3, 1]).boot()
    screen = rig.start("human", 3)
    assert _movable_marked(render_board(screen.board)) == set()  # nothing to move before the roll
    screen = rig.act("roll")
    svg = render_board(screen.board)
    assert _movable_marked(svg) == set(rig.c.state.movable) == {6, 8, 13, 24}
    assert 'class="board-svg mark-movable"' in svg
    # every checker of a movable stack takes the grab cursor; the opponent's none
    assert svg.count(" movable") == 2 + 5 + 3 + 5 + 4  # 24, 13, 8, 6 (+ the 4 ringed tops)
    assert 'class="checker opp dark movable' not in svg
    screen = rig.act("settings-open")
    assert screen.dialog is not None
    assert re.search(r'data-name="show_movable" checked', screen.dialog.html)
    screen = rig.act("setting", "false", name="show_movable")
    assert not rig.c.state.settings.show_movable
    assert json.loads(rig.storage.items[PREFIX + "settings"])["show_movable"] is False
    screen = rig.act("close")
    svg = render_board(screen.board)
    assert "mark-movable" not in svg and _movable_marked(svg) == {6, 8, 13, 24}  # cursor only
    # a player picking the checker up still can: the setting only hides the marks
    rig.tap(8)
    assert rig.c.state.selection.selected == 8


def test_how_to_play_opens_from_the_menu_the_key_and_the_settings() -> None:
    from web.model.actions import KEYS

    rig = Rig([3, 1]).boot()
    rig.start("easy", 1)
    screen = rig.act("help-open")
    assert screen.dialog is not None and screen.dialog.kind == "help"
    html = screen.dialog.html
    for words in ("bear", "blot", "bar", "gammon", "Crawford", "Jacoby", "double"):
        assert words in html
    for play in ("24/18 13/11*", "bar/22", "6/off", "8/5(2)"):
        assert f"<code>{play}</code>" in html
    for control in ("Tap", "drag", "Double-tap"):
        assert control in html
    for key in KEYS:
        caps = {"Escape": "Esc", "ArrowLeft": "←", "ArrowRight": "→", "PageUp": "PgUp"}
        shown = {**caps, "PageDown": "PgDn"}.get(key, key)
        assert f"<kbd>{shown.upper() if len(shown) == 1 else shown}</kbd>" in html, key
    assert "Beach Bum (easy)" in html and "King Tubby (strong)" in html
    analysis = html.split("<h3>Analysis board</h3>")[1].split("<h3>")[0]
    for words in ("Position ID", "XGID", "link", "Roll out", ".mat", "PR", "offline"):
        assert words in analysis, words
    assert KEYS["?"].value == "help-open"
    rig.act("close")
    screen = rig.act("settings-open")
    assert screen.dialog is not None and 'data-action="help-open"' in screen.dialog.html
    screen = rig.act("help-open")
    assert screen.dialog is not None and screen.dialog.kind == "help"
    html = (ROOT / "public" / "index.html").read_text()
    assert re.search(
        r'<header class="top-bar">(?:(?!</header>).)*data-action="help-open"', html, re.S
    )


def test_the_ai_opponents_are_named_with_their_level_where_players_choose_them() -> None:
    rig = Rig([3, 1]).boot()
    screen = rig.view.last
    assert screen.dialog is not None and screen.dialog.kind == "new"
    for label in ("Beach Bum (easy)", "Selector (medium)", "King Tubby (strong)"):
        assert label in screen.dialog.html
    screen = rig.start("easy", 1)
    assert screen.top.name == "Beach Bum"  # the panel keeps the short name
    rig.act("roll")
    rig.act("resign-open")
    rig.act("resign", "1")
    screen = rig.act("stats-open")
    assert screen.dialog is not None and "<th>Beach Bum (easy)</th>" in screen.dialog.html


def test_the_position_dialog_copies_each_id_and_says_copied_only_when_the_clipboard_took_it() -> (
    None
):
    rig = Rig([3, 1]).boot()
    rig.start("human", 5)
    rig.act("roll")
    m = rig.c.state.match
    screen = rig.act("position-open")
    assert screen.dialog is not None and screen.dialog.kind == "position"
    html = screen.dialog.html
    xgid = m.xgid()
    for text in (m.position_id, m.match_id, xgid):
        assert text in html
    assert "Copied" not in html
    for key, text in (("position", m.position_id), ("match", m.match_id), ("xgid", xgid)):
        screen = rig.act("copy-id", key)
        assert rig.view.copied[-1] == text
        assert screen.dialog is not None and "Copied" not in screen.dialog.html  # not yet known
        rig.c.copy_done(True)
        html = rig.view.last.dialog.html if rig.view.last.dialog else ""
        assert re.search(rf'data-value="{key}" aria-label="[^"]*: copied">Copied', html), key
        assert html.count("Copied") == 1  # only the one copied last
        assert "Copied the" in rig.view.last.announcement
    screen = rig.act("copy-id", "match")
    rig.c.copy_done(False)  # the browser refused
    html = rig.view.last.dialog.html if rig.view.last.dialog else ""
    assert "Copied" not in html and "did not allow copying" in html
    screen = rig.act("close")
    assert screen.dialog is None and not rig.c.state.copied
    # the Saves dialog's Copy IDs confirms the same way
    rig.act("saves-open")
    rig.act("copy-ids")
    assert "Copied" not in (rig.view.last.dialog.html if rig.view.last.dialog else "")
    rig.c.copy_done(True)
    assert "Copied ✓" in (rig.view.last.dialog.html if rig.view.last.dialog else "")
    screen = rig.act("close")
    html = (ROOT / "public" / "index.html").read_text()
    assert re.search(
        r'<header class="top-bar">(?:(?!</header>).)*data-action="position-open"', html, re.S
    )


def test_the_position_dialog_has_no_xgid_once_the_match_is_over() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 1)
    rig.act("roll")
    rig.act("resign-open")
    rig.act("resign", "1")
    rig.act("accept")
    assert rig.c.state.match.is_over
    screen = rig.act("position-open")
    assert screen.dialog is not None and "the match is over" in screen.dialog.html
    assert 'data-value="xgid"' not in screen.dialog.html
    rig.act("copy-id", "xgid")
    assert rig.view.copied == []


def test_a_roll_that_cannot_be_played_is_news_beyond_the_status_line() -> None:
    """Screen.message carries it, for the page to show over the board where the
    status line is out of sight (a phone); the ordinary prompts are not news."""
    # White opens 3-1; Black's 6-5 leaves a blot that White's 6-2 hits; Black's 6-6
    # cannot enter against White's 6 point.
    rig = Rig([3, 1, 6, 5, 6, 2, 6, 6]).boot()
    rig.start("human", 3)
    rig.act("roll")
    for play in ("8/5 6/5", "24/18 13/8"):
        assert rig.view.last.message == ""
        rig.act("play-text", text=play)
        rig.act("roll")
    assert "6\u20112" in rig.view.last.status and rig.view.last.message == ""
    rig.act("play-text", text="13/7* 13/11")
    screen = rig.act("roll")
    assert screen.message == "Black rolled 6 and 6. Black cannot move."
    assert screen.status == screen.message
    assert screen.turn == 0  # White's turn again


def test_the_double_button_says_why_it_may_not_be_used() -> None:
    rig = Rig([3, 1, 6, 5]).boot()
    rig.start("human")
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    rig.act("double")  # Black doubles, White takes: White owns the cube
    rig.act("take")
    double = next(b for b in rig.view.last.controls if b.action.value == "double")
    assert double.why == "You may not double now: your opponent owns the cube."
    screen = rig.act("double")  # the key pressed anyway: the status line says why
    assert "your opponent owns the cube" in screen.status


def test_the_crawford_game_sets_the_cube_aside() -> None:
    from engine.match import Match
    from web.board.dice import cube_svg
    from web.model.state import UiState
    from web.view.screen import screen

    crawford = Match.new(3).roll((3, 1)).play("8/5 6/5").concede(0, 2).next_game()
    assert not crawford.cube_enabled  # White at 2-away of 3: the Crawford game
    cube = screen(UiState(match=crawford)).board.cube
    assert cube is not None and cube.resting
    assert 'class="cube resting"' in cube_svg(cube, "classic") and "Crawford" in cube_svg(cube, "")
    before = screen(UiState(match=Match.new(3))).board.cube
    assert before is not None and not before.resting
