"""One notation everywhere, GNU Backgammon's: plays as gnubg writes them (``6/2*(2)``)
and rolls the higher die first (``42``), in the record, the score sheet, the
review, the hints, the command line and the saves."""

from __future__ import annotations

import pytest
from rules_oracle import make

from engine.cli import main
from engine.errors import SaveError
from engine.formats.save import load_match, save_match
from engine.match import Match
from engine.record import Played, describe
from web.ai.protocol import HintReply, HintRequest
from web.coach.review import Review, review_items
from web.view.review import review_frame, review_html
from web.view.score_sheet import game_rows
from web.worker.ai import answer


def doubles_hit_game() -> Match:
    """Player 0 opens 21 with 24/23 24/22; player 1 rolls 22 and plays two checkers
    6/2, one of them hitting (gnubg: ``6/2*(2)``; this engine used to write
    ``6/2* 6/2``); then player 0 rolls 2 and 4, in that order."""
    m = Match.new(0).roll((2, 1)).play("24/23 24/22").roll((2, 2)).play("6/2*(2)")
    return m.roll((2, 4))


def test_the_record_writes_gnubgs_notation_and_the_higher_die_first() -> None:
    m = doubles_hit_game()
    *_, played, rolled = m.game.record.events
    assert isinstance(played, Played) and played.notation == "6/2*(2)"
    assert describe(rolled) == "player 0 rolls 42"
    assert describe(Played(1, (2, 4), "24/20 13/11", ((24, 20), (13, 11)), (False,) * 2)) == (
        "player 1: 42 24/20 13/11"
    )


def test_the_score_sheet_writes_gnubgs_notation() -> None:
    m = doubles_hit_game().play("bar/21 13/11")
    rows = game_rows(m.game.record)
    assert rows[0].cells == ("21: 24/23 24/22", "22: 6/2*(2)")
    assert rows[1].cells == ("42: bar/21 13/11", "")


def test_the_review_writes_the_higher_die_first() -> None:
    m = doubles_hit_game().play("bar/21 13/11")
    items = review_items(m.record, 0, frozenset({0}))
    plays = [(k, i.dice, i.notation) for k, i in enumerate(items) if i.kind == "play"]
    assert [p[1:] for p in plays] == [((2, 1), "24/23 24/22"), ((2, 4), "bar/21 13/11")]
    k = plays[1][0]
    review = Review(0, items).judged(k, 0.2, "bar/23 6/2")
    names = ("You", "Bot")
    assert "You, 42:</span> bar/21 13/11" in review_html(review, names, "Review")
    assert review_frame(review, k, "before", names).caption.startswith("You, 42: bar/21 13/11")
    assert review_frame(Review(0, items), k, "before", names).caption == "You, 42"


def test_hints_write_gnubgs_notation() -> None:
    """The tutor names player 1's 22 as gnubg does, and so does the ranked list."""
    before = Match.new(0).roll((2, 1)).play("24/23 24/22").roll((2, 2))
    board = before.with_play([(6, 4), (6, 4), (4, 2), (4, 2)]).board.id
    reply = answer(HintRequest(before.game.position.id, (2, 2), played=board))
    assert isinstance(reply, HintReply) and reply.played is not None
    assert reply.played.play == "6/2*(2)"
    assert not any("* 6/2" in p.play or "6/2 6/2*" in p.play for p in reply.plays)


def test_the_command_line_writes_gnubgs_notation(capsys: pytest.CaptureFixture[str]) -> None:
    position = Match.new(0).roll((2, 1)).play("24/23 24/22").game.position
    assert main(["plays", position.id, "22"]) == 0
    assert "6/2*(2) " in capsys.readouterr().out
    closed = make({1: 13, 13: 1}, {p: 2 for p in range(19, 25)}, bar=1)
    assert main(["plays", closed.id, "56"]) == 0
    assert capsys.readouterr().out == "No legal play: 65 cannot be played.\n"


@pytest.mark.parametrize(
    ("older", "today"),
    [
        ("6/2* 6/2", "6/2*(2)"),  # the hit written apart
        ("6/2 6/2*", "6/2*(2)"),
        ("6/4/2*(2)", "6/2*(2)"),  # a waypoint written out
    ],
)
def test_saves_with_the_older_notation_still_load(older: str, today: str) -> None:
    m = doubles_hit_game()
    data = save_match(m)
    event = data["games"][0]["events"][-2]  # type: ignore[index]
    assert event["play"] == today
    event["play"] = older
    loaded = load_match(data)
    assert loaded == m
    notation = loaded.record.games[0].events[-2]
    assert isinstance(notation, Played) and notation.notation == today


def test_saves_with_the_older_order_still_load() -> None:
    """13/11 13/11 11/9 9/7 was written ``13/11 13/7``; gnubg writes ``13/7 13/11``."""
    m = Match.new(0).roll((3, 1)).play("8/5 6/5").roll((2, 2)).play("13/7 13/11")
    data = save_match(m)
    event = data["games"][0]["events"][-1]  # type: ignore[index]
    assert event["play"] == "13/7 13/11"
    event["play"] = "13/11 13/7"
    assert load_match(data) == m


@pytest.mark.parametrize("text", ["6/2(2)", "6/4*(2)", "6/2*", "8/4*(2)", "6/2*" * 10_000])
def test_a_save_whose_notation_names_another_play_is_refused(text: str) -> None:
    data = save_match(doubles_hit_game())
    data["games"][0]["events"][-2]["play"] = text  # type: ignore[index]
    with pytest.raises(SaveError) as info:
        load_match(data)
    assert len(str(info.value)) < 300
