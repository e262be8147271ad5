"""Acts as JSON: every act round-trips; a bad shape is refused."""

from __future__ import annotations

import json

import pytest

from engine.decisions import (
    AcceptResignation,
    BeaverDouble,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    StartNextGame,
    TakeDouble,
)
from web.online.acts import Act, AskRoll, Commit, Random, Reveal, act_from_json, act_to_json
from web.online.errors import MalformedMessageError

ACTS: list[Act] = [
    Commit(bytes(range(32))),
    AskRoll(),
    Random(bytes(32)),
    Reveal(b"\xff" * 32),
    PlayMoves(((25, 20), (13, 7), (8, 0))),
    PlayMoves(()),
    OfferDouble(),
    TakeDouble(),
    DropDouble(),
    BeaverDouble(),
    OfferResignation(3),
    AcceptResignation(),
    RejectResignation(),
    StartNextGame(),
]


@pytest.mark.parametrize("act", ACTS)
def test_round_trip(act: Act) -> None:
    assert act_from_json(json.loads(json.dumps(act_to_json(act)))) == act


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {},
        {"a": 3},
        {"a": "fly"},
        {"a": "take", "x": 1},
        {"a": "commit", "h": "AAAA"},
        {"a": "random"},
        {"a": "reveal", "s": 5},
        {"a": "play", "m": "8/5"},
        {"a": "play", "m": [[8, 5]] * 5},
        {"a": "play", "m": [[8, 5, 3]]},
        {"a": "play", "m": [[8, True]]},
        {"a": "play", "m": [[26, 20]]},
        {"a": "play", "m": [[3, 3]]},
        {"a": "resign", "v": 4},
        {"a": "resign", "v": True},
    ],
)
def test_bad_shapes(raw: object) -> None:
    with pytest.raises(MalformedMessageError):
        act_from_json(raw)
