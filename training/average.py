"""Average several weight files of one training run into one net (stochastic weight averaging).

At a small constant learning rate TD self-play wanders around a good net: snapshots a
few tens of thousands of games apart differ by about 0.3 mp/move of 0-ply error, which
is noise, not progress.  The mean of such snapshots sits nearer the centre of that
wander and is as good as the best of them, without picking one by its score on the
benchmark positions.

    PYTHONPATH=. .venv/bin/python -m training.average OUT.bin A.bin B.bin ...

The inputs must share a shape and a training run (averaging unrelated nets is
meaningless: their hidden units do not correspond).  The metadata of the last input
is kept, with the averaged snapshots' game counts added; ``OUT.json`` is written
beside ``OUT.bin`` when the last input has a ``.json`` beside it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from training.export import pack_weights, unpack_weights, write_atomic


def average(paths: list[Path], out: Path) -> dict[str, Any]:
    """Write the element-wise mean of the weight files ``paths`` to ``out``; return its metadata."""
    parts = [unpack_weights(p.read_bytes()) for p in paths]
    shape = parts[0][0]
    if any(s != shape for s, _, _ in parts):
        raise ValueError("weight files of different shapes cannot be averaged")
    games = [int(m.get("games", 0)) for _, m, _ in parts]
    meta = {**parts[-1][1], "averaged_games": games}
    mean = np.mean([f.astype(np.float64) for _, _, f in parts], axis=0).astype("<f4")
    write_atomic(out, pack_weights(shape, meta, mean.tobytes()))
    return meta


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("inputs", type=Path, nargs="+")
    args = ap.parse_args()
    meta = average(args.inputs, args.out)
    side = args.inputs[-1].with_suffix(".json")
    if side.exists():
        full = {**json.loads(side.read_text()), "averaged_games": meta["averaged_games"]}
        args.out.with_suffix(".json").write_text(json.dumps(full, indent=1))
    print(f"{args.out}: mean of {len(args.inputs)} nets at {meta['averaged_games']} games")


if __name__ == "__main__":
    main()
