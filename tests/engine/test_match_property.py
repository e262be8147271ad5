"""Long random matches: every state keeps the invariants, saves and replays exactly."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cube import MAX_CUBE, is_cube_value
from engine.formats.gnubg_id import MatchKey
from engine.formats.save import dumps as save_text
from engine.formats.save import load_match, loads, save_match
from engine.game import Action, Phase
from engine.match import Match, replay
from engine.position import CHECKERS, Position
from engine.rules import Rules

CONFIGS = [
    Rules(match_length=3),
    Rules(match_length=5),
    Rules(match_length=1),
    Rules(match_length=7, crawford=False),
    Rules(match_length=0, jacoby=True, beavers=True, auto_doubles=2),
    Rules(match_length=0, cube=False),
]


def random_actions(match: Match, rng: random.Random, limit: int) -> Iterator[Match]:
    """Random legal actions, UI-style: checker by checker with undo and redo, cube
    actions, resignations, whole plays, next games.  Yields every state."""
    for _ in range(limit):
        acts = match.legal_actions()
        if not acts:
            return
        phase = match.phase
        r = rng.random()
        if phase is Phase.OPENING or (phase is Phase.ROLL and Action.DOUBLE not in acts):
            if r < 0.01 and phase is Phase.ROLL and Action.RESIGN in acts:
                # only offers still open: a rejected offer may only be raised
                match = match.resign(rng.choice([v for v in (1, 2, 3) if match.game.can_resign(v)]))
            else:
                match = match.roll(rng=rng)
        elif phase is Phase.ROLL:
            match = match.double() if r < 0.1 else match.roll(rng=rng)
        elif phase is Phase.CUBE:
            if Action.BEAVER in acts and r < 0.2:
                match = match.beaver()
            else:
                match = match.take() if r < 0.8 else match.drop()
        elif phase is Phase.RESIGNATION:
            match = match.accept_resignation() if r < 0.3 else match.reject_resignation()
        elif phase is Phase.MOVE:
            game = match.game
            if Action.RESIGN in acts and r < 0.005:
                match = match.resign(rng.choice([v for v in (1, 2, 3) if game.can_resign(v)]))
            elif Action.CONFIRM in acts and r < 0.7:
                match = match.confirm()
            elif Action.UNDO in acts and r < 0.75:
                match = match.undo()
            elif Action.REDO in acts and r < 0.8:
                match = match.redo()
            elif Action.MOVE in acts and r < 0.95:
                step = rng.choice(match.game.legal_steps())
                match = match.move(step.src, step.dst, step.die)
            else:
                match = match.play(rng.choice(game.legal_plays))
        else:  # the game is over
            match = match.next_game()
        yield match


def check_invariants(m: Match) -> None:
    for player in (0, 1):
        board = m.board_for(player)
        assert sum(board.me) == CHECKERS and sum(board.opp) == CHECKERS
        assert all(not (board.me[p] and board.opp[25 - p]) for p in range(1, 25))
        assert board.pips()[0] == sum(i * n for i, n in enumerate(board.me))
    assert m.pips() == m.board_for(0).pips()
    assert m.pips()[::-1] == m.board_for(1).pips()
    cube = m.cube
    assert is_cube_value(cube.value) and cube.value <= MAX_CUBE
    assert cube.owner in (None, 0, 1)
    if not m.rules.cube or m.is_crawford_game:
        assert cube.value <= 1 << m.rules.auto_doubles_active and cube.owner is None
    s0, s1 = m.score
    assert (s0, s1) == tuple(
        sum(r.points for r in (g.result for g in m.record.games) if r and r.winner == p)
        for p in (0, 1)
    )
    n = m.rules.match_length
    if n:
        assert m.is_over == (max(s0, s1) >= n)
        assert m.is_over or m.game.score[0] < n > m.game.score[1]
    game = m.game
    if game.moves is not None:
        assert game.phase in (Phase.MOVE, Phase.RESIGNATION)
        assert game.moves.start == game.position
        assert len(game.moves.remaining_dice) + len(game.moves.done) in (2, 4)
    if game.is_over:
        assert game.result is not None and game.result.points >= 1
        if game.result.reason.value == "borne off":
            assert game.position.opp_off == CHECKERS  # the winner, just moved
    if not m.is_over:
        key = MatchKey.from_id(m.match_id)
        assert key == m.match_key and key.match_length == n
        # gnubg turns the cube as soon as a player beavers.
        beavered = m.offer is not None and m.offer.beavered
        result = m.game.result
        beaver_dropped = result is not None and result.cube > cube.value
        assert key.cube_log2 == cube.log2 + (beavered or beaver_dropped)
    assert Position.from_id(m.position_id) == m.position


def check_round_trips(m: Match) -> None:
    assert load_match(save_match(m)) == m
    assert loads(save_text(m)) == m
    if not m.is_over and m.phase in (Phase.ROLL, Phase.MOVE, Phase.CUBE):
        x = Match.from_xgid(m.xgid())
        assert (x.position, x.turn, x.cube, x.dice, x.phase, x.offer, x.score) == (
            m.position,
            m.turn,
            m.cube,
            m.dice,
            m.phase,
            m.offer,
            m.score,
        )
        if m.rules.crawford:  # an XGID cannot say the Crawford rule is off
            assert (x.is_crawford_game, x.is_post_crawford) == (
                m.is_crawford_game,
                m.is_post_crawford,
            )
        assert load_match(save_match(x)) == x
    rebuilt = replay(m.record)
    if m.game.moves is None:
        assert rebuilt == m
    else:
        assert rebuilt.position == m.position and rebuilt.game.moves is not None
        assert rebuilt.game.moves == m.game.moves.fresh()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS))
def test_random_matches_keep_every_invariant(seed: int, config: Rules) -> None:
    rng = random.Random(seed)
    limit = 600
    checkpoints = set(rng.sample(range(limit), 3))
    last = Match.from_rules(config)
    for i, m in enumerate(random_actions(last, rng, limit)):
        check_invariants(m)
        if i in checkpoints:
            check_round_trips(m)
        last = m
    check_round_trips(last)
