"""The Hint button: King Tubby's ranked plays and cube advice for the side to act."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from web_fakes import LaterAi, Rig

from engine import Match, Position, legal_plays
from engine.ai import CUBE_PLIES, CubeState, choice_loss, cube_decision, is_close
from engine.ai.cubeful_plays import rank_plays_cubeful
from engine.game import Phase
from engine.record import Played
from web.ai.client import Reply, Request, hint_request
from web.ai.protocol import (
    CubeHintReply,
    CubeHintRequest,
    ErrorReply,
    HintReply,
    HintRequest,
    PlayedRank,
    PlayReply,
    RankedPlay,
    TakeReply,
    decode_reply,
    encode,
)
from web.coach.hint import CubeHint, parse_cube_hint, parse_play_hint
from web.coach.review import Review, ReviewItem, Verdict
from web.model.themes import BACKYAMON
from web.view.frame import Button
from web.view.hint import cube_hint_html, play_hint_html
from web.view.review import review_html
from web.worker import ai as ai_service
from web.worker.direct import DirectAi


def _button(controls: tuple[Button, ...], action: str) -> Button:
    return next(b for b in controls if b.action == action)


def _opening_31_vs_ai() -> Rig:
    rig = Rig([3, 1]).boot()
    rig.start("medium", 5)
    rig.act("roll")  # the human wins the opening roll with 3-1
    return rig


def test_a_hint_of_mixed_depths_marks_where_it_turns_shallower() -> None:
    # An opening 4-3 at 1-ply: a few plays judged at 1-ply, the rest at 0-ply;
    # one line where the 0-ply ones start, each of them saying it is quicker.
    rig = Rig([4, 3]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    html = rig.act("hint").hint_html
    items = html.split("<li")[1:]
    plies = [re.search(r">(\d)-ply</small>", item) for item in items]
    depths = [int(m.group(1)) if m else None for m in plies]
    first_shallow = depths.index(0)
    assert first_shallow > 0 and set(depths[first_shallow:]) == {0}
    assert [i for i, item in enumerate(items) if item.startswith(' class="shallower"')] == [
        first_shallow
    ]
    quicker = "a quicker figure than the 1-ply plays above"
    assert all((quicker in item) == (d == 0) for item, d in zip(items, depths, strict=True))


def test_the_service_ranks_like_king_tubby_at_the_score() -> None:
    # As the review judges: by cubeful equity at the score (GNU Backgammon's way).
    m = Match.new(5).roll((3, 1))
    request = hint_request(m)
    assert isinstance(request, HintRequest)
    answer = decode_reply(ai_service.handle(encode(request)))
    ranked = rank_plays_cubeful(Position.start(), (3, 1), CubeState(1, None, False, 5, 5, 5))
    assert isinstance(answer, HintReply) and answer.played is None
    assert [p.play for p in answer.plays] == [str(r.play) for r in ranked[:5]]
    assert answer.plays[0].loss == 0.0
    assert [p.equity for p in answer.plays] == [r.equity for r in ranked[:5]]
    after = m.play("8/5 6/5")
    cube_request = hint_request(after)
    assert isinstance(cube_request, CubeHintRequest) and not cube_request.taker
    cube = decode_reply(ai_service.handle(encode(cube_request)))
    d = cube_decision(after.position, CubeState(1, None, False, 5, 5, 5), CUBE_PLIES["hard"])
    assert isinstance(cube, CubeHintReply) and cube.units == "mwc" and cube.judged is None
    assert (cube.action, cube.no_double) == (d.action, d.no_double)


def test_each_hinted_play_says_how_deeply_it_was_judged_deeper_first() -> None:
    # Each play says how deeply it was judged: the deeper ones come first, so a
    # shallower play further down may show a higher equity.  An opening 4-3 has
    # several plays close to the best (some 1-ply) and more below them (0-ply);
    # 3-1 would not do: only 8/5 6/5 lies within the 1-ply window there.
    rig = Rig([4, 3]).boot()
    rig.start("medium", 5)
    rig.act("roll")
    screen = rig.act("hint")
    plies = re.findall(r'<small class="ply"[^>]*>(\d)-ply</small>', screen.hint_html)
    assert len(plies) == screen.hint_html.count("</li>") and plies == sorted(plies, reverse=True)
    assert plies[0] == "1" and plies[-1] == "0"


def test_hint_lists_the_best_plays_and_a_tap_makes_one() -> None:
    rig = _opening_31_vs_ai()
    screen = rig.view.last
    assert screen.hint_html == ""
    hint = _button(screen.controls, "hint")
    assert hint.enabled and hint.visible
    screen = rig.act("hint")
    first = screen.hint_html.split("</li>")[0]
    assert 'class="hint-play best"' in first and ">8/5 6/5<" in first
    plies = re.findall(r'<small class="ply"[^>]*>(\d)-ply</small>', screen.hint_html)
    assert len(plies) == screen.hint_html.count("</li>") and plies == sorted(plies, reverse=True)
    # a checker moved first does not matter: the hinted play starts from the turn's start
    c = rig.c
    src = max(c.state.movable)
    rig.tap(src)
    rig.tap(min(c.state.destinations(src)))
    assert rig.view.last.hint_html  # still the hint for this turn
    screen = rig.act("hint-play", "0")
    assert c.state.match.phase is Phase.MOVE and c.state.match.turn == 0  # made, not yet confirmed
    assert _button(screen.controls, "confirm").enabled
    best = next(p for p in legal_plays(Position.start(), (3, 1)) if str(p) == "8/5 6/5")
    assert c.state.match.board == best.result.swap()
    rig.act("confirm")
    assert "8/5 6/5" in rig.view.last.history_html
    assert rig.view.last.hint_html == ""  # the turn is over: the hint is gone


def test_cube_hint_before_rolling_and_take_hint_in_the_dialog() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 5)  # pass-and-play: both sides ask for hints
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    c = rig.c
    assert c.state.match.phase is Phase.ROLL and c.state.match.turn == 1
    screen = rig.act("hint")
    assert "hint-verdict" in screen.hint_html and "Don’t double: roll." in screen.hint_html
    assert "chance to win the match" in screen.hint_html
    screen = rig.act("double")
    assert screen.hint_html == ""  # a new moment: the old advice is not shown
    assert screen.dialog is not None and screen.dialog.kind == "cube"
    assert 'data-action="hint"' in screen.dialog.html
    screen = rig.act("hint")
    assert screen.dialog is not None and "hint-verdict" in screen.dialog.html
    assert '<p class="hint-verdict">Take.</p>' in screen.dialog.html  # an opening double
    assert screen.hint_html == ""  # shown in the dialog, not beside the board


def test_a_late_answer_for_a_past_moment_is_dropped() -> None:
    rig = _opening_31_vs_ai()
    slow = LaterAi()
    rig.c.ai = slow
    screen = rig.act("hint")
    assert "thinking" in screen.hint_html
    assert not _button(screen.controls, "hint").enabled
    rig.c.ai = DirectAi()
    rig.act("play-text", text="24/21 24/23")
    request, reply = slow.pending.pop(0)
    reply(ai_service.answer(request))
    assert rig.view.last.hint_html == ""
    assert "hint-play" not in rig.view.last.hint_html


def test_a_broken_answer_is_a_message_not_a_crash() -> None:
    rig = _opening_31_vs_ai()

    class BrokenAi:
        def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
            reply(PlayReply(((8, 5), (6, 5))))  # an answer, but not to this question

    rig.c.ai = BrokenAi()
    screen = rig.act("hint")
    assert screen.status.startswith("No hint this time")
    assert screen.hint_html == ""


def test_a_worked_out_race_is_tagged_as_such_not_as_a_quick_0_ply_figure() -> None:
    probs = (0.93, 0.0, 0.0, 0.0, 0.0)
    worked = RankedPlay("6/1 5/1", ((6, 1), (5, 1)), 0.86, 0.0, 0, probs, worked_out=True)
    quick = RankedPlay("6/2 6/1", ((6, 2), (6, 1)), 0.87, 0.0, 0, probs)
    html = play_hint_html(parse_play_hint(HintReply((worked, quick)), match=False))
    first, second = html.split("<li>")[1:]
    assert ">race</small>" in first and "6/1 5/1: equity +0.860, race" in first
    assert ">0-ply</small>" in second and "race" not in second


def test_hints_are_built_from_the_replies_and_refuse_any_other() -> None:
    good = RankedPlay("8/5 6/5", ((8, 5), (6, 5)), 0.15, 0.0, 1, (0.55, 0.16, 0.01, 0.11, 0.0))
    worse = RankedPlay("13/9", ((13, 10), (10, 9)), 0.15, 0.2, 1, good.probs)
    hint = parse_play_hint(HintReply((good, worse)), match=True)
    assert hint.plays == (good, worse) and hint.played_loss is None
    html = play_hint_html(hint)
    assert "match equity" in html and "\u22120.200" in html and "+0.150" in html
    judged = parse_play_hint(HintReply((good, worse), PlayedRank(1, 0.2, "13/9")), match=False)
    assert (judged.played_rank, judged.played_loss, judged.played) == (1, 0.2, "13/9")
    with pytest.raises(ValueError, match="the worker fell over"):
        parse_play_hint(ErrorReply("the worker fell over"), match=False)
    with pytest.raises(ValueError):
        parse_play_hint(TakeReply(True), match=False)
    cube = CubeHintReply(
        action="double, take",
        may_double=True,
        no_double=0.4,
        double_take=0.6,
        double_pass=1.0,
        should_take=True,
        units="equity",
        probs=(0.7, 0.2, 0.0, 0.05, 0.0),
    )
    doubler = parse_cube_hint(cube, taker=False)
    assert isinstance(doubler, CubeHint) and not doubler.mwc
    assert "Double: they should take." in cube_hint_html(doubler)
    assert "Turn It Up: they should tek it." in cube_hint_html(doubler, BACKYAMON)
    taker = cube_hint_html(parse_cube_hint(cube, taker=True))
    assert "Take." in taker and "\u22120.600" in taker and "Win 30.0%" in taker
    with pytest.raises(ValueError):
        parse_cube_hint(HintReply((good,)), taker=False)
    with pytest.raises(ValueError):
        parse_cube_hint(ErrorReply("no"), taker=False)


def _tap_play(rig: Rig, moves: list[tuple[int, int]]) -> None:
    for src, dst in moves:
        rig.tap(src)
        rig.tap(dst)


def _loss(play: str) -> float:
    cube = CubeState(1, None, False, 5, 5, 5)
    ranked = rank_plays_cubeful(Position.start(), (3, 1), cube)
    return next(r.loss for r in ranked if str(r.play) == play)


def test_the_tutor_warns_of_a_bad_play_before_done_and_keeps_quiet_otherwise() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    c = rig.c
    _tap_play(rig, [(8, 5), (6, 5)])  # the best play: nothing to say
    assert c.state.match.phase is Phase.MOVE and rig.view.last.hint_html == ""
    rig.act("undo")
    rig.act("undo")
    assert _loss("24/23 24/21") >= 0.16
    _tap_play(rig, [(24, 21), (24, 23)])
    screen = rig.view.last
    note = "Tutor: 24/23 24/21 is a blunder"
    assert note in screen.hint_html and "prefers 8/5 6/5" in screen.hint_html
    assert note in screen.announcement
    mine = screen.hint_html.split('class="hint-play mine"')[1].split("</li>")[0]
    assert ">24/23 24/21<" in mine  # the player's own play, marked in the list
    rig.act("confirm")  # the player insists: the play stands
    assert "24/23 24/21" in rig.view.last.history_html
    assert rig.view.last.hint_html == ""


def test_done_waits_for_the_tutor() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    slow = LaterAi()
    rig.c.ai = slow
    c = rig.c
    _tap_play(rig, [(24, 21), (24, 23)])
    assert rig.view.last.hint_html == ""  # judging quietly
    rig.act("confirm")
    assert c.state.match.turn == 0  # Done waits...
    slow.answer()
    assert c.state.match.turn == 0 and "Tutor:" in rig.view.last.hint_html  # ...and is refused
    rig.act("undo")
    rig.act("undo")
    _tap_play(rig, [(8, 5), (6, 5)])
    rig.act("confirm")
    assert c.state.match.turn == 0
    rig.c.ai = DirectAi()  # the AI's own turn answers at once from here
    slow.answer()  # a good play: the Done that waited goes through
    rig.timer.run()
    assert "8/5 6/5" in rig.view.last.history_html and c.state.match.game.number == 0
    assert c.state.match.turn == 0 and c.state.match.phase is Phase.ROLL  # the AI has replied


# -- reviewing a finished game -----------------------------------------------------


def _whole_game(opponent: str, seed: int = 11) -> Rig:
    rig = Rig(seed=seed).boot()
    rig.start(opponent, 7)  # long enough that the game, doubled or not, leaves the match on
    c = rig.c
    for _ in range(600):
        if c.state.match.game.is_over:
            break
        if c.state.match.phase in (Phase.OPENING, Phase.ROLL):
            rig.act("roll")
        elif c.state.match.phase is Phase.CUBE:
            rig.act("take")  # whether the AI doubles depends on its net: any game will do
        else:
            rig.play_greedy()
    assert c.state.match.game.is_over
    return rig


def test_a_finished_game_is_reviewed_play_by_play() -> None:
    rig = _whole_game("medium")
    c = rig.c
    screen = rig.view.last
    assert screen.dialog is not None and 'data-action="review"' in screen.dialog.html
    screen = rig.act("review")
    assert screen.dialog is not None and screen.dialog.kind == "review"
    review = c.state.reviewing.review
    assert review is not None and review.done
    mine = [e for e in c.state.match.game.record.events if isinstance(e, Played) and e.player == 0]
    judged = list(zip(review.items, review.verdicts, strict=True))
    plays = [(i, v) for i, v in judged if i.kind == "play"]
    assert [i.notation for i, _ in plays] == [e.notation for e in mine]
    assert f"{len(mine)} plays ·" in screen.dialog.html
    # the cube was there to turn before some rolls: each such roll is a decision
    cubes = [(i, v) for i, v in judged if i.kind == "cube"]
    assert cubes and {i.notation for i, _ in cubes} <= {"no double", "double", "take", "drop"}
    for item, verdict in cubes:
        assert verdict is not None
        assert isinstance(item.request, CubeHintRequest) and item.request.chosen == item.notation
        position = Position.from_id(item.request.position)
        st = item.request.cube
        d = cube_decision(position, st, CUBE_PLIES["hard"])  # King Tubby's depth
        loss, best = choice_loss(d, st, item.notation)
        assert (verdict.loss, verdict.best) == (pytest.approx(max(0.0, loss)), best)
        # a roll that left the cube alone counts as a decision only when doubling was close
        assert verdict.counted == (item.notation != "no double" or is_close(d, st))
    counted = sum(v is not None and v.counted for _, v in cubes)
    assert counted < len(cubes)  # most rolls were nowhere near a double
    cube_line = f"{counted} close or actual decision" if counted else "no close decisions"
    assert f"<b>Cube:</b> {cube_line}" in screen.dialog.html
    # each play's verdict is King Tubby's ranking of that roll, at that score
    for item, verdict in plays[:3]:
        assert verdict is not None
        assert isinstance(item.request, HintRequest) and item.request.played is not None
        assert item.dice == item.request.dice
        position = Position.from_id(item.request.position)
        played = Position.from_id(item.request.played)
        # the play made is judged as deep as the best, by cubeful equity, as
        # GNU Backgammon judges it
        ranked = rank_plays_cubeful(position, item.dice, item.request.cube, also=played.swap())
        loss = next(r.loss for r in ranked if r.play.result.swap() == played)
        assert verdict.loss == pytest.approx(loss) and verdict.best == str(ranked[0].play)
    # The player's PR: 500 x the mean loss of the decisions that count, beside the counts.
    counted_losses = [v.loss for _, v in judged if v is not None and v.counted]
    pr = 500.0 * sum(counted_losses) / len(counted_losses)
    blunders = sum(v is not None and v.loss >= 0.16 for _, v in judged)
    line = screen.dialog.html.split('data-testid="review-player-0">')[1].split("</li>")[0]
    assert line.startswith("<b>You:</b>") and f'"review-pr">{pr:.1f}</b>' in line
    assert f"{blunders} blunder" in line and f"{len(counted_losses)} decision" in line
    assert 'data-testid="review-player-1"' not in screen.dialog.html  # King Tubby is not rated
    flagged = [v for v in review.verdicts if v is not None and v.loss >= 0.04]
    assert screen.dialog.html.count('<li class="review-') == len(flagged) + 1  # and the PR line
    # the greedy player (farthest checker, nearest point) errs: there is something to show
    assert flagged
    screen = rig.act("close")
    assert screen.dialog is None
    screen = rig.act("review")  # opened again without asking again
    assert screen.dialog is not None and c.state.reviewing.review is review


def test_the_board_steps_through_the_reviewed_decisions() -> None:
    rig = _whole_game("medium")
    c = rig.c
    final = c.state.match.position
    rig.act("review")
    review = c.state.reviewing.review
    assert review is not None and review.done
    flagged = review.flagged()
    assert len(flagged) >= 2
    first = flagged[0]
    item = review.items[first]
    screen = rig.act("review-show", str(first))
    assert screen.dialog is None and c.state.reviewing.at == first
    before = Position.from_id(item.request.position)
    assert screen.board.position == before  # the roll, seen by the human who played it
    assert screen.status.startswith(f"1 of {len(flagged)} · You, ")
    assert not _button(screen.controls, "review-prev").enabled
    assert _button(screen.controls, "review-next").enabled
    assert not _button(screen.controls, "next-game").visible  # the game's own buttons wait
    assert screen.top.pips + screen.bottom.pips == sum(before.pips())
    assert screen.history_html.count('class="marked"') == 1  # the move in the score sheet
    if item.kind == "play":
        marked = screen.history_html.split('class="marked" aria-current="step">')[1]
        assert marked.split("</td>")[0].endswith(f": {item.notation}")
    if item.kind == "play":
        assert item.dice is not None and screen.board.dice is not None
        assert set(screen.board.dice.values) == set(item.dice)
        assert isinstance(item.request, HintRequest) and item.request.played is not None
        played = Position.from_id(item.request.played)
        screen = rig.act("review-played")
        assert screen.board.position == played and screen.board.last
        assert screen.motions  # the checkers slide from the roll to the play made
        ranked = rank_plays_cubeful(before, item.dice, item.request.cube)
        screen = rig.act("review-best")
        assert screen.board.position == ranked[0].play.result.swap()
        assert screen.board.position != played
        assert not _button(screen.controls, "review-best").enabled
    screen = rig.act("review-next")
    assert c.state.reviewing.at == flagged[1] and screen.status.startswith(f"2 of {len(flagged)}")
    screen = rig.act("review-list")
    assert screen.dialog is not None and screen.dialog.kind == "review"
    screen = rig.act("close")  # closing the list ends the browsing
    assert screen.dialog is None and c.state.reviewing.at is None
    assert screen.board.position == final and _button(screen.controls, "next-game").visible
    assert 'class="marked"' not in screen.history_html
    screen = rig.act("review-show", "999")  # not a decision of the list
    assert c.state.reviewing.at is None and screen.board.position == final


def test_pass_and_play_reviews_both_sides_and_a_new_game_stops_a_review() -> None:
    rig = _whole_game("human", seed=5)
    c = rig.c

    slow = LaterAi()
    c.ai = slow
    screen = rig.act("review")
    review = c.state.reviewing.review
    assert review is not None and {i.player for i in review.items} == {0, 1}
    assert screen.dialog is not None and "0 of" in screen.dialog.html
    request, reply = slow.pending.pop(0)
    reply(ai_service.answer(request))
    assert "1 of" in rig.view.last.dialog.html  # type: ignore[union-attr]
    request, reply = slow.pending.pop(0)
    rig.act("next-game")
    assert c.state.reviewing.review is None
    reply(ai_service.answer(request))  # a late answer for the old game: dropped
    assert c.state.reviewing.review is None and not slow.pending


def test_hint_during_the_tutors_quiet_check_shows_its_answer() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    slow = LaterAi()
    rig.c.ai = slow
    _tap_play(rig, [(8, 5), (6, 5)])  # a good play, judged quietly
    assert len(slow.pending) == 1 and rig.view.last.hint_html == ""
    screen = rig.act("hint")  # no second request: the tutor's answer will do
    assert len(slow.pending) == 1 and "thinking" in screen.hint_html
    request, reply = slow.pending.pop(0)
    reply(ai_service.answer(request))
    html = rig.view.last.hint_html
    assert "hint-play best" in html and "Tutor:" not in html  # nothing to warn of


def test_hint_asked_during_the_tutors_check_survives_an_undo() -> None:
    """Hint pressed while the tutor judged a play, then Undo: the list the player
    asked for still comes (it is for the whole turn), without a verdict on the
    play that is gone, and the same blunder made again is judged again."""
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    slow = LaterAi()
    rig.c.ai = slow
    c = rig.c
    _tap_play(rig, [(24, 21), (24, 23)])  # a blunder, judged quietly
    rig.act("hint")
    assert len(slow.pending) == 1
    rig.act("undo")
    rig.act("undo")
    assert not c.state.match.moves.done
    screen = rig.view.last
    assert "thinking" in screen.hint_html  # still coming
    assert len(slow.pending) == 2  # the tutor's answer will be dropped: the list asked again
    slow.answer()
    slow.answer()
    html = rig.view.last.hint_html
    assert "hint-play best" in html and "8/5 6/5" in html
    assert "Tutor:" not in html and " mine" not in html  # no word on the play undone
    assert rig.view.last.dialog is None and c.state.match.turn == 0
    _tap_play(rig, [(24, 21), (24, 23)])  # the same blunder: asked about again
    slow.answer()
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "tutor"


def test_a_review_whose_cube_was_never_close_says_so() -> None:
    start = Position.start().id
    items = (
        ReviewItem(0, (3, 1), "8/5 6/5", HintRequest(start, (3, 1), played=start)),
        ReviewItem(0, None, "no double", CubeHintRequest(start, CubeState()), kind="cube"),
    )
    verdicts = (Verdict(0.0, "8/5 6/5"), Verdict(0.0, "no double", counted=False))
    html = review_html(Review(0, items, verdicts), ("You", "King Tubby"), "Review of game 1")
    assert "<b>Cube:</b> no close decisions" in html
    verdicts = (verdicts[0], Verdict(0.0, "no double"))  # a close one left alone
    html = review_html(Review(0, items, verdicts), ("You", "King Tubby"), "Review of game 1")
    assert "<b>Cube:</b> 1 close or actual decision · 0 blunders" in html


def test_the_summary_rates_each_player_leaving_forced_plays_and_quiet_rolls_aside() -> None:
    start = Position.start().id
    play = HintRequest(start, (3, 1), played=start)
    items = (
        ReviewItem(0, (3, 1), "24/20", play),
        ReviewItem(0, (6, 5), "24/13", play),  # forced: no decision
        ReviewItem(1, (3, 1), "13/9", play),
        ReviewItem(1, None, "no double", CubeHintRequest(start, CubeState()), kind="cube"),
        ReviewItem(1, None, "double", CubeHintRequest(start, CubeState()), kind="cube"),
    )
    verdicts = (
        Verdict(0.1, "8/5 6/5"),
        Verdict(0.0, "24/13", counted=False),
        Verdict(0.2, "8/5 6/5"),
        Verdict(0.0, "no double", counted=False),  # far from doubling: no decision
        Verdict(0.05, "no double"),  # a doubtful double
    )
    review = Review(0, items, verdicts)
    assert review.players == (0, 1)
    html = review_html(review, ("Ann", "Bob"), "Review of game 1")
    ann = html.split('data-testid="review-player-0">')[1].split("</li>")[0]
    bob = html.split('data-testid="review-player-1">')[1].split("</li>")[0]
    assert "<b>Ann:</b>" in ann and '"review-pr">50.0</b>' in ann  # 500 x 0.1 / 1
    assert "1 mistake" in ann and "1 decision" in ann and "0 blunders" in ann
    assert "<b>Bob:</b>" in bob and '"review-pr">62.5</b>' in bob  # 500 x (0.2 + 0.05) / 2
    assert "1 blunder" in bob and "1 doubtful" in bob and "2 decisions" in bob
    assert "lower is better" in html.lower()
    assert "<b>Checker play:</b> 3 plays" in html  # every play is listed, a forced one too


# -- the tutor's question ---------------------------------------------------------------


def test_the_tutor_asks_about_a_bad_play_keep_take_back_or_see_the_better_one() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    c = rig.c
    _tap_play(rig, [(24, 21), (24, 23)])  # a blunder: the tutor asks, in a dialog
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "tutor"
    assert "24/23 24/21 is a blunder" in dialog.html and "prefers 8/5 6/5" in dialog.html
    assert 'data-action="tutor-undo"' in dialog.html and 'data-action="tutor-best"' in dialog.html
    rig.act("tutor-undo")  # take it back: the turn from its start, nothing kept
    assert rig.view.last.dialog is None and c.state.match.turn == 0
    assert c.state.match.phase is Phase.MOVE and not c.state.match.moves.done
    _tap_play(rig, [(24, 21), (24, 23)])
    rig.act("tutor-best")  # the better play goes onto the board, waiting for Done
    assert rig.view.last.dialog is None and c.state.match.turn == 0
    assert [str(s) for s in c.state.match.moves.done] == ["8/5", "6/5"]
    rig.act("confirm")
    assert "8/5 6/5" in rig.view.last.history_html


@pytest.mark.parametrize("take_back", ["tutor-undo", "undo"])
def test_the_tutor_asks_again_when_the_same_bad_play_is_made_after_undo(take_back: str) -> None:
    """Taken back with the tutor's Undo or the Undo button, the same blunder made
    again is asked about again: its first verdict went with the play."""
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    c = rig.c
    _tap_play(rig, [(24, 21), (24, 23)])
    assert rig.view.last.dialog is not None and rig.view.last.dialog.kind == "tutor"
    if take_back == "undo":
        rig.act("close")
        rig.act("undo")
        rig.act("undo")
    else:
        rig.act("tutor-undo")
    assert rig.view.last.dialog is None and not c.state.match.moves.done
    assert "Tutor:" not in rig.view.last.hint_html  # the play it spoke of is gone
    _tap_play(rig, [(24, 21), (24, 23)])  # the same blunder
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "tutor"
    assert "24/23 24/21 is a blunder" in dialog.html
    rig.act("tutor-keep")
    assert "24/23 24/21" in rig.view.last.history_html


def test_redo_of_a_bad_play_taken_back_is_asked_about_again() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    _tap_play(rig, [(24, 21), (24, 23)])
    rig.act("close")
    rig.act("undo")
    assert rig.view.last.dialog is None
    rig.act("redo")  # the same blunder, whole again
    dialog = rig.view.last.dialog
    assert dialog is not None and dialog.kind == "tutor"


def test_keeping_a_play_the_tutor_questioned_is_done() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    _tap_play(rig, [(24, 21), (24, 23)])
    assert rig.view.last.dialog is not None and rig.view.last.dialog.kind == "tutor"
    rig.act("tutor-keep")
    assert rig.view.last.dialog is None
    assert "24/23 24/21" in rig.view.last.history_html  # kept, and the AI has replied


def test_a_typed_play_waits_for_the_tutor_too() -> None:
    rig = _opening_31_vs_ai()
    rig.act("setting", "true", name="tutor")
    slow = LaterAi()
    rig.c.ai = slow
    c = rig.c
    rig.act("play-text", text="24/21 24/23")  # Enter: with the tutor on, it waits
    assert c.state.match.turn == 0 and c.state.match.phase is Phase.MOVE
    slow.answer()  # a blunder: asked, not kept
    assert c.state.match.turn == 0 and rig.view.last.dialog is not None
    assert rig.view.last.dialog.kind == "tutor"
    rig.act("tutor-undo")
    rig.c.ai = DirectAi()
    rig.act("play-text", text="8/5 6/5")  # a good play goes through at once
    rig.timer.run()
    assert "8/5 6/5" in rig.view.last.history_html and c.state.match.phase is Phase.ROLL
