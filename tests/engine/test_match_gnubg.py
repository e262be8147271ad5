"""Play the same random matches in GNU Backgammon and in the engine, step by step.

gnubg (the referee, never imported by the engine) rolls the dice; the engine
picks random legal actions, which are sent to gnubg as commands.  After every
action both must give the same Position ID and Match ID, and every finished
game the same winner and points.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Action, Phase
from engine.match import Match
from engine.scoring import EndReason

gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")

SETUP = [
    "set display off",
    "set player 0 human",
    "set player 1 human",
    "set automatic roll off",
    "set automatic game off",
    "set automatic move off",
    "set automatic bearoff off",
    "set rng mersenne",
    "set cube use on",
    "set crawford on",
]
RESIGN = {1: "single", 2: "gammon", 3: "backgammon"}


def _point(p: int) -> str:
    return {25: "bar", 0: "off"}.get(p, str(p))


def _last_action() -> dict[str, Any]:
    action: dict[str, Any] = gnubg.match()["games"][-1]["game"][-1]
    return action


def _opening(m: Match) -> Match:
    action = _last_action()
    hi, lo = max(action["dice"]), min(action["dice"])
    return m.roll((hi, lo) if action["player"] == "X" else (lo, hi))


def _compare_results(m: Match) -> None:
    games = gnubg.match()["games"]
    for mine, theirs in zip(m.record.games, games, strict=False):
        info = theirs["info"]
        if mine.result is None or info.get("winner") is None:
            continue
        assert mine.result.winner == (0 if info["winner"] == "X" else 1)
        jacoby_resign = m.rules.jacoby_active and mine.result.reason is EndReason.RESIGNED
        if not jacoby_resign:  # gnubg ignores Jacoby for resignations; see engine.game
            assert mine.result.points == info["points-won"]


def play_both(seed: int, length: int, *, jacoby: bool, beavers: bool, games: int) -> Match:
    rng = random.Random(seed)
    for command in [
        *SETUP,
        f"set jacoby {'on' if jacoby else 'off'}",
        f"set beavers {int(beavers)}",
        f"set seed {seed}",
        f"new match {length}" if length else "new session",
    ]:
        gnubg.command(command)
    m = _opening(Match.new(length, jacoby=jacoby, beavers=beavers))

    def same(what: str) -> None:
        if not m.is_over:  # gnubg's IDs after the end of a match describe no game
            assert gnubg.gnubg_id() == m.gnubg_id, f"after {what}: {m!r}"

    same("the opening roll")
    played = 1
    for _ in range(3000):
        acts = m.legal_actions()
        r = rng.random()
        phase = m.phase
        if phase is Phase.OVER:
            _compare_results(m)
            if m.is_over or played == games:
                return m
            gnubg.command("new game")
            m = _opening(m.next_game())
            played += 1
            same("a new game")
            continue
        if phase is Phase.ROLL and Action.DOUBLE in acts and r < 0.15:
            gnubg.command("double")
            m = m.double()
        elif phase is Phase.ROLL and r > 0.99 and m.game.can_resign(v := rng.randint(1, 3)):
            gnubg.command(f"resign {RESIGN[v]}")
            m = m.resign(v)
        elif phase is Phase.ROLL:
            gnubg.command("roll")
            m = m.roll(tuple(_last_action()["dice"]))
        elif phase is Phase.CUBE and Action.BEAVER in acts and r < 0.3:
            gnubg.command("redouble")
            m = m.beaver()
        elif phase is Phase.CUBE:
            gnubg.command("take" if r < 0.75 else "drop")
            m = m.take() if r < 0.75 else m.drop()
        elif phase is Phase.RESIGNATION:
            gnubg.command("accept" if r < 0.5 else "reject")
            m = m.accept_resignation() if r < 0.5 else m.reject_resignation()
        elif r > 0.98 and m.game.can_resign(v := rng.randint(1, 3)):  # after rolling
            gnubg.command(f"resign {RESIGN[v]}")
            m = m.resign(v)
        else:
            play = rng.choice(m.game.legal_plays)
            gnubg.command("move " + " ".join(f"{_point(a)}/{_point(b)}" for a, b in play.moves))
            m = m.play(play)
        same(f"{phase.value} ({m.game.events[-1] if m.game.events else ''})")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("length", "jacoby", "beavers"),
    [(5, False, False), (3, False, False), (1, False, False), (0, True, True), (0, False, True)],
)
def test_same_ids_and_results_as_gnubg(
    seed: int, length: int, jacoby: bool, beavers: bool, capfd: pytest.CaptureFixture[str]
) -> None:
    m = play_both(seed, length, jacoby=jacoby, beavers=beavers, games=3)
    assert len(m.record.games) >= 1
    capfd.readouterr()  # gnubg prints boards and messages
