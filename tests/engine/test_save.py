"""Saves: round trips in every phase, and every kind of corrupt or tampered input."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from engine import SaveError
from engine.formats.save import SCHEMA, dumps, load_match, loads, save_match
from engine.match import Match


def states() -> dict[str, Match]:
    """One match in each phase worth saving."""
    m5 = Match.new(5)
    opened = m5.roll((4, 4)).roll((3, 1))
    mid_turn = opened.move(8, 5).move(6, 5).undo()  # one step made, one to redo
    played = opened.play("8/5 6/5")
    doubled = played.double()
    taken = doubled.take()
    resign_mid_turn = taken.roll((6, 5)).move(24, 18).resign(2)
    over = taken.resign(1).accept_resignation()
    beavered = (
        Match.new(0, jacoby=True, beavers=True, auto_doubles=1)
        .roll((2, 2))
        .roll((5, 2))
        .play("13/8 13/11")
        .double()
        .beaver()
    )
    match_over = Match.new(1).roll((3, 1)).resign(3).accept_resignation()
    next_game = over.next_game()
    imported = Match.from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:62:1:3:0:7:10")
    imported_played = imported.play("24/18 13/11").roll((3, 1)).play("8/5 6/5").double()
    return {
        "imported": imported,
        "imported_played": imported_played,
        "new": m5,
        "opened": opened,
        "mid_turn": mid_turn,
        "played": played,
        "doubled": doubled,
        "taken": taken,
        "resign_mid_turn": resign_mid_turn,
        "over": over,
        "beavered": beavered,
        "match_over": match_over,
        "next_game": next_game,
    }


STATES = states()


@pytest.mark.parametrize("name", sorted(STATES))
def test_round_trip(name: str) -> None:
    m = STATES[name]
    data = save_match(m)
    assert data["schema"] == SCHEMA
    assert load_match(data) == m
    # Through JSON text as well, and the text is stable.
    text = dumps(m)
    assert loads(text) == m
    assert dumps(loads(text)) == text
    assert json.loads(json.dumps(data)) == data


def test_mid_turn_save_keeps_moves_and_redo_history() -> None:
    m = STATES["mid_turn"]
    loaded = load_match(save_match(m))
    assert loaded.game.moves is not None
    assert [str(s) for s in loaded.game.moves.done] == ["8/5"]
    assert loaded.redo().confirm().position == m.redo().confirm().position


def test_loaded_match_plays_on() -> None:
    loaded = loads(dumps(STATES["resign_mid_turn"]))
    m = loaded.reject_resignation().move(18, 13).confirm()
    assert m.turn == 0


# -- corrupt and tampered saves --------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def _set(path: tuple[Any, ...], value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> object:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return mutate


def _delete(path: tuple[Any, ...]) -> Mutation:
    def mutate(data: dict[str, Any]) -> object:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data

    return mutate


def _event(index: int, **changes: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> object:
        data["games"][0]["events"][index].update(changes)
        return data

    return mutate


BASE = "taken"  # game 1 of a 5-point match: opening ties, 8/5 6/5, double, take


CORRUPTIONS: dict[str, Mutation] = {
    # shape
    "not an object": lambda d: [d],
    "a string": lambda d: "save",
    "wrong format": _set(("format",), "chess"),
    "no format": _delete(("format",)),
    "newer schema": _set(("schema",), 2),
    "schema zero": _set(("schema",), 0),
    "schema as text": _set(("schema",), "1"),
    "schema as bool": _set(("schema",), True),
    "no schema": _delete(("schema",)),
    "extra key": _set(("extra",), 1),
    "no state": _delete(("state",)),
    # rules
    "rules not an object": _set(("rules",), [5]),
    "match length as text": _set(("rules", "match_length"), "5"),
    "negative match length": _set(("rules", "match_length"), -1),
    "huge match length": _set(("rules", "match_length"), 100),
    "cube as int": _set(("rules", "cube"), 1),
    "extra rule": _set(("rules", "raccoons"), True),
    "missing rule": _delete(("rules", "crawford")),
    "other rules": _set(("rules", "cube"), False),  # the recorded double is illegal then
    # games
    "games not a list": _set(("games",), {}),
    "no games": _set(("games",), []),
    "game not an object": _set(("games", 0), "game"),
    "game extra key": _set(("games", 0, "winner"), 0),
    "score not a pair": _set(("games", 0, "score"), [0]),
    "negative score": _set(("games", 0, "score"), [-1, 0]),
    "tampered game score": _set(("games", 0, "score"), [1, 0]),
    "crawford not a bool": _set(("games", 0, "crawford"), 0),
    "tampered crawford": _set(("games", 0, "crawford"), True),
    "events not a list": _set(("games", 0, "events"), "roll"),
    "invented result": _set(
        ("games", 0, "result"),
        {"winner": 0, "win_type": 1, "reason": "resigned", "cube": 2, "points": 2},
    ),
    "bad result": _set(("games", 0, "result"), {"winner": 0}),
    # events
    "unknown event": _event(0, type="teleport"),
    "event not an object": _set(("games", 0, "events", 0), ["opening", 3, 1]),
    "die of seven": _event(0, dice=[7, 1]),
    "three dice": _event(2, dice=[3, 1, 2]),
    "player two": _event(3, player=2),
    "player as bool": _event(3, player=True),
    "player as float": _event(3, player=1.0),
    "move out of range": _event(2, moves=[[8, 5], [26, 5]]),
    "move backwards": _event(2, moves=[[5, 8], [6, 5]]),
    "hits mismatch": _event(2, hits=[False]),
    "notation not text": _event(2, play=85),
    "illegal play": _event(2, moves=[[8, 4]], hits=[False], play="8/4"),
    "wrong notation": _event(2, play="8/5(2)"),
    "swapped opening": _event(1, dice=[1, 3]),
    "double by the wrong player": _event(3, player=0),
    "tampered cube value": _event(3, cube=4),
    "extra event key": _event(3, comment="nice"),
    "take dropped": _event(4, type="drop"),
    "forfeit invented": lambda d: d["games"][0]["events"].append({"type": "forfeit", "player": 1}),
    "resign value 4": lambda d: d["games"][0]["events"].append(
        {"type": "resign", "player": 1, "value": 4}
    ),
    "second game too early": lambda d: d["games"].append(copy.deepcopy(d["games"][0])),
    # the summary
    "state not an object": _set(("state",), 7),
    "tampered score": _set(("state", "score"), [0, 1]),
    "score at match length": _set(("state", "score"), [5, 0]),
    "cube not a power of two": _set(("state", "cube"), 3),
    "cube above 64": _set(("state", "cube"), 128),
    "cube as text": _set(("state", "cube"), "2"),
    "tampered cube": _set(("state", "cube"), 4),
    "cube owner two": _set(("state", "cube_owner"), 2),
    "tampered owner": _set(("state", "cube_owner"), 1),
    "tampered turn": _set(("state", "turn"), 0),
    "tampered phase": _set(("state", "phase"), "move"),
    "tampered position": _set(("state", "position_id"), "4HPwATDgc/ABMA"),
    "tampered match id": _set(("state", "match_id"), "cAkAAAAAAAAA"),
    "state missing a key": _delete(("state", "dice")),
    "turn without a roll": _set(("turn",), {"steps": [], "cursor": 0}),
}


SETUP_CORRUPTIONS: dict[str, Mutation] = {
    "setup not an object": _set(("games", 0, "setup"), "start"),
    "setup bad position": _set(("games", 0, "setup", "position_id"), "4HPwATDgc/ABMB"),
    "setup position not text": _set(("games", 0, "setup", "position_id"), 7),
    "setup other position": _set(("games", 0, "setup", "position_id"), "sGfwATDgc/ABMA"),
    "setup turn two": _set(("games", 0, "setup", "turn"), 2),
    "setup other turn": _set(("games", 0, "setup", "turn"), 0),
    "setup cube three": _set(("games", 0, "setup", "cube"), 3),
    "setup other cube": _set(("games", 0, "setup", "cube"), 4),
    "setup owner two": _set(("games", 0, "setup", "cube_owner"), 2),
    "setup extra key": _set(("games", 0, "setup", "dice"), [6, 2]),
    "setup missing key": _delete(("games", 0, "setup", "cube")),
    "setup score at the length": _set(("games", 0, "score"), [7, 3]),
    "setup removed": _set(("games", 0, "setup"), None),
}


@pytest.mark.parametrize("name", sorted(SETUP_CORRUPTIONS))
def test_corrupt_setups_raise_save_error(name: str) -> None:
    data = copy.deepcopy(save_match(STATES["imported_played"]))
    with pytest.raises(SaveError):
        load_match(SETUP_CORRUPTIONS[name](data))


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupt_saves_raise_save_error(name: str) -> None:
    data = copy.deepcopy(save_match(STATES[BASE]))
    bad = CORRUPTIONS[name](data)
    with pytest.raises(SaveError):
        load_match(bad)


TURN_CORRUPTIONS: dict[str, object] = {
    "turn not an object": [[8, 5, 3]],
    "missing cursor": {"steps": [[8, 5, 3]]},
    "step too short": {"steps": [[8, 5]], "cursor": 1},
    "step of text": {"steps": [["8", "5", "3"]], "cursor": 1},
    "illegal step": {"steps": [[8, 4, 4]], "cursor": 1},
    "wrong die": {"steps": [[8, 5, 1]], "cursor": 1},
    "too many steps": {"steps": [[8, 5, 3], [6, 5, 1], [5, 4, 1]], "cursor": 3},
    "cursor past the end": {"steps": [[8, 5, 3]], "cursor": 2},
    "negative cursor": {"steps": [[8, 5, 3]], "cursor": -1},
    "cursor as bool": {"steps": [[8, 5, 3]], "cursor": True},
    "no turn while moving": None,
}


@pytest.mark.parametrize("name", sorted(TURN_CORRUPTIONS))
def test_corrupt_unfinished_turns_raise_save_error(name: str) -> None:
    data = copy.deepcopy(save_match(STATES["mid_turn"]))
    data["turn"] = TURN_CORRUPTIONS[name]
    with pytest.raises(SaveError):
        load_match(data)


@pytest.mark.parametrize(
    "text", ["", "{", "[1, 2]", "null", '{"schema": 1}', b"\xff\xfe", "[" * 100_000]
)
def test_bad_json_text_raises_save_error(text: str | bytes) -> None:
    with pytest.raises(SaveError):
        loads(text)


def test_every_single_event_value_change_is_caught_or_harmless() -> None:
    """Tamper with each scalar in the record in turn: the load either fails or gives
    a match whose save is exactly the tampered data (a different, legal history)."""
    m = STATES["resign_mid_turn"]
    original = save_match(m)
    for gi, game in enumerate(original["games"]):  # type: ignore[attr-defined]
        for ei, event in enumerate(game["events"]):
            for key, value in event.items():
                if not isinstance(value, int) or isinstance(value, bool):
                    continue
                data = copy.deepcopy(original)
                data["games"][gi]["events"][ei][key] = value + 1  # type: ignore[index]
                try:
                    loaded = load_match(data)
                except SaveError:
                    continue
                assert save_match(loaded) == data
