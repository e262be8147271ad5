"""Command-line hint: ``python -m engine hint POSITION_ID 31`` (wired by engine/__main__.py).

The position may also carry the cube and the score: an XGID, or GNU
Backgammon's ``PositionID:MatchID``.  The hint is then for that score (checker
plays ranked by normalised match equity, cube decisions from the match
equity table) and, when the ID holds dice, for those dice.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.cube import CubeState, cube_decision
from engine.ai.player import CUBE_PLIES, LEVELS, rank_plays
from engine.cli.args import parse_dice, parse_live_id
from engine.cube import MAX_CUBE
from engine.errors import EngineError, InvalidMatchIdError, InvalidXgidError
from engine.formats.gnubg_id import CENTERED, MatchKey
from engine.formats.xgid import Xgid
from engine.position import Position
from engine.rules import MAX_MATCH_LENGTH


@dataclass(frozen=True, slots=True)
class Spot:
    """What a hint is asked about: the position seen by the side on roll, its cube and dice."""

    position: Position
    cube: CubeState | None = None
    dice: tuple[int, int] | None = None


def format_hint(
    position: Position,
    dice: tuple[int, int],
    level: str = "hard",
    cube: CubeState | None = None,
) -> str:
    """The ranked plays as text, one per line, best first (at ``cube``'s score when given)."""
    lines = [] if cube is None or not cube.is_match else [describe_cube(cube)]
    for i, r in enumerate(rank_plays(position, dice, level, cube), start=1):
        w, wg, wbg, lg, lbg = r.probs
        play = str(r.play) or "(no legal play)"
        loss = f"({-r.loss:+.3f})" if i > 1 else ""
        depth = "race " if r.worked_out else f"{r.ply}-ply"
        lines.append(
            f"{i:3d}. {depth} {play:<28} eq {r.equity:+.3f} {loss:>9}   "
            f"win {w:.3f} g {wg:.3f} bg {wbg:.3f}  lose g {lg:.3f} bg {lbg:.3f}"
        )
    return "\n".join(lines)


def describe_cube(cube: CubeState | None) -> str:
    """The cube and score in words, seen by the side on roll.

    >>> describe_cube(None)
    'money, cube 1 centred'
    >>> describe_cube(CubeState(2, 1, False, 7, 3, 5))
    'match to 7, 3-away vs 5-away, cube 2 owned by the opponent'
    """
    st = cube or CubeState()
    owner = {None: "centred", 0: "owned by the side on roll", 1: "owned by the opponent"}
    where = f"cube {st.value} {owner[st.owner]}"
    if not st.is_match:
        return f"money{'' if st.jacoby else ' (no Jacoby)'}, {where}"
    crawford = " (Crawford game)" if st.crawford else ""
    return f"match to {st.match_length}, {st.my_away}-away vs {st.opp_away}-away{crawford}, {where}"


def format_cube_hint(position: Position, cube: CubeState | None = None, plies: int = 0) -> str:
    """The cube decision of the side on roll, with its three cubeful equities,
    its winning chances evaluated ``plies`` deep (see :func:`cube_decision`)."""
    d = cube_decision(position, cube, plies)
    unit = "match-winning chance" if d.units == "mwc" else "cubeful equity, per cube"
    if not d.may_double:
        return f"cube ({describe_cube(cube)}): the side on roll may not double"
    return (
        f"cube ({describe_cube(cube)}): {d.action}\n"
        f"  no double     {d.no_double:+.3f}\n"
        f"  double, take  {d.double_take:+.3f}\n"
        f"  double, pass  {d.double_pass:+.3f}   ({unit})"
    )


def parse_spot(text: str) -> Spot:
    """A gnubg Position ID, a gnubg ``PositionID:MatchID`` or an XGID.

    The side on roll is the one whose turn it is to roll or move (the
    doubler, while a double waits for an answer).

    >>> s = parse_spot("XGID=-b----E-C---eE---c-e----B-:1:-1:1:31:2:4:0:7:10")
    >>> s.position == Position.start(), s.dice, describe_cube(s.cube)
    (True, (3, 1), 'match to 7, 5-away vs 3-away, cube 2 owned by the opponent')
    >>> parse_spot("4HPwATDgc/ABMA").cube is None
    True

    What no game can reach is refused, with the error of the ID it came in: a
    board where the game is over, a cube above 64 (where the engine's cube
    stops), a match longer than 64 points, an owned cube at 1.
    """
    position, extra = parse_live_id(text)
    if isinstance(extra, Xgid):
        return _from_xgid(extra)
    if isinstance(extra, MatchKey):
        return _from_gnubg_id(position, extra)
    return Spot(position)


def _from_xgid(x: Xgid) -> Spot:
    # Xgid itself refuses a match over 64 points and an owned cube at 1.
    if 1 << x.cube_log2 > MAX_CUBE:
        raise InvalidXgidError(
            f"a cube of {1 << x.cube_log2}: the cube stops at {MAX_CUBE}",
            code="cube_limit",
            limit=MAX_CUBE,
        )
    me, opp = (x.score_x, x.score_o) if x.turn == 1 else (x.score_o, x.score_x)
    owner = None if x.cube_position == 0 else (0 if x.cube_position == x.turn else 1)
    n = x.match_length
    flags = x.crawford_jacoby
    if n:
        cube = CubeState(1 << x.cube_log2, owner, False, n, n - me, n - opp, bool(flags & 1))
    else:
        cube = CubeState(1 << x.cube_log2, owner, bool(flags & 1))
    dice = (int(x.dice[0]), int(x.dice[1])) if x.dice.isdigit() and x.dice != "00" else None
    return Spot(x.position, cube, dice)


def _from_gnubg_id(position: Position, key: MatchKey) -> Spot:
    # A Match ID has room for more than a game can reach (a 15-bit match length,
    # a cube of 2**15, an owned cube at 1): a hint for those would be made up.
    if 1 << key.cube_log2 > MAX_CUBE:
        raise InvalidMatchIdError(
            f"a cube of {1 << key.cube_log2}: the cube stops at {MAX_CUBE}",
            code="cube_limit",
            limit=MAX_CUBE,
        )
    if key.cube_log2 == 0 and key.cube_owner != CENTERED:
        raise InvalidMatchIdError(
            "a cube at 1 has no owner: it is centred until the first double",
            code="cube_owned_at_1",
        )
    if key.match_length > MAX_MATCH_LENGTH:
        raise InvalidMatchIdError(
            f"a match to {key.match_length} points: matches go up to {MAX_MATCH_LENGTH} points",
            code="match_length",
            limit=MAX_MATCH_LENGTH,
        )
    # The Position ID is seen by the player on roll (gnubg's fMove, our
    # dice_owner), also while the opponent answers a double.
    me = key.dice_owner
    scores = (key.score0, key.score1)
    owner = None if key.cube_owner == CENTERED else (0 if key.cube_owner == me else 1)
    n = key.match_length
    value = 1 << key.cube_log2
    if n:
        away = (n - scores[me], n - scores[1 - me])
        cube = CubeState(value, owner, False, n, *away, bool(key.crawford))
    else:
        cube = CubeState(value, owner, not key.no_jacoby)
    dice = (key.die1, key.die2) if key.die1 else None
    return Spot(position, cube, dice)


def hint_main(argv: Sequence[str] | None = None) -> int:
    """``hint ID [DICE] [--level easy|medium|hard]``: ranked plays, or the cube decision."""
    ap = argparse.ArgumentParser(prog="python -m engine hint", description=hint_main.__doc__)
    ap.add_argument(
        "position_id",
        help="gnubg Position ID, PositionID:MatchID (cube and score) or XGID (cube and score)",
    )
    ap.add_argument(
        "dice",
        type=parse_dice,
        nargs="?",
        help="e.g. 31; omitted: the ID's dice, else a cube hint",
    )
    ap.add_argument("--level", choices=sorted(LEVELS), default="hard")
    args = ap.parse_args(argv)
    try:
        spot = parse_spot(args.position_id)
        dice = args.dice or spot.dice
        if dice is None:
            print(format_cube_hint(spot.position, spot.cube, CUBE_PLIES[args.level]))
        else:
            print(format_hint(spot.position, dice, args.level, spot.cube))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(hint_main())
