"""Standard move notation both ways: ``24/18 13/11*``, ``bar/22``, ``6/off``, ``8/5(2)``.

Formatting follows GNU Backgammon: moves of one checker are joined into one
path (``24/13``, or ``24/18*/13`` when it hit on the way), identical paths are
counted (``8/5(2)``), and paths are listed from the highest starting point.

Parsing is two steps, as in python-chess: the text is first parsed into
checker paths (a :class:`NotationError` if it is not notation at all), then
matched against the legal plays of the roll (an :class:`IllegalPlayError` if
none fits, an :class:`AmbiguousPlayError` if several do).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import AmbiguousPlayError, IllegalPlayError, NotationError
from engine.movegen import Move, Play, legal_plays
from engine.position import BAR, OFF, Position


def point_name(point: int) -> str:
    """``25`` is ``bar``, ``0`` is ``off``, others are their number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


@dataclass(frozen=True, slots=True)
class Path:
    """One checker's journey in a play: the points it touched, and where it hit."""

    points: tuple[int, ...]
    hits: tuple[bool, ...]  # hits[i] is True if it hit on landing at points[i + 1]

    def text(self) -> str:
        parts = [point_name(self.points[0])]
        last = len(self.points) - 1
        for i, p in enumerate(self.points[1:], start=1):
            hit = self.hits[i - 1]
            if i < last and not hit:
                continue  # a plain waypoint is not written
            parts.append(point_name(p) + ("*" if hit else ""))
        return "/".join(parts)


def play_paths(moves: Sequence[Move], hits: Sequence[bool]) -> list[Path]:
    """Join single-die moves into checker paths, highest start first."""
    order = sorted(range(len(moves)), key=lambda i: (-moves[i][0], -moves[i][1]))
    chains: list[tuple[list[int], list[bool]]] = []
    for i in order:
        src, dest = moves[i]
        hit = bool(hits[i]) if i < len(hits) else False
        for pts, hs in chains:
            if pts[-1] == src and src != OFF:
                pts.append(dest)
                hs.append(hit)
                break
        else:
            chains.append(([src, dest], [hit]))
    paths = [Path(tuple(p), tuple(h)) for p, h in chains]
    paths.sort(key=lambda p: (-p.points[0], -p.points[-1]))
    return paths


def format_moves(moves: Sequence[Move], hits: Sequence[bool] = ()) -> str:
    """Notation for a list of single-die moves.

    >>> format_moves([(8, 5), (6, 5)])
    '8/5 6/5'
    >>> format_moves([(24, 18), (18, 13)], [True, False])
    '24/18*/13'
    >>> format_moves([(8, 5), (8, 5), (6, 3), (6, 3)])
    '8/5(2) 6/3(2)'
    """
    if not moves:
        return ""
    hits = list(hits) + [False] * (len(moves) - len(hits))
    counts = Counter(p.text() for p in play_paths(moves, hits))
    seen: list[str] = []
    for path in play_paths(moves, hits):
        text = path.text()
        if text not in seen:
            seen.append(text)
    return " ".join(t if counts[t] == 1 else f"{t}({counts[t]})" for t in seen)


def format_play(play: Play) -> str:
    """Notation of a play (``''`` for no move)."""
    return format_moves(play.moves, play.hits)


# -- parsing ------------------------------------------------------------------

_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>[1-4])\))?$")
_POINT = re.compile(r"^(?P<p>bar|off|b|o|\d{1,2})(?P<hit>\*?)$")


@dataclass(frozen=True, slots=True)
class TypedPath:
    """A path as typed: its points and where a ``*`` was written."""

    points: tuple[int, ...]
    hits: tuple[bool, ...]


def parse_paths(text: str) -> list[TypedPath]:
    """Parse notation into checker paths, without looking at any position.

    >>> parse_paths("bar/22* 6/off(2)")[0]
    TypedPath(points=(25, 22), hits=(True,))
    >>> len(parse_paths("bar/22* 6/off(2)"))
    3
    """
    if not isinstance(text, str):
        raise NotationError(f"expected text, got {text!r}")
    paths: list[TypedPath] = []
    tokens = text.strip().lower().replace(",", " ").split()
    if not tokens:
        raise NotationError("empty move")
    for token in tokens:
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read {token!r}")
        parts = m.group("path").split("/")
        if len(parts) < 2:
            raise NotationError(f"{token!r}: a move needs a start and an end, like 13/7")
        points: list[int] = []
        hits: list[bool] = []
        for i, part in enumerate(parts):
            pm = _POINT.match(part)
            if not pm:
                raise NotationError(f"{token!r}: {part!r} is not a point")
            name = pm.group("p")
            if name in ("bar", "b"):
                p = BAR
            elif name in ("off", "o"):
                p = OFF
            else:
                p = int(name)
                if not 1 <= p <= 25:
                    raise NotationError(f"{token!r}: no point {p}")
            if i == 0 and pm.group("hit"):
                raise NotationError(f"{token!r}: a move cannot hit where it starts")
            if i > 0:
                hits.append(bool(pm.group("hit")))
            points.append(p)
        for a, b in itertools.pairwise(points):
            if b >= a:
                raise NotationError(f"{token!r}: checkers move down from {point_name(a)}")
            if a == OFF:
                raise NotationError(f"{token!r}: nothing moves on after bearing off")
        count = int(m.group("count") or 1)
        path = TypedPath(tuple(points), tuple(hits))
        paths.append(path)
        if count > 1:
            # gnubg writes "8/3*(2)" for two checkers of which only the first
            # hits: a point can be hit once, so the copies carry no "*".
            plain = TypedPath(path.points, (False,) * len(hits))
            paths.extend([plain] * (count - 1))
    return paths


def _covers(
    typed: Sequence[TypedPath], moves: Sequence[Move], hits: Sequence[bool], strict: bool
) -> bool:
    """Whether the play's single-die moves split exactly into the typed paths.

    Written waypoints must be visited, and every point marked ``*`` must be
    hit by the play, whichever checker lands there (``8/7* 13/7`` and
    ``13/7* 8/7`` are the same play).  With ``strict``, every hit must also be
    marked: that is what tells ``24/13`` from ``24/18*/13``.
    """
    hit_points = {dest for (_, dest), hit in zip(moves, hits, strict=True) if hit}
    starred = {p.points[i + 1] for p in typed for i, h in enumerate(p.hits) if h}
    if not starred <= hit_points or (strict and not hit_points <= starred):
        return False
    remaining = list(moves)

    def walk(k: int, leg: int, at: int) -> bool:
        path = typed[k]
        if leg == len(path.points):
            return cover(k + 1)
        target = path.points[leg]
        for i, (src, dest) in enumerate(remaining):
            if src != at or dest < target:
                continue
            del remaining[i]
            if walk(k, leg + 1 if dest == target else leg, dest):
                return True
            remaining.insert(i, (src, dest))
        return False

    def cover(k: int) -> bool:
        if k == len(typed):
            return not remaining
        return walk(k, 1, typed[k].points[0])

    return cover(0)


def parse_play(position: Position, dice: tuple[int, int], text: str) -> Play:
    """The legal play that ``text`` describes.

    >>> str(parse_play(Position.start(), (3, 1), "8/5 6/5"))
    '8/5 6/5'
    >>> str(parse_play(Position.start(), (6, 5), "24/13"))
    '24/13'
    >>> hit = Position.from_points([0] * 6 + [-1] + [3] + [0] * 4 + [5] + [0] * 11, opp_bar=14)
    >>> str(parse_play(hit, (6, 1), "8/7* 13/7"))
    '13/7* 8/7'
    """
    typed = parse_paths(text)
    plays = legal_plays(position, dice)
    if not plays:
        raise IllegalPlayError(f"{text!r}: the roll {dice[0]}{dice[1]} cannot be played")
    loose = [p for p in plays if _covers(typed, p.moves, p.hits, strict=False)]
    if len(loose) == 1:
        return loose[0]
    if not loose:
        raise IllegalPlayError(f"{text!r} is not a legal play of {dice[0]}{dice[1]}")
    strict = [p for p in loose if _covers(typed, p.moves, p.hits, strict=True)]
    if len(strict) == 1:
        return strict[0]
    options = " or ".join(sorted(str(p) for p in loose))
    raise AmbiguousPlayError(f"{text!r} is ambiguous: {options}")
