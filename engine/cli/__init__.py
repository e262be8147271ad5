"""Command line: ``python -m engine plays POSITION_ID 31`` and friends.

One module a command beside this dispatcher: ``hint``, ``rollout`` and
``review`` (which need the AI, imported only when they run), and ``args``,
what they share.  None of it ships in the site."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.cli.args import (
    ROLLOUT_PLAYERS,
    parse_dice,
    parse_id,
    parse_live_id,
    parse_position,
    rollout_arguments,
)
from engine.errors import EngineError
from engine.movegen import legal_plays
from engine.notation import format_dice


def _cmd_plays(args: argparse.Namespace) -> int:
    pos = parse_live_id(args.position)[0]
    plays = legal_plays(pos, args.dice)
    if not plays:
        print(f"No legal play: {format_dice(args.dice)} cannot be played.")
        return 0
    width = max(len(str(p)) for p in plays)
    for play in sorted(plays, key=lambda p: sorted(p.moves, reverse=True), reverse=True):
        print(f"{play!s:<{width}}  {play.result.id}")
    print(f"{len(plays)} legal plays")
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    print(parse_position(args.position))
    return 0


def _cmd_hint(args: argparse.Namespace) -> int:
    # Imported here so the rest of the CLI works without loading the AI's weights.
    from engine.cli.hint import hint_main

    dice = [] if args.dice is None else [f"{args.dice[0]}{args.dice[1]}"]
    result: int = hint_main([args.position, *dice, "--level", args.level])
    return result


def _cmd_rollout(args: argparse.Namespace) -> int:
    from engine.cli.rollout import run

    result: int = run(args)
    return result


def _cmd_review(args: argparse.Namespace) -> int:
    from engine.cli.review import run as review

    result: int = review(args)
    return result


def _cmd_export(args: argparse.Namespace) -> int:
    """A saved game (the page's file, or the engine's save) as a ``.mat`` file."""
    import json

    from engine.errors import SaveError
    from engine.formats.mat import MatFile
    from engine.formats.save import load_match

    try:
        with open(args.save, encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, ValueError) as exc:
        raise SaveError(f"cannot read {args.save}: {exc}") from exc
    inner = raw.get("match") if isinstance(raw, dict) and raw.get("app") else raw
    try:
        text = str(MatFile.from_match(load_match(inner), tuple(args.names)))
    except ValueError as exc:
        raise SaveError(str(exc)) from exc
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description=(
            "Backgammon engine tools. Positions are GNU Backgammon Position IDs "
            "(e.g. 4HPwATDgc/ABMA, the start) or XGIDs, seen from the player on roll."
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True)
    plays = sub.add_parser(
        "plays",
        help="list the legal plays of a roll",
        description=(
            "List every legal play of DICE in POSITION, one per distinct resulting "
            "position, in standard notation, each with the Position ID of the next "
            "turn (the opponent on roll)."
        ),
    )
    plays.add_argument("position", help="gnubg Position ID (or PositionID:MatchID) or XGID")
    plays.add_argument("dice", type=parse_dice, help="the roll, e.g. 31 or 6-6")
    plays.set_defaults(run=_cmd_plays)
    show = sub.add_parser("show", help="draw a position as text")
    show.add_argument("position", help="gnubg Position ID (or PositionID:MatchID) or XGID")
    show.set_defaults(run=_cmd_show)
    hint = sub.add_parser(
        "hint",
        help="rank the plays of a roll with the AI, or give its cube decision",
        description=(
            "Rank every legal play of DICE with the AI's equities, best first; without "
            "DICE (and none in the ID), the cube decision.  PositionID:MatchID and XGID "
            "carry the cube and the match score, and the hint is for that score."
        ),
    )
    hint.add_argument("position", help="gnubg Position ID, PositionID:MatchID or XGID")
    hint.add_argument("dice", type=parse_dice, nargs="?", help="the roll, e.g. 31")
    hint.add_argument(
        "--level", choices=("easy", "medium", "hard"), default="hard", help="whose ranking"
    )
    hint.set_defaults(run=_cmd_hint)
    roll = sub.add_parser(
        "rollout",
        help="roll out the plays of a roll, or the cube decision",
        description=(
            "Monte-Carlo rollout of the best candidate plays of DICE (mean ± standard "
            "error, best first) or, without DICE, of the cube decision (no double, "
            "double-take, double-pass).  Seeded: the same seed gives the same figures."
        ),
    )
    rollout_arguments(roll)
    roll.set_defaults(run=_cmd_rollout)
    review = sub.add_parser(
        "review",
        help="judge every decision of a match file (.mat or .sgf) and rate both players",
        description=(
            "Read a Jellyfish .mat match file (as GNU Backgammon, eXtreme Gammon and "
            "BGBlitz write them) or GNU Backgammon's .sgf, have King Tubby judge every "
            "checker play and cube decision, and print each player's doubtful decisions, "
            "mistakes, blunders and performance rating (PR: 500 x the mean equity lost "
            "per decision), then the flagged decisions."
        ),
    )
    review.add_argument("file", help="the match file: .mat, or GNU Backgammon's .sgf")
    review.add_argument("--player", type=int, choices=(1, 2), help="review one side only")
    review.add_argument("--progress", action="store_true", help="report on stderr as it goes")
    review.set_defaults(run=_cmd_review)
    export = sub.add_parser(
        "export",
        help="write a saved game as a .mat match file",
        description="Write a saved game or match (a file the page exported) as a .mat file.",
    )
    export.add_argument("save", help="the saved game (JSON)")
    export.add_argument("-o", "--output", help="the .mat file to write (default: print it)")
    export.add_argument(
        "--names", nargs=2, default=("Player 1", "Player 2"), metavar=("FIRST", "SECOND")
    )
    export.set_defaults(run=_cmd_export)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # Output piped into `head` and cut short: not an error worth a traceback.
        sys.stderr.close()
        return 0
    return result


__all__ = [
    "ROLLOUT_PLAYERS",
    "build_parser",
    "main",
    "parse_dice",
    "parse_id",
    "parse_live_id",
    "parse_position",
    "rollout_arguments",
]
