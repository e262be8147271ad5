"""The analysis depth a player picks in Settings (1- or 2-ply) reaches King
Tubby through the worker's protocol for hints, the analysis board and reviews;
the tutor and King Tubby's own play stay at 1-ply."""

from __future__ import annotations

import re

import pytest
from web_fakes import LaterAi, Rig

import engine.ai as ai
from engine import Match, Position, legal_plays
from engine.cube import CubeState
from web.ai.protocol import (
    CubeHintReply,
    CubeHintRequest,
    HintReply,
    HintRequest,
    PlayRequest,
    decode_reply,
    encode,
)
from web.coach.report import requests
from web.coach.review import review_items
from web.model.options import ANALYSIS_PLIES, Settings
from web.worker import ai as ai_service


def test_the_setting_is_one_ply_unless_two_is_chosen() -> None:
    assert Settings().analysis_plies == 1 and ANALYSIS_PLIES == ("1", "2")
    deep = Settings().with_value("analysis_plies", "2")
    assert deep.analysis_plies == 2
    assert Settings.from_json(deep.to_json()) == deep
    assert deep.with_value("analysis_plies", "1").analysis_plies == 1
    assert deep.with_value("analysis_plies", "3").analysis_plies == 1  # none such: the default
    for nonsense in (3, 0, "2", True, 2.0):
        assert Settings.from_json({"analysis_plies": nonsense}).analysis_plies == 1


def test_the_settings_dialog_offers_the_depth() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("hard", 5)
    screen = rig.act("settings-open")
    assert screen.dialog is not None
    html = screen.dialog.html
    assert 'data-name="analysis_plies"' in html
    assert re.search(r'<option value="1" selected>1-ply', html)
    rig.act("setting", "2", name="analysis_plies")
    assert rig.c.state.settings.analysis_plies == 2
    html = rig.act("settings-open").dialog.html  # type: ignore[union-attr]
    assert re.search(r'<option value="2" selected>2-ply', html)


def test_a_hint_at_two_ply_says_so_and_the_tutor_stays_at_one() -> None:
    rig = Rig([4, 2]).boot()
    rig.start("hard", 5)
    rig.act("setting", "2", name="analysis_plies")
    rig.act("setting", "true", name="tutor")
    slow = LaterAi()
    rig.c.ai = slow
    rig.act("roll")  # the human wins the opening roll with 4-2
    rig.act("hint")
    (request, _), *_ = slow.pending
    assert isinstance(request, HintRequest) and request.plies == 2 and request.played is None
    slow.answer()
    plies = re.findall(r'<small class="ply"[^>]*>(\d)-ply</small>', rig.view.last.hint_html)
    assert plies[0] == "2" and plies == sorted(plies, reverse=True)
    assert ">8/4 6/4<" in rig.view.last.hint_html.split("</li>")[0]
    rig.act("play-text", text="24/20 24/22")  # the tutor judges it, at play's pace
    tutor = [r for r, _ in slow.pending if isinstance(r, HintRequest)]
    assert tutor and tutor[-1].played is not None and tutor[-1].plies == 1
    assert not any(isinstance(r, PlayRequest) for r, _ in slow.pending)


def test_the_analysis_board_and_reviews_ask_at_the_depth() -> None:
    m = Match.new(5).roll((3, 1))
    cube, plays = requests(m, plies=2)
    assert cube is not None and plays is not None and cube.plies == plays.plies == 2
    cube, plays = requests(m)
    assert cube is not None and plays is not None and cube.plies == plays.plies == 1
    played = m.play("8/5 6/5").roll((6, 4)).play("24/14")
    items = review_items(played.record, 0, frozenset({0, 1}), plies=2)
    assert items and all(i.request.plies == 2 for i in items)
    assert all(i.request.plies == 1 for i in review_items(played.record, 0, frozenset({0, 1})))


def test_the_worker_judges_at_the_depth_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    start = Position.start()
    bad = next(p for p in legal_plays(start, (4, 2)) if str(p) == "24/18")
    request = HintRequest(start.id, (4, 2), played=bad.result.swap().id, plies=2)
    answer = decode_reply(ai_service.handle(encode(request)))
    assert isinstance(answer, HintReply) and answer.played is not None
    assert answer.plays[0].play == "8/4 6/4" and answer.plays[0].ply == 2
    ranked = ai.rank_plays(start, (4, 2), "hard", plies=2, also=bad.result)
    mine = next(r for r in ranked if r.play == bad)
    assert mine.ply == 2 and answer.played.loss == mine.loss > 0.0
    asked: list[int] = []
    real = ai.cube_decision

    def cube_decision(position: Position, cube: CubeState | None, plies: int) -> object:
        asked.append(plies)
        return real(position, cube, 0)

    monkeypatch.setattr(ai, "cube_decision", cube_decision)
    for plies in (1, 2):
        reply = ai_service.answer(CubeHintRequest(start.id, CubeState(), plies=plies))
        assert isinstance(reply, CubeHintReply)
    assert asked == [ai.CUBE_PLIES["hard"], 2]
