"""Saving a match to a JSON-able dict and loading it back, validating everything.

A save holds the rules, the record of every game, the checker moves of an
unfinished turn (with its undo history) and a summary of the state.  Loading
checks the shape and types, replays the whole record through the state
machine (so every roll, play, cube action and score is checked by the same
code that plays), restores the unfinished turn, and compares the result
with the summary.  Anything wrong raises :class:`~engine.errors.SaveError`;
a half-built match is never returned.

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).move(8, 5)
>>> data = save_match(m)
>>> data["schema"], data["turn"]
(1, {'steps': [[8, 5, 3]], 'cursor': 1})
>>> load_match(data) == m
True
>>> load_match({**data, "schema": 2})
Traceback (most recent call last):
...
engine.errors.SaveError: unknown save schema 2 (this version reads schema 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from engine.cube import is_cube_value
from engine.errors import SaveError
from engine.match import Match, replay
from engine.record import (
    MatchRecord,
    game_from_json,
    game_to_json,
    rules_from_json,
    rules_to_json,
)
from engine.turn import Step

SCHEMA = 1
FORMAT = "backgammon-match"
_KEYS = {"format", "schema", "rules", "games", "turn", "state"}


def _summary(match: Match) -> dict[str, object]:
    cube = match.cube
    return {
        "phase": match.phase.value,
        "turn": match.turn,
        "score": list(match.score),
        "cube": cube.value,
        "cube_owner": cube.owner,
        "dice": None if match.dice is None else list(match.dice),
        "position_id": match.position_id,
        "match_id": match.match_id,
    }


def save_match(match: Match) -> dict[str, object]:
    """The whole match as a JSON-able dict (see the module docs)."""
    moves = match.game.moves
    turn = (
        None
        if moves is None
        else {"steps": [[s.src, s.dst, s.die] for s in moves.steps], "cursor": moves.cursor}
    )
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "rules": rules_to_json(match.rules),
        "games": [game_to_json(g) for g in match.record.games],
        "turn": turn,
        "state": _summary(match),
    }


def dumps(match: Match) -> str:
    """The save as JSON text."""
    return json.dumps(save_match(match), separators=(",", ":"))


def loads(text: str | bytes) -> Match:
    """Load a match from JSON text; raises :class:`SaveError` on any problem."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"not a JSON save: {exc}") from exc
    return load_match(data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _steps(raw: object) -> tuple[list[Step], int]:
    if not isinstance(raw, dict) or set(raw) != {"steps", "cursor"}:
        raise SaveError("turn must be an object with steps and cursor")
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list) or len(steps_raw) > 64:
        raise SaveError("turn steps must be a list")
    steps: list[Step] = []
    for item in steps_raw:
        if not (isinstance(item, list) and len(item) == 3 and all(_is_int(v) for v in item)):
            raise SaveError(f"a step must be [from, to, die], got {item!r}")
        src, dst, die = item
        if not (0 < src <= 25 and 0 <= dst < src and 1 <= die <= 6):
            raise SaveError(f"not a step: {item!r}")
        steps.append(Step(src, dst, die))
    cursor = raw["cursor"]
    if not _is_int(cursor) or not 0 <= cursor <= len(steps):
        raise SaveError(f"turn cursor must be 0..{len(steps)}, got {cursor!r}")
    return steps, cursor


def _check_summary(raw: object, match: Match) -> None:
    if not isinstance(raw, dict):
        raise SaveError("state must be an object")
    expected = _summary(match)
    if set(raw) != set(expected):
        raise SaveError(f"state must have exactly the keys {sorted(expected)}")
    cube = raw["cube"]
    if not is_cube_value(cube):
        raise SaveError(f"cube must be a power of two up to 64, got {cube!r}")
    owner = raw["cube_owner"]
    if owner is not None and owner not in (0, 1):
        raise SaveError(f"cube owner must be null, 0 or 1, got {owner!r}")
    score = raw["score"]
    if not (isinstance(score, list) and len(score) == 2 and all(_is_int(s) for s in score)):
        raise SaveError(f"score must be two ints, got {score!r}")
    length = match.rules.match_length
    finished = match.game.is_over
    if length and max(score) >= length and not finished:
        raise SaveError(f"score {score} has reached the match length {length} mid-game")
    for key, want in expected.items():
        got = raw[key]
        if got != want or type(got) is not type(want):
            raise SaveError(
                f"state does not match the record: {key} is {got!r}, replay gives {want!r}"
            )


def load_match(data: object) -> Match:
    """Rebuild a match from :func:`save_match`'s dict, validating everything.

    Raises :class:`SaveError` (with the reason) on an unknown format or
    schema, a malformed or tampered record, illegal moves, or a summary
    that does not match the replayed state.
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"a save is a JSON object, got {type(data).__name__}", code="not_a_save")
    if data.get("format") != FORMAT:
        raise SaveError(
            f"not a backgammon match save (format {data.get('format')!r})", code="not_a_save"
        )
    schema = data.get("schema")
    if not _is_int(schema):
        raise SaveError(f"schema must be an int, got {schema!r}")
    if schema != SCHEMA:
        raise SaveError(
            f"unknown save schema {schema} (this version reads schema {SCHEMA})",
            code="save_version",
            version=schema,
        )
    if set(data) != _KEYS:
        raise SaveError(f"a save has exactly the keys {sorted(_KEYS)}, got {sorted(data)}")
    rules = rules_from_json(data["rules"])
    games_raw = data["games"]
    if not isinstance(games_raw, list) or not games_raw:
        raise SaveError("games must be a non-empty list")
    record = MatchRecord(rules, tuple(game_from_json(g) for g in games_raw))
    try:
        match = replay(record)
    except SaveError:
        raise
    except ValueError as exc:
        raise SaveError(f"the record does not replay: {exc}", code="breaks_rules") from exc
    turn = data["turn"]
    if turn is not None:
        steps, cursor = _steps(turn)
        try:
            match = match.restore_moves(steps, cursor)
        except ValueError as exc:
            raise SaveError(
                f"the unfinished turn does not replay: {exc}", code="breaks_rules"
            ) from exc
    elif match.game.moves is not None:
        raise SaveError("the save lacks the turn being played")
    _check_summary(data["state"], match)
    return match
