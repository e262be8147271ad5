"""The analysis board's report as HTML (web.view.report): the play and the cube
choice the line made are marked, the play in a row of its own below the plays
listed when it ranks lower (issue #47)."""

from __future__ import annotations

from web.ai.protocol import CubeHintReply, CubeJudgement, RankedPlay
from web.coach.hint import CubeHint, PlayHint
from web.view.report import cube_html, plays_html

PROBS = (0.55, 0.15, 0.01, 0.1, 0.005)
PLAYS = tuple(
    RankedPlay(f"13/{10 - i}", ((13, 10 - i),), 0.2 - 0.05 * i, 0.05 * i, 1, PROBS)
    for i in range(5)
)


def _rows(html: str) -> list[str]:
    return [row.split("</li>")[0] for row in html.split("<li>")[1:]]


def test_the_play_made_is_marked_where_it_ranks() -> None:
    html = plays_html(PlayHint(PLAYS, True, 0.1, 2, "13/8"))
    marked = [i for i, row in enumerate(_rows(html)) if "played" in row]
    assert marked == [2] and "the play made" in _rows(html)[2]
    assert 'data-testid="played-extra"' not in html
    assert "Played: 13/8, ranked 3rd, giving up 0.100." in html


def test_the_play_made_below_the_list_has_a_row_of_its_own() -> None:
    html = plays_html(PlayHint(PLAYS, False, 0.3123, 8, "24/21 6/5"))
    rows = _rows(html)
    assert len(rows) == 6 and [i for i, r in enumerate(rows) if "played" in r] == [5]
    extra = rows[5]
    assert 'data-testid="played-extra"' in extra
    assert "data-action" not in extra  # not a play to make from the list
    assert '"an-rank">9.<' in extra and "24/21 6/5" in extra
    assert "\u2212" + "0.112" in extra and "\u2212" + "0.312" in extra  # 0.2 - 0.3123, and the loss


def test_the_best_play_made_says_so_and_no_judgement_marks_nothing() -> None:
    assert "Played: 13/10, the best play." in plays_html(PlayHint(PLAYS, True, 0.0, 0, "13/10"))
    plain = plays_html(PlayHint(PLAYS, True))
    assert "played" not in plain and "Played" not in plain


def _cube(chosen: str, loss: float | None, *, taker: bool = False) -> CubeHint:
    judged = CubeJudgement(loss, "double, take", False) if loss is not None else None
    reply = CubeHintReply("double, take", True, 0.30, 0.52, 1.0, True, "equity", PROBS, judged)
    return CubeHint.from_reply(reply, taker=taker, chosen=chosen)


def test_the_cube_choice_made_is_marked_in_its_row() -> None:
    for chosen, row, loss in (("no double", "No double", 0.22), ("double", "Double, take", 0.0)):
        html = cube_html(_cube(chosen, loss), "Ann", "Bob")
        marked = [r for r in html.split("<tr")[1:] if "played</td>" in r]
        assert len(marked) == 1 and row in marked[0], chosen
    html = cube_html(_cube("drop", 0.48, taker=True), "Ann", "Bob")
    marked = [r for r in html.split("<tr")[1:] if "played</td>" in r]
    assert len(marked) == 1 and "Double, pass" in marked[0]
    assert "Played: Pass, giving up 0.480." in html


def test_a_cube_hint_without_a_verdict_marks_nothing() -> None:
    html = cube_html(_cube("take", None), "Ann", "Bob")
    assert "played" not in html and "Played" not in html


def test_a_list_of_mixed_depths_draws_a_line_where_it_turns_shallower() -> None:
    """At 2-ply the move filters judge only the last few plays that deeply; the
    ones they stopped keep quicker figures: a line above each shallower group,
    and each such play says so in its tag's tooltip and its label (#47)."""
    depths = (2, 2, 1, 1, 0)
    plays = tuple(
        RankedPlay(f"13/{10 - i}", ((13, 10 - i),), 0.1 - 0.02 * i, 0.02 * i, ply, PROBS)
        for i, ply in enumerate(depths)
    )
    html = plays_html(PlayHint(plays, False))
    items = html.split("<li")[1:]
    assert [item.startswith(' class="shallower"') for item in items] == [
        False,
        False,
        True,
        False,
        True,
    ]
    quicker = "a quicker figure than the 2-ply plays above"
    assert [quicker in item for item in items] == [False, False, True, True, True]
    assert f'<small class="ply" title="{quicker}">1-ply</small>' in items[2]
    assert f"1-ply, {quicker}" in items[2]  # the screen reader's label


def test_a_list_of_one_depth_has_no_line() -> None:
    html = plays_html(PlayHint(PLAYS, False))
    assert "shallower" not in html and "quicker" not in html
