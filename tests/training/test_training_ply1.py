"""The trainer's batched 1-ply values and lambda-returns (training/ply1.py, training/returns.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from repo_paths import ROOT

from engine import Position, legal_plays
from engine.ai.evaluator import flip
from engine.ai.network import load_network
from engine.ai.player import ply1
from training.encode_np import encode_batch
from training.export import read_weights
from training.ply1 import Game, features_of, forward, game_maker, play_step, random_start
from training.returns import lambda_returns
from training.selfplay import START

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def _contact_positions(n: int, seed: int) -> list[Position]:
    """Positions from games of random plays, with contact and nothing borne off yet.

    (The engine's evaluator adjusts gammon chances once a checker is off; the
    trainer's net does not.)
    """
    rng = random.Random(seed)
    out: list[Position] = []
    pos = Position.start()
    while len(out) < n:
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        pos = rng.choice(plays).result if plays else pos.swap()
        if pos.winner() is not None or pos.is_race() or pos.me[0] or pos.opp[0]:
            pos = Position.start()
        elif rng.random() < 0.2:
            out.append(pos)
    return out


def test_forward_matches_the_engine_network() -> None:
    w = read_weights(SHIPPED)
    for pos in _contact_positions(10, seed=3):
        boards = np.array([[pos.me, pos.opp]], dtype=np.int32)
        ours = forward(w, encode_batch(boards, features_of(w)))[0]
        assert ours == pytest.approx(load_network().evaluate(pos.me, pos.opp), abs=1e-4)


def test_one_ply_value_is_the_engines_ply1_from_the_side_on_roll() -> None:
    w = read_weights(SHIPPED)
    for pos in _contact_positions(6, seed=5):
        game = Game()
        game.me, game.opp = pos.me, pos.opp
        game.boards.append((pos.me, pos.opp))  # as if a play had led here
        play_step([game], w, random.Random(1), 0.7)
        # ply1 gives the probabilities of the side that just moved into ``pos``
        assert game.values[-1] == pytest.approx(flip(ply1(pos)), abs=1e-4)
        assert len(game.boards) == 3 and (game.me, game.opp) == game.boards[-1]


def test_games_end_with_one_target_per_position_and_the_exact_result() -> None:
    w = read_weights(SHIPPED)
    games = [Game() for _ in range(2)]
    rng = random.Random(7)
    ended: list[tuple[np.ndarray, np.ndarray]] = []
    while len(ended) < 2:
        ended += play_step(games, w, rng, 0.0)
    for boards, targets in ended:
        assert boards.shape == (len(targets), 2, 26)
        assert (boards[0] == np.array([Position.start().me] * 2)).all()
        # the last position's side on roll made the winning play: lambda 0 gives it the result
        last = targets[-1]
        assert last[0] == 1.0 and 0.0 == last[3] == last[4]
        assert (boards.astype(int).sum(axis=2) == 15).all()  # borne-off checkers included


def test_lambda_returns_mix_bootstrap_and_outcome() -> None:
    v = [np.array([0.6, 0.2, 0.0, 0.1, 0.0]), np.array([0.0, 0.0, 0.0, 1.0, 0.0])]
    # values[0] is s_1's view; the final value is the loser's, who was on roll after s_1's play
    zero = lambda_returns(v, 0.0)
    assert zero[0] == pytest.approx([0.4, 0.1, 0.0, 0.2, 0.0])
    assert zero[1] == pytest.approx([1.0, 1.0, 0.0, 0.0, 0.0])
    one = lambda_returns(v, 1.0)
    assert one[0] == pytest.approx([0.0, 0.0, 0.0, 1.0, 0.0])  # s_0's side is the loser


def test_zero_ply_steps_bootstrap_from_the_next_position() -> None:
    w = read_weights(SHIPPED)
    game = Game()
    play_step([game], w, random.Random(2), 0.7, plies=0)
    play_step([game], w, random.Random(3), 0.7, plies=0)
    assert len(game.values) == 2 == len(game.boards) - 1
    me, opp = game.boards[-1]
    assert game.values[-1] == pytest.approx(load_network().evaluate(me, opp), abs=1e-4)


def test_random_starts_are_unfinished_positions_after_random_plays() -> None:
    rng = random.Random(11)
    starts = [random_start(rng, 60) for _ in range(40)]
    for me, opp in starts:
        assert sum(me) == 15 == sum(opp)  # borne-off checkers included
        assert me[0] < 15 and opp[0] < 15
        Position(me, opp)  # a legal position: raises if checkers overlap
    assert sum((me, opp) != (START, START) for me, opp in starts) >= 38
    assert random_start(random.Random(5), 60) == random_start(random.Random(5), 60)


def test_game_maker_mixes_random_starts_with_openings() -> None:
    rng = random.Random(3)
    assert all(game_maker(rng, 0.0, 50)().opening for _ in range(10))
    made = [game_maker(rng, 1.0, 50)() for _ in range(10)]
    assert not any(g.opening for g in made)
    assert all(g.boards == [(g.me, g.opp)] and not g.values for g in made)


def _pips(side: tuple[int, ...]) -> int:
    return sum(i * n for i, n in enumerate(side))


def test_a_game_from_a_random_start_may_begin_with_a_double() -> None:
    w = read_weights(SHIPPED)
    rng = random.Random(9)
    drops = {True: 0, False: 0}  # first plays of more than 11 pips: only a double moves that far
    for opening in (True, False):
        games = [Game() if opening else Game(random_start(rng, 40)) for _ in range(60)]
        before = [_pips(g.me) for g in games]
        play_step(games, w, rng, 0.7, plies=0)
        drops[opening] = sum(b - _pips(g.opp) > 11 for b, g in zip(before, games, strict=True))
    assert drops[True] == 0 and drops[False] > 0


def test_an_ended_game_is_replaced_by_a_new_game() -> None:
    w = read_weights(SHIPPED)
    rng = random.Random(4)
    made: list[Game] = []

    def new_game() -> Game:
        made.append(Game(random_start(rng, 40)))
        return made[-1]

    games = [new_game() for _ in range(4)]
    ended: list[tuple[np.ndarray, np.ndarray]] = []
    while len(ended) < 6:
        ended += play_step(games, w, rng, 0.7, plies=0, new_game=new_game)
    assert len(made) == 4 + len(ended)
    assert all(g in made for g in games)
    for boards, targets in ended:
        assert boards.shape == (len(targets), 2, 26)
        assert (boards[0] != np.array([START, START])).any()
