"""Pairing vanished and appeared checkers into slides."""

from __future__ import annotations

from engine import Position
from engine.turn import apply_move
from web.board.geometry import checker_xy
from web.board.motion import plan_motions


def test_a_step_slides_one_checker_from_the_top_of_one_stack_to_the_next() -> None:
    start = Position.start()
    after, _ = apply_move(start, (13, 10))
    [motion] = plan_motions(start, after)
    assert (motion.side, motion.src, motion.dst, motion.index) == ("me", 13, 10, 0)
    assert motion.start == checker_xy("me", 13, 4, 5)
    assert motion.end == checker_xy("me", 10, 0, 1)


def test_a_hit_also_slides_the_hit_checker_to_the_bar() -> None:
    points = [0] * 24
    points[7], points[3] = 15, -1  # my 8 point; their blot on my 4 point
    points[20] = -14
    before = Position.from_points(points)
    after, hit = apply_move(before, (8, 4))
    assert hit
    motions = {(m.side, m.src, m.dst) for m in plan_motions(before, after)}
    assert motions == {("me", 8, 4), ("opp", 4, 25)}


def test_bearing_off_slides_to_the_tray() -> None:
    points = [2] + [0] * 22 + [-15]
    before = Position.from_points(points)
    after, _ = apply_move(before, (1, 0))
    [motion] = plan_motions(before, after)
    assert (motion.src, motion.dst, motion.index) == (1, 0, 13)  # on top of 13 borne off
