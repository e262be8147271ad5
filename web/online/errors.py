"""Why online play refused something: one ``ValueError`` subclass per kind.

Everything a friend's browser (or anyone on the way) sends is checked; what
fails is refused with one of these, the game is kept as it was, and the
player is told in plain words (:attr:`OnlineError.plain`).  A local intent
that is not allowed now (rolling on the friend's turn) raises one too.

>>> err = BadRevealError("the secret does not match the commitment")
>>> isinstance(err, OnlineError), isinstance(err, ValueError)
(True, True)
>>> err.plain
"Your friend's dice did not check out (the secret does not match the commitment)."
"""

from __future__ import annotations


class OnlineError(ValueError):
    """Base class of every refusal in online play."""

    #: What the player reads, before the details in parentheses.
    headline = "Something from your friend was refused"

    @property
    def plain(self) -> str:
        """A sentence for the player: the headline, with the details."""
        detail = str(self)
        return f"{self.headline} ({detail})." if detail else f"{self.headline}."


class TurnError(OnlineError):
    """A TURN server setting that cannot be used."""

    headline = "This TURN server setting cannot be used"


class InviteError(OnlineError):
    """An invite link that cannot be read, or whose terms cannot be played."""

    headline = "This invite link cannot be used"


class MalformedMessageError(OnlineError):
    """A message that is not one of ours: not JSON, too big, or the wrong shape."""

    headline = "A garbled message arrived and was ignored"


class ForgedMessageError(OnlineError):
    """A message whose seal does not check out under the game's secret."""

    headline = "A message not signed with this game's secret was ignored"


class StrangerError(OnlineError):
    """A message from someone other than the friend who joined this game."""

    headline = "Someone other than your friend tried to play in this game"


class ReplayedMessageError(OnlineError):
    """A message received before (or our own, sent back to us)."""

    headline = "An old message arrived again and was ignored"


class OutOfOrderError(OnlineError):
    """Moves that start past the end of our history: some went missing."""

    headline = "Some of your friend's moves went missing; asking for them again"


class ForkedHistoryError(OnlineError):
    """A history that differs from ours in what both should have in common."""

    headline = "Your friend's history of the game differs from yours"


class OutOfTurnError(OnlineError):
    """An action by a player who is not the one to act now."""

    headline = "An action out of turn was refused"


class BadRevealError(OnlineError):
    """A revealed secret that does not match its commitment."""

    headline = "Your friend's dice did not check out"


class IllegalMoveError(OnlineError):
    """An action the rules do not allow here (the engine refused it)."""

    headline = "Your friend's move breaks the rules and was refused"


class DisputedClaimError(OnlineError):
    """A claim of the game that this page's own record does not bear out."""

    headline = "Your friend claimed the game; your page's record disputes it, and play goes on"


class FloodError(OnlineError):
    """More messages than any game needs, arriving at once."""

    headline = "Too many messages came from your friend's side at once"


class ClosedError(OnlineError):
    """Anything after the game was claimed or the connection given up."""

    headline = "This online game is over"


class SavedStateError(OnlineError):
    """A saved online game that cannot be restored."""

    headline = "The saved online game could not be restored"
