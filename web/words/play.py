"""What the page says about events, in words: for the status line and for
screen readers (the announcements).

>>> from engine.match import Match
>>> before = Match.new(0)
>>> roll_words(before, before.roll((3, 1)), ("White", "Black"))
('Opening roll: White 3, Black 1. White starts.', False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.match import Match
from engine.record import Forfeit, OpeningRoll, Played, Roll
from web.model.storage import Corrupt, StoreProblem, Trouble


def corrupt_text(what: str, bad: Corrupt, *, paused: str = "") -> str:
    """A notice that saved data could not be read, and what became of it:
    put aside, or (with no room for that) left in place and not written
    over; ``paused`` says what is not being saved meanwhile.

    >>> from engine.errors import SaveError
    >>> from web.model.storage import Corrupt
    >>> kept = corrupt_text("Your match", Corrupt("…", "corrupt:autosave:1", "autosave"))
    >>> "kept aside as “corrupt:autosave:1” (download it in Saves)" in kept
    True
    >>> version = SaveError("…", code="save_version", version=9)
    >>> held = Corrupt("…", "", "autosave", version)  # no room to keep it aside
    >>> print(corrupt_text("Your match", held, paused="games are not saved"))
    ... # doctest: +NORMALIZE_WHITESPACE
    Your match could not be read (that save is from another version of this page (version 9)
    and cannot be read here). The browser’s storage is too full to keep it aside, so it
    was left in place: games are not saved until you download it or discard it in Saves.
    """
    why = _why_unreadable(bad.error)
    if bad.kept:
        return (
            f"{what} could not be read ({why}). It was kept aside as "
            f"“{bad.kept_as}” (download it in Saves) and a fresh start was made."
        )
    meanwhile = paused or "nothing will be saved over it"
    return (
        f"{what} could not be read ({why}). The browser’s storage is too full to "
        f"keep it aside, so it was left in place: {meanwhile} until you download it or "
        "discard it in Saves."
    )


def _why_unreadable(error: Exception | None) -> str:
    """Why saved text could not be read, to go in parentheses."""
    from engine.errors import EngineError

    if not isinstance(error, EngineError):  # not JSON, or JSON of another shape
        return "it is not in the format this page writes"
    from web.words.refusals import refusal  # on a refusal only

    reason = refusal(error)
    return f"{reason[:1].lower()}{reason[1:]}"


def roll_words(before: Match, after: Match, names: tuple[str, str]) -> tuple[str, bool]:
    """What a roll from ``before`` to ``after`` showed, and whether a side
    could not move (which the status line keeps too)."""
    parts = []
    forfeit = False
    for e in after.events[len(before.events) :]:
        if isinstance(e, OpeningRoll):
            if e.winner is None:
                parts.append(f"Opening roll: both rolled {e.die0}. Roll again.")
            else:
                parts.append(
                    f"Opening roll: {names[0]} {e.die0}, {names[1]} {e.die1}. "
                    f"{names[e.winner]} starts."
                )
        elif isinstance(e, Roll):
            parts.append(f"{names[e.player]} rolled {e.dice[0]} and {e.dice[1]}.")
        elif isinstance(e, Forfeit):
            parts.append(f"{names[e.player]} cannot move.")
            forfeit = True
    return " ".join(parts), forfeit


def play_words(match: Match, player: int | None, names: tuple[str, str], *, forced: bool) -> str:
    """The last play made in ``match``, "" if none."""
    last = next((e for e in reversed(match.events) if isinstance(e, Played)), None)
    if last is None or player is None:
        return ""
    how = " (forced)" if forced else ""
    return f"{names[player]} played {last.notation}{how}."


UNTOUCHED = "Your current game is untouched."


def import_error_text(text: str, error: Exception) -> str:
    """Why a file could not be imported, in a player's words.

    >>> import json
    >>> try:
    ...     json.loads("")
    ... except ValueError as exc:
    ...     import_error_text("", exc)
    'That file is empty. Your current game is untouched.'
    """
    from engine.errors import EngineError

    if not text.strip():
        why = "That file is empty."
    elif isinstance(error, EngineError):
        from web.words.refusals import refusal  # on a refusal only

        why = f"{refusal(error)}."
    elif isinstance(error, RecursionError):
        why = "That file is not a saved game: it is nested too deeply to read."
    else:  # not JSON at all, or JSON of the wrong shape
        why = "That file is not a saved game: it is not in the saved-game format."
    return f"{why} {UNTOUCHED}"


REPAIRS_SHOWN = 5
"""The most repairs a notice lists one by one: a file from a buggy server can
need dozens, and the first few say what kind of file it is."""


def match_file_error(reason: str) -> str:
    """A match file that cannot be read at all: where and what, and that nothing
    was lost.

    >>> match_file_error("Line 3: “Game 1” was expected, not “White : 0”")
    'That match file cannot be read. Line 3: “Game 1” was expected, not “White : 0”. Your current game is untouched.'
    """  # noqa: E501
    return f"That match file cannot be read. {reason}. {UNTOUCHED}"


def repairs_text(notes: Sequence[str]) -> str:
    """What reading an imported match file had to repair, as the player sees it
    after the import: a play that is not legal is kept as the file records it
    and left out of the review.

    >>> print(repairs_text(["Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded"]))
    The file was read with 1 repair (plays that are not legal are kept as recorded and not reviewed): Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded.
    >>> repairs_text([f"Game {k}: x" for k in range(1, 9)]).endswith("Game 5: x; and 3 more.")
    True
    """  # noqa: E501
    count = len(notes)
    listed = "; ".join(notes[:REPAIRS_SHOWN])
    more = f"; and {count - REPAIRS_SHOWN} more" if count > REPAIRS_SHOWN else ""
    return (
        f"The file was read with {count} repair{'s' if count != 1 else ''} (plays that are not "
        f"legal are kept as recorded and not reviewed): {listed}{more}."
    )


COPIED_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "position": "Position ID",
        "match": "Match ID",
        "xgid": "XGID",
        "ids": "Position ID and Match ID",
    }
)
"""What each copy button copies, as the announcement names it."""


def copied_text(what: str, ok: bool) -> str:
    """What the page says once the clipboard took (``ok``) or refused a copy of ``what``.

    >>> copied_text("xgid", True)
    'Copied the XGID.'
    """
    if ok:
        return f"Copied the {COPIED_NAMES.get(what, what)}."
    return "The browser did not allow copying: select the text and copy it yourself."


_STORAGE_WARNINGS = MappingProxyType(
    {
        Trouble.NO_STORAGE: (
            "This browser does not allow saving (private mode?): games will not be kept."
        ),
        Trouble.HELD: (
            "Not saved: what is saved there could not be read and there is no room "
            "to keep it aside. Download or discard it in Saves."
        ),
        Trouble.FULL: (
            "Could not save: the browser's storage is full or disabled ({detail}). "
            "Export the game to keep it."
        ),
    }
)


def storage_warning(problem: StoreProblem | None) -> str:
    """Why saving last failed ("" when it did not).

    >>> storage_warning(StoreProblem(Trouble.FULL, "QuotaExceededError"))[:58]
    "Could not save: the browser's storage is full or disabled "
    >>> storage_warning(None)
    ''
    """
    if problem is None:
        return ""
    return _STORAGE_WARNINGS[problem.trouble].format(detail=problem.detail)
