"""Self-play with 1-ply (or 0-ply) look-ahead values, in numpy (training side only).

:func:`play_step` moves a batch of games on by one play each and gives every
position on roll its 1-ply value: for each of the 21 rolls the side on roll
picks its best play at 0-ply, and the net's values after those plays are
averaged with the rolls' weights.  That is :func:`engine.ai.player.ply1`
seen from the other side, computed in batches (and tested against it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from engine.ai.encoding import N_BASE, ROLLS
from training.encode_np import encode_batch
from training.returns import equity, flip, lambda_returns
from training.selfplay import START, Board, add_candidates, exact_finished, roll, successors

Weights = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Input-to-hidden rows (inputs x hidden), hidden bias, hidden-to-output (hidden x 5),
output bias."""

ROLL_WEIGHTS = np.array([w / 36.0 for _, _, w in ROLLS])
ROLL_INDEX = {(a, b): i for i, (a, b, _) in enumerate(ROLLS)}


def features_of(w: Weights) -> int:
    """Hand-made features per side of a net with these weights."""
    return int(w[0].shape[0] - N_BASE - 1) // 2


def forward(w: Weights, x: np.ndarray) -> np.ndarray:
    """The net's probabilities for encoded inputs ``x`` (rows)."""
    w1, b1, w2, b2 = w
    h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
    p: np.ndarray = 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))
    return p


class Game:
    """A game in progress: the position on roll, the positions so far, their bootstrap values.

    It starts from the opening, or from ``start`` (side on roll first), where
    the first roll may be a double.
    """

    __slots__ = ("me", "opp", "boards", "values", "opening")

    def __init__(self, start: Board | None = None) -> None:
        self.me, self.opp = start or (START, START)
        self.boards: list[Board] = [(self.me, self.opp)]
        self.values: list[np.ndarray] = []
        self.opening = start is None


def random_start(rng: random.Random, max_plies: int) -> Board:
    """A position after 1 to ``max_plies`` uniformly random plays from the opening.

    Self-play alone seldom reaches what odd play makes (many checkers back,
    crashed boards, both sides' blots everywhere), and there the net was
    weakest; games from such starts, played on by the net, teach their values.
    A game that ends during the random plays is drawn again.
    """
    while True:
        me, opp = START, START
        for ply in range(rng.randint(1, max_plies)):
            succ = successors(me, opp, *roll(ply == 0, rng))
            if not succ:
                me, opp = opp, me
                continue
            mover, other = rng.choice(succ)
            if mover[0] == 15:
                break
            me, opp = other, mover
        else:
            return me, opp


def game_maker(rng: random.Random, share: float, max_plies: int) -> Callable[[], Game]:
    """New games: a ``share`` of them from a :func:`random_start`, the rest from the opening."""

    def make() -> Game:
        return Game(random_start(rng, max_plies)) if rng.random() < share else Game()

    return make


class Turn(NamedTuple):
    """One turn of a batch of games, every play scored in one call of the net."""

    cand: list[Board]
    """The candidate plays of all games, each seen by the side that will then be on roll."""
    vals: np.ndarray
    """The net's probabilities of each candidate (exact where the game is over), (M, 5)."""
    won: np.ndarray
    """Which candidates end the game."""
    best: list[list[int]]
    """For each game, the index in ``cand`` of its best play of each roll scored."""


def score_turn(games: Sequence[Game], w: Weights, rolls: Sequence[tuple[int, int]] | None) -> Turn:
    """Score the plays of every game's position on roll: of all 21 rolls, or of ``rolls[i]`` only.

    The best play of a roll leaves the opponent on roll with the least equity.
    """
    cand: list[Board] = []
    spans: list[list[tuple[int, int]]] = []
    for gi, gm in enumerate(games):
        scored = ROLLS if rolls is None else ((*rolls[gi], 1),)
        spans.append([add_candidates(cand, gm.me, gm.opp, a, b) for a, b, _ in scored])
    arr = np.array(cand, dtype=np.int32)
    vals = forward(w, encode_batch(arr, features_of(w))).astype(np.float64)
    won = exact_finished(arr, cand, vals)
    eq = equity(vals)
    best = [[a + int(np.argmin(eq[a:b])) for a, b in game_spans] for game_spans in spans]
    return Turn(cand, vals, won, best)


def play_step(
    games: list[Game],
    w: Weights,
    rng: random.Random,
    lam: float,
    plies: int = 1,
    new_game: Callable[[], Game] = Game,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Advance every game one move; return the (boards, targets) of the games that ended.

    With ``plies=1`` the plays of all 21 rolls are scored in one batch for the
    position on roll in each game; their average (from the side on roll) is
    the position's 1-ply value, appended as the bootstrap value of the move
    that led here.  With ``plies=0`` only the rolled dice are played out and
    the bootstrap value is the net's value of the position the play leads to,
    as in :mod:`training.train_td`.  A game that ends is replaced by ``new_game()``.
    """
    rolls = [roll(gm.opening and len(gm.boards) == 1, rng) for gm in games]
    cand, vals, won, best_of = score_turn(games, w, None if plies else rolls)
    ended: list[tuple[np.ndarray, np.ndarray]] = []
    for gi, gm in enumerate(games):
        best = best_of[gi]
        if plies:
            if len(gm.boards) > 1:
                # the 1-ply value of this position, from its side on roll
                gm.values.append(flip(ROLL_WEIGHTS @ vals[best]))
            k = best[ROLL_INDEX[rolls[gi]]]
        else:
            k = best[0]
        nxt = cand[k]
        gm.boards.append(nxt)
        gm.me, gm.opp = nxt
        if won[k] or not plies:
            gm.values.append(vals[k].copy())  # exact when won, from the loser's side
        if won[k]:
            targets = lambda_returns(gm.values, lam)
            ended.append((np.array(gm.boards[:-1], dtype=np.int8), targets))
            games[gi] = new_game()
    return ended
