"""The advice in hand: King Tubby's answer to a hint or the tutor, and for
which moment (see :mod:`web.model.tutor` for the state machine it is part of).

>>> a = Advice().asking("k", shown=True)
>>> a.pending, a.shown, a.is_for("k"), a.is_for("other")
(True, True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.coach.hint import Hint


@dataclass(frozen=True, slots=True)
class Advice:
    """The hint and the tutor's judgement for the moment on the board, or their request."""

    hint: Hint | None = None
    key: str = ""  # the moment the hint (or the pending request) is for
    pending: bool = False
    shown: bool = False  # asked for with Hint
    board: str = ""  # Position ID of the play the tutor judged or is judging
    confirm_waiting: bool = False  # Done was pressed while the tutor was judging

    def is_for(self, key: str) -> bool:
        """An answer for the moment ``key`` is here."""
        return self.hint is not None and self.key == key

    def asking(self, key: str, *, shown: bool, played: str | None = None) -> Advice:
        return Advice(None, key, True, shown, played or "", False)

    def answered(self, hint: Hint | None, *, shown: bool) -> Advice:
        return replace(self, hint=hint, pending=False, shown=shown)

    def taken_back(self) -> Advice:
        """The play the tutor judged (or is judging) was taken back: its verdict
        no longer stands, so the same play made again is judged, and warned of,
        again; an answer still on its way is for a play that is gone (the reply
        is dropped: its ``board`` no longer matches).  A hint the player asked
        for stays: it is for the whole turn.

        >>> judged = Advice(key="k", board="sGfwATDgc/ABMA", confirm_waiting=True)
        >>> judged.taken_back() == Advice(key="k")
        True
        >>> Advice(key="k", pending=True, shown=True).taken_back().pending  # Hint's own
        True
        """
        if not self.board:
            return self
        return replace(self, board="", pending=False, confirm_waiting=False)
