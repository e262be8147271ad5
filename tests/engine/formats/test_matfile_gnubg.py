"""GNU Backgammon reads our ``.mat`` files as we mean them: it imports a match
we exported and writes it back with the same moves, cube actions and results.

gnubg (the ``gnubg`` PyPI package) is the referee only; the engine never imports it.
"""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import pytest
from test_matfile import random_match

from engine.formats.mat import MatFile
from engine.match import Match, replay_events
from engine.record import Beavered, Doubled, Dropped, Played, ResignOffered, Roll, Took

gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
gnubg_mat = pytest.importorskip("bench.gnubg_mat")


def _summary(mat: MatFile) -> list[object]:
    """What gnubg keeps of a match: each game's plays, cube actions and result
    (it reorders the moves of a play, and keeps no tie or rejected resignation)."""
    out: list[object] = []
    for game in mat.record.games:
        kept = [
            (e.kind, e.player, getattr(e, "notation", getattr(e, "dice", None)))
            for e in game.events
            if isinstance(e, Played | Doubled | Beavered | Took | Dropped)
        ]
        result = game.result
        out.append((game.score, kept, result and (result.winner, result.points)))
    return out


def _resigns_after_a_forced_roll(m: Match) -> bool:
    steps = replay_events(m.record)
    return any(
        isinstance(a.event, Roll)
        and isinstance(b.event, ResignOffered)
        and len(a.after.legal_plays) == 1
        for a, b in itertools.pairwise(steps)
    )


@pytest.mark.parametrize("seed", range(3))
# No beavers: gnubg's importer loses the first move of the game after a dropped
# beaver (its "beaver pending" flag outlives the game), whoever wrote the file.
@pytest.mark.parametrize(("length", "rules"), [(3, {}), (5, {}), (7, {}), (0, {})])
def test_gnubg_reads_our_file_as_we_wrote_it(
    seed: int, length: int, rules: dict[str, object]
) -> None:
    m = random_match(seed, length, **rules)
    if _resigns_after_a_forced_roll(m):
        pytest.skip("gnubg reads a roll written without its play as the play when it is forced")
    ours = MatFile.from_match(m, ("Ann", "Ben"))
    gnubg_mat.quiet("set jacoby off", "set beavers 0")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ours.mat"
        path.write_text(str(ours))
        gnubg_mat.quiet(f"import mat {path}")
    theirs = MatFile.parse(gnubg_mat.export_mat())
    assert theirs.names == ours.names
    assert _summary(theirs) == _summary(ours)
