"""A game a player abandons (what a claim online records): scored as the
player resigning at :meth:`Match.abandon_value`, in the record, and the end
of the match."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalActionError, MatchOverError, NoGameInProgressError
from engine.formats.mat import MatFile
from engine.formats.save import dumps, loads
from engine.game import Action, Phase
from engine.match import Match, replay, replay_events
from engine.position import Position
from engine.record import (
    Abandoned,
    GameRecord,
    MatchRecord,
    Setup,
    describe,
    event_from_json,
    event_to_json,
)
from engine.review import decisions
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType
from engine.stats import game_stats


def opened(match: Match) -> Match:
    """Player 0 wins the opening roll and plays it; player 1 is on roll."""
    return match.roll((3, 1)).play("8/5 6/5")


def test_abandoning_scores_what_abandon_value_said_and_ends_the_match() -> None:
    m = opened(Match.new(7))
    assert m.abandon_value(1) == (WinType.GAMMON, 2)
    done = m.abandon(1)
    result = done.result
    assert result is not None
    assert (result.winner, result.win_type, result.reason, result.cube, result.points) == (
        0, WinType.GAMMON, EndReason.ABANDONED, 1, 2,
    )  # fmt: skip
    assert done.events[-1] == Abandoned(1) and done.phase is Phase.OVER
    assert done.score == (2, 0) and done.is_game_over
    # The match ends there, won by the player who stayed, though short of 7.
    assert done.is_over and done.is_abandoned and done.winner == 0
    assert done.legal_actions() == frozenset()
    with pytest.raises(IllegalActionError, match="match is over"):
        done.next_game()
    assert "game abandoned" in str(result)


def test_the_player_who_stayed_wins_the_match_whatever_the_score() -> None:
    m = opened(Match.new(5))
    m = m.resign(3).accept_resignation().next_game()  # 3-0 to player 0
    m = m.roll((1, 2)).abandon(0)  # the leader walks out
    assert m.score == (3, 2) and m.is_over and m.winner == 1


def test_money_play_ends_too() -> None:
    m = opened(Match.new(0)).abandon(0)
    assert m.score == (0, 2) and m.is_over and m.winner == 1


def test_jacoby_centred_cube_scores_a_single_game() -> None:
    m = opened(Match.new(0, jacoby=True))
    assert m.abandon(1).result == GameResult(0, WinType.SINGLE, EndReason.ABANDONED, 1, 1)
    turned = m.double().take().abandon(0)  # gammons count once the cube is turned
    assert turned.result is not None and (turned.result.win_type, turned.result.points) == (
        WinType.GAMMON, 4,
    )  # fmt: skip


@pytest.mark.parametrize("leaver", [0, 1])
def test_an_owned_cube_multiplies_as_a_resignation(leaver: int) -> None:
    m = opened(Match.new(0)).double().take()  # the cube at 2, owned by player 0
    kind, points = m.abandon_value(leaver)
    resigned = m.resign(kind).accept_resignation() if m.turn == leaver else None
    done = m.abandon(leaver)
    assert done.result is not None and done.result.points == points == 4
    assert done.result.cube == 2 and done.score[1 - leaver] == 4
    if resigned is not None:
        assert resigned.result is not None and resigned.result.points == points


def test_a_player_with_a_checker_off_concedes_a_single_game() -> None:
    race = Position.from_points([0] * 5 + [2] + [0] * 17 + [-15])  # player 1: none off
    m = Match.from_setup(Rules(5), Setup(race, 0))
    m = m.roll((6, 5)).play("6/off 6/1")  # player 0 has borne off a checker
    assert m.abandon_value(0) == (WinType.SINGLE, 1)
    assert m.abandon_value(1) == (WinType.GAMMON, 2)


def test_crawford_game_abandoned() -> None:
    m = opened(Match.new(5)).resign(2).accept_resignation().next_game()
    m = opened(m).resign(2).accept_resignation().next_game()  # 4-0: the Crawford game
    assert m.is_crawford_game
    m = m.roll((1, 2)).abandon(0)
    assert m.score == (4, 2) and m.is_over and m.winner == 1
    assert not m.is_post_crawford and replay(m.record) == m


@pytest.mark.parametrize(
    "script",
    [
        lambda m: m,  # before the opening roll
        lambda m: m.roll((3, 1)),  # while the opening winner moves
        lambda m: m.roll((3, 1)).move(8, 5),  # with a checker moved, not confirmed
        lambda m: opened(m).double(),  # a double waiting for an answer
        lambda m: opened(m).resign(1),  # a resignation waiting for an answer
    ],
)
@pytest.mark.parametrize("leaver", [0, 1])
def test_any_phase_of_a_game_in_progress(script: object, leaver: int) -> None:
    assert callable(script)
    m: Match = script(Match.new(3))
    kind, points = m.abandon_value(leaver)
    done = m.abandon(leaver)
    assert done.result is not None
    assert (done.result.win_type, done.result.points, done.winner) == (kind, points, 1 - leaver)
    assert done.resignation is None and done.offer is None and done.moves is None
    assert replay(done.record) == done
    assert loads(dumps(done)) == done


def test_the_event_in_the_record_round_trips_through_json_saves_and_replay() -> None:
    m = opened(Match.new(5)).double().take().roll((6, 4)).abandon(1)
    assert event_to_json(Abandoned(1)) == {"type": "abandon", "player": 1}
    assert event_from_json({"type": "abandon", "player": 1}) == Abandoned(1)
    assert describe(Abandoned(1)) == "player 1 abandons the game"
    text = dumps(m)
    assert '"type":"abandon"' in text and '"reason":"abandoned"' in text
    again = loads(json.loads(json.dumps(text)))
    assert again == m and again.is_over and again.winner == 0
    steps = replay_events(m.record)
    last = steps[-1]
    assert last.event == Abandoned(1) and not last.before.is_game_over and last.after.is_over
    assert last.after == m


def test_a_record_that_goes_on_after_an_abandoned_game_does_not_replay() -> None:
    m = opened(Match.new(5)).abandon(1)
    record = m.record
    more = opened(Match.new(5)).resign(1).accept_resignation().next_game().record.games[1]
    bad = MatchRecord(record.rules, (*record.games, more))
    with pytest.raises(IllegalActionError):
        replay(bad)


def test_a_wrong_abandoned_result_does_not_replay() -> None:
    m = opened(Match.new(5)).abandon(1)
    game = m.record.games[0]
    assert game.result is not None
    wrong = GameRecord(
        game.number, game.score, game.crawford, game.events,
        GameResult(0, WinType.SINGLE, EndReason.ABANDONED, 1, 1),
    )  # fmt: skip
    with pytest.raises(IllegalActionError, match="does not replay"):
        replay(MatchRecord(m.rules, (wrong,)))


def test_errors() -> None:
    m = opened(Match.new(5))
    over = m.resign(1).accept_resignation()
    with pytest.raises(NoGameInProgressError, match="it is over"):
        over.abandon(0)  # between games: no game in progress
    with pytest.raises(NoGameInProgressError):
        over.game.abandon(0)
    done = m.abandon(1)
    with pytest.raises(MatchOverError, match="the match is over"):
        done.abandon(0)
    finished = Match.new(1).roll((3, 1)).resign(1).accept_resignation()
    assert finished.is_over
    with pytest.raises(MatchOverError):
        finished.abandon(1)
    for bad in (2, -1, True):
        with pytest.raises(IllegalActionError, match="a player is 0 or 1"):
            m.abandon(bad)
    assert issubclass(MatchOverError, NoGameInProgressError)
    assert issubclass(NoGameInProgressError, IllegalActionError)


def test_not_a_player_action() -> None:
    m = opened(Match.new(5))
    assert all(a.value != "abandon" for a in Action)
    assert Action.RESIGN in m.legal_actions()


def test_match_id_reads_as_a_resigned_game() -> None:
    m = opened(Match.new(5))
    key = m.abandon(1).match_key
    assert (key.game_state, key.resign, key.score0, key.score1) == (3, 2, 2, 0)


def test_matfile_writes_the_winner_s_wins_line_and_reads_it_back() -> None:
    m = opened(Match.new(5)).roll((6, 4)).abandon(1)
    text = str(MatFile.from_match(m, ("Alice", "Bob")))
    assert '; [Aside "1 3 abandon 1"]' in text
    body = text.split("point match", 1)[1]
    assert "Wins 2 points" in body and "Resign" not in body and "abandon" not in body
    back = MatFile.parse(text)
    assert back.record == m.record and back.match().is_over
    # Without the aside (another program's reading), it is the resignation it counts as.
    plain = MatFile.parse(text.replace('; [Aside "1 3 abandon 1"]\n', ""))
    result = plain.record.games[0].result
    assert result is not None and (result.winner, result.points) == (0, 2)
    assert result.reason is EndReason.RESIGNED


def test_review_and_stats_skip_the_abandonment() -> None:
    m = opened(Match.new(5)).double().abandon(0)
    found = decisions(m.record)
    assert all(d.event < len(m.events) - 1 for d in found)
    assert [d.chosen for d in found if d.kind == "cube"][-1] == "double"
    zero, one = game_stats(m.game_record)
    assert one.games_won == 1 and one.points_won == 2 and zero.games_won == 0


def test_king_tubby_s_review_of_a_match_that_ends_abandoned() -> None:
    from engine.ai.review import review

    m = opened(Match.new(3)).roll((6, 4)).play("24/14").abandon(0)
    done = review(m.record)
    assert [j.decision.chosen for j in done.judgements if j.decision.kind == "play"] == [
        "8/5 6/5",
        "24/14",
    ]
    assert all(j.decision.event < len(m.events) - 1 for j in done.judgements)


def test_the_page_s_review_and_score_sheet_of_an_abandoned_game() -> None:
    from web.coach.review import review_items
    from web.view.score_sheet import game_rows

    m = opened(Match.new(3)).double().abandon(0)
    items = review_items(m.record, 0, frozenset({0, 1}))
    assert [i.notation for i in items] == ["8/5 6/5", "double"]
    rows = game_rows(m.game_record, names=("Ann", "Bob"))
    assert [r.cells for r in rows if not r.note] == [
        ("31: 8/5 6/5", "Doubles to 2"),
        ("Left the game", ""),
    ]
    assert rows[-1].note == "Bob wins: gammon, 2 points (game abandoned, which ends the match)"
