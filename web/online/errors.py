"""Why online play refused something: one ``ValueError`` subclass per kind.

Everything a friend's browser (or anyone on the way) sends is checked; what
fails is refused with one of these, the game is kept as it was, and the
player is told in plain words (:attr:`OnlineError.plain`, from
:mod:`web.words.online`).  A local intent
that is not allowed now (rolling on the friend's turn) raises one too.

>>> err = BadRevealError("the secret does not match the commitment")
>>> isinstance(err, OnlineError), isinstance(err, ValueError)
(True, True)
>>> err.plain
"Your friend's dice did not check out (the secret does not match the commitment)."
"""

from __future__ import annotations

from web.words import online as say


class OnlineError(ValueError):
    """Base class of every refusal in online play."""

    #: What the player reads, before the details in parentheses.
    headline = say.REFUSED

    @property
    def plain(self) -> str:
        """A sentence for the player: the headline, with the details."""
        return say.refusal(self.headline, str(self))


class TurnError(OnlineError):
    """A TURN server setting that cannot be used."""

    headline = say.TURN_REFUSED


class InviteError(OnlineError):
    """An invite link that cannot be read, or whose terms cannot be played."""

    headline = say.INVITE_REFUSED


class MalformedMessageError(OnlineError):
    """A message that is not one of ours: not JSON, too big, or the wrong shape."""

    headline = say.MALFORMED


class ForgedMessageError(OnlineError):
    """A message whose seal does not check out under the game's secret."""

    headline = say.FORGED


class StrangerError(OnlineError):
    """A message from someone other than the friend who joined this game."""

    headline = say.STRANGER


class ReplayedMessageError(OnlineError):
    """A message received before (or our own, sent back to us)."""

    headline = say.REPLAYED


class OutOfOrderError(OnlineError):
    """Moves that start past the end of our history: some went missing."""

    headline = say.OUT_OF_ORDER


class ForkedHistoryError(OnlineError):
    """A history that differs from ours in what both should have in common."""

    headline = say.FORKED


class OutOfTurnError(OnlineError):
    """An action by a player who is not the one to act now."""

    headline = say.OUT_OF_TURN


class BadRevealError(OnlineError):
    """A revealed secret that does not match its commitment."""

    headline = say.BAD_REVEAL


class IllegalMoveError(OnlineError):
    """An action the rules do not allow here (the engine refused it)."""

    headline = say.ILLEGAL_MOVE


class DisputedClaimError(OnlineError):
    """A claim of the game that this page's own record does not bear out."""

    headline = say.DISPUTED_CLAIM


class FloodError(OnlineError):
    """More messages than any game needs, arriving at once."""

    headline = say.FLOOD


class ClosedError(OnlineError):
    """Anything after the game was claimed or the connection given up."""

    headline = say.CLOSED


class SavedStateError(OnlineError):
    """A saved online game that cannot be restored."""

    headline = say.SAVED_STATE
