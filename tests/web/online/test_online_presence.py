"""Heartbeat and timeout bookkeeping, driven by the time passed in."""

from __future__ import annotations

import pytest

from web.model.presence import Link, Presence, Timing

T = Timing(heartbeat=5, quiet=15, claim_after=60)


def test_a_friend_never_met_is_awaited_not_claimable() -> None:
    p = Presence(T, start=0).opened(0)
    assert p.link(10_000, met=False) is Link.CONNECTING


def test_connected_while_heard_recently_on_an_open_line() -> None:
    p = Presence(T, start=0).opened(0).heard_at(10)
    assert p.link(24.9, met=True) is Link.CONNECTED
    assert p.link(25, met=True) is Link.WAITING
    assert p.link(69.9, met=True) is Link.WAITING
    assert p.link(70, met=True) is Link.CLAIMABLE
    assert p.claim_in(40) == 30 and p.claim_in(100) == 0


def test_a_closed_line_waits_at_once_and_claims_after_the_stated_time() -> None:
    p = Presence(T, start=0).opened(0).heard_at(10).closed(11)
    assert p.link(11, met=True) is Link.WAITING
    assert p.link(70, met=True) is Link.CLAIMABLE
    assert p.ping_due(100) is False


def test_after_a_reload_silence_counts_from_the_start() -> None:
    p = Presence(T, start=500).opened(500)
    assert p.link(510, met=True) is Link.WAITING  # not heard yet since the reload
    assert p.link(560, met=True) is Link.CLAIMABLE
    assert p.heard_at(561).link(562, met=True) is Link.CONNECTED


def test_heartbeat_when_nothing_went_out() -> None:
    p = Presence(T, start=0).opened(0)
    assert p.ping_due(0)
    p = p.sent_at(1)
    assert not p.ping_due(5.9) and p.ping_due(6)


def test_timing_is_checked() -> None:
    with pytest.raises(ValueError):
        Timing(heartbeat=20, quiet=15)
    with pytest.raises(ValueError):
        Timing(heartbeat=0)
