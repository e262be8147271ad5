"""Legal plays: every distinct way the side on roll can play a roll.

The search follows GNU Backgammon's: try each die order (one order for
doubles, where a checker may only be picked from a point no higher than the
previous one, so permutations of the same moves are not searched twice),
and keep only the plays that use the most dice, and among those the most
pips.  "Most pips" is what makes the higher die compulsory when only one of
the two can be played.  Plays are deduplicated by the position they reach.

A :class:`Play` is written in :mod:`engine.notation`; :func:`parse_play` reads
one back, matching the checker paths typed against the legal plays of the roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.errors import AmbiguousPlayError, IllegalPlayError, InvalidDiceError
from engine.notation import covers, format_dice, format_moves, parse_paths
from engine.position import BAR, OFF, Move, Position


@dataclass(frozen=True, slots=True)
class Play:
    """A complete play of one roll.

    ``moves`` are the single-die moves in an order that can be replayed;
    ``hits`` says which of them hit a blot; ``result`` is the position after
    the play, seen from the opponent, who is now on roll.
    """

    moves: tuple[Move, ...]
    result: Position
    hits: tuple[bool, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return format_play(self)


def format_play(play: Play) -> str:
    """Notation of a play (``''`` for no move)."""
    return format_moves(play.moves, play.hits)


def check_dice(dice: tuple[int, int]) -> tuple[int, int]:
    """Validate a roll and return it higher die first."""
    try:
        d1, d2 = dice
    except (TypeError, ValueError) as exc:
        raise InvalidDiceError(f"dice must be a pair, got {dice!r}") from exc
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise InvalidDiceError(f"dice must be 1..6, got {dice!r}")
    return (d1, d2) if d1 >= d2 else (d2, d1)


def legal_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """All legal plays of ``dice``, one per distinct resulting position.

    An empty list means the roll cannot be played at all.

    >>> start = Position.start()
    >>> len(legal_plays(start, (3, 1)))
    16
    >>> legal_plays(start, (6, 6))[0].moves
    ((24, 18), (24, 18), (13, 7), (13, 7))
    """
    return list(iter_legal_plays(position, dice))


def iter_legal_plays(position: Position, dice: tuple[int, int]) -> Iterator[Play]:
    """Generator form of :func:`legal_plays`."""
    d1, d2 = check_dice(dice)
    search = _Search(position)
    if d1 == d2:
        search.run((d1, d1, d1, d1))
    else:
        search.run((d1, d2))
        me = position.me
        if me[BAR] == 0 and sum(me[7:BAR]) >= 2:
            # With no checker on the bar and two or more outside the home board,
            # no move can enable or disable another checker's move, so the
            # lower die first finds only what the higher die first found, except
            # when one checker moves twice.
            search.run_continuations(d2, d1)
        else:
            search.run((d2, d1))
    if search.best_used == 0:
        return
    for (me, opp), (moves, hits) in search.found.items():
        yield Play(moves, Position._trusted(opp, me), hits)


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
        raise IllegalPlayError(
            f"{text!r}: the roll {format_dice(dice)} cannot be played",
            code="roll_unplayable",
            dice=format_dice(dice),
        )
    loose = [p for p in plays if covers(typed, p.moves, p.hits, strict=False)]
    if len(loose) == 1:
        return loose[0]
    if not loose:
        raise IllegalPlayError(
            f"{text!r} is not a legal play of {format_dice(dice)}",
            code="not_legal",
            dice=format_dice(dice),
        )
    strict = [p for p in loose if covers(typed, p.moves, p.hits, strict=True)]
    if len(strict) == 1:
        return strict[0]
    options = " or ".join(sorted(str(p) for p in loose))
    raise AmbiguousPlayError(f"{text!r} is ambiguous: {options}", code="ambiguous", options=options)


_Key = tuple[tuple[int, ...], tuple[int, ...]]


class _Search:
    """Depth-first search over single-die moves on a mutable copy of the board."""

    __slots__ = ("me", "opp", "opp0", "high", "found", "best_used", "best_pips", "moves", "hits")

    def __init__(self, position: Position) -> None:
        self.me = list(position.me)
        self.opp = list(position.opp)
        self.opp0 = position.opp
        # Checkers only move down, so no source is ever above the highest one
        # now (a checker entering from the bar lands on 19..24).
        me = self.me
        high = 24
        if not me[BAR]:
            while high > 0 and not me[high]:
                high -= 1
        self.high = high
        self.found: dict[_Key, tuple[tuple[Move, ...], tuple[bool, ...]]] = {}
        self.best_used = 0
        self.best_pips = 0
        self.moves: list[Move] = []
        self.hits: list[bool] = []

    def run(self, dice: tuple[int, ...]) -> None:
        self._step(dice, 0, BAR, 0)

    def run_continuations(self, first: int, second: int) -> None:
        """Each single move by ``first``, followed only by the same checker by ``second``."""
        me, opp, moves, hits = self.me, self.opp, self.moves, self.hits
        for src in range(24, first, -1):
            if not me[src]:
                continue
            dest = src - first
            there = 25 - dest
            if opp[there] >= 2:
                continue
            hit = opp[there] == 1
            me[src] -= 1
            me[dest] += 1
            if hit:
                opp[there] = 0
                opp[BAR] += 1
            moves.append((src, dest))
            hits.append(hit)
            end = dest - second
            if end > 0 and opp[25 - end] < 2:
                hit2 = opp[25 - end] == 1
                me[dest] -= 1
                me[end] += 1
                if hit2:
                    opp[25 - end] = 0
                    opp[BAR] += 1
                moves.append((dest, end))
                hits.append(hit2)
                self._record(2, first + second)
                moves.pop()
                hits.pop()
                me[dest] += 1
                me[end] -= 1
                if hit2:
                    opp[25 - end] = 1
                    opp[BAR] -= 1
            else:
                self._record(1, first)
            moves.pop()
            hits.pop()
            me[src] += 1
            me[dest] -= 1
            if hit:
                opp[there] = 1
                opp[BAR] -= 1

    def _record(self, used: int, pips: int) -> None:
        if used != self.best_used or pips != self.best_pips:
            if used < self.best_used or (used == self.best_used and pips < self.best_pips):
                return
            self.found.clear()
            self.best_used = used
            self.best_pips = pips
        opp = self.opp
        key = (tuple(self.me), self.opp0 if opp[BAR] == self.opp0[BAR] else tuple(opp))
        if key not in self.found:
            self.found[key] = (tuple(self.moves), tuple(self.hits))

    def _step(self, dice: tuple[int, ...], depth: int, top: int, pips: int) -> None:
        # Hot path: moves are applied and undone in place, without helper calls.
        me, opp, moves, hits = self.me, self.opp, self.moves, self.hits
        d = dice[depth]
        nxt = depth + 1
        last = nxt == len(dice)
        doubles = len(dice) == 4
        moved = False
        if me[BAR]:
            # A checker on the bar enters on the opponent's home board: my
            # point 25 - d is the opponent's point d.
            if opp[d] < 2:
                dest = 25 - d
                hit = opp[d] == 1
                me[BAR] -= 1
                me[dest] += 1
                if hit:
                    opp[d] = 0
                    opp[BAR] += 1
                moves.append((BAR, dest))
                hits.append(hit)
                if last:
                    self._record(nxt, pips + d)
                else:
                    self._step(dice, nxt, BAR, pips + d)
                moves.pop()
                hits.pop()
                me[BAR] += 1
                me[dest] -= 1
                if hit:
                    opp[d] = 1
                    opp[BAR] -= 1
                moved = True
        else:
            highest = -1  # found lazily: only bear-offs need it
            for src in range(top if top < BAR else self.high, 0, -1):
                if me[src]:
                    dest = src - d
                    if dest > 0:
                        there = 25 - dest
                        if opp[there] < 2:
                            hit = opp[there] == 1
                            me[src] -= 1
                            me[dest] += 1
                            if hit:
                                opp[there] = 0
                                opp[BAR] += 1
                            moves.append((src, dest))
                            hits.append(hit)
                            if last:
                                self._record(nxt, pips + d)
                            else:
                                self._step(dice, nxt, src if doubles else BAR, pips + d)
                            moves.pop()
                            hits.pop()
                            me[src] += 1
                            me[dest] -= 1
                            if hit:
                                opp[there] = 1
                                opp[BAR] -= 1
                            moved = True
                    else:
                        if highest < 0:
                            highest = self.high
                            while not me[highest]:
                                highest -= 1
                        if highest > 6:
                            break  # not all home: no bear-off, and lower points all need one
                        if dest == 0 or src == highest:
                            me[src] -= 1
                            me[OFF] += 1
                            moves.append((src, OFF))
                            hits.append(False)
                            if last:
                                self._record(nxt, pips + d)
                            else:
                                self._step(dice, nxt, src if doubles else BAR, pips + d)
                            moves.pop()
                            hits.pop()
                            me[src] += 1
                            me[OFF] -= 1
                            moved = True
        if not moved:
            self._record(depth, pips)
