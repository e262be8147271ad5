"""The three levels, hints and a smoke match through the game state machine."""

from __future__ import annotations

import itertools
import random

import pytest
from random_positions import positions_with_choice

from engine import Position, legal_plays
from engine.ai import LEVELS, CubeState, choose_play, evaluate, player, rank_plays
from engine.cli.hint import format_hint, hint_main
from engine.game import Game, Phase


def test_evaluate_shape_and_consistency() -> None:
    for pos, _ in positions_with_choice(30, seed=11):
        w, wg, wbg, lg, lbg = evaluate(pos)
        assert 0.0 <= wbg <= wg <= w <= 1.0
        assert 0.0 <= lbg <= lg <= 1.0 - w


def test_levels_have_names() -> None:
    assert LEVELS == {"easy": "Beach Bum", "medium": "Selector", "hard": "King Tubby"}
    with pytest.raises(ValueError):
        choose_play(Position.start(), (3, 1), "grandmaster")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_hint_ranking_matches_choose_play(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # hints rank by the true evaluation: Selector's noise is what makes it err
    monkeypatch.setattr(player, "MEDIUM_NOISE", 0.0)
    for pos, dice in positions_with_choice(6, seed=11):
        ranked = rank_plays(pos, dice, level)
        assert len(ranked) == len(legal_plays(pos, dice))
        assert ranked[0].play == choose_play(pos, dice, level)
        assert ranked[0].loss == 0.0
        assert all(r.loss >= 0.0 for r in ranked)
        same_ply = [r.equity for r in ranked if r.ply == ranked[0].ply]
        assert same_ply == sorted(same_ply, reverse=True)


def test_unplayable_roll() -> None:
    # my only checker is on the bar and their home board is closed
    pos = Position.from_points([0] * 18 + [-2] * 6, bar=1)
    play = choose_play(pos, (6, 6), "hard")
    assert play.moves == () and play.result == pos.swap()
    assert len(rank_plays(pos, (6, 6))) == 1


def test_deterministic_with_a_seed() -> None:
    sample = positions_with_choice(20, seed=4)
    first = [choose_play(p, d, "easy", random.Random(9)) for p, d in sample]
    again = [choose_play(p, d, "easy", random.Random(9)) for p, d in sample]
    assert first == again
    assert [choose_play(p, d, "easy") for p, d in sample] == [
        choose_play(p, d, "easy") for p, d in sample
    ]


def test_beach_bum_makes_mistakes() -> None:
    sample = positions_with_choice(40, seed=8)
    differ = sum(choose_play(p, d, "easy") != choose_play(p, d, "medium") for p, d in sample)
    assert differ >= 4


def test_selector_errs_less_often_than_beach_bum() -> None:
    sample = [(p, d) for p, d in positions_with_choice(60, seed=5) if len(legal_plays(p, d)) > 1]
    best = [rank_plays(p, d, "medium")[0].play for p, d in sample]
    misses = {
        level: sum(choose_play(p, d, level) != b for (p, d), b in zip(sample, best, strict=True))
        for level in ("easy", "medium")
    }
    assert 0 < misses["medium"] < misses["easy"]


def test_hint_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert hint_main(["4HPwATDgc/ABMA", "31"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[2:4] == ["8/5", "6/5"]
    assert len(out.splitlines()) == 16
    assert "8/5 6/5" in format_hint(Position.start(), (3, 1), "medium")
    assert hint_main(["4HPwATDgc/ABMA"]) == 0
    assert "no double" in capsys.readouterr().out
    assert hint_main(["not-an-id", "31"]) == 2


def _play_game(levels: tuple[str, str], seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new().roll(rng=rng)
    for _ in range(1000):
        if game.is_over:
            return game
        if game.phase in (Phase.ROLL, Phase.OPENING):
            game = game.roll(rng=rng)
            continue
        assert game.phase is Phase.MOVE and game.turn is not None and game.dice is not None
        play = choose_play(game.position, game.dice, levels[game.turn], random.Random(seed))
        game = game.play(play)
        if not game.is_over and game.phase is Phase.MOVE:
            game = game.confirm()
    raise AssertionError("game did not finish")


PAIRINGS = list(itertools.permutations(["easy", "medium", "hard"], 2))


@pytest.mark.parametrize(("a", "b"), PAIRINGS)
def test_smoke_match_between_levels(a: str, b: str) -> None:
    game = _play_game((a, b), seed=PAIRINGS.index((a, b)))
    assert game.is_over and game.winner in (0, 1)


def test_a_best_play_alone_in_king_tubbys_window_keeps_its_1_ply_figure() -> None:
    # The opening 3-1 at 3-away: the next play is more than HARD_WINDOW behind
    # at 0-ply, so only the best is looked at one ply ahead.  Its 1-ply figure
    # stands (a hint at 1-ply shows it), the rest stay 0-ply, and the play
    # King Tubby makes is the same.
    cube = CubeState(1, None, False, 3, 3, 3)
    ranked = rank_plays(Position.start(), (3, 1), "hard", cube)
    assert ranked[1].equity < ranked[0].equity - player.HARD_WINDOW
    assert [r.ply for r in ranked[:3]] == [1, 0, 0]
    assert str(ranked[0].play) == "8/5 6/5" and ranked[0].loss == 0.0
    assert all(r.loss > player.HARD_WINDOW for r in ranked[1:])
    assert str(choose_play(Position.start(), (3, 1), "hard", cube=cube)) == "8/5 6/5"
