"""The small pure parts: options, themes, history, records, dice, the AI service."""

from __future__ import annotations

import json

import pytest

from engine import Position
from engine.ai import CubeState, choose_play
from engine.match import Match
from web.ai.client import accept_request, play_request, take_request, turn_request
from web.ai.protocol import (
    AcceptReply,
    ErrorReply,
    PlayReply,
    PlayRequest,
    Reply,
    Request,
    TakeReply,
    TurnReply,
    decode_reply,
    decode_request,
    encode,
)
from web.model.actions import Act
from web.model.intents import NewMatch, parse
from web.model.options import MatchOptions, Rival, Settings
from web.model.records import PlayerRecords
from web.model.themes import BACKYAMON, CLASSIC, theme
from web.view.frame import board_words
from web.view.score_sheet import game_rows
from web.worker import ai as ai_service


def _from_form(fields: dict[str, str]) -> MatchOptions:
    """The New game form's terms, as the controller reads them."""
    start = parse(Act.START, "", fields)
    assert isinstance(start, NewMatch)
    return start.options


def test_setup_from_form_and_json() -> None:
    setup = _from_form({"opponent": "human", "length": "0", "jacoby": "on", "cube": "on"})
    assert setup == MatchOptions(Rival.HUMAN, 0, cube=True, jacoby=True, crawford=False)
    assert MatchOptions.from_json(setup.to_json()) == setup
    assert _from_form({"opponent": "x", "length": "4"}) == MatchOptions(
        "medium", 5, False, False, False
    )
    for bad in ({"opponent": "god"}, {**setup.to_json(), "length": 4}, "x"):
        with pytest.raises(ValueError):
            MatchOptions.from_json(bad)


def test_settings_keep_defaults_for_nonsense() -> None:
    s = Settings.from_json({"auto_roll": "yes", "animation": "warp", "mode": "light"})
    assert s == Settings(mode="light")
    assert s.with_value("auto_roll", "true").auto_roll is True
    assert s.with_value("theme", "backyamon").theme == "backyamon"
    assert s.with_value("nope", "1") == s


def test_theme_words() -> None:
    assert theme("backyamon") is BACKYAMON and theme("") is CLASSIC
    assert [BACKYAMON.win_name(k) for k in (1, 2, 3)] == ["Ya Mon", "Big Ya Mon", "MASSIVE Ya Mon"]
    assert (
        BACKYAMON.cube == "Turn It Up"
        and board_words(BACKYAMON, "your", "their").bar_label == "BABYLON"
    )
    assert board_words(CLASSIC, "your", "their").bar_label == ""


def test_history_rows_follow_the_score_sheet() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 6))
    m = m.play("24/18(2) 13/7(2)").double().take()
    m = m.roll((2, 1)).play("13/11 6/5")
    m = m.resign(1).accept_resignation()
    rows = game_rows(m.game.record, CLASSIC, ("You", "Bot"))
    assert [(r.number, r.cells) for r in rows if not r.note] == [
        (1, ("31: 8/5 6/5", "66: 24/18(2) 13/7(2)")),
        (2, ("Doubles to 2", "Takes")),
        (3, ("21: 13/11 6/5", "Resigns a single game")),
        (4, ("Accepts", "")),
    ]
    assert rows[-1].note == "You win: single game, 2 points"
    events = m.game.record.events
    took = next(k for k, e in enumerate(events) if e.kind == "take")
    roll = max(k for k, e in enumerate(events) if e.kind == "roll")
    marks = [
        [(r.number, r.marked) for r in game_rows(m.game.record, mark=k) if r.marked >= 0]
        for k in (took, roll)
    ]
    assert marks == [[(2, 1)], [(3, 0)]]  # a roll marks the play that follows it
    tie = Match.new(5).roll((4, 4)).roll((5, 2))
    assert game_rows(tie.game.record)[0].note == "Opening roll 4-4: roll again"


def test_player_records_round_trip_and_validate() -> None:
    r = PlayerRecords().add_game("easy", won=False, points=3, win_type=3)
    r = r.add_game("easy", won=True, points=1, win_type=1).add_match("easy", won=True)
    row = r.rows["easy"]
    assert (row.games, row.wins, row.losses, row.backgammons_lost, row.average_points) == (
        2, 1, 1, 1, -1.0,
    )  # fmt: skip
    assert PlayerRecords.from_json(json.loads(json.dumps(r.to_json()))) == r
    with pytest.raises(ValueError):
        PlayerRecords.from_json({"rows": {"easy": {"games": -1}}})


def test_ai_requests_are_seen_from_the_right_side() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5")
    request = turn_request(m, 1)
    assert decode_request(encode(request)) == request
    assert request.position == m.position.id  # player 1 is on roll
    assert request.cube == m.cube_state(1) and request.can_double
    m2 = m.double()
    assert take_request(m2, 1).position == m.position.id
    assert take_request(m2, 1).cube == m2.cube_state(1)
    assert m2.take().cube_state(0).owner == 0
    assert accept_request(m, 0, 2).position == m.position.swap().id
    assert accept_request(m, 0, 2).value == 2
    assert play_request(m.roll((2, 1)), "easy").dice == (2, 1)
    # the side on roll's view of the score travels with a play request
    assert play_request(m.roll((2, 1)), "easy").cube == m.cube_state(1)


def test_the_ai_service_answers_every_kind_of_request() -> None:
    m = Match.new(0).roll((3, 1)).play("8/5 6/5")

    def ask(request: Request) -> Reply:
        return decode_reply(ai_service.handle(encode(request)))  # as the worker answers

    assert ask(turn_request(m, 1)) == TurnReply(double=False, resign=0)
    assert ai_service.answer(turn_request(m, 1)) == TurnReply(double=False, resign=0)
    assert ask(take_request(m.double(), 1)) == TakeReply(take=True)
    assert isinstance(ask(accept_request(m, 1, 1)), AcceptReply)
    assert ask(play_request(m.roll((6, 5)), "hard")) == PlayReply(((24, 18), (18, 13)))
    nonsense = ask(PlayRequest("nonsense", (1, 2), "hard"))
    assert isinstance(nonsense, ErrorReply) and "nonsense" in nonsense.error
    unknown_level = ask(PlayRequest(Position.start().id, (1, 2), "grandmaster"))
    assert isinstance(unknown_level, ErrorReply)
    # a play King Tubby makes for money (6/2) but not at double match point, where
    # only winning counts (13/9*): the service passes the score on.  The position
    # depends on the shipped net's judgement; another net may need another one.
    dmp = CubeState(match_length=3, my_away=1, opp_away=1, jacoby=False)
    position, dice = Position.from_id("tm0TEASancEBMA"), (1, 3)
    money = choose_play(position, dice, "hard")
    at_dmp = choose_play(position, dice, "hard", cube=dmp)
    assert money != at_dmp
    request = PlayRequest(position.id, dice, "hard")
    assert ask(request) == PlayReply(money.moves)
    assert ask(PlayRequest(position.id, dice, "hard", dmp)) == PlayReply(at_dmp.moves)
    for bad in ("not json", '{"v": 1, "kind": "play"}', encode(TakeReply(True))):
        reply = decode_reply(ai_service.handle(bad))
        assert isinstance(reply, ErrorReply) and reply.error
    assert ai_service.warm() == "ready"


def test_show_movable_is_a_setting_on_by_default_and_ai_labels_carry_the_level() -> None:
    from web.words.dialogs import ai_label

    assert Settings().show_movable is True
    off = Settings().with_value("show_movable", "false")
    assert off.show_movable is False and Settings.from_json(off.to_json()) == off
    assert Settings.from_json({"show_movable": "yes"}).show_movable is True  # unusable: default
    assert [ai_label(k) for k in ("easy", "medium", "hard")] == [
        "Beach Bum (easy)",
        "Selector (medium)",
        "King Tubby (strong)",
    ]
