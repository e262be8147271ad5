"""Making the one-sided bear-off database from the rules, in slices.

:func:`steps` is a generator that does the work a slice at a time: it yields
after every :data:`SLICE` positions and finally returns the file's bytes
uncompressed (:func:`engine.ai.bearoff.uncompressed`), so that a caller can interleave it with
other work.  The AI's web worker runs it in the background between requests
(``web/worker/bearoff.py``): the site does not ship the file, which is 620 kB
of noise to a compressor.  :func:`generate` runs it to the end at once.

The result is the shipped ``engine/ai/data/bearoff.bin``, byte for byte (a
test checks it): every tie between equally good plays is broken as it always
was, by the first one found.  Two things make it about twice as fast as it
was: each position's successors (the boards one die leads to) are found once
for both solves, and the first-off solve visits only the boards with all 15
checkers on (every other one is already done).

Regenerate the shipped file with ``python -m engine.ai.bearoff_build``.
"""

from __future__ import annotations

from array import array
from collections.abc import Generator, Iterator, Sequence

from engine.ai.bearoff import CHECKERS, N_POSITIONS, POINTS, SCALE, StreamWriter, compress, index

SLICE = 64
"""Positions handled between two yields (about 4 ms of CPython, three times that
under Pyodide)."""

Dist = list[float]
Steps = Generator[None, None, bytes]

_ROLLS: list[tuple[int, int, float]] = [
    (a, b, (1 if a == b else 2) / 36.0) for a in range(1, 7) for b in range(1, a + 1)
]


def _boards(points: int, left: int) -> Iterator[tuple[int, ...]]:
    """Every way to put at most ``left`` checkers on ``points`` points."""
    if points == 0:
        yield ()
        return
    for n in range(left + 1):
        for rest in _boards(points - 1, left - n):
            yield (n, *rest)


def _all_positions() -> Generator[None, None, list[tuple[int, ...]]]:
    out: list[tuple[int, ...]] = [()] * N_POSITIONS
    for n, board in enumerate(_boards(POINTS, CHECKERS)):
        out[index(board)] = board
        if n % SLICE == SLICE - 1:
            yield
    return out


def _one_die(pos: tuple[int, ...], d: int) -> set[tuple[int, ...]]:
    """Every result of moving one checker by die d (all checkers home, no opponent)."""
    highest = 0
    for p in range(POINTS, 0, -1):
        if pos[p - 1]:
            highest = p
            break
    if highest == 0:
        return {pos}
    out = set()
    for p in range(1, highest + 1):
        if not pos[p - 1]:
            continue
        nxt = list(pos)
        nxt[p - 1] -= 1
        if p > d:
            nxt[p - d - 1] += 1
        elif p < d and p != highest:
            continue
        out.add(tuple(nxt))
    return out


def _pips(pos: Sequence[int]) -> int:
    return sum((k + 1) * n for k, n in enumerate(pos))


Successors = list[list[list[int]]]
"""``succ[i][d]``: the positions one die ``d`` (1..6) takes position ``i`` to
(``succ[i][0]`` is empty), in the order the rules found them."""


def _successors(positions: list[tuple[int, ...]]) -> Generator[None, None, Successors]:
    succ: Successors = []
    for i, pos in enumerate(positions):
        succ.append([[index(r) for r in _one_die(pos, d)] if d else [] for d in range(7)])
        if i % SLICE == SLICE - 1:
            yield
    return succ


def _solve(
    order: Sequence[int], succ: Successors, todo: Sequence[bool]
) -> Generator[None, None, list[Dist]]:
    """The distribution of rolls until a position that is not ``todo``, playing
    each roll to minimise the mean, for every position in ``order``.

    ``order`` is by pip count (a move lowers it, so each result is solved before
    the positions that reach it) and holds every ``todo`` position.  The others
    are done (no roll needed), so any of them stands for another as the result
    of a move, and each stands for itself.
    """
    mean = [0.0] * N_POSITIONS
    dist: list[Dist] = [[1.0]] * N_POSITIONS
    # best[k][d][i]: the result reached from i by k moves of die d chosen to minimise the mean
    best: list[list[array[int]]] = []
    for _ in range(5):
        best.append([])
        for _ in range(7):
            best[-1].append(array("i", range(N_POSITIONS)))
            yield
    key = mean.__getitem__
    for n, i in enumerate(order):
        if n % SLICE == SLICE - 1:
            yield
        t = succ[i]
        for d in range(1, 7):
            td = t[d]
            best[1][d][i] = min(td, key=key)
            for k in range(2, 5):
                bk = best[k - 1][d]
                best[k][d][i] = min((bk[a] for a in td), key=key)
        if not todo[i]:
            continue
        m = 1.0
        acc: Dist = [0.0]
        for a, b, p in _ROLLS:
            if a == b:
                r = best[4][a][i]
            else:
                r1 = min((best[1][b][x] for x in t[a]), key=key)
                r2 = min((best[1][a][x] for x in t[b]), key=key)
                r = r1 if mean[r1] <= mean[r2] else r2
            m += p * mean[r]
            dr = dist[r]
            if len(acc) < len(dr) + 1:
                acc.extend([0.0] * (len(dr) + 1 - len(acc)))
            for n_rolls, q in enumerate(dr):
                if q:
                    acc[n_rolls + 1] += p * q
        mean[i] = m
        dist[i] = acc
    return dist


def _pack(dist: Dist) -> tuple[int, list[int]]:
    vals = [round(q * SCALE) for q in dist]
    start = 0
    while start < len(vals) and vals[start] == 0:
        start += 1
    end = len(vals)
    while end > start and vals[end - 1] == 0:
        end -= 1
    return start, vals[start:end]


def steps() -> Steps:
    """Make the database a slice at a time: yields between slices, returns it
    uncompressed (:meth:`engine.ai.bearoff.StreamWriter.raw`).

    >>> work = steps()
    >>> next(work) is None  # one slice done, many to go
    True
    """
    positions = yield from _all_positions()
    succ = yield from _successors(positions)
    pips = [_pips(p) for p in positions]
    yield
    order = sorted(range(N_POSITIONS), key=pips.__getitem__)
    yield
    off_all = yield from _solve(order, succ, [sum(p) > 0 for p in positions])
    full = [sum(p) == CHECKERS for p in positions]
    first_off = yield from _solve([i for i in order if full[i]], succ, full)
    streams = StreamWriter()
    for i in range(N_POSITIONS):
        streams.add(2 * i, *_pack(off_all[i]))
        streams.add(2 * i + 1, *_pack(first_off[i]))
        if i % SLICE == SLICE - 1:
            yield
    return streams.raw()


def generate() -> bytes:
    """Make the database at once and return the file's contents (compressed, as shipped)."""
    work = steps()
    while True:
        try:
            next(work)
        except StopIteration as done:
            raw: bytes = done.value
            return compress(raw)


def main() -> None:
    import time
    from pathlib import Path

    t = time.time()
    blob = generate()
    path = Path(__file__).parent / "data" / "bearoff.bin"
    path.write_bytes(blob)
    print(f"wrote {path} ({len(blob)} bytes) in {time.time() - t:.1f} s")


if __name__ == "__main__":
    main()
