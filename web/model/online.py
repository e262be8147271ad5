"""Online play's part of the page's state (``UiState.online``).

One small immutable value, always present: what the player gave before any
online game (their name, their TURN server, whether the device can share a
link), the invite this page was opened with, and, once a game with a friend
online is under way, the friend's seat, name and presence, the links and codes
to send, and a claim that ended the game.  The page imports this module at
its start (the state holds it), so it holds data alone, and of the protocol
imports only the presence's small :class:`~web.model.presence.Link`.

>>> s = OnlineState()
>>> s.playing, s.claimable
(False, False)
>>> s = OnlineState(remote_seat=1, friend_link=Link.CLAIMABLE)
>>> s.playing, s.claimable, s.here
(True, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.model.presence import Link

NO_TURN = ("", "", "")
"""No TURN server: the address, user and password all blank."""


@dataclass(frozen=True, slots=True)
class PostGame:
    """A game by messages saved on this device, as the list of games shows it."""

    room: str  # its key (the room, in base64)
    friend: str  # the friend's name
    my_turn: bool  # whether this player must act before the friend can
    current: bool = False  # the game on the board
    live: bool = False  # on the board, played live now (its links wait: #48)
    waited: float = 0.0  # seconds since the move now owed began (by the device's clock)


@dataclass(frozen=True, slots=True)
class OnlineState:
    """See the module docs."""

    # The friend's seat (played from the other browser) and name; this page
    # plays the other seat.  None: no friend online.
    remote_seat: int | None = None
    friend_name: str = "Your friend"
    invite_link: str = ""  # the link the friend opens to join (the host's)
    can_share: bool = False  # the browser has a share sheet (navigator.share: phones)
    link_status: str = ""  # the friend's presence in words ("Waiting for your friend…")
    # The friend's presence (None: no online game yet), and the stated time, in
    # seconds, after which a gone friend's game may be claimed.
    friend_link: Link | None = None
    claim_after: float = 0.0
    claimed: str = ""  # the online game ended by a claim, in words (nothing more is played)
    join_from: str = ""  # who invites (the page was opened with their link)
    join_terms: str = ""  # the invite's rules in words
    player_name: str = ""  # this player's name online, remembered from the last game
    # Connecting by hand, when no relay brings the two together: the inviter's
    # connection link to send, and the friend's answer code to send back.
    offer_link: str = ""
    answer_code: str = ""
    turn: tuple[str, str, str] = NO_TURN  # the player's TURN server: address, user, password
    # The move clock: the seat that owes an action and its whole seconds left
    # (None: no clock, or nobody owes one).
    clock_seat: int | None = None
    clock_left: int | None = None
    # Playing by messages: the link to send the friend now ("" none: a live
    # game, or none), and the games by messages saved on this device.
    post_link: str = ""
    post_games: tuple[PostGame, ...] = ()
    post_waiting: bool = False  # the friend must act: nothing is played here until their link
    # Why the link to send is one more in a turn with the cube in reach: "roll"
    # (it asks the friend's share of the player's dice), "share" (it carries
    # this side's share of the friend's), "" (a link of a turn).
    post_why: str = ""
    join_post: bool = False  # the invite this page was opened with is a game by messages

    @property
    def playing(self) -> bool:
        """Whether a friend online plays the other seat."""
        return self.remote_seat is not None

    @property
    def here(self) -> int | None:
        """This page's seat in the online game (None: none under way)."""
        return None if self.remote_seat is None else 1 - self.remote_seat

    @property
    def claimable(self) -> bool:
        """Whether the friend has been gone long enough for the game to be
        claimed, and no claim ended it yet."""
        return self.playing and self.friend_link is Link.CLAIMABLE and not self.claimed

    def left(self) -> OnlineState:
        """The state once the online game is left (a new game replaces it): what
        the player gave (name, TURN server, share sheet) and the invite stay."""
        return replace(
            self, remote_seat=None, invite_link="", link_status="", friend_link=None, claimed="",
            offer_link="", answer_code="", clock_seat=None, clock_left=None, post_link="",
            post_waiting=False, post_why="",
        )  # fmt: skip
