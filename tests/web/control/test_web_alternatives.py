"""At each decision of a line on the analysis board (issue #47): King Tubby's ranked
plays with the play the line made marked (in a row of its own when it ranks below
those listed), the cube decision with the choice made marked, both sides' chances;
stepping through them never cuts the line."""

from __future__ import annotations

from pathlib import Path

from web_fakes import LaterAi, Rig

from engine.review import decisions
from web.ai.protocol import CubeHintRequest, HintRequest
from web.coach.report import recorded

MAT = Path(__file__).parents[2] / "data" / "mat" / "selfplay_7pt.mat"


def _at(rig: Rig) -> int:
    a = rig.c.state.analysis
    assert a is not None
    return a.at


def _imported(ai: LaterAi | None = None) -> Rig:
    rig = Rig().boot()
    if ai is not None:
        rig.c.ai = ai
    rig.act("saves-open")
    rig.act("import", MAT.read_text())
    return rig


def _steps(rig: Rig, kind: str, chosen: str = "") -> list[int]:
    """The line's steps where the record made a decision of ``kind`` (and ``chosen``)."""
    a = rig.c.state.analysis
    assert a is not None
    out = []
    for i, m in enumerate(a.trail[:-1]):
        d = recorded(m, a.trail[-1])
        if d is not None and d.kind == kind and chosen in ("", d.chosen):
            out.append(i)
    return out


def _report_html(rig: Rig) -> str:
    html = rig.view.last.analysis_html
    return html.split('data-testid="an-report">')[1].split("</section>")[0]


def test_the_record_s_decisions_are_found_at_their_steps() -> None:
    rig = _imported()
    a = rig.c.state.analysis
    assert a is not None
    record = a.trail[-1].record
    found = [recorded(m, a.trail[-1]) for m in a.trail[:-1] if recorded(m, a.trail[-1]) is not None]
    assert found == list(decisions(record))  # every decision of the match, each at its step


def test_a_play_of_the_record_is_judged_and_marked_in_the_ranked_plays() -> None:
    ai = LaterAi()
    rig = _imported(ai)
    step = _steps(rig, "play")[1]
    ai.pending.clear()
    rig.act("analysis-go", str(step))
    a = rig.c.state.analysis
    assert a is not None
    decided = recorded(rig.c.state.match, a.trail[-1])
    assert decided is not None and decided.played is not None
    asked = [r for r, _ in ai.pending if isinstance(r, HintRequest)]
    assert [r.played for r in asked] == [decided.played.id]  # the AI judges the play made
    while ai.pending:
        ai.answer()
    rig.timer.run()
    plays = rig.c.state.analysis.report.plays  # type: ignore[union-attr]
    assert plays is not None and plays.played_rank is not None and plays.played_loss is not None
    html = _report_html(rig)
    assert html.count("the play made") == 1 and 'data-testid="play-played"' in html
    if plays.played_rank < len(plays.plays):
        rows = html.split('<li><button type="button" class="an-play')[1:]
        assert [i for i, r in enumerate(rows) if r.startswith((" played", " best played"))] == [
            plays.played_rank
        ]
        assert 'data-testid="played-extra"' not in html
    else:
        assert 'data-testid="played-extra"' in html
    assert "Win" in html and "Gammon" in html and "Backgammon" in html  # both sides' chances
    assert rig.c.state.analysis.at == step and len(rig.c.state.analysis.trail) == len(a.trail)  # type: ignore[union-attr]


def test_a_play_ranked_below_the_list_gets_a_row_of_its_own() -> None:
    rig = _imported()
    a = rig.c.state.analysis
    assert a is not None
    length = len(a.trail)
    for step in _steps(rig, "play")[:40]:
        rig.act("analysis-go", str(step))
        plays = rig.c.state.analysis.report.plays  # type: ignore[union-attr]
        assert plays is not None and plays.played_rank is not None
        if plays.played_rank >= len(plays.plays):
            break
    else:
        raise AssertionError("no play of the match's first 40 ranks below the plays listed")
    html = _report_html(rig)
    extra = html.split('data-testid="played-extra"')[1].split("</li>")[0]
    assert f'an-rank">{plays.played_rank + 1}.<' in extra and plays.played in extra
    best = plays.plays[0].equity
    assert f"{best - (plays.played_loss or 0):+.3f}".replace("-", "\u2212") in extra
    assert html.count("the play made") == 1  # only there: no ranked play is marked
    assert len(rig.c.state.analysis.trail) == length  # type: ignore[union-attr]


def test_a_take_and_a_double_of_the_record_are_marked_in_the_cube_table() -> None:
    ai = LaterAi()
    rig = _imported(ai)
    for chosen, row in (("take", "Double, take"), ("double", "")):
        step = _steps(rig, "cube", chosen)[0]
        ai.pending.clear()
        rig.act("analysis-go", str(step))
        asked = [r for r, _ in ai.pending if isinstance(r, CubeHintRequest)]
        assert [(r.chosen, r.taker) for r in asked] == [(chosen, chosen == "take")]
        while ai.pending:
            ai.answer()
        rig.timer.run()
        cube = rig.c.state.analysis.report.cube  # type: ignore[union-attr]
        assert cube is not None and cube.chosen == chosen and cube.chosen_loss is not None
        html = _report_html(rig)
        played = html.split("<tr class=")[1:]
        marked = [r for r in played if r.startswith(('"played"', '"best played"'))]
        assert len(marked) == 1 and "played</td>" in marked[0]
        if row:
            assert row in marked[0]
        else:  # a double is worth the smaller of take and pass, the taker answering right
            worth = min(cube.double_take, cube.double_pass)
            assert f"{100 * worth:.1f}%" in marked[0]
        assert 'data-testid="cube-played"' in html and "Backgammon" in html


def test_no_double_is_marked_and_the_line_s_end_has_nothing_to_mark() -> None:
    rig = _imported()
    step = _steps(rig, "cube", "no double")[0]
    rig.act("analysis-go", str(step))
    html = _report_html(rig)
    assert '<tr class="best played">' in html or '<tr class="played">' in html
    assert "Played: No double" in html
    rig.act("analysis-last")
    a = rig.c.state.analysis
    assert a is not None and a.report.decided is None


def test_a_play_made_here_is_marked_when_the_line_is_stepped_back() -> None:
    rig = Rig(faces=[3, 1]).boot()
    rig.c.open_shared("#xgid=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:6")
    rig.timer.run()
    rig.act("play-text", text="24/21 6/5")
    rig.act("confirm")
    rig.act("analysis-back")
    plays = rig.c.state.analysis.report.plays  # type: ignore[union-attr]
    assert plays is not None and plays.played == "24/21 6/5" and plays.played_rank
    assert "Played: 24/21 6/5, ranked" in _report_html(rig)


# -- acting inside an imported match's line ------------------------------------------------


def _trail_length(rig: Rig) -> int:
    a = rig.c.state.analysis
    assert a is not None
    return len(a.trail)


def test_roll_or_a_tap_where_the_match_rolled_steps_forward_along_it() -> None:
    rig = _imported()
    a = rig.c.state.analysis
    assert a is not None
    length = len(a.trail)
    first, second = _steps(rig, "cube", "no double")[:2]  # the record rolled there
    rig.act("analysis-go", str(first))
    rig.act("roll")
    assert _at(rig) == first + 1 and _trail_length(rig) == length
    assert rig.c.state.match.dice == a.trail[first + 1].dice  # the match's roll, not new dice
    rig.act("analysis-go", str(second))
    rig.tap(6)  # a tap on the board before rolling asks for the dice
    assert _at(rig) == second + 1 and _trail_length(rig) == length
    assert rig.c.state.dialog is None


def test_a_double_where_the_match_doubled_steps_forward_and_so_does_its_take() -> None:
    rig = _imported()
    length = _trail_length(rig)
    step = _steps(rig, "cube", "double")[0]
    rig.act("analysis-go", str(step))
    rig.act("double")
    assert _at(rig) == step + 1 and _trail_length(rig) == length
    answer = _steps(rig, "cube", "take")[0]
    rig.act("analysis-go", str(answer))
    rig.act("take")
    assert _at(rig) == answer + 1 and _trail_length(rig) == length


def test_the_match_s_own_play_made_on_the_board_follows_the_line() -> None:
    rig = _imported()
    length = _trail_length(rig)
    step = _steps(rig, "play")[2]
    a = rig.c.state.analysis
    assert a is not None
    decided = recorded(a.trail[step], a.trail[-1])
    assert decided is not None
    rig.act("analysis-go", str(step))
    rig.act("play-text", text=decided.chosen)
    rig.act("confirm")
    assert rig.c.state.dialog is None
    assert _at(rig) == step + 1 and _trail_length(rig) == length


def test_leaving_the_match_s_line_asks_first_and_cuts_only_when_confirmed() -> None:
    rig = _imported()
    length = _trail_length(rig)
    step = _steps(rig, "cube", "no double")[0]
    rig.act("analysis-go", str(step))
    screen = rig.act("double")  # the match rolled here
    assert rig.c.state.dialog is not None and rig.c.state.dialog.value == "cut"
    assert screen.dialog is not None and "Leave the match" in screen.dialog.html
    assert f"cuts the {length - 1 - step} decisions" in screen.dialog.html
    assert _at(rig) == step and _trail_length(rig) == length
    rig.act("close")  # Keep the match
    assert rig.c.state.dialog is None and _trail_length(rig) == length
    assert rig.c.state.match.phase.value == "roll"
    rig.act("double")
    rig.act("analysis-cut")  # Play on from here
    a = rig.c.state.analysis
    assert a is not None and rig.c.state.match.phase.value == "cube"
    assert len(a.trail) == step + 2 and a.at == step + 1  # the line goes on from the double


def test_another_play_inside_the_match_s_line_asks_before_cutting() -> None:
    rig = _imported()
    length = _trail_length(rig)
    step = _steps(rig, "play")[2]
    rig.act("analysis-go", str(step))
    a = rig.c.state.analysis
    assert a is not None
    decided = recorded(a.trail[step], a.trail[-1])
    plays = a.report.plays
    assert decided is not None and plays is not None
    other = next(i for i, p in enumerate(plays.plays) if p.play != plays.played)
    rig.act("analysis-play", str(other))
    assert rig.c.state.dialog is not None and _trail_length(rig) == length
    rig.act("analysis-cut")
    a = rig.c.state.analysis
    assert a is not None and len(a.trail) == step + 2 and a.at == step + 1
