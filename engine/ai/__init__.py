"""The AI: a neural-network evaluator trained by our own self-play, three levels, cube and hints.

Stable API::

    from engine.ai import choose_play, evaluate
    choose_play(position, dice, level="hard", rng=None, cube=None) -> Play
    evaluate(position) -> (win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)

``cube`` (a :class:`CubeState`, optional) gives the match score: plays are then
ranked by what their outcomes are worth at that score (:mod:`engine.ai.score`),
so at double match point every level plays to win rather than for gammons.

Levels: ``"easy"`` (Beach Bum), ``"medium"`` (Selector), ``"hard"`` (King Tubby);
see :data:`LEVELS`; how deep each looks for its cube decisions: :data:`CUBE_PLIES`
(``cube_decision(position, cube, plies)``, likewise ``should_double`` and
``should_take``).  Beside them:

* hints: :func:`rank_plays` (every legal play with equity, ply and loss
  against the best; it takes ``cube`` too, and ``plies=2`` for analysis one
  ply deeper, with move filters) and :func:`cube_decision` (cubeful no double /
  double-take / double-pass), with :func:`choice_loss` for what a cube choice gave up and
  :func:`is_close` for whether it was a close one;
* cube: :class:`CubeState` (a game's or match's: ``match.cube_state(player)``),
  :func:`should_double`, :func:`should_take`;
* resignations: :func:`resignation_offer`, :func:`accepts_resignation`;
* :func:`equity` (cubeless money equity of probabilities),
  :func:`match_equity` (Kazaross-XG2 table).

Everything here is pure standard-library Python (it runs under Pyodide);
the weights and the bear-off database are data files in ``engine/ai/data``,
loaded on first use.
"""

from engine.ai.cube import (
    CubeDecision,
    CubeState,
    accepts_resignation,
    choice_loss,
    cube_decision,
    is_close,
    resignation_offer,
    should_double,
    should_take,
)
from engine.ai.evaluator import Probs, equity, evaluate
from engine.ai.met import match_equity
from engine.ai.player import CUBE_PLIES, LEVELS, RankedPlay, choose_play, rank_plays

__all__ = [
    "CUBE_PLIES",
    "LEVELS",
    "CubeDecision",
    "CubeState",
    "Probs",
    "RankedPlay",
    "accepts_resignation",
    "choice_loss",
    "choose_play",
    "cube_decision",
    "equity",
    "evaluate",
    "is_close",
    "match_equity",
    "rank_plays",
    "resignation_offer",
    "should_double",
    "should_take",
]
