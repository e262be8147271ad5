"""The table of a game by messages on a page left open (#48): the move clock
shown as it runs, moving to the friend once this side has moved, and the
claim offered once the friend's days are out, without a reload."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from test_online_channel import Policy
from test_online_correspondence import DAY, clocked, decide

from engine.decisions import Decision
from engine.match import Match
from web.model.presence import Link
from web.online.correspondence import Correspondence
from web.online.post_table import PostTable


@dataclass
class Host:
    """The controller's part the table talks to: what it was told."""

    clocks: list[tuple[int | None, int | None]] = field(default_factory=list)
    links: list[tuple[Link, float]] = field(default_factory=list)

    def online_clock(self, seat: int | None, left: int | None) -> None:
        self.clocks.append((seat, left))

    def online_link(self, link: Link, claim_after: float) -> None:
        self.links.append((link, claim_after))

    def online_friend(self, name: str) -> None:
        pass

    def online_news(self, text: str) -> None:
        pass

    def online_alert(self, text: str) -> None:
        raise AssertionError(text)

    def online_status(self, text: str) -> None:
        pass

    def online_claimed(
        self, mine: bool, agreed: Match, *, clocked: bool, counted: bool = False
    ) -> None:
        pass

    def online_apply(self, decision: Decision) -> None:
        pass

    def online_rolled(self) -> None:
        pass


def table(side: Correspondence, clock: Callable[[], float]) -> tuple[PostTable, Host]:
    """The page's table for ``side``, as a page (re)loaded with it makes it."""
    host = Host()
    t = PostTable(side, clock, lambda game: None)
    t.attach(host)
    t.resume(side.peer.match)
    return t, host


def test_post_table_a_page_left_open_shows_the_clock_run_and_offers_the_claim() -> None:
    post = clocked(days=1)  # Bob owes a move; Ann's page waits for his link
    ann, host = table(post.sides[0], lambda: post.now)
    left = int(post.sides[0].peer.clock.left(post.now))  # from when Ann's link was made
    assert 0 < left <= DAY
    assert host.clocks == [(1, left)] and host.links == []
    ann.tick()  # nothing changed: nothing said
    assert host.clocks == [(1, left)]
    post.now += 5 * 3600
    ann.tick()
    assert host.clocks[-1] == (1, left - 5 * 3600) and host.links == []
    post.now += left
    ann.tick()
    assert host.clocks[-1] == (1, 0)
    assert host.links == [(Link.CLAIMABLE, DAY)]
    ann.tick()  # offered once: "keep waiting" is not asked again each tick
    assert host.links == [(Link.CLAIMABLE, DAY)]


def test_post_table_the_clock_moves_to_the_friend_once_this_side_has_moved() -> None:
    post = clocked(days=1)  # Bob owes a move, on his own page
    bob, host = table(post.sides[1], lambda: post.now)
    assert host.clocks == [(1, DAY)]
    while post.sides[1].my_turn:  # his roll and play, on the peer his table holds
        decide(post, 1, Policy())
    assert bob.peer is post.sides[1].peer
    bob.tick()
    assert host.clocks[-1] == (0, DAY)  # Ann's, beside her name: a day from Bob's move
    assert host.links == []
