"""Deterministic random positions for the tests: self-play, bear-offs, bar, scatter.

Every generator takes a :class:`random.Random`, so a fixed seed gives the same
positions on every run and every machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Position, legal_plays

BAR = 25
ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


def roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def self_play(rng: random.Random, max_turns: int = 10_000) -> Iterator[Position]:
    """The positions of one game of random legal plays, each seen by the side on roll."""
    pos = Position.start()
    for _ in range(max_turns):
        yield pos
        plays = legal_plays(pos, roll(rng))
        pos = rng.choice(plays).result if plays else pos.swap()
        if pos.winner() is not None:
            return


def endless_self_play(rng: random.Random) -> Iterator[Position]:
    """Positions of one random game after another, for ever."""
    while True:
        yield from self_play(rng)


def self_play_positions(rng: random.Random, n: int) -> list[Position]:
    """``n`` positions from as many random games as it takes."""
    out: list[Position] = []
    while len(out) < n:
        out.extend(self_play(rng))
    return out[:n]


def positions_with_choice(
    n: int, seed: int, min_plays: int = 2
) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` (position, roll) pairs from random games, each with ``min_plays`` plays or more."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    pos = Position.start()
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if len(plays) >= min_plays:
            out.append((pos, dice))
        pos = rng.choice(plays).result if plays else pos.swap()
        if pos.winner() is not None:
            pos = Position.start()
    return out


def _spread(rng: random.Random, count: int, places: list[int]) -> list[int]:
    """Drop ``count`` checkers one by one onto ``places``; returns the places used."""
    return [rng.choice(places) for _ in range(count)]


def scattered(rng: random.Random) -> Position:
    """Checkers thrown anywhere: any number off, on the bar, or on any free point."""
    me = [0] * 26
    opp = [0] * 26
    for side, other in ((me, opp), (opp, me)):
        on_board = rng.randint(1, 15)
        bar = rng.choice([0, 0, 0, 1, 2, 3])
        bar = min(bar, on_board - 1)
        side[BAR] = bar
        points = list(range(1, 25))
        rng.shuffle(points)
        points = points[: rng.randint(1, 12)]
        for _ in range(on_board - bar):
            free = [p for p in points if not other[25 - p]]
            if not free:
                side[BAR] += 1
                continue
            side[rng.choice(free)] += 1
        side[0] = 15 - sum(side[1:])
    return Position(me, opp)


def bear_off(rng: random.Random, contact: bool) -> Position:
    """Me bearing off (all my checkers home); the opponent racing home too, or still back.

    With ``contact`` some opponent checkers stay in my home board (to be hit or
    to block), and maybe on its bar.
    """
    me = [0] * 26
    opp = [0] * 26
    for _ in range(rng.randint(1, 15)):
        me[rng.randint(1, 6)] += 1
    me[0] = 15 - sum(me)
    if contact:
        for _ in range(rng.randint(1, 6)):
            free = [q for q in range(19, 25) if not me[25 - q]]
            if free:
                opp[rng.choice(free)] += 1
        opp[BAR] = rng.choice([0, 0, 1, 2])
        for _ in range(rng.randint(0, 15 - sum(opp))):
            opp[rng.randint(1, 18)] += 1
    else:
        for _ in range(rng.randint(1, 15)):
            opp[rng.randint(1, 6)] += 1
    opp[0] = 15 - sum(opp[1:])
    return Position(me, opp)


def with_bar(rng: random.Random, pos: Position) -> Position:
    """``pos`` with 1 to 4 of my checkers knocked to the bar (and maybe some of theirs)."""
    me = list(pos.me)
    opp = list(pos.opp)
    for side, most in ((me, rng.randint(1, 4)), (opp, rng.choice([0, 0, 1, 2]))):
        for _ in range(most):
            points = [p for p in range(1, 25) if side[p]]
            if not points:
                break
            p = rng.choice(points)
            side[p] -= 1
            side[BAR] += 1
    return Position(me, opp)


def strong_board(rng: random.Random) -> Position:
    """Me on the bar against a board of 3 to 6 points, with the rest anywhere."""
    me = [0] * 26
    opp = [0] * 26
    home = rng.sample(range(1, 7), rng.randint(3, 6))
    for q in home:
        opp[q] = 2
    for _ in range(15 - sum(opp)):
        opp[rng.randint(1, 24)] += 1
    me[BAR] = rng.randint(1, 3)
    free = [p for p in range(1, 25) if not opp[25 - p]]
    for _ in range(15 - me[BAR]):
        me[rng.choice(free)] += 1
    return Position(me, opp)


def mixed_positions(rng: random.Random, n: int) -> list[Position]:
    """``n`` distinct positions: about half self-play, and a good share each of
    bear-offs (with and without contact), checkers on the bar, and scatter."""
    seen: set[Position] = set()
    out: list[Position] = []

    def add(pos: Position) -> None:
        if pos not in seen:
            seen.add(pos)
            out.append(pos)

    games = endless_self_play(rng)
    while len(out) < n:
        kind = len(out) % 10
        if kind < 5:
            add(next(games))
        elif kind == 5:
            add(bear_off(rng, contact=False))
        elif kind == 6:
            add(bear_off(rng, contact=True))
        elif kind == 7:
            add(with_bar(rng, next(games)))
        elif kind == 8:
            add(strong_board(rng))
        else:
            add(scattered(rng))
    return out
