"""What the board shows of a game with a friend online played by messages, or
that may go on by messages (a live one whose friend is not connected).  It
ships in online play's archive: :mod:`web.view.screen` imports it only while
such a game is on the board, so a first visit carries none of it."""

from __future__ import annotations

from web.model.actions import Act
from web.model.presence import Link
from web.model.state import UiState
from web.view.frame import Button
from web.words import post as say


def status(state: UiState) -> str:
    """The status line while the friend's link is awaited."""
    friend = state.online.remote_seat
    return "" if friend is None else say.waiting_for_link(state.names[friend])


def switch(state: UiState) -> Button:
    """Play by messages, for a live game whose friend is not connected (not
    yet, or no longer): the same game goes on by links."""
    o = state.online
    gone = o.friend_link in (Link.CONNECTING, Link.WAITING, Link.CLAIMABLE)
    if not (gone and not o.post_link and not o.claimed and not state.match.is_over):
        return Button(Act.POST_SWITCH, "", False, False)
    return Button(Act.POST_SWITCH, say.SWITCH_TO_POST, _free(state), True)


def live(state: UiState) -> Button:
    """Play live now, for a game by messages (#48): the same game goes on live
    once both pages are in its room (the button asks first: it names the
    relays it contacts)."""
    o = state.online
    if not o.post_link or o.claimed or state.match.is_over:
        return Button(Act.POST_LIVE, "", False, False)
    return Button(Act.POST_LIVE, say.PLAY_LIVE, _free(state), True)


def _free(state: UiState) -> bool:
    """Whether the page may change channel now: not busy, or busy only
    waiting for the friend's move (which the new channel asks for again)."""
    return not state.busy or state.thinking
