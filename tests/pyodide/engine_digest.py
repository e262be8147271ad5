"""Run under both CPython and Pyodide: doctests of the engine, plus a digest of
the legal plays of many positions, so the two interpreters can be compared."""

from __future__ import annotations

import doctest
import hashlib
import importlib
import pkgutil
import random

import engine
from engine import Position, legal_plays

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def run_doctests() -> tuple[int, int]:
    failed = attempted = 0
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        if info.name.startswith("engine.ai") or info.name == "engine.__main__":
            continue  # the AI has its own checks; __main__ exits on import
        module = importlib.import_module(info.name)
        result = doctest.testmod(module)
        failed += result.failed
        attempted += result.attempted
    return failed, attempted


def digest(n_positions: int = 300, seed: int = 7) -> str:
    rng = random.Random(seed)
    h = hashlib.sha256()
    pos = Position.start()
    for _ in range(n_positions):
        for dice in ROLLS:
            ids = sorted(f"{p} {p.result.id}" for p in legal_plays(pos, dice))
            h.update("|".join(ids).encode())
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        pos = plays[rng.randrange(len(plays))].result if plays else pos.swap()
        if pos.winner() is not None:
            pos = Position.start()
    return h.hexdigest()


def main() -> str:
    failed, attempted = run_doctests()
    return f"doctests {attempted - failed}/{attempted} digest {digest()}"


if __name__ == "__main__":
    print(main())
