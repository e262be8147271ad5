"""Legal-play generation speed: this engine in CPython and in Pyodide, against gnubg's C.

    .venv/bin/python -m bench.movegen                 # default sizes, about a minute
    .venv/bin/python -m bench.movegen --middle 50 --bearoff 20 --rounds 1 --no-pyodide

The positions are fixed by a seed: middle-game positions (contact, some on the
bar) from random self-play games, and bear-off positions drawn directly.  Each
round times, on the same positions and all 21 rolls each, gnubg-nn's C move
generator (``gnubg_nn.moves``), :func:`engine.legal_plays` in this CPython, and
the very same Python timing code (:func:`time_engine`) inside Pyodide in
Node.js (``bench/pyodide_runner.mjs``).  The machine is shared and noisy, so
the rounds are interleaved and the medians, above all the median *ratios* to
gnubg measured within a round, are what to read.

This module must import only the standard library and ``engine`` at the top:
Pyodide imports it too.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script, not with -m
    sys.path.insert(0, str(ROOT))

from engine import Position, legal_plays  # noqa: E402

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]
IMPLEMENTATIONS = ("gnubg C", "CPython", "Pyodide")


# -- positions ----------------------------------------------------------------


def middle_game(rng: random.Random, n: int) -> list[Position]:
    """Distinct contact positions from random self-play games, past the opening."""
    out: dict[Position, None] = {}
    while len(out) < n:
        pos = Position.start()
        for turn in range(1000):
            if turn >= 6 and not pos.is_race():
                out[pos] = None
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            pos = rng.choice(plays).result if plays else pos.swap()
            if pos.winner() is not None or pos.is_race() or len(out) >= n:
                break
    return list(out)[:n]


def bear_off(rng: random.Random, n: int) -> list[Position]:
    """Distinct race positions with the side on roll bearing off (2 to 15 checkers left)."""
    out: dict[Position, None] = {}
    while len(out) < n:
        me = [0] * 26
        opp = [0] * 26
        for _ in range(rng.randint(2, 15)):
            me[rng.randint(1, 6)] += 1
        for _ in range(rng.randint(2, 15)):
            opp[rng.randint(1, 12)] += 1
        me[0] = 15 - sum(me)
        opp[0] = 15 - sum(opp)
        out[Position(me, opp)] = None
    return list(out)


def position_sets(seed: int, middle: int, bearoff: int) -> dict[str, list[str]]:
    """The benchmark's positions as Position IDs, by kind."""
    rng = random.Random(seed)
    return {
        "middle game": [p.id for p in middle_game(rng, middle)],
        "bear-off": [p.id for p in bear_off(rng, bearoff)],
    }


# -- timing -------------------------------------------------------------------


def time_engine(ids: list[str]) -> tuple[float, int]:
    """Seconds to generate every legal play of all 21 rolls of each position, and the count.

    This exact function also runs under Pyodide.
    """
    positions = [Position.from_id(i) for i in ids]
    count = 0
    start = time.perf_counter()
    for pos in positions:
        for dice in ROLLS:
            count += len(legal_plays(pos, dice))
    return time.perf_counter() - start, count


def time_gnubg(ids: list[str], repeat: int) -> tuple[float, int]:
    """The same for gnubg-nn's C generator; ``repeat`` passes, per pass seconds.

    gnubg is so fast that one pass is too short to time on a busy machine.
    """
    import gnubg_nn

    boards = [[list(p.opp[1:]), list(p.me[1:])] for p in map(Position.from_id, ids)]
    count = 0
    start = time.perf_counter()
    for _ in range(repeat):
        count = 0
        for board in boards:
            for d1, d2 in ROLLS:
                count += len(gnubg_nn.moves(board, d1, d2))
    return (time.perf_counter() - start) / repeat, count


class Pyodide:
    """``bench/pyodide_runner.mjs`` kept running, timing one set per request."""

    def __init__(self, sets: dict[str, list[str]]) -> None:
        self._file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)  # noqa: SIM115
        json.dump(sets, self._file)
        self._file.close()
        self._proc = subprocess.Popen(
            ["node", str(ROOT / "bench" / "pyodide_runner.mjs"), self._file.name],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = self._read()["python"]

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise RuntimeError(f"pyodide_runner.mjs stopped (exit {self._proc.wait()})")
            if line.startswith("@@ "):
                reply: dict[str, Any] = json.loads(line[3:])
                return reply

    def time(self, kind: str) -> tuple[float, int]:
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(kind) + "\n")
        self._proc.stdin.flush()
        reply = self._read()
        return reply["seconds"], reply["count"]

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=60)
        Path(self._file.name).unlink(missing_ok=True)


def run(
    sets: dict[str, list[str]], rounds: int, pyodide: bool, gnubg_repeat: int, out: Any
) -> dict[str, dict[str, dict[str, float]]]:
    """Time every implementation on every set, ``rounds`` times interleaved.

    Returns, per set and implementation: median µs per (position, roll), and
    the median of the per-round ratios to gnubg.
    """
    runner = Pyodide(sets) if pyodide else None
    impls = [i for i in IMPLEMENTATIONS if runner or i != "Pyodide"]
    times: dict[str, dict[str, list[float]]] = {k: {i: [] for i in impls} for k in sets}
    try:
        if runner:
            print(f"Pyodide: Python {runner.version}", file=out)
        for r in range(rounds):
            for kind, ids in sets.items():
                measured: dict[str, tuple[float, int]] = {}
                measured["gnubg C"] = time_gnubg(ids, gnubg_repeat)
                measured["CPython"] = time_engine(ids)
                if runner:
                    measured["Pyodide"] = runner.time(kind)
                counts = {i: c for i, (_, c) in measured.items()}
                if len(set(counts.values())) != 1:
                    raise AssertionError(f"{kind}: different numbers of plays {counts}")
                for impl, (seconds, _) in measured.items():
                    times[kind][impl].append(seconds)
                summary = "  ".join(f"{i} {1e3 * s:.0f} ms" for i, (s, _) in measured.items())
                print(f"round {r + 1}/{rounds} {kind}: {summary}", file=out)
    finally:
        if runner:
            runner.close()

    table: dict[str, dict[str, dict[str, float]]] = {}
    for kind, ids in sets.items():
        calls = len(ids) * len(ROLLS)
        base = times[kind]["gnubg C"]
        table[kind] = {}
        for impl in impls:
            ts = times[kind][impl]
            table[kind][impl] = {
                "us_per_call": 1e6 * statistics.median(ts) / calls,
                "calls_per_s": calls / statistics.median(ts),
                "ratio": statistics.median(t / b for t, b in zip(ts, base, strict=True)),
            }
    return table


def format_table(table: dict[str, dict[str, dict[str, float]]], sizes: dict[str, int]) -> str:
    lines = [
        f"{'positions':<18}{'implementation':<16}{'µs/(pos, roll)':>16}"
        f"{'(pos, roll)/s':>16}{'× gnubg C':>12}"
    ]
    lines.append("-" * len(lines[0]))
    for kind, rows in table.items():
        label = f"{kind} ({sizes[kind]})"
        for impl, row in rows.items():
            lines.append(
                f"{label:<18}{impl:<16}{row['us_per_call']:>16.1f}"
                f"{row['calls_per_s']:>16,.0f}{row['ratio']:>11.1f}×"
            )
            label = ""
    return "\n".join(lines)


def main(argv: list[str] | None = None, out: Any = None) -> dict[str, dict[str, dict[str, float]]]:
    out = out or sys.stdout
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--middle", type=int, default=300, help="middle-game positions")
    ap.add_argument("--bearoff", type=int, default=150, help="bear-off positions")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--gnubg-repeat", type=int, default=10, help="gnubg passes per timing")
    ap.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide timings")
    ap.add_argument("--json", type=Path, help="also write the table here")
    args = ap.parse_args(argv)

    sets = position_sets(args.seed, args.middle, args.bearoff)
    sizes = {k: len(v) for k, v in sets.items()}
    print(
        f"Legal plays of all 21 rolls; positions from seed {args.seed}: "
        + ", ".join(f"{n} {k}" for k, n in sizes.items())
        + f"; CPython {sys.version.split()[0]}; {args.rounds} rounds, medians",
        file=out,
    )
    table = run(sets, args.rounds, not args.no_pyodide, args.gnubg_repeat, out)
    print(file=out)
    print(format_table(table, sizes), file=out)
    if args.json:
        args.json.write_text(json.dumps(table, indent=2))
    return table


if __name__ == "__main__":
    main()
