"""The AI worker protocol (web/ai/protocol.py): typed messages, one versioned JSON codec,
and the cube state that travels with them (engine/cube.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cube import CubeState, InvalidCubeStateError
from engine.match import Match
from engine.rollout_stats import RolloutTally, Tally
from web.ai.protocol import (
    ANALYSIS_PLIES,
    CUBE_CHOICES,
    PROTOCOL_VERSION,
    ROLLOUT_PLAYERS,
    AcceptReply,
    AcceptRequest,
    AnalyseReply,
    AnalyseRequest,
    CubeHintReply,
    CubeHintRequest,
    CubeJudgement,
    ErrorReply,
    HintReply,
    HintRequest,
    PlayedRank,
    PlayReply,
    PlayRequest,
    ProtocolError,
    RankedPlay,
    Reply,
    Request,
    RolloutCancel,
    RolloutProgress,
    RolloutRequest,
    TakeReply,
    TakeRequest,
    TurnReply,
    TurnRequest,
    decode_reply,
    decode_request,
    encode,
)

# The start of a message of this version, so that hand-written messages follow a bump.
V = f'{{"v": {PROTOCOL_VERSION}, '

# -- strategies: every message type, with every optional field both ways ----------------

ids = st.text(min_size=1, max_size=16)
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
numbers = st.floats(allow_nan=False, allow_infinity=False, width=64)
probs = st.tuples(numbers, numbers, numbers, numbers, numbers)
moves = st.lists(st.tuples(st.integers(0, 25), st.integers(0, 25)), max_size=4).map(tuple)


@st.composite
def cube_states(draw: st.DrawFn) -> CubeState:
    value = 1 << draw(st.integers(0, 6))
    owner = draw(st.sampled_from([None, 0, 1]))
    length = draw(st.integers(0, 25))
    if not length:
        return CubeState(value, owner, draw(st.booleans()))
    away = st.integers(1, length)
    return CubeState(value, owner, False, length, draw(away), draw(away), draw(st.booleans()))


cubes = cube_states()


def maybe(values: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.none() | values


requests: st.SearchStrategy[Request] = st.one_of(
    st.builds(PlayRequest, ids, dice, st.sampled_from(["easy", "medium", "hard"]), maybe(cubes)),
    st.builds(TurnRequest, ids, cubes, st.booleans(), st.sampled_from(["easy", "medium", "hard"])),
    st.builds(TakeRequest, ids, cubes, st.sampled_from(["easy", "medium", "hard"])),
    st.builds(AcceptRequest, ids, cubes, st.integers(1, 3)),
    st.builds(HintRequest, ids, dice, maybe(cubes), maybe(ids), st.sampled_from(ANALYSIS_PLIES)),
    st.builds(
        CubeHintRequest,
        ids,
        cubes,
        st.booleans(),
        maybe(st.sampled_from(CUBE_CHOICES)),
        st.sampled_from(ANALYSIS_PLIES),
    ),
    st.builds(
        lambda job, pos, d, cube, cut, opts: RolloutRequest(
            job, pos, d, cube, cut[2], cut[0], cut[1], *opts
        ),
        ids,
        ids,
        maybe(dice),
        maybe(cubes),
        st.lists(st.integers(0, 10**6), min_size=3, max_size=3).map(sorted),
        st.tuples(
            st.integers(-(2**40), 2**40),
            st.integers(0, 50),
            st.sampled_from(ROLLOUT_PLAYERS),
            st.booleans(),
            st.booleans(),
            st.booleans(),
            st.integers(1, 20),
        ),
    ),
    st.builds(RolloutCancel, ids),
    st.builds(AnalyseRequest, ids, cubes, st.text(), dice, ids),
    st.builds(AnalyseRequest, ids, cubes, st.sampled_from(CUBE_CHOICES)),
)
ranked = st.builds(
    RankedPlay, st.text(), moves, numbers, numbers, st.integers(0, 2), probs, st.booleans()
)
replies: st.SearchStrategy[Reply] = st.one_of(
    st.builds(PlayReply, moves),
    st.builds(TurnReply, st.booleans(), st.integers(0, 3)),
    st.builds(TakeReply, st.booleans()),
    st.builds(AcceptReply, st.booleans()),
    st.builds(
        HintReply,
        st.lists(ranked, min_size=1, max_size=5).map(tuple),
        maybe(st.builds(PlayedRank, st.integers(0, 30), numbers, st.text())),
    ),
    st.builds(
        CubeHintReply,
        st.sampled_from(["no double", "double, take", "double, pass", "too good"]),
        st.booleans(),
        numbers,
        numbers,
        numbers,
        st.booleans(),
        st.sampled_from(["equity", "mwc"]),
        probs,
        maybe(st.builds(CubeJudgement, numbers, st.sampled_from(CUBE_CHOICES), st.booleans())),
    ),
    st.builds(
        RolloutProgress,
        ids,
        st.builds(
            RolloutTally,
            st.text(),
            st.sampled_from(["plays", "cube"]),
            st.sampled_from(["equity", "mwc"]),
            st.lists(st.tuples(st.integers(0, 99), st.integers(100, 10**9)), max_size=3).map(tuple),
            st.lists(
                st.builds(
                    Tally,
                    st.text(),
                    st.integers(0, 10**6),
                    st.integers(-(2**80), 2**80),  # exact sums grow past 2**53: JSON keeps them
                    st.integers(0, 2**100),
                    st.integers(-(2**80), 2**80),
                    st.integers(0, 2**100),
                    st.tuples(*[st.integers(0, 2**60)] * 5),
                ),
                max_size=5,
            ).map(tuple),
            numbers,
            st.booleans(),
        ),
        st.booleans(),
    ),
    st.builds(
        AnalyseReply, numbers, st.text(), st.booleans(), maybe(numbers), maybe(probs), numbers
    ),
    st.builds(ErrorReply, st.text()),
)


@given(requests)
def test_every_request_survives_the_wire(request: Request) -> None:
    text = encode(request)
    raw = json.loads(text)
    assert raw["v"] == PROTOCOL_VERSION and raw["kind"] == request.kind
    assert decode_request(text) == request


@given(replies)
def test_every_reply_survives_the_wire(reply: Reply) -> None:
    text = encode(reply)
    assert json.loads(text)["kind"] == reply.kind
    assert decode_reply(text) == reply


def test_each_message_type_has_its_own_kind_and_a_repr_to_paste_back() -> None:
    request = HintRequest("4HPwATDgc/ABMA", (3, 1), CubeState(2, 0), played="sGfwATDgc/ABMA")
    assert eval(repr(request)) == request
    assert len({m.kind for m in (PlayRequest, TurnRequest, TakeRequest, AcceptRequest)}) == 4
    assert len({m.kind for m in (HintRequest, CubeHintRequest, ErrorReply)}) == 3
    # a reply's kind is the kind of the request it answers
    assert (PlayReply.kind, HintReply.kind, CubeHintReply.kind) == ("play", "hint", "cube-hint")
    assert (RolloutRequest.kind, RolloutProgress.kind) == ("rollout", "rollout")


def test_the_wire_format_is_plain_json() -> None:
    request = CubeHintRequest("4HPwATDgc/ABMA", CubeState(), taker=True)
    assert json.loads(encode(request)) == {
        "v": PROTOCOL_VERSION,
        "kind": "cube-hint",
        "position": "4HPwATDgc/ABMA",
        "cube": {
            "value": 1,
            "owner": None,
            "jacoby": True,
            "match_length": 0,
            "my_away": 0,
            "opp_away": 0,
            "crawford": False,
        },
        "taker": True,
        "chosen": None,
        "plies": 1,
    }
    # fields with a default may be left out
    assert decode_request(V + '"kind": "hint", "position": "x", "dice": [6, 6]}') == HintRequest(
        "x", (6, 6)
    )


BAD_REQUESTS = {
    "not JSON": "{",
    "not an object": "[1, 2]",
    "no version": '{"kind": "take", "position": "x", "cube": null}',
    "another version": '{"v": 1, "kind": "take"}',
    "a version that is a bool": '{"v": true, "kind": "take"}',
    "unknown kind": V + '"kind": "nonsense"}',
    "a reply's kind only": V + '"kind": "error", "error": "x"}',
    "missing field": V + '"kind": "play", "position": "x", "dice": [3, 1]}',
    "unknown field": V + '"kind": "hint", "position": "x", "dice": [3, 1], "extra": 1}',
    "dice out of range": V + '"kind": "hint", "position": "x", "dice": [0, 7]}',
    "three dice": V + '"kind": "hint", "position": "x", "dice": [1, 2, 3]}',
    "dice as text": V + '"kind": "hint", "position": "x", "dice": "31"}',
    "position a number": V + '"kind": "hint", "position": 5, "dice": [3, 1]}',
    "bool as int": V + '"kind": "hint", "position": "x", "dice": [true, 1]}',
    "bad cube": V + '"kind": "take", "position": "x", "cube": {"value": 3}}',
    "cube null": V + '"kind": "take", "position": "x", "cube": null}',
    "bad resignation": (
        V
        + '"kind": "accept", "position": "x", "value": 4, "cube": '
        + json.dumps(CubeState().to_json())
        + "}"
    ),
    "bad choice": (
        V
        + '"kind": "cube-hint", "position": "x", "chosen": "beaver", "cube": '
        + json.dumps(CubeState().to_json())
        + "}"
    ),
}


@pytest.mark.parametrize("text", BAD_REQUESTS.values(), ids=BAD_REQUESTS.keys())
def test_a_bad_request_is_a_protocol_error(text: str) -> None:
    with pytest.raises(ProtocolError):
        decode_request(text)


BAD_REPLIES = {
    "a string for a bool": V + '"kind": "take", "take": "yes"}',
    "resign out of range": V + '"kind": "turn", "double": false, "resign": 4}',
    "moves as text": V + '"kind": "play", "moves": "8/5 6/5"}',
    "a move of three points": V + '"kind": "play", "moves": [[8, 5, 2]]}',
    "no plays": V + '"kind": "hint", "plays": []}',
    "four probabilities": (
        V + '"kind": "hint", "plays": [{"play": "8/5 6/5", "moves": [], "equity": 0.1,'
        ' "loss": 0, "ply": 1, "probs": [0.5, 0.1, 0, 0.1]}]}'
    ),
    "an equity as text": (
        V + '"kind": "cube-hint", "action": "no double", "may_double": true,'
        ' "no_double": "high", "double_take": 0, "double_pass": 1, "should_take": true,'
        ' "units": "equity", "probs": [0.5, 0.1, 0, 0.1, 0]}'
    ),
    "unknown units": (
        V + '"kind": "cube-hint", "action": "no double", "may_double": true,'
        ' "no_double": 0, "double_take": 0, "double_pass": 1, "should_take": true,'
        ' "units": "points", "probs": [0.5, 0.1, 0, 0.1, 0]}'
    ),
}


@pytest.mark.parametrize("text", BAD_REPLIES.values(), ids=BAD_REPLIES.keys())
def test_a_bad_reply_is_a_protocol_error(text: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode_reply(text)
    assert isinstance(info.value, ValueError)


def test_errors_name_the_field() -> None:
    text = V + '"kind": "hint", "plays": [{"play": 1}]}'
    with pytest.raises(ProtocolError, match=r"HintReply\.plays: RankedPlay\.play: expected a str"):
        decode_reply(text)


def test_messages_check_themselves_when_built() -> None:
    with pytest.raises(ProtocolError):
        PlayRequest("x", (0, 3), "hard")
    with pytest.raises(ProtocolError):
        HintReply(())
    with pytest.raises(ProtocolError):
        TurnReply(False, 5)
    with pytest.raises(ProtocolError):
        AcceptRequest("x", CubeState(), 0)
    with pytest.raises(ProtocolError):  # a play to analyse without the board it left
        AnalyseRequest("x", CubeState(), "24/20", (3, 1))
    with pytest.raises(ProtocolError):  # a cube decision names one of the cube's choices
        AnalyseRequest("x", CubeState(), "redouble")


# -- CubeState serialises itself ---------------------------------------------------------


@given(cubes)
def test_a_cube_state_survives_json(cube: CubeState) -> None:
    assert CubeState.from_json(json.loads(json.dumps(cube.to_json()))) == cube


@pytest.mark.parametrize(
    "change",
    [
        {"value": 3},
        {"value": 128},
        {"value": True},
        {"owner": 2},
        {"owner": False},
        {"jacoby": 1},
        {"crawford": None},
        {"match_length": -1},
        {"match_length": 5, "my_away": 6, "opp_away": 5},
        {"match_length": 5, "my_away": 0, "opp_away": 5},
        {"my_away": 3},  # money has no score
        {"extra": 1},
    ],
)
def test_a_bad_cube_state_is_refused(change: dict[str, object]) -> None:
    raw = CubeState().to_json() | change
    with pytest.raises(InvalidCubeStateError):
        CubeState.from_json(raw)


def test_a_cube_state_needs_all_its_fields() -> None:
    raw = CubeState().to_json()
    del raw["crawford"]
    with pytest.raises(InvalidCubeStateError):
        CubeState.from_json(raw)
    with pytest.raises(ValueError):  # a ValueError, as every input error of the engine
        CubeState.from_json([1, None])


def test_the_cube_state_of_a_match_is_its_game_s() -> None:
    m = Match.new(7).roll((3, 1)).play("8/5 6/5").double().take()
    assert m.cube_state(0) == m.game.cube_state(0)
    assert m.cube_state(0) == CubeState(2, 0, False, 7, 7, 7, False)
    assert m.cube_state(1) == m.cube_state(0).swap()
    money = Match.new(0, jacoby=True)
    assert money.cube_state(1) == CubeState(1, None, True)


def test_hints_and_reviews_name_how_deep_king_tubby_looks() -> None:
    # since version 4: a hint or a review's verdict may ask for 2-ply analysis; 1-ply when unsaid
    assert PROTOCOL_VERSION >= 4 and ANALYSIS_PLIES == (1, 2)
    deep = HintRequest("4HPwATDgc/ABMA", (3, 1), played="sGfwATDgc/ABMA", plies=2)
    assert json.loads(encode(deep))["plies"] == 2
    assert decode_request(encode(deep)) == deep
    hint = V + '"kind": "hint", "position": "x", "dice": [6, 6]'
    assert decode_request(hint + "}") == HintRequest("x", (6, 6), plies=1)
    assert decode_request(hint + ', "plies": 2}') == HintRequest("x", (6, 6), plies=2)
    for bad in ("3", "0", '"2"', "2.0", "true"):
        with pytest.raises(ProtocolError, match="plies"):
            decode_request(hint + f', "plies": {bad}}}')
    cube = json.loads(encode(CubeHintRequest("x", CubeState(), plies=2)))
    assert cube["plies"] == 2
    assert decode_request(json.dumps(cube)) == CubeHintRequest("x", CubeState(), plies=2)
    with pytest.raises(ProtocolError, match="plies"):
        decode_request(json.dumps(cube | {"plies": 7}))
    with pytest.raises(ProtocolError, match="plies"):
        CubeHintRequest("x", CubeState(), plies=3)


def test_a_rollout_may_name_a_play_to_roll_out_as_well() -> None:
    # version 5: the play a match made, by its result, rolled out however low it ranks
    assert PROTOCOL_VERSION == 5
    asked = RolloutRequest("j", "4HPwATDgc/ABMA", (3, 1), None, 36, 0, 1, also="sGfwATDgc/ABMA")
    assert json.loads(encode(asked))["also"] == "sGfwATDgc/ABMA"
    assert decode_request(encode(asked)) == asked
    plain = RolloutRequest("j", "4HPwATDgc/ABMA", (3, 1), None, 36, 0, 1)
    assert plain.also == "" and decode_request(encode(plain)) == plain
