"""What the command line's commands share: reading a position, dice and a
rollout's settings from their arguments."""

from __future__ import annotations

import argparse

from engine import names
from engine.errors import InvalidPositionIdError, InvalidXgidError, quoted
from engine.formats.gnubg_id import MatchKey
from engine.formats.xgid import Xgid
from engine.position import Position


def parse_id(text: str) -> tuple[Position, Xgid | MatchKey | None]:
    """A gnubg Position ID, a gnubg ``PositionID:MatchID`` or an XGID: the position
    (seen by the side to act) and what else the ID holds (the match, cube and dice).

    >>> position, key = parse_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    >>> position == Position.start(), key.id
    (True, 'cAkAAAAAAAAA')
    """
    if text.upper().startswith("XGID=") or text.count(":") > 1:
        x = Xgid.parse(text)
        return x.position, x
    if ":" in text:
        position_id, match_id = text.split(":")
        key = MatchKey.from_id(match_id)  # a malformed Match ID is an error, not ignored
        return Position.from_id(position_id), key
    return Position.from_id(text), None


def parse_live_id(text: str) -> tuple[Position, Xgid | MatchKey | None]:
    """Like :func:`parse_id`, for a position to play from: one where the game is
    still on.  A board where a side has borne off all its checkers is a real
    board (the game's last), but there is nothing left to play or to hint, so
    it is refused with the error of the ID it came in
    (:class:`~engine.errors.InvalidXgidError` or
    :class:`~engine.errors.InvalidPositionIdError`).

    >>> parse_live_id("4HPwATDgc/ABMA")[0] == Position.start()
    True
    >>> try:
    ...     parse_live_id("AQAAAAAAAAAAAA")
    ... except InvalidPositionIdError as exc:
    ...     print(exc)
    'AQAAAAAAAAAAAA': the game is over: the side on roll has borne off all its checkers
    """
    position, extra = parse_id(text)
    winner = position.winner()
    if winner is not None:
        error = InvalidXgidError if isinstance(extra, Xgid) else InvalidPositionIdError
        side = "the side on roll" if winner == 0 else "the side not on roll"
        raise error(f"{quoted(text)}: the game is over: {side} has borne off all its checkers")
    return position, extra


def parse_position(text: str) -> Position:
    """The position of any ID :func:`parse_id` reads.

    >>> parse_position("4HPwATDgc/ABMA:cAkAAAAAAAAA") == Position.start()
    True
    """
    return parse_id(text)[0]


def parse_dice(text: str) -> tuple[int, int]:
    """``31``, ``3-1``, ``3,1`` or ``3 1``."""
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2 or any(c not in "123456" for c in digits):
        raise argparse.ArgumentTypeError(
            f"dice must be two digits 1-6, like 31, not {quoted(text, 16)}"
        )
    return int(digits[0]), int(digits[1])


ROLLOUT_PLAYERS = names.ROLLOUT_PLAYERS
"""Who may play a rollout's games (``engine.ai.rollout_game.PLAYERS``, named here so
that the parser is built without importing the AI)."""


def rollout_arguments(ap: argparse.ArgumentParser) -> None:
    """The arguments of ``rollout`` (here and in :mod:`engine.cli.rollout`)."""
    ap.add_argument("position", help="gnubg Position ID, PositionID:MatchID or XGID")
    ap.add_argument("dice", type=parse_dice, nargs="?", help="e.g. 31; omitted: the cube")
    ap.add_argument("--trials", type=int, default=1296, help="games per candidate (1296)")
    ap.add_argument("--seed", type=int, default=1, help="the same seed gives the same figures")
    ap.add_argument("--truncate", type=int, default=0, help="stop after P plies (0: the end)")
    ap.add_argument("--player", choices=ROLLOUT_PLAYERS, default="fast", help="who plays")
    ap.add_argument("--luck", action="store_true", help="luck-adjust (slower, smaller SE)")
    ap.add_argument("--no-stratify", action="store_true", help="draw the first two rolls too")
    ap.add_argument("--cubeless", action="store_true", help="no cube actions (plays only)")
    ap.add_argument("--candidates", type=int, default=5, help="plays to roll out at most")
    ap.add_argument("--progress", action="store_true", help="report on stderr as it goes")
