"""Standard move notation both ways: ``24/18 13/11*``, ``bar/22``, ``6/off``, ``8/5(2)``.

Formatting is GNU Backgammon's, character for character: moves of one
checker are joined into one path (``24/13``, or ``24/18*/13`` when it hit on
the way), identical paths are counted (``8/5(2)``, and ``7/3*(2)`` when one of
the two hit), and paths are listed from the highest starting point.  Rolls are
written the higher die first (``42``), as gnubg writes them.  Every place that
shows a play or a roll (the record, the score sheet, the review, hints, the
command line) writes it with :func:`format_moves` and :func:`format_dice`.

Parsing is two steps, as in python-chess: the text is first parsed into
checker paths here (a :class:`NotationError` if it is not notation at all),
then matched against the legal plays of the roll by
:func:`engine.movegen.parse_play` (an :class:`IllegalPlayError` if none fits,
an :class:`AmbiguousPlayError` if several do), as python-chess's board reads
a move in SAN.  This module knows moves, not plays: a :class:`~engine.movegen.Play`
is written with :func:`format_moves`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import NotationError, quoted
from engine.position import BAR, OFF, Move


def point_name(point: int) -> str:
    """``25`` is ``bar``, ``0`` is ``off``, others are their number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def format_dice(dice: tuple[int, int]) -> str:
    """A roll as GNU Backgammon writes it, the higher die first, whatever the order thrown.

    >>> format_dice((2, 4)), format_dice((6, 6))
    ('42', '66')
    """
    return f"{max(dice)}{min(dice)}"


def _checker_paths(moves: Sequence[Move], hit_points: set[int]) -> list[tuple[int, ...]]:
    """Single-die moves joined into checker paths, GNU Backgammon's way.

    The moves are taken from the highest start down (then the highest
    destination); each takes over, in that order, every later move that starts
    where it has got to.  A point passed on the way is kept only if a blot was
    hit there.  (This is why gnubg writes ``8/6 8/7`` for 8/7 8/7 7/6: the
    first checker off the 8 point is the one that goes on.)
    """
    order = sorted(moves, key=lambda m: (-m[0], -m[1]))
    taken = [False] * len(order)
    paths: list[tuple[int, ...]] = []
    for i, (src, dest) in enumerate(order):
        if taken[i]:
            continue
        points = [src, dest]
        for j in range(i + 1, len(order)):
            if not taken[j] and order[j][0] == points[-1]:
                taken[j] = True
                if points[-1] in hit_points:
                    points.append(order[j][1])
                else:
                    points[-1] = order[j][1]
        paths.append(tuple(points))
    return paths


def format_moves(moves: Sequence[Move], hits: Sequence[bool] = ()) -> str:
    """Notation for a list of single-die moves, exactly as GNU Backgammon writes it.

    Moves of one checker are joined into one path, written through the points
    where it hit (``24/18*/13``); identical paths are written once and counted
    (``8/5(2)``); paths come from the highest starting point down; and a point
    where a blot was hit is marked ``*`` once, on the first path that reaches it
    (``6/5*(2)``: two checkers to the 5 point, one of them hitting).

    >>> format_moves([(8, 5), (6, 5)])
    '8/5 6/5'
    >>> format_moves([(24, 18), (18, 13)], [True, False])
    '24/18*/13'
    >>> format_moves([(8, 5), (8, 5), (6, 3), (6, 3)])
    '8/5(2) 6/3(2)'
    >>> format_moves([(7, 3), (7, 3)], [True, False])
    '7/3*(2)'
    """
    if not moves:
        return ""
    hit_points = {dest for (_, dest), hit in zip(moves, hits, strict=False) if hit}
    paths: list[tuple[int, ...]] = []  # distinct paths, in the order first written
    counts: list[int] = []
    for path in _checker_paths(moves, hit_points):
        if path in paths:
            counts[paths.index(path)] += 1
        else:
            paths.append(path)
            counts.append(1)
    marked: set[int] = set()
    out: list[str] = []
    for path, count in zip(paths, counts, strict=True):
        text = point_name(path[0])
        for waypoint in path[1:-1]:  # kept only where it hit
            text += f"/{point_name(waypoint)}*"
            marked.add(waypoint)
        end = path[-1]
        text += f"/{point_name(end)}"
        if end in hit_points and end not in marked:
            text += "*"
            marked.add(end)
        out.append(text if count == 1 else f"{text}({count})")
    return " ".join(out)


# -- parsing ------------------------------------------------------------------

MAX_NOTATION_LENGTH = 64
"""The longest text :func:`parse_play` reads.  A legal play is short: four
single-die moves at most, and even spelled out one by one with commas and
every hit marked (``bar/22*, 22/18*, 18/14*, 14/10*``) it takes 31
characters; 64 leaves room for stray spaces.  Longer text is refused before
any work is done on it (the move box in ``public/index.html`` has the same
``maxlength``)."""

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
        raise NotationError(f"expected text, got {quoted(text)}", code="not_text")
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            f"a play is written in at most {MAX_NOTATION_LENGTH} characters, "
            f"not {len(text)}: {quoted(text, 24)}",
            code="play_too_long",
            limit=MAX_NOTATION_LENGTH,
        )
    paths: list[TypedPath] = []
    tokens = text.strip().lower().replace(",", " ").split()
    if not tokens:
        raise NotationError("empty move", code="empty_play")
    for token in tokens:
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read {token!r}", code="unreadable", token=token)
        parts = m.group("path").split("/")
        if len(parts) < 2:
            raise NotationError(
                f"{token!r}: a move needs a start and an end, like 13/7",
                code="start_and_end",
                token=token,
            )
        points: list[int] = []
        hits: list[bool] = []
        for i, part in enumerate(parts):
            pm = _POINT.match(part)
            if not pm:
                raise NotationError(
                    f"{token!r}: {part!r} is not a point",
                    code="not_a_point",
                    token=token,
                    part=part,
                )
            name = pm.group("p")
            if name in ("bar", "b"):
                p = BAR
            elif name in ("off", "o"):
                p = OFF
            else:
                p = int(name)
                if not 1 <= p <= 25:
                    raise NotationError(
                        f"{token!r}: no point {p}", code="no_point", token=token, point=p
                    )
            if i == 0 and pm.group("hit"):
                raise NotationError(
                    f"{token!r}: a move cannot hit where it starts",
                    code="hit_at_start",
                    token=token,
                )
            if i > 0:
                hits.append(bool(pm.group("hit")))
            points.append(p)
        for a, b in itertools.pairwise(points):
            if b >= a:
                raise NotationError(
                    f"{token!r}: checkers move down from {point_name(a)}",
                    code="moves_down",
                    token=token,
                    point=point_name(a),
                )
            if a == OFF:
                raise NotationError(
                    f"{token!r}: nothing moves on after bearing off", code="after_off", token=token
                )
        count = int(m.group("count") or 1)
        path = TypedPath(tuple(points), tuple(hits))
        paths.append(path)
        if count > 1:
            # gnubg writes "8/3*(2)" for two checkers of which only the first
            # hits: a point can be hit once, so the copies carry no "*".
            plain = TypedPath(path.points, (False,) * len(hits))
            paths.extend([plain] * (count - 1))
    return paths


def covers(
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


def describes(text: str, moves: Sequence[Move], hits: Sequence[bool]) -> bool:
    """Whether ``text`` names exactly the play of these single-die moves, in any
    style :func:`parse_play` reads (hits marked as they happened).

    >>> describes("8/3* 8/3", [(8, 3), (8, 3)], [True, False])
    True
    >>> describes("8/3*(2)", [(8, 3), (8, 3)], [False, True])
    True
    >>> describes("8/3(2)", [(8, 3), (8, 3)], [True, False])
    False
    """
    try:
        typed = parse_paths(text)
    except NotationError:
        return False
    return len(hits) == len(moves) and covers(typed, moves, hits, strict=True)
