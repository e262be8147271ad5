"""Pointer gestures: taps, double taps, drags and their edge cases."""

from __future__ import annotations

from web.board.gestures import DRAG_PIXELS, DoubleTap, Drop, Follow, Gestures, Lift, Tap


def gestures(*movable: int) -> Gestures:
    return Gestures(can_lift=lambda place: place in movable)


def test_a_small_wobble_is_still_a_tap() -> None:
    g = gestures(8)
    g.down(1, 100, 100, 8, 0.0)
    assert g.move(1, 100 + DRAG_PIXELS / 2, 100, 0, 0) == []
    assert g.up(1, 101, 100, 8, 0.1) == [Tap(8)]


def test_a_drag_lifts_follows_and_drops() -> None:
    g = gestures(8)
    g.down(1, 100, 100, 8, 0.0)
    assert g.move(1, 110, 100, 50.0, 60.0) == [Lift(8), Follow(50.0, 60.0)]
    assert g.dragging
    assert g.move(1, 200, 100, 70.0, 80.0) == [Follow(70.0, 80.0)]
    assert g.up(1, 200, 100, 5, 0.5) == [Drop(8, 5)]
    assert not g.dragging and not g.active


def test_only_movable_checkers_can_be_dragged() -> None:
    g = gestures(8)
    g.down(1, 100, 100, 12, 0.0)
    assert g.move(1, 150, 100, 0, 0) == []
    assert g.up(1, 150, 100, 12, 0.2) == []  # a swipe is neither a drag nor a tap


def test_double_tap_needs_the_same_place_quickly() -> None:
    g = gestures()
    for t, place, expected in ((0.0, 5, Tap(5)), (0.2, 5, DoubleTap(5)), (0.3, 5, Tap(5)),
                               (1.0, 5, Tap(5)), (1.1, 6, Tap(6))):  # fmt: skip
        g.down(1, 0, 0, place, t)
        assert g.up(1, 0, 0, place, t + 0.01) == [expected]


def test_a_second_finger_is_ignored_and_a_cancel_drops_nowhere() -> None:
    g = gestures(8)
    g.down(1, 100, 100, 8, 0.0)
    assert g.down(2, 0, 0, 5, 0.1) == []
    assert g.move(2, 300, 300, 0, 0) == []
    g.move(1, 120, 100, 1.0, 2.0)
    assert g.up(2, 0, 0, 5, 0.2) == []
    assert g.cancel(1) == [Drop(8, None)]
    assert g.cancel(1) == []
