"""The page's side of online play, as the parts that play a game are handed it:
its storage (where the games are kept: :data:`ONLINE_SAVE`, :data:`POST_GAMES`,
:data:`POST_CURRENT`, and :func:`saved_posts`), window, timer and
:class:`Network` (:class:`OnlinePage`).  The page imports it at its start with
:mod:`web.dom.connect`, whose :class:`~web.dom.connect.Connection` is the one
:class:`OnlinePage`; :mod:`web.dom.online_game` and :mod:`web.dom.post_game`,
in online play's archive, take it from here rather than from the module that
imports them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from web.model.storage import Store

if TYPE_CHECKING:
    from web.control.online import OnlinePlay
    from web.control.post import PostPlay
    from web.control.session import Timer
    from web.model.presence import Timing

ONLINE_SAVE = "online"  # the storage key of the online game's peer (web.online.peer)
# The storage keys of the games by messages (by room: the game, the friend's
# name, whose turn) and of the room of the one on the board.
POST_GAMES = "post-games"
POST_CURRENT = "post-current"


@dataclass(frozen=True, slots=True)
class Network:
    """Where an online game looks for the friend, and how long it waits.

    ``relays``, ``trackers`` and ``ice_servers`` replace the public Nostr
    relays, BitTorrent trackers and STUN servers (None: the public ones), and
    ``claim_after`` the seconds after which a gone friend's game may be
    claimed (None: the presence's default).  The test build's entry point
    passes them (its relay and tracker on loopback, no STUN, a short wait);
    the published page never does.
    """

    relays: Sequence[str] | None = None
    trackers: Sequence[str] | None = None
    ice_servers: Sequence[Mapping[str, str]] | None = None
    claim_after: float | None = None

    def move_clock(self, chosen: int) -> int:
        """The seconds a move of the game being offered: the ``chosen`` clock, or
        (a clock chosen) the test build's short wait."""
        if self.claim_after is None or not chosen:
            return chosen
        return max(1, int(self.claim_after))

    def timing(self) -> Timing | None:
        """The presence's stated times: the default, or the test build's shorter wait."""
        if self.claim_after is None:
            return None
        from web.model.presence import Timing

        claim_after = self.claim_after
        return Timing(
            heartbeat=min(5.0, claim_after / 6), quiet=min(15.0, claim_after / 2),
            claim_after=claim_after,
        )  # fmt: skip


class OnlinePage:
    """What online play uses of this page: its storage, window, timer and
    network, the controller's online parts once opened, and the tasks under
    way.  :class:`~web.dom.connect.Connection` is one, which opens a game and
    hands itself to :mod:`web.dom.online_game` and :mod:`web.dom.post_game`."""

    def __init__(
        self, store: Store, window: Any, timer: Timer, network: Network | None = None
    ) -> None:
        self.store, self.window, self.timer = store, window, timer
        self.network = network if network is not None else Network()
        self.controller: OnlinePlay | None = None
        self.post: PostPlay | None = None  # playing by messages, once opened (open_post)
        self.tasks: list[Any] = []  # kept: a task only weakly held may vanish

    @property
    def invited(self) -> bool:
        """Whether the page was opened with an invite's link (``#join=``)."""
        return "join=" in self.fragment

    @property
    def fragment(self) -> str:
        return str(self.window.location.hash or "")

    def clock(self) -> float:
        # Monotonic: a change of the device's clock must not make a friend claimable.
        return float(self.window.performance.now()) / 1000


def saved_posts(store: Store) -> dict[str, dict[str, Any]]:
    """The games by messages saved on this device, by room (the unreadable skipped)."""
    saved = store.read(POST_GAMES)
    if not isinstance(saved, dict):
        return {}
    return {k: v for k, v in saved.items() if isinstance(k, str) and isinstance(v, dict)}
