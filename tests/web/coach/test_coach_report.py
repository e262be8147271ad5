"""web.coach.report: one moment of the analysis board, asked about and answered."""

from __future__ import annotations

from engine.match import Match
from web.ai.protocol import (
    CubeHintReply,
    CubeJudgement,
    ErrorReply,
    HintReply,
    RankedPlay,
    Reply,
)
from web.coach.report import Report, moment, recorded, requests
from web.worker.direct import DirectAi

PROBS = (0.5, 0.1, 0.0, 0.1, 0.0)


def test_a_moment_is_told_apart_by_board_dice_phase_and_history() -> None:
    m = Match.new(3)
    rolled = m.roll((3, 1))
    played = rolled.play("8/5 6/5")
    keys = {moment(m), moment(rolled), moment(played), moment(played.double())}
    assert len(keys) == 4
    assert moment(Match.new(3).roll((3, 1))) == moment(rolled)


def test_nothing_is_asked_before_the_opening_roll_or_after_the_game() -> None:
    assert requests(Match.new(0)) == (None, None)
    over = Match.new(3).roll((3, 1)).play("8/5 6/5").double().drop()
    assert over.is_game_over
    assert requests(over) == (None, None)


def test_before_the_roll_only_the_cube_after_it_the_plays_too() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5")
    cube, plays = requests(m, plies=2)
    assert cube is not None and plays is None and not cube.taker and cube.plies == 2
    cube, plays = requests(m.roll((6, 4)))
    assert cube is not None and plays is not None and plays.dice == (6, 4)
    answer, _ = requests(m.double())
    assert answer is not None and answer.taker


def test_a_report_fills_in_as_answers_come_and_keeps_an_error() -> None:
    m = Match.new(0).roll((3, 1))
    decided = recorded(m, m.play("24/20").roll((5, 5)))
    assert decided is not None and decided.kind == "play"
    _, plays = requests(m, decided)
    assert plays is not None and plays.played is not None
    report = Report(moment(m), waiting=2, decided=decided)
    assert report.pending and report.chosen == ""
    ai, got = DirectAi(), list[Reply]()
    ai.ask(plays, got.append)
    report = report.with_plays(got[0], match_play=False)
    assert report.plays is not None and report.plays.played == "24/20"
    assert report.plays.played_loss is not None and report.plays.played_loss > 0.05
    report = report.with_cube(ErrorReply("worker gone"), taker=False)
    assert not report.pending and report.error == "worker gone" and report.cube is None


def test_a_cube_choice_made_in_the_line_is_marked() -> None:
    m = Match.new(0).roll((3, 1)).play("8/5 6/5")
    decided = recorded(m, m.double().take())
    assert decided is not None and decided.kind == "cube"
    report = Report(moment(m), waiting=2, decided=decided)
    assert report.chosen == "double"
    judged = CubeJudgement(0.3, "no double", False)
    reply = CubeHintReply("no double", True, 0.1, 0.0, 1.0, True, "equity", PROBS, judged)
    report = report.with_cube(reply, taker=False)
    assert report.cube is not None and report.cube.chosen == "double"
    assert report.cube.chosen_loss == 0.3 and report.waiting == 1
    wrong = report.with_plays(HintReply((RankedPlay("x", (), 0, 0, 0, PROBS),)), match_play=False)
    assert wrong.plays is not None and wrong.waiting == 0
    assert report.with_plays(reply, match_play=False).error.endswith("not HintReply")


def test_a_step_off_the_line_has_no_recorded_decision() -> None:
    m = Match.new(0).roll((3, 1))
    line = m.play("8/5 6/5")
    elsewhere = m.play("24/20")
    assert recorded(elsewhere, line) is None
    assert recorded(line, line) is None
