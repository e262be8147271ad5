"""bench.gnubg_text: GNU Backgammon's verdicts read from its text export, counted
and charged as its statistics do."""

from __future__ import annotations

import pytest

from bench.gnubg_text import decisions

# Two games as gnubg exports them (one file a game, read one after the other),
# trimmed to the lines the reader looks at.
EXPORT = """The score (after 0 games) is: elza 0, lasse 0 (match to 3 points)
Move number 1:  lasse to play 65
* lasse moves 24/18 18/13
Rolled 65 (+0.100):
*    1. Cubeful 0-ply    24/13                        Eq.: +0.150
Move number 2:  elza to play 21
* elza moves 13/11 6/5
Cube analysis
Cubeful equities:
1. No double           -0.155
2. Double, pass        +1.000  (+1.155)
3. Double, take        -0.672  (-0.517)
Proper cube action: No double, take (30.9%)
Rolled 21 (+0.010):
     1. Cubeful 2-ply    13/11 24/23                  Eq.: +0.020
     2. Cubeful 2-ply    24/23 6/4                    Eq.: +0.010 (-0.010)
*    3. Cubeful 2-ply    13/11 6/5                    Eq.: -0.005 (-0.025)
Move number 3:  lasse on roll, cube decision?
* lasse doubles
Cube analysis
Cubeful equities:
1. Double, pass        +1.000
2. Double, take        +1.062  (+0.062)
3. No double           +0.877  (-0.123)
Proper cube action: Double, pass
Move number 4:  lasse doubles to 2
* elza accepts
Alert: wrong take (-0.062)!
Cube analysis
Cubeful equities:
1. Double, pass        -1.000
2. Double, take        -1.062  (-0.062)
3. No double           -0.877  (+0.123)
Proper cube action: Double, pass
lasse wins 2 points
The score (after 1 game) is: elza 0, lasse 2 (match to 3 points)
Move number 1:  elza to play 31
* elza moves 8/5 6/5
Rolled 31 (+0.100):
*    1. Cubeful 2-ply    8/5 6/5                      Eq.: +0.150
     2. Cubeful 2-ply    24/20                        Eq.: +0.050 (-0.100)
Move number 2:  lasse to play 64
* lasse moves 24/14
Cube analysis
Cubeful equities:
1. No double           +0.500
2. Double, take        +0.700  (+0.200)
3. Double, pass        +1.000  (+0.500)
Proper cube action: Double, take
Rolled 64 (-0.050):
*    1. Cubeful 2-ply    24/14                        Eq.: +0.150
Move number 3:  elza on roll, cube decision?
* elza doubles
Cube analysis
Cubeful equities:
1. No double           +0.300
2. Double, take        +0.100  (-0.200)
3. Double, pass        +1.000  (+0.700)
Proper cube action: No double, take
Move number 4:  elza doubles to 2
* lasse rejects
Cube analysis
Cubeful equities:
1. Double, take        -0.100
2. No double           -0.300  (-0.200)
3. Double, pass        -1.000  (-0.900)
Proper cube action: No double, take
"""


def test_each_decision_with_gnubgs_loss_and_whether_it_counts() -> None:
    got = [(d.game, d.player, d.kind, round(d.loss, 3), d.counted) for d in decisions(EXPORT)]
    assert got == [
        (0, "lasse", "play", 0.0, False),  # one play listed: forced, not counted
        (0, "elza", "no double", 0.0, False),  # far from doubling
        (0, "elza", "play", 0.025, True),
        (0, "lasse", "double", 0.0, True),
        (0, "elza", "take", 0.062, True),  # the taker's loss, from its own side
        (1, "elza", "play", 0.0, True),
        (1, "lasse", "no double", 0.2, True),  # a missed double: close and charged
        (1, "lasse", "play", 0.0, False),
        (1, "elza", "double", 0.2, True),  # a wrong double: the best answer's cost
        (1, "lasse", "drop", 0.9, True),  # dropping a take
    ]


def test_a_plays_roll_is_kept_for_pairing() -> None:
    plays = [d for d in decisions(EXPORT) if d.kind == "play"]
    assert [d.dice for d in plays] == ["65", "21", "31", "64"]
    assert decisions("no analysis here") == []


@pytest.mark.parametrize("close", [0.159, 0.161])
def test_a_roll_without_doubling_counts_below_gnubgs_threshold(close: float) -> None:
    nd = 1.0 + close  # too good by ``close``: optimal (no double) less min(take, 1)
    text = f"""The score (after 0 games) is: a 0, b 0 (match to 3 points)
Move number 2:  b to play 21
* b moves 13/11 6/5
Cube analysis
Cubeful equities:
1. No double           {nd:+.3f}
2. Double, pass        +1.000  (-{close:.3f})
3. Double, take        +1.500  (+0.000)
Rolled 21 (+0.010):
*    1. Cubeful 2-ply    13/11 6/5                    Eq.: +0.020
"""
    cube = decisions(text)[0]
    assert cube.kind == "no double" and cube.loss == 0.0
    assert cube.counted is (close < 0.16)
