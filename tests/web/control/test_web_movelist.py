"""Walking through an imported match on the analysis board (issue #47): it opens at
the start of game 1; the arrows, Home/End and PgUp/PgDn step; each move of the
Moves list is a button to its decision and the game picker moves the board; the
board keeps the side chosen at the bottom; the graded errors are marked and
reached by next / previous error."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from web_fakes import Rig

from engine.position import BAR, OFF
from web.board.geometry import LANDSCAPE
from web.board.svg import drawn, render_board
from web.model.actions import KEYS
from web.model.movelist import key

MAT = Path(__file__).parents[2] / "data" / "mat" / "selfplay_7pt.mat"


def _imported() -> Rig:
    rig = Rig().boot()
    rig.act("saves-open")
    rig.act("import", MAT.read_text())
    return rig


def _at(rig: Rig) -> int:
    a = rig.c.state.analysis
    assert a is not None
    return a.at


def _key(rig: Rig, name: str) -> None:
    rig.act(KEYS[name].value)


def _games(rig: Rig) -> int:
    a = rig.c.state.analysis
    assert a is not None
    return len(a.trail[-1].record.games)


def test_an_imported_match_opens_at_the_start_of_game_1() -> None:
    rig = _imported()
    m = rig.c.state.match
    assert _at(rig) == 0 and m.game_number == 1 and not m.events
    screen = rig.view.last
    assert screen.history_index == 0 and len(screen.history_games) == _games(rig) > 2
    assert "Decision 1 of" in screen.analysis_html
    assert f'data-testid="an-game">Game 1 of {_games(rig)}<' in screen.analysis_html


def test_the_keys_step_along_the_line_and_through_the_games() -> None:
    rig = _imported()
    a = rig.c.state.analysis
    assert a is not None
    last = len(a.trail) - 1
    _key(rig, "ArrowRight")
    _key(rig, "ArrowRight")
    assert _at(rig) == 2
    _key(rig, "ArrowLeft")
    assert _at(rig) == 1
    _key(rig, "End")
    assert _at(rig) == last and rig.c.state.match.is_over
    _key(rig, "Home")
    assert _at(rig) == 0
    _key(rig, "PageDown")
    assert key(rig.c.state.match)[0] == 1 and key(a.trail[_at(rig) - 1])[0] == 0
    second = _at(rig)
    _key(rig, "ArrowRight")
    _key(rig, "PageUp")  # inside a game: its start
    assert _at(rig) == second
    _key(rig, "PageUp")  # at its start: the previous game's
    assert _at(rig) == 0
    for _ in range(_games(rig) + 2):
        _key(rig, "PageDown")
    assert _at(rig) == last  # past the last game: the end


def test_a_move_of_the_list_is_a_button_to_its_decision() -> None:
    rig = _imported()
    rig.act("analysis-game", "1")
    html = rig.view.last.history_html
    steps = [int(s) for s in re.findall(r'data-action="analysis-go" data-value="(\d+)"', html)]
    assert len(steps) > 4 and steps == sorted(steps)
    rig.act("analysis-go", str(steps[3]))
    assert _at(rig) == steps[3]
    marked = rig.view.last.history_html.split('aria-current="step">')[1].split("</td>")[0]
    assert f'data-value="{steps[3]}"' in marked  # the move clicked is the one marked
    assert rig.c.state.match.moves is not None  # a play's decision: its dice rolled


def test_the_game_picker_moves_the_board() -> None:
    rig = _imported()
    rig.act("history-game", "2")  # the Moves' picker
    m = rig.c.state.match
    assert m.game_number == 3 and len(m.events) <= 1  # its start (an opening roll at most)
    screen = rig.view.last
    assert screen.history_index == 2 and "Game 3 of" in screen.analysis_html
    _key(rig, "ArrowLeft")
    assert rig.c.state.match.game_number == 2  # the end of game 2


def test_the_board_keeps_the_side_chosen_at_the_bottom() -> None:
    rig = _imported()
    turns, viewers = set(), set()
    for _ in range(12):
        _key(rig, "ArrowRight")
        turns.add(rig.c.state.match.turn)
        viewers.add(rig.view.last.viewer)
    assert turns == {0, 1} and viewers == {0}
    rig.act("setting", "1", name="bottom")
    assert rig.c.state.settings.bottom == "1" and rig.view.last.viewer == 1
    for _ in range(6):
        _key(rig, "ArrowLeft")
        assert rig.view.last.viewer == 1
    rig.act("setting", "turn", name="bottom")  # the old way: it turns to the player on roll
    for _ in range(6):
        _key(rig, "ArrowRight")
        assert rig.view.last.viewer == (rig.c.state.match.turn or 0)
    assert Rig(storage=rig.storage).boot().c.state.settings.bottom == "turn"  # remembered
    rig.act("setting", "sideways", name="bottom")  # no such choice: the default
    assert rig.c.state.settings.bottom == "0"


def test_the_top_player_moves_checkers_by_hand_in_its_own_numbering() -> None:
    """With the first player fixed at the bottom, the second, on roll at the top,
    drags its checkers too: the board's places are then its own numbering, its
    bar the bar and its tray the upper one, and what it may do is drawn mirrored."""
    rig = _imported()
    while rig.c.state.match.moves is None or rig.c.state.match.turn != 1:
        _key(rig, "ArrowRight")
    state, screen = rig.c.state, rig.view.last
    assert screen.viewer == 0 and state.mover_on_top and screen.board.top
    before = state.match.board_for(1)
    assert state.movable == frozenset(state.match.movable_points())
    src = max(state.movable)
    dst = min(state.destinations(src))
    # Where the page hit-tests the top side's checker it draws (the viewer's mirror).
    count = before.bar if src == BAR else before.me[src]
    x, y = LANDSCAPE.checker_xy("opp", src if src == BAR else 25 - src, count - 1, count)
    assert LANDSCAPE.place_at(x, y, top=True) == src and LANDSCAPE.place_at(x, y) != src
    # Its movable checkers are ringed as the bottom side's are, where they are drawn.
    ringed = re.findall(r'class="checker (\w+) \w+ movable top" data-side="\w+" data-point="(\d+)"',
                        render_board(screen.board))  # fmt: skip
    assert sorted(ringed) == sorted(("opp", str(drawn(p, True))) for p in state.movable)
    rig.c.tap(src)  # selected: its destinations drawn on the viewer's board
    shown = rig.view.last.board
    assert shown.highlights == state.destinations(src) and shown.selected == src  # its numbering
    lit = re.findall(r'class="point highlight" data-point="(\d+)"', render_board(shown))
    assert {int(p) for p in lit} == frozenset(25 - p for p in state.destinations(src) if p)
    rig.c.tap(None)
    assert rig.c.can_lift(src)
    rig.c.lift(src)
    assert rig.c.drop(src, dst)
    after = rig.c.state.match.board_for(1)
    # One of its checkers went from src to dst, in its own numbering.
    if src == BAR:
        assert after.bar == before.bar - 1
    else:
        assert after.me[src] == before.me[src] - 1
    if dst == OFF:
        assert after.off == before.off + 1
    else:
        assert after.me[dst] == before.me[dst] + 1
    # The other way round: the second player at the bottom, the first on roll at the top.
    rig.act("setting", "1", name="bottom")
    assert rig.view.last.viewer == 1 and not rig.c.state.mover_on_top


def test_graded_decisions_are_marked_and_next_error_reaches_them() -> None:
    rig = _imported()
    a = rig.c.state.analysis
    assert a is not None
    line = [key(m) for m in a.trail]
    # Grades as a whole-match analysis would give them: (game, event) -> (player, loss).
    picks = [i for i, k in enumerate(line) if rig_plays(a.trail[i])][3:30:9]
    grades = {line[picks[0]]: (0, 0.2), line[picks[1]]: (1, 0.09), line[picks[2]]: (0, 0.05)}
    rig.c.session.set(analysis=replace(a, grades=grades))
    rig.act("analysis-go", str(picks[0]))  # a render
    html = rig.view.last.history_html
    assert '<span class="an-grade blunder" title="Blunder: −0.200">??' in html
    assert "analysis-error" in rig.view.last.analysis_html
    rig.act("analysis-first")
    rig.act("analysis-error", "next")
    assert _at(rig) == picks[0]
    rig.act("analysis-error", "next")
    assert _at(rig) == picks[1]
    rig.act("analysis-error", "next", who="0")  # the first player's errors only
    assert _at(rig) == picks[2]
    rig.act("analysis-error", "next")
    assert _at(rig) == picks[2] and "No more errors" in rig.c.state.announcement
    rig.act("analysis-error", "prev", who="0")
    assert _at(rig) == picks[0]


def rig_plays(m: object) -> bool:
    return getattr(m, "moves", None) is not None


def test_each_game_ends_on_the_line_and_its_review_grades_stay() -> None:
    rig = _imported()
    rig.act("analysis-game", "1")
    _key(rig, "ArrowLeft")  # the end of game 1
    assert rig.c.state.match.is_game_over and rig.c.state.match.game_number == 1
    assert 'data-action="review"' in rig.view.last.analysis_html
    rig.act("review")
    review = rig.c.state.reviewing.review
    assert review is not None and review.done and review.game == 0
    rig.act("close")
    _key(rig, "Home")
    a = rig.c.state.analysis
    assert a is not None and rig.c.state.reviewing.review is None
    judged = {(0, item.event) for item in review.items}
    assert judged and judged <= set(a.grades)
