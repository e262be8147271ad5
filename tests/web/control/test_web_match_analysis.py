"""Analyse match on the analysis board (issue #47): every decision of an imported
match judged in the workers, the grades, the figures and the graph filled in as
the answers come, and Cancel stopping the work at once."""

from __future__ import annotations

import re
from pathlib import Path

from web_fakes import LaterAi, Rig

from engine.formats.mat import MatFile
from engine.movegen import parse_play
from web.ai.protocol import RolloutRequest
from web.coach.match_analysis import CANCELLED, FINISHED, RUNNING
from web.model.analysis import Analysis

MAT = Path(__file__).parents[2] / "data" / "mat" / "scripted_5pt.mat"


def _imported() -> Rig:
    rig = Rig().boot()
    rig.act("saves-open")
    rig.act("import", MAT.read_text())
    return rig


def _analysis(rig: Rig) -> Analysis:
    a = rig.c.state.analysis
    assert a is not None
    return a


def test_analyse_match_judges_every_decision_and_shows_the_figures() -> None:
    rig = _imported()
    assert 'data-action="match-analyse"' in rig.view.last.analysis_html
    screen = rig.act("match-analyse")
    w = _analysis(rig).whole
    assert w is not None and w.status == FINISHED and w.done == w.total == 18
    html = screen.analysis_html
    assert "Match analysed: 18 decisions." in html
    # both players' PR and luck, side by side
    table = html[html.index('data-testid="an-stats"') :]
    for row in ("PR", "Luck", "Luck rating", "Luck-adjusted result"):
        assert f">{row}</th>" in table
    stats = w.stats()
    black, white = stats.match
    assert black.rolls + white.rolls == sum(j.luck is not None for j in w.judgements())
    assert f"<td>{black.overall.pr:.1f}</td><td>{white.overall.pr:.1f}</td>" in table
    # the match is over (a gammon at 5 points): its result in match-winning chances
    assert black.units == white.units == "mwc"
    assert sorted((black.result, white.result)) == [-0.5, 0.5]
    assert abs(black.adjusted + white.adjusted) < 1e-9
    # every judged decision is graded for the move list and the next-error buttons
    grades = _analysis(rig).grades
    assert len(grades) == 18
    assert any(loss >= 0.04 for _, loss in grades.values())
    assert 'data-action="analysis-error"' in html


def test_a_point_of_the_graph_goes_to_its_decision() -> None:
    rig = _imported()
    html = rig.act("match-analyse").analysis_html
    graph = html[html.index('data-testid="equity-graph"') :]
    steps = [int(v) for v in re.findall(r'data-action="analysis-go" data-value="(\d+)"', graph)]
    assert len(steps) == 18 and steps == sorted(steps)
    target = steps[len(steps) // 2]
    html = rig.act("analysis-go", str(target)).analysis_html
    assert _analysis(rig).at == target
    assert 'class="eg-point here"' in html


def test_next_error_reaches_a_decision_the_analysis_graded() -> None:
    rig = _imported()
    rig.act("match-analyse")
    a = _analysis(rig)
    rig.act("analysis-error", "next", who="")
    assert _analysis(rig).at > a.at
    game, event = (
        _analysis(rig).trail[_analysis(rig).at].game_number - 1,
        len(_analysis(rig).trail[_analysis(rig).at].events),
    )
    assert (game, event) in a.grades


def test_cancel_stops_handing_out_work_and_drops_late_answers() -> None:
    rig = _imported()
    workers = [LaterAi(), LaterAi()]
    rig.c.analysis.rollout_ports = lambda: workers
    screen = rig.act("match-analyse")
    assert [len(w.pending) for w in workers] == [1, 1]  # one decision each at a time
    assert "Analysing: 0 of 18 decisions" in screen.analysis_html
    workers[0].answer()
    rig.timer.run()
    assert [len(w.pending) for w in workers] == [1, 1]  # the free one got the next
    whole = _analysis(rig).whole
    assert whole is not None and whole.status == RUNNING and whole.done == 1
    assert "Analysing: 1 of 18 decisions" in rig.view.last.analysis_html
    screen = rig.act("match-analyse-cancel")
    assert "Analysis cancelled after 1 of 18 decisions." in screen.analysis_html
    for w in workers:
        w.answer()  # what was on its way comes back, and is dropped
    rig.timer.run()
    assert [len(w.pending) for w in workers] == [0, 0]
    whole = _analysis(rig).whole
    assert whole is not None and whole.status == CANCELLED and whole.done == 1


def test_leaving_the_board_cancels_the_analysis() -> None:
    rig = _imported()
    worker = LaterAi()
    rig.c.analysis.rollout_ports = lambda: [worker]
    rig.act("match-analyse")
    rig.act("analysis-close")
    worker.answer()
    rig.timer.run()
    assert worker.pending == [] and rig.c.state.analysis is None


def test_an_analysed_match_exports_with_its_analysis_and_opens_with_it_again() -> None:
    rig = _imported()
    rig.act("match-analyse")
    before = _analysis(rig)
    assert before.whole is not None
    rig.act("export", "json")
    name, text = rig.view.downloads[-1]
    assert name.endswith(".json") and '"analysis"' in text
    other = Rig().boot()
    other.act("saves-open")
    screen = other.act("import", text)
    after = _analysis(other)
    assert after.whole is not None and after.whole.status == FINISHED
    assert after.whole.judgements() == before.whole.judgements()
    assert after.grades == before.grades
    assert after.at == 0 and len(after.trail) == len(before.trail)
    assert "Match analysed: 18 decisions." in screen.analysis_html
    assert after.whole.stats() == before.whole.stats()


def test_a_save_without_an_analysis_still_loads_as_a_game() -> None:
    rig = _imported()
    rig.act("export", "json")  # nothing analysed: the page's own export
    _, text = rig.view.downloads[-1]
    assert '"analysis"' not in text


def test_a_match_played_here_is_analysed_from_the_analysis_board() -> None:
    rig = Rig(faces=[3, 1, 6, 4, 5, 2]).boot()
    rig.start("human", 3)
    for _ in range(3):
        if rig.c.state.match.phase.value in ("roll", "opening"):
            rig.act("roll")
        rig.play_greedy()
    played = rig.c.state.match.record
    screen = rig.act("analysis-open")
    assert 'data-action="match-analyse"' in screen.analysis_html  # in the editor
    screen = rig.act("match-analyse")
    a = _analysis(rig)
    assert a.editor is None and a.whole is not None and a.whole.status == FINISHED
    assert a.whole.record == played and a.whole.total >= 3
    assert 'data-testid="an-stats"' in screen.analysis_html
    rig.act("analysis-close")  # the game put aside comes back as it was
    assert rig.c.state.match.record == played


def test_a_save_whose_analysis_is_not_this_match_s_opens_without_it() -> None:
    rig = _imported()
    rig.act("match-analyse")
    rig.act("export", "json")
    _, text = rig.view.downloads[-1]
    broken = text.replace('"analysis": [\n  [\n   0,', '"analysis": [\n  [\n   7,', 1)
    assert broken != text
    other = Rig().boot()
    other.act("saves-open")
    other.act("import", broken)
    a = _analysis(other)
    assert a.whole is None and a.trail  # the match opened, its analysis refused
    assert "its saved analysis could not be read" in other.c.state.notice


def test_a_named_save_keeps_the_analysis_and_loads_it_back() -> None:
    rig = _imported()
    rig.act("match-analyse")
    before = _analysis(rig)
    assert before.whole is not None
    rig.act("analysis-go", "5")  # a decision inside the line: the save is still the whole match
    rig.act("saves-open")
    rig.act("save-slot", name="analysed")
    stored = rig.c.session.store.read(rig.c.session.store.slot_key("analysed"))
    assert isinstance(stored, dict) and len(stored["analysis"]) == 18
    # Loaded back in a page that shares the storage, over a game in progress.
    other = Rig(storage=rig.storage).boot()
    other.start("human", 3)
    playing = other.c.state.match
    other.act("saves-open")
    screen = other.act("load-slot", "analysed")
    after = _analysis(other)
    assert other.c.state.dialog is None  # nothing to confirm: the game is put aside
    assert after.whole is not None and after.whole.status == FINISHED
    assert after.whole.judgements() == before.whole.judgements()
    assert after.grades == before.grades
    assert after.whole.stats() == before.whole.stats()
    assert after.at == 0 and len(after.trail) == len(before.trail)
    html = screen.analysis_html
    assert "Match analysed: 18 decisions." in html
    assert 'data-testid="an-stats"' in html and 'data-testid="equity-graph"' in html
    assert screen.announcement == "Loaded “analysed”."
    other.act("analysis-close")  # the game put aside comes back as it was
    assert other.c.state.match == playing


def test_a_named_save_without_an_analysis_is_the_page_s_own() -> None:
    rig = _imported()  # on the board, nothing analysed
    rig.act("saves-open")
    rig.act("save-slot", name="plain")
    stored = rig.c.session.store.read(rig.c.session.store.slot_key("plain"))
    assert isinstance(stored, dict) and "analysis" not in stored


def test_the_mat_export_is_the_whole_match_wherever_the_board_stands() -> None:
    rig = _imported()
    rig.act("match-analyse")
    rig.act("analysis-go", "5")
    rig.act("export", "mat")
    name, text = rig.view.downloads[-1]
    assert name.endswith(".mat")
    # the file as imported, all its games and plays: .mat has no room for the analysis
    again = MatFile.parse(text).match()
    assert again.record == MatFile.parse(MAT.read_text()).match().record


def test_a_rollout_at_a_play_of_the_match_rolls_out_that_play_however_low_it_ranks() -> None:
    rig = _imported()
    rig.act("analysis-go", "1")  # Dave's 24/18 with 42: King Tubby ranks it 6th
    m = rig.c.state.match
    assert m.dice == (4, 2) and "24/18" in rig.view.last.analysis_html
    worker = LaterAi()
    rig.c.ai = worker
    rig.act("rollout", trials="36", truncate="5")
    (request, _), *_ = worker.pending
    assert isinstance(request, RolloutRequest)
    assert request.also == parse_play(m.position, (4, 2), "24/18").result.id
    worker.answer()  # the first part: every candidate's figures, the match's play among them
    a = _analysis(rig)
    assert a.rollout is not None and a.rollout.view is not None
    tally = a.rollout.view.tally
    assert tally is not None and [t.label for t in tally.candidates][-1] == "24/18"
    assert len(tally.candidates) == 6


def test_the_rollout_table_marks_the_play_the_match_made_as_the_ranked_plays_do() -> None:
    rig = _imported()
    rig.act("analysis-go", "1")  # Dave's 24/18 with 42, 6th of King Tubby's ranking
    rig.act("rollout", trials="36", truncate="5")  # the fake AI answers at once: to the end
    a = _analysis(rig)
    assert a.rollout is not None and a.rollout.view is not None and a.rollout.view.finished
    html = rig.view.last.analysis_html
    table = html.split('data-testid="rollout-table"')[1].split("</table>")[0]
    rows = table.split("<tr")[1:]
    marked = [r for r in rows if r.startswith(' class="played"')]
    assert len(rows) == 6 and len(marked) == 1
    assert "<th scope='row'>24/18 <small class=\"an-tag\"" in marked[0]
    assert table.count("an-tag") == 1  # the other rows carry no mark
    # The ranked plays mark the same play with the same tag.
    report = html.split('data-testid="an-report">')[1].split("</section>")[0]
    tag = marked[0].split("24/18 ")[1].split("</th>")[0]
    assert tag in report
