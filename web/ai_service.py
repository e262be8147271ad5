"""The AI behind plain data, for the web worker (``public/ai_worker.py``).

Only JSON text crosses between the page and the worker: requests name a
position by its gnubg Position ID (seen from the side the question is
about), dice as a list, and the cube as a plain dict.  Nothing here touches
the page, so the worker runs without cross-origin isolation.

Requests (``kind``) and answers:

* ``play``: ``position``, ``dice``, ``level``, optionally ``cube`` (for the
  match score) -> ``{"moves": [[from, to], ...]}``
* ``turn`` (before the AI rolls): ``position``, ``cube``
  -> ``{"double": bool, "resign": 0..3}``
* ``take`` (position and cube from the doubler's side): -> ``{"take": bool}``
* ``accept`` (position and cube from the side answering, ``points`` 1..3)
  -> ``{"accept": bool}``
* ``hint``: ``position``, ``dice``, optionally ``cube`` -> ``{"plays": [...]}``,
  King Tubby's ranking, best first, at most :data:`HINT_PLAYS` of them:
  each ``{"play": "8/5 6/5", "moves": [[8, 5], [6, 5]], "equity": e,
  "loss": l, "ply": 0 or 1, "probs": [5 probabilities]}``; with ``played``
  (the Position ID of the board after the player's own play, seen by the
  player) also ``"played": {"rank": k, "loss": l, "play": "24/20"}`` (rank 0 is the best), or
  ``null`` when that board is not reached by any legal play
* ``cube-hint`` (position and cube from the side that may double) ->
  ``{"action": "no double" | "double, take" | ..., "may_double": bool,
  "no_double": e, "double_take": e, "double_pass": e, "should_take": bool,
  "units": "equity" or "mwc", "probs": [...]}``; with ``chosen`` (``"no
  double"``, ``"double"``, ``"take"`` or ``"drop"``) also ``"judged": {"loss": l,
  "best": choice, "close": bool}``, the loss in normalised equity, ``close`` as
  GNU Backgammon's analysis counts close cube decisions

>>> import json
>>> json.loads(handle(json.dumps({"kind": "play", "position": "4HPwATDgc/ABMA",
...                               "dice": [3, 1], "level": "medium"})))
{'moves': [[8, 5], [6, 5]]}
>>> json.loads(handle('{"kind": "nonsense"}'))["error"]
"unknown request 'nonsense'"
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.position import Position

HINT_PLAYS = 5
"""How many of the ranked plays a hint shows."""


def _cube_state(raw: object) -> Any:
    from engine.ai import CubeState

    if not isinstance(raw, Mapping):
        return CubeState()
    owner = raw.get("owner")
    return CubeState(
        value=int(raw.get("value", 1)),
        owner=owner if owner in (0, 1) else None,
        jacoby=bool(raw.get("jacoby", False)),
        match_length=int(raw.get("match_length", 0)),
        my_away=int(raw.get("my_away", 0)),
        opp_away=int(raw.get("opp_away", 0)),
        crawford=bool(raw.get("crawford", False)),
    )


def _dice(raw: object) -> tuple[int, int]:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(d, int) and 1 <= d <= 6 for d in raw)
    ):
        raise ValueError(f"dice must be two numbers 1..6, got {raw!r}")
    return raw[0], raw[1]


def answer(request: Mapping[str, object]) -> dict[str, object]:
    """Answer one request (a dict); raises ``ValueError`` on a bad one."""
    import engine.ai as ai

    kind = request.get("kind")
    if kind not in ("play", "turn", "take", "accept", "hint", "cube-hint"):
        raise ValueError(f"unknown request {kind!r}")
    position = Position.from_id(str(request.get("position")))
    if kind == "hint":
        raw = request.get("cube")
        cube = _cube_state(raw) if raw is not None else None
        ranked = ai.rank_plays(position, _dice(request.get("dice")), "hard", cube)
        answer: dict[str, object] = {}
        played = request.get("played")
        if played is not None:
            board = Position.from_id(str(played))
            answer["played"] = next(
                (
                    {"rank": k, "loss": r.loss, "play": str(r.play)}
                    for k, r in enumerate(ranked)
                    if r.play.result.swap() == board
                ),
                None,
            )
        return answer | {
            "plays": [
                {
                    "play": str(r.play),
                    "moves": [list(m) for m in r.play.moves],
                    "equity": r.equity,
                    "loss": r.loss,
                    "ply": r.ply,
                    "probs": list(r.probs),
                }
                for r in ranked[:HINT_PLAYS]
            ]
        }
    if kind == "cube-hint":
        st = _cube_state(request.get("cube"))
        d = ai.cube_decision(position, st)
        judged: dict[str, object] = {}
        chosen = request.get("chosen")
        if chosen is not None:
            loss, best = ai.choice_loss(d, st, str(chosen))
            judged["judged"] = {"loss": loss, "best": best, "close": ai.is_close(d, st)}
        return judged | {
            "action": d.action,
            "may_double": d.may_double,
            "no_double": d.no_double,
            "double_take": d.double_take,
            "double_pass": d.double_pass,
            "should_take": d.should_take,
            "units": d.units,
            "probs": list(d.probs),
        }
    if kind == "play":
        level = str(request.get("level", "hard"))
        raw = request.get("cube")
        cube = _cube_state(raw) if raw is not None else None
        play = ai.choose_play(position, _dice(request.get("dice")), level, cube=cube)
        return {"moves": [list(m) for m in play.moves]}
    cube = _cube_state(request.get("cube"))
    if kind == "turn":
        can_double = bool(request.get("can_double", False))
        double = can_double and ai.should_double(position, cube)
        resign = 0 if double else ai.resignation_offer(position, cube)
        return {"double": double, "resign": resign}
    if kind == "take":
        return {"take": ai.should_take(position, cube)}
    points = request.get("points")
    if points not in (1, 2, 3):
        raise ValueError(f"points must be 1, 2 or 3, got {points!r}")
    assert isinstance(points, int)
    return {"accept": ai.accepts_resignation(position, points, cube)}


def handle(text: str) -> str:
    """Answer a JSON request with JSON; errors come back as ``{"error": ...}``."""
    try:
        request = json.loads(text)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        return json.dumps(answer(request))
    except Exception as exc:  # the page must always get an answer
        return json.dumps({"error": str(exc) or type(exc).__name__})


def warm() -> str:
    """Load the network and the bear-off database now, before the first move."""
    import engine.ai as ai

    ai.evaluate(Position.start())
    ai.evaluate(Position.from_points([2] * 6 + [0] * 17 + [-2]))
    return "ready"
