"""A game by messages played on the page: live play's table, with links for a channel.

:class:`PostTable` is an :class:`~web.online.remote.OnlineTable` whose
transport sends nothing: the flow drives the peer exactly as live, and each
time the peer changes the :class:`~web.online.correspondence.Correspondence`
is brought up to date (:meth:`~web.online.correspondence.Correspondence.posted`),
saved, and its link handed to the page to send by any messenger.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from engine.match import Match
from web.model.presence import Link
from web.online.correspondence import Correspondence, Letter
from web.online.errors import OnlineError
from web.online.events import ClaimDisputed, Event, Output, Refused, Said
from web.online.remote import Clock, OnlineTable
from web.online.transport import PeerEvent


class _NoWire:
    """The transport of a game by messages: the letters carry the log instead."""

    def send(self, text: str, to: str | None = None) -> None:
        pass  # every block a message carries goes in the next letter (posted)

    def on_message(self, callback: Callable[[str], None]) -> None:
        pass

    def bind(self) -> None:
        pass

    def on_stranger(self, callback: Callable[[str], None]) -> None:
        pass

    def on_peer(self, callback: Callable[[PeerEvent], None]) -> None:
        pass

    def close(self) -> None:
        pass


# Hands the page the game as saved, after every change of it.
Keep = Callable[[Correspondence], None]


class PostTable(OnlineTable):
    """One game by messages on this page (see the module docs).

    >>> import random
    >>> from engine.rules import Rules
    >>> kept = []
    >>> ann = Correspondence.start("Ann", Rules(0, cube=False), now=0.0,
    ...                            token=random.Random(1).randbytes)
    >>> table = PostTable(ann, lambda: 1.0, kept.append)
    >>> table.game.outbox == ann.outbox, table.peer.seat
    (True, 0)
    """

    def __init__(self, game: Correspondence, clock: Clock, keep: Keep) -> None:
        super().__init__(game.peer, _NoWire(), clock, lambda data: None)
        self.game = game
        self.keep = keep
        self._saved = game.peer.version
        self._shown: tuple[int | None, int | None] = (None, None)  # the clock the page shows
        self._offered = False  # the claim, while the friend's time is out

    def _save(self) -> None:
        if self.peer.version != self._saved:
            self.game = dataclasses.replace(self.game, peer=self.peer).posted(self.clock())
            self._saved = self.peer.version
            self.keep(self.game)

    def resume(self, match: Match) -> None:
        """As live (:meth:`~web.online.remote.OnlineTable.resume`); and, should
        the friend owe a move past the move clock (it runs while the page is
        closed: days, say), the player is offered to claim the game."""
        super().resume(match)
        self._shown = self.peer.clock_shown(self.clock())  # (just shown)
        self._watch()

    def tick(self) -> None:
        """Call from a timer: the move clock as it runs, and the claim offered
        once the friend's time is out, for a page left open (the days a move
        has, say).  Nothing is sent: no friend is connected to hear a heartbeat,
        and the friend's presence is their links."""
        self._watch()

    def _handle(self, out: Output, to: str | None = None) -> None:
        super()._handle(out, to)
        self._watch()  # a move made here: the clock is the friend's now

    def _watch(self) -> None:
        """The page told of the move clock when whoever owes an action, or the
        seconds left, changed; and offered the claim when it became due (the
        peer's presence, which live play checks, is no news by messages)."""
        if self.host is None:
            return
        now = self.clock()
        shown = self.peer.clock_shown(now)
        if shown != self._shown:
            self._shown = shown
            self.host.online_clock(*shown)
        claimable = self.peer.can_claim(now)
        if claimable and not self._offered:
            self.host.online_link(Link.CLAIMABLE, self.peer.claim_after)
        self._offered = claimable

    def claim(self) -> None:
        """Claim the game: the friend let the move clock run out.  It counts
        here at once, as live; the link that says so goes to the friend, whose
        page judges it on its own record (a claim it does not bear out is
        refused there, and play goes on)."""
        try:
            game = self.game.claim(self.clock())
        except OnlineError as exc:
            self._alert(exc.plain)
            return
        self.game, self.peer = game, game.peer
        self._saved = game.peer.version
        self.keep(game)
        if self.host is not None:
            self.host.online_claimed(True, game.peer.match, clocked=bool(game.peer.clock.limit))

    def told(self, events: Iterable[Event]) -> None:
        """What a letter opened before this table brought that is news alone
        (a phrase, the friend's dispute of this side's claim, this side's
        dispute of the friend's claim): said on the page.
        The friend's moves and the dice are the agreed match's
        (:meth:`~web.online.remote.OnlineTable.resume` hands them over)."""
        for event in events:
            if isinstance(event, (Said, ClaimDisputed, Refused)):
                self._event(event)

    def open(self, letter: Letter) -> None:
        """Apply the friend's ``letter``: all of it, or the typed refusal
        (:class:`~web.online.errors.OnlineError`) and this game unchanged.
        The page then shows the agreed match (the friend's moves on it)."""
        game, _ = self.game.open(letter, self.clock())
        self.game, self.peer = game, game.peer
        self._saved = game.peer.version
        self.keep(game)
