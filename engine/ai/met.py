"""Match equity: the chance of winning a match from a score.

The numbers are the Kazaross-XG2 table (see ``data/met_kazaross_xg2.json``
for its attribution), read the way GNU Backgammon reads it: the pre-Crawford
table is indexed by points away minus one, and once the Crawford game has
been played (or is being played, for the score that follows it) the
post-Crawford row gives the trailer's chances against a leader 1-away.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

MAX_AWAY = 25


@cache
def _table() -> dict[str, Any]:
    text = resources.files("engine.ai").joinpath("data/met_kazaross_xg2.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def attribution() -> str:
    """The table's copyright and source notice."""
    return str(_table()["attribution"])


def match_equity(my_away: int, opp_away: int, post_crawford: bool = False) -> float:
    """My match-winning chance when I need ``my_away`` points and they need ``opp_away``.

    ``post_crawford`` says the Crawford game is over (it matters only when
    one side is 1-away).  Scores beyond the table are clamped to it.

    >>> match_equity(1, 1)
    0.5
    >>> round(match_equity(2, 1, post_crawford=False), 5)
    0.32264
    >>> match_equity(0, 3), match_equity(3, 0)
    (1.0, 0.0)
    """
    if my_away <= 0:
        return 1.0
    if opp_away <= 0:
        return 0.0
    t = _table()
    if post_crawford and (my_away == 1 or opp_away == 1):
        post: list[float] = t["post"]
        if my_away == 1 and opp_away == 1:
            return 0.5
        if my_away == 1:
            return 1.0 - float(post[min(opp_away, MAX_AWAY) - 1])
        return float(post[min(my_away, MAX_AWAY) - 1])
    pre: list[list[float]] = t["pre"]
    return float(pre[min(my_away, MAX_AWAY) - 1][min(opp_away, MAX_AWAY) - 1])


def equity_after(
    my_away: int, opp_away: int, crawford: bool, points_me: int, points_opp: int
) -> float:
    """My match-winning chance after I win ``points_me`` or they win ``points_opp``.

    ``crawford`` is true when the game being played is the Crawford game or
    a post-Crawford one; the next game is then post-Crawford, as in gnubg.
    """
    post = crawford or my_away == 1 or opp_away == 1
    return match_equity(my_away - points_me, opp_away - points_opp, post)
