"""Command-line hint: ``python -m engine hint POSITION_ID 31`` (wired by engine/__main__.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.ai.cube import cube_decision
from engine.ai.player import LEVELS, rank_plays
from engine.errors import EngineError
from engine.position import Position


def format_hint(position: Position, dice: tuple[int, int], level: str = "hard") -> str:
    """The ranked plays as text, one per line, best first."""
    lines = []
    for i, r in enumerate(rank_plays(position, dice, level), start=1):
        w, wg, wbg, lg, lbg = r.probs
        play = str(r.play) or "(no legal play)"
        loss = f"({-r.loss:+.3f})" if i > 1 else ""
        lines.append(
            f"{i:3d}. {r.ply}-ply {play:<28} eq {r.equity:+.3f} {loss:>9}   "
            f"win {w:.3f} g {wg:.3f} bg {wbg:.3f}  lose g {lg:.3f} bg {lbg:.3f}"
        )
    return "\n".join(lines)


def format_cube_hint(position: Position) -> str:
    d = cube_decision(position)
    return (
        f"cube (money, centred): {d.action}\n"
        f"  no double     {d.no_double:+.3f}\n"
        f"  double, take  {d.double_take:+.3f}\n"
        f"  double, pass  {d.double_pass:+.3f}"
    )


def _parse_position(text: str) -> Position:
    """A gnubg Position ID, or an XGID (whose side to act is on roll)."""
    if text.upper().startswith("XGID=") or ":" in text:
        from engine.xgid import Xgid

        return Xgid.parse(text).position
    return Position.from_id(text)


def _parse_dice(text: str) -> tuple[int, int]:
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2:
        raise argparse.ArgumentTypeError(f"dice must be two digits like 31, got {text!r}")
    return int(digits[0]), int(digits[1])


def hint_main(argv: Sequence[str] | None = None) -> int:
    """``hint POSITION_ID DICE [--level easy|medium|hard]``: print the ranked plays."""
    ap = argparse.ArgumentParser(prog="python -m engine hint", description=hint_main.__doc__)
    ap.add_argument("position_id", help="gnubg Position ID or XGID")
    ap.add_argument("dice", type=_parse_dice, nargs="?", help="e.g. 31; omit for a cube hint")
    ap.add_argument("--level", choices=sorted(LEVELS), default="hard")
    args = ap.parse_args(argv)
    try:
        position = _parse_position(args.position_id)
        if args.dice is None:
            print(format_cube_hint(position))
        else:
            print(format_hint(position, args.dice, args.level))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(hint_main())
