"""The analysis board through the controller (web.control.analysis), with fakes: the
editor's intents, refused set-ups with their reasons, the analysis asked of
King Tubby, playing on and stepping back and forth, the shared link, and the
game put aside coming back untouched."""

from __future__ import annotations

import pytest
from web_fakes import LaterAi, Rig

from engine.game import Phase
from engine.position import BAR, OFF
from engine.position_setup import PositionSetup
from web.ai.protocol import CubeHintRequest, HintRequest, RolloutRequest
from web.model.actions import KEYS, Act
from web.model.analysis_link import share_link, xgid_from_fragment
from web.model.editor import Editor, SetupForm, Tool, drag, tap, with_form, with_tool
from web.model.storage import AUTOSAVE, MemoryStorage


def with_fields(editor: Editor, fields: dict[str, str]) -> Editor:
    """The set-up form as it sends its fields, read and applied."""
    return with_form(editor, SetupForm.read(fields))


XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:6"
XGID_CUBE = "XGID=-BBBBBBC-----------bbbbbe-:0:0:1:00:0:0:0:7:10"  # a race, 7-point match


def test_editor_taps_place_and_take_off_either_colour() -> None:
    e = Editor(PositionSetup.start().cleared())
    e = tap(e, 6)
    e = tap(e, 6)
    e = tap(with_tool(e, Tool.DARK), 19)
    e = tap(e, BAR)
    assert e.setup.at(6) == (2, 0) and e.setup.at(19) == (0, 1) and e.setup.at(BAR) == (0, 1)
    e = tap(with_tool(e, Tool.ERASE), 6)
    e = tap(e, BAR)
    assert e.setup.at(6) == (1, 0) and e.setup.at(BAR) == (0, 0)
    with pytest.raises(ValueError, match="no checker here"):
        tap(e, 12)
    with pytest.raises(ValueError, match="borne off"):
        tap(e, OFF)


def test_editor_drags_a_checker_or_refuses_the_whole_drop() -> None:
    e = Editor(PositionSetup.start())
    e = drag(e, 6, 5)
    assert e.setup.at(6) == (4, 0) and e.setup.at(5) == (1, 0)
    with pytest.raises(ValueError, match="Black has checkers on point 12"):
        drag(e, 6, 12)
    assert drag(e, 19, None).setup.counts(1) == (14, 0, 1)


def test_the_set_up_form_sets_turn_dice_cube_and_match() -> None:
    e = with_fields(
        Editor(),
        {"turn": "1", "dice": "double", "cube": "2", "owner": "1", "length": "0",
         "jacoby": "on", "score0": "4"},
    )  # fmt: skip
    s = e.setup
    assert (s.turn, s.dice, s.doubled, s.cube, s.owner) == (1, None, True, 2, 1)
    assert (s.length, s.score, s.jacoby, s.beavers, s.crawford) == (0, (0, 0), True, False, False)
    with pytest.raises(ValueError, match="whole number"):
        with_fields(Editor(), {"length": "5", "score0": "x"})


def test_the_fragment_round_trip() -> None:
    link = share_link("https://example.org/bg/index.html#join=zzz", XGID_31)
    assert link.startswith("https://example.org/bg/index.html#xgid=")
    assert xgid_from_fragment(link.split("#", 1)[1]) == XGID_31
    assert xgid_from_fragment("#xgid=" + "A" * 300) is None
    assert xgid_from_fragment("") is None


def _into_editor(rig: Rig) -> None:
    rig.act("analysis-open")
    assert rig.c.state.analysis is not None and rig.c.editing


def test_the_editor_on_the_shared_board_refuses_with_the_reason() -> None:
    rig = Rig().boot()
    rig.start("medium", 5)
    _into_editor(rig)
    screen = rig.view.last
    assert screen.analysis_mode == "edit" and screen.phase == "edit"
    assert not any(b.visible for b in screen.controls)  # the game's controls stand aside
    assert rig.c.can_lift(6) and not rig.c.can_lift(3)
    screen = rig.tap(3)  # White has all 15 on the board
    assert "All 15 of White’s checkers" in screen.status
    rig.act("edit-tool", "erase")
    rig.tap(6)
    rig.tap(19)  # a black checker off its 6 point: one to place
    rig.act("edit-tool", "dark")
    screen = rig.tap(6)
    assert screen.status == "White has checkers on point 6: remove them first"
    # A set-up that cannot be played keeps Analyse off and says why.
    rig.act("edit-set", length="5", score0="5", score1="0", turn="0", dice="roll", cube="1")
    html = rig.view.last.analysis_html
    assert "a match to 5 is over at 5" in html
    assert 'data-action="analyse" disabled' in html
    rig.act("analyse")
    assert rig.c.editing and "over at 5" in rig.view.last.status


def test_dragging_in_the_editor_moves_or_removes_a_checker() -> None:
    rig = Rig().boot()
    _into_editor(rig)
    assert rig.c.drop(13, 8) is True
    assert rig.c.state.analysis.editor.setup.at(8) == (4, 0)  # type: ignore[union-attr]
    rig.c.drop(8, None)
    assert rig.c.state.analysis.editor.setup.counts(0) == (14, 0, 1)  # type: ignore[union-attr]


def test_pasting_ids_and_copying_all_three() -> None:
    rig = Rig().boot()
    _into_editor(rig)
    rig.act("edit-paste", id=XGID_31)
    setup = rig.c.state.analysis.editor.setup  # type: ignore[union-attr]
    assert setup.dice == (3, 1) and setup.xgid == XGID_31
    position_id, match_id, _ = setup.ids()
    rig.act("edit-paste", id="nonsense")
    assert rig.view.last.status == "A Position ID is 14 characters: letters, digits, + and /"
    rig.act("edit-paste", id=f"{position_id}:{match_id}")
    assert rig.c.state.analysis.editor.setup.ids()[:2] == (position_id, match_id)  # type: ignore[union-attr]
    rig.c.analysis.page_url = "https://example.org/bg/"
    rig.act("analysis-close")
    _into_editor(rig)
    rig.act("edit-paste", id=XGID_31)
    for what in ("position", "match", "xgid", "link"):
        rig.act("analysis-copy", what)
    assert rig.view.copied == [
        position_id,
        match_id,
        XGID_31,
        "https://example.org/bg/#xgid=" + XGID_31.removeprefix("XGID="),
    ]


def test_analyse_asks_for_the_plays_and_the_cube_and_shows_them() -> None:
    rig = Rig().boot()
    ai = LaterAi()
    rig.c.ai = ai
    _into_editor(rig)
    rig.act("edit-paste", id=XGID_31)
    rig.act("analyse")
    assert not rig.c.editing and rig.c.state.match.dice == (3, 1)
    kinds = [type(r) for r, _ in ai.pending]
    assert kinds == [CubeHintRequest, HintRequest]
    assert "thinking" in rig.view.last.analysis_html
    ai.answer()
    ai.answer()
    rig.timer.run()
    html = rig.view.last.analysis_html
    assert 'data-testid="ranked-plays"' in html and "8/5 6/5" in html
    assert "Chances after the best play" in html and "Cube" in html
    # The best play, made from the list, moves the line on; Back and Forward step along it.
    rig.act("analysis-play", "0")
    assert rig.c.state.match.turn == 1 and rig.c.state.match.phase is Phase.ROLL
    assert rig.c.state.analysis.at == 1  # type: ignore[union-attr]
    rig.act("analysis-back")
    assert rig.c.state.match.dice == (3, 1) and rig.c.state.analysis.can_forward  # type: ignore[union-attr]
    rig.act("analysis-forward")
    assert rig.c.state.match.turn == 1


def test_a_cube_decision_gets_its_verdict() -> None:
    rig = Rig().boot()
    rig.c.open_shared("#xgid=" + XGID_CUBE.removeprefix("XGID="))
    rig.timer.run()
    a = rig.c.state.analysis
    assert a is not None and not a.editing and rig.c.state.match.phase is Phase.ROLL
    report = a.report
    assert report.cube is not None and report.plays is None and not report.pending
    html = rig.view.last.analysis_html
    assert 'data-testid="cube-verdict"' in html and "No double" in html
    assert "Backgammon" in html  # both sides' win, gammon and backgammon chances


def test_playing_on_by_hand_keeps_the_line_and_stepping_back_branches() -> None:
    rig = Rig(faces=[6, 5, 4, 2]).boot()
    rig.c.open_shared("#xgid=" + XGID_31.removeprefix("XGID="))
    rig.timer.run()
    rig.act("play-text", text="8/5 6/5")
    rig.act("confirm")
    rig.act("roll")
    a = rig.c.state.analysis
    assert a is not None and len(a.trail) == 3 and a.at == 2
    rig.act("analysis-back")
    rig.act("analysis-back")
    rig.act("play-text", text="24/21 6/5")  # another play at the first decision
    rig.act("confirm")
    a = rig.c.state.analysis
    assert a is not None and len(a.trail) == 2 and a.at == 1 and not a.can_forward


def test_leaving_brings_the_game_back_and_nothing_was_saved_or_counted() -> None:
    storage = MemoryStorage()
    rig = Rig(faces=[3, 1], storage=storage).boot()
    rig.start("medium", 5)
    rig.act("roll")
    saved = rig.store.read(AUTOSAVE)
    assert saved is not None
    game = rig.c.state.match
    records = rig.c.state.records
    _into_editor(rig)
    rig.act("edit-paste", id=XGID_CUBE)
    rig.act("analyse")
    rig.act("analysis-opponent", "hard")
    rig.act("roll")  # play on against King Tubby
    rig.timer.run()
    assert rig.c.state.match is not game
    assert rig.store.read(AUTOSAVE) == saved  # the game's save, untouched
    rig.act("analysis-close")
    assert rig.c.state.analysis is None and rig.c.state.match == game
    assert rig.c.state.options.opponent == "medium" and rig.c.state.records == records


def test_a_new_game_from_the_analysis_asks_about_the_game_put_aside() -> None:
    rig = Rig(faces=[3, 1]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    _into_editor(rig)
    rig.act("analyse")
    rig.act(Act.START.value, opponent="easy", length="3", cube="on")
    assert rig.c.state.analysis is None
    assert rig.c.state.pending is not None  # the game in progress is the one asked about


def test_a_bad_shared_link_is_said_and_the_game_stays() -> None:
    rig = Rig().boot()
    rig.start("medium", 5)
    game = rig.c.state.match
    rig.c.open_shared("#xgid=-b----E-C:0:0")
    assert rig.c.state.analysis is None and rig.c.state.match is game
    assert "could not be read" in rig.view.last.status


def test_a_double_is_answered_from_the_panel_beside_its_analysis() -> None:
    rig = Rig().boot()
    rig.c.open_shared("#xgid=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:1:0:5:10")
    rig.timer.run()
    s = rig.c.state
    assert s.match.phase is Phase.CUBE and s.dialog is None  # no take/drop dialog over it
    html = rig.view.last.analysis_html
    assert 'data-action="take"' in html and 'data-action="drop"' in html
    assert "White should take." in html or "White should pass." in html
    rig.act("take")
    m = rig.c.state.match
    assert m.phase is Phase.ROLL and m.cube.value == 4 and m.cube.owner == 0
    assert rig.c.state.analysis.at == 1  # type: ignore[union-attr]


def _played_match(rig: Rig) -> None:
    """A short pass-and-play game of a 3-point match: a few plays, then a double dropped."""
    rig.start("human", 3, cube="on")
    rig.act("roll")
    for _ in range(3):
        rig.play_greedy()
        rig.act("roll")
    rig.play_greedy()
    rig.act("double")
    rig.act("drop")
    assert rig.c.state.match.is_game_over


def test_a_match_exported_as_mat_imports_onto_the_analysis_board_for_review() -> None:
    rig = Rig(faces=[3, 1, 6, 4, 5, 2, 4, 4, 6, 1]).boot()
    _played_match(rig)
    played = rig.c.state.match
    rig.act("export", "mat")
    name, text = rig.view.downloads[-1]
    assert name == "backgammon-3-point-match.mat" and text.lstrip("\n").startswith(" 3 point match")
    assert "White : 0" in text and "Doubles => 2" in text and "Drops" in text
    rig.start("medium", 5)  # another game in progress, to be put aside
    game = rig.c.state.match
    rig.act("saves-open")
    rig.act("import", text)
    a = rig.c.state.analysis
    assert a is not None and not a.editing and a.names == ("White", "Black")
    assert rig.c.state.dialog is None and a.trail[-1].record == played.record
    assert a.at == 0 and len(a.trail) >= 9  # every decision, to step through from the start
    rig.act("analysis-last")
    screen = rig.view.last
    assert 'data-action="review"' in screen.analysis_html
    rig.act("analysis-back")
    assert rig.c.state.match.phase is Phase.CUBE  # the double, before it was dropped
    rig.act("analysis-forward")
    rig.act("review")  # King Tubby judges both players' decisions, as for our own games
    review = rig.c.state.reviewing.review
    assert review is not None and review.done and len(review.items) >= 8
    assert rig.c.state.dialog is not None and rig.c.state.dialog.value == "review"
    html = rig.view.last.dialog.html  # type: ignore[union-attr]
    for player, name in enumerate(a.names):  # each player of the file rated, by its name
        line = html.split(f'data-testid="review-player-{player}">')[1].split("</li>")[0]
        assert line.startswith(f"<b>{name}:</b>") and "PR</abbr>" in line
        assert f'"review-pr">{review.summary(player).pr:.1f}</b>' in line
    rig.act("close")
    rig.act("analysis-close")
    assert rig.c.state.match == game


ODD_MAT = (
    " 3 point match\n\n Game 1\n Ann : 0                         Ben : 0\n"
    "  1) 31: 8/5 6/5                 41: 13/9 24/23\n"
    "  2) 62: 13/4                    52: 13/8 13/11\n"  # 13/4 is not a play of 62
    "  3) 43: 24/20 24/21             Resigns\n"
    "      Wins 1 point\n"
)


def test_a_file_read_with_repairs_opens_and_says_what_was_repaired() -> None:
    rig = Rig().boot()
    rig.act("saves-open")
    rig.act("import", ODD_MAT)
    a = rig.c.state.analysis
    assert a is not None and a.names == ("Ann", "Ben")
    rig.act("analysis-last")
    assert rig.c.state.match.score == (1, 0)
    notice = rig.c.state.notice
    assert notice.startswith("The file was read with 1 repair")
    assert "Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded" in notice
    rig.act("review")  # the play kept as recorded is not judged
    review = rig.c.state.reviewing.review
    assert review is not None and review.done
    notations = [item.notation for item in review.items]
    assert "13/4" not in notations and "13/11 13/8" in notations


def test_a_gnubg_sgf_opens_on_the_analysis_board() -> None:
    from engine.formats import sgf
    from engine.formats.mat import MatFile
    from engine.match import Match

    m = Match.new(3).roll((3, 1)).play("8/5 6/5").roll((6, 4)).play("24/14").double().drop()
    rig = Rig().boot()
    rig.act("saves-open")
    rig.act("import", sgf.write(MatFile.from_match(m, ("Ann", "Ben"))))
    a = rig.c.state.analysis
    assert a is not None and a.names == ("Ann", "Ben")
    assert a.trail[-1].record == m.record and rig.c.state.notice == ""


def test_a_malformed_mat_file_says_its_line_and_nothing_is_lost() -> None:
    rig = Rig().boot()
    rig.start("medium", 5)
    game = rig.c.state.match
    rig.act("saves-open")
    rig.act("import", " 3 point match\n\n White : 0     Black : 0\n  1) 31: 8/4 6/5\n")
    error = rig.view.last.dialog
    assert error is not None and "untouched" in error.html
    assert "Line 3: “Game 1” was expected, not “White : 0     Black : 0”" in error.html
    assert rig.c.state.analysis is None and rig.c.state.match is game


def test_a_rollout_shows_its_progress_and_figures_and_can_be_cancelled() -> None:
    rig = Rig().boot()
    ai = LaterAi()
    rig.c.ai = ai
    rig.c.open_shared("#xgid=" + XGID_CUBE.removeprefix("XGID="))
    while ai.pending:
        ai.answer()
    assert 'data-action="rollout"' in rig.view.last.analysis_html
    rig.act("rollout", trials="144", truncate="5")
    a = rig.c.state.analysis
    assert a is not None and a.rollout is not None and a.rollout.running
    assert "Rolling out… 0 of 144 trials, cut at 5 plies." in rig.view.last.analysis_html
    (request, _), *_ = ai.pending
    assert isinstance(request, RolloutRequest) and request.dice is None  # the cube decision
    ai.answer()  # a first part of one trial: its figures soon (#47)
    html = rig.view.last.analysis_html
    assert "Rolling out… 1 of 144 trials" in html and "No double" in html
    rig.act("rollout-cancel")
    while ai.pending:
        ai.answer()
    a = rig.c.state.analysis
    assert a is not None and a.rollout is not None and not a.rollout.running
    view = a.rollout.view
    assert view is not None and view.cancelled and 1 <= view.done < 144
    html = rig.view.last.analysis_html
    assert "Cancelled after" in html  # and the settings chosen stay (#47)
    assert '<option value="144" selected>' in html and '<option value="5" selected>' in html


def test_a_rollout_of_the_plays_runs_to_its_end_and_ranks_them() -> None:
    rig = Rig().boot()
    rig.c.open_shared("#xgid=-b----E-C---eE---c-e----B-:0:0:1:66:0:0:0:0:10")
    rig.act("rollout", trials="36", truncate="5")
    a = rig.c.state.analysis
    assert a is not None and a.rollout is not None and a.rollout.view is not None
    view = a.rollout.view
    assert view.finished and view.done == 36 and view.tally is not None
    labels = [t.label for t in view.tally.ranked()]
    html = rig.view.last.analysis_html
    assert "Rolled out: 36 trials, cut at 5 plies." in html
    table = html[html.index('data-testid="rollout-table"') :]  # not the ranked plays above it
    assert table.index(labels[0]) < table.index(labels[-1])  # best first
    rig.act("analysis-play", "0")  # the board moves on: the next moment has no rollout yet
    assert rig.c.state.analysis.rollout is None  # type: ignore[union-attr]


def test_the_game_keys_do_nothing_to_the_game_put_aside_while_editing() -> None:
    rig = Rig(faces=[3, 1, 6, 5, 4, 2]).boot()
    rig.start("human", 5)
    rig.act("roll")
    rig.tap(8)  # a checker picked up, then moved: Undo, Escape and Enter would each act
    rig.tap(5)
    ai = LaterAi()
    rig.c.ai = ai
    _into_editor(rig)
    game, setup = rig.c.state.match, rig.c.state.analysis.editor  # type: ignore[union-attr]
    page_wide = {Act.HELP_OPEN, Act.NEW_OPEN}  # the page's, not the game's: they still open
    for key, act in KEYS.items():
        if act in page_wide:
            continue
        rig.c.act(act, "none" if act is Act.SELECT else "")
        rig.timer.run()
        s = rig.c.state
        assert s.match is game and s.dialog is None, key  # no roll, undo, confirm, resign...
        assert s.analysis is not None and s.analysis.editor == setup, key
    assert not ai.pending  # no hint asked about the hidden game
    rig.act("edit-clear")  # the editor's own actions still apply
    assert rig.c.state.analysis.editor.setup.counts(0) == (0, 0, 15)  # type: ignore[union-attr]
    rig.act("analysis-close")
    assert rig.c.state.match == game and rig.c.state.match.dice == (3, 1)  # as it was


def test_against_the_ai_stepping_back_waits_and_playing_on_starts_a_new_line() -> None:
    rig = Rig(faces=[6, 5, 4, 2, 3, 3, 5, 1, 2, 2, 6, 6, 1, 1]).boot()
    rig.c.open_shared("#xgid=" + XGID_31.removeprefix("XGID="))
    rig.timer.run()
    rig.act("analysis-opponent", "easy")
    rig.act("play-text", text="8/5 6/5")
    rig.act("confirm")  # Black (the AI) rolls and plays: the line is at White's roll
    a = rig.c.state.analysis
    assert a is not None and len(a.trail) == 4 and a.at == 3 and rig.c.state.match.turn == 0
    line = a.trail
    # Stepping back onto the AI's roll: it waits, so that the line can be read through.
    rig.act("analysis-back")
    rig.act("analysis-back")
    a = rig.c.state.analysis
    assert a is not None and a.trail == line and a.at == 1
    assert rig.c.state.match is line[1] and rig.c.state.match.turn == 1
    html = rig.view.last.analysis_html
    assert 'data-testid="an-waiting"' in html and 'data-action="analysis-play-on"' in html
    # Asked to, it plays on from there: the old line is cut and a new one grows.
    rig.act("analysis-play-on")
    a = rig.c.state.analysis
    assert a is not None and a.at == len(a.trail) - 1 and a.trail[:2] == line[:2]
    assert a.trail[2:] != line[2:] and rig.c.state.match.turn == 0  # new dice, its play
    assert 'data-testid="an-waiting"' not in rig.view.last.analysis_html
    # Back at White's first decision, another play: the line is cut and the AI answers it.
    new_line = a.trail
    while rig.c.state.analysis.can_back:  # type: ignore[union-attr]
        rig.act("analysis-back")
    rig.act("play-text", text="24/21 6/5")
    rig.act("confirm")
    a = rig.c.state.analysis
    assert a is not None and a.trail[0] == new_line[0] and a.trail[1] != new_line[1]
    assert a.at == len(a.trail) - 1 and len(a.trail) == 4  # Black rolled and played
    assert rig.c.state.match.turn == 0
    rig.act("analysis-play-on")  # at the end of the line: nothing to cut
    assert rig.c.state.analysis.trail == a.trail  # type: ignore[union-attr]
