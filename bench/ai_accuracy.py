"""Accuracy of ``evaluate`` by position class, judged by GNU Backgammon 2-ply (referee only).

    PYTHONPATH=. .venv/bin/python -m bench.ai_accuracy --positions 2000
    PYTHONPATH=. .venv/bin/python -m bench.ai_accuracy --weights OLD.bin --positions 2000

Prints, for each position set and class, the mean absolute error of the win
probability against gnubg 2-ply: ours (the shipped evaluator; the same
nets with no race worked out, as before :mod:`engine.ai.race_rolls`,
``shipped,shipped,0``; the shipped contact net alone, as before the race net,
``shipped,none``, when one is shipped; and any ``--weights`` beside them, on
the same positions) next to gnubg 0-ply, with 95 % intervals.  The targets of
the accuracy issue are printed beside each row.

``--one-ply`` adds a column for the shipped evaluator one roll ahead
(:func:`engine.ai.player.ply1_before_roll`: the side on roll's best play of
each roll, the positions left evaluated): the winning chances King Tubby's
cube decisions use, and what its hints' top plays are judged at.  The targets
are the 0-ply evaluator's, as ``evaluate`` is what judges a position.

``--two-ply`` adds the shipped contact net alone two rolls ahead
(:func:`training.lookahead.values`, plays chosen at 0-ply, the net judging
every leaf, races too): the targets of a 2-ply distillation pass, which
are sharper than the 1-ply ones.

``--classes race`` keeps only the positions of those classes (games are
played until there are ``--positions`` of them): the race rows of 2,000
positions of each set are too few to judge a target of 0.002.

Two position sets, from games played with our dice (a position is taken every
third ply, seen by the side on roll):

* ``strong``: GNU Backgammon 0-ply playing itself — the positions good play reaches;
* ``random``: both sides playing a uniformly random legal play — what odd
  play (a beginner's) produces.

Classes are GNU Backgammon's own (``gnubg_nn.classify``): contact, crashed,
race (races and two-sided bear-offs together).  The referee's positions are
evaluated, never trained on.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import gnubg_nn

from bench.ai_common import opening_roll, use_weights
from bench.ai_gnubg_players import board, gnubg_play
from engine import Position, legal_plays
from engine.ai import evaluate, evaluator
from engine.ai.evaluator import has_race_network
from engine.ai.player import ply1_before_roll

CLASSES = {
    gnubg_nn.c_contact: "contact",
    gnubg_nn.c_crashed: "crashed",
    gnubg_nn.c_race: "race",
    gnubg_nn.c_bearoff: "race",
}
TARGETS = {
    ("strong", "all"): 0.010,
    ("strong", "crashed"): 0.012,
    ("strong", "race"): 0.002,
    ("random", "all"): 0.020,
}

Chooser = Callable[[Position, tuple[int, int], random.Random], Position]


def _gnubg_move(pos: Position, dice: tuple[int, int], rng: random.Random) -> Position:
    play = gnubg_play(pos, dice)
    return play.result if play is not None else pos.swap()


def _random_move(pos: Position, dice: tuple[int, int], rng: random.Random) -> Position:
    plays = legal_plays(pos, dice)
    return rng.choice(plays).result if plays else pos.swap()


def sample(
    n: int, seed: int, choose: Chooser, classes: Sequence[str] = ("contact", "crashed", "race")
) -> list[Position]:
    """``n`` positions of ``classes`` from games whose plays ``choose`` makes, every third ply."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.start()
        dice = opening_roll(rng)
        ply = 0
        while pos.winner() is None and len(out) < n:
            if ply % 3 == 2 and CLASSES.get(gnubg_nn.classify(board(pos))) in classes:
                out.append(pos)
            pos = choose(pos, dice, rng)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            ply += 1
    return out


def _mean_ci(errors: Sequence[float]) -> str:
    if not errors:
        return "—"
    mean = statistics.fmean(errors)
    half = 1.96 * statistics.stdev(errors) / math.sqrt(len(errors)) if len(errors) > 1 else 0.0
    return f"{mean:.4f} ± {half:.4f}"


def measure(
    positions: Sequence[Position],
    weights: Sequence[str | None],
    plies: int,
    one_ply: bool = False,
    two_ply: bool = False,
) -> dict[str, dict[str, list[float]]]:
    """Win-probability errors by class for each evaluator: ours per weights file
    (and the shipped one a roll ahead, ``ours@1``, with ``one_ply``; its contact
    net two rolls ahead, ``net@2``, with ``two_ply``), and
    ``gnubg0``; the referee is gnubg at ``plies``."""
    boards = [board(p) for p in positions]
    referee = [gnubg_nn.probabilities(b, plies)[0] for b in boards]
    classes = [CLASSES[gnubg_nn.classify(b)] for b in boards]
    names = [f"ours:{w or 'shipped'}" for w in weights]
    errors: dict[str, dict[str, list[float]]] = {}
    for name, path in zip(names, weights, strict=True):
        use_weights(path)
        errors[name] = _by_class([evaluate(p)[0] for p in positions], referee, classes)
    use_weights(None)
    if one_ply:
        errors["ours@1:shipped"] = _by_class(
            [ply1_before_roll(p)[0] for p in positions], referee, classes
        )
    if two_ply:
        from training.export import read_weights
        from training.lookahead import values as lookahead_values

        w = read_weights(Path(evaluator.__file__).parent / "data" / "contact.bin")
        sides = [(p.me, p.opp) for p in positions]
        at2 = [lookahead_values(sides[i : i + 8], w, 2)[:, 0] for i in range(0, len(sides), 8)]
        errors["net@2:shipped"] = _by_class(
            [float(v) for chunk in at2 for v in chunk], referee, classes
        )
    errors["gnubg0"] = _by_class(
        [gnubg_nn.probabilities(b, 0)[0] for b in boards], referee, classes
    )
    return errors


def _by_class(
    values: Sequence[float], referee: Sequence[float], classes: Sequence[str]
) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"all": [], "contact": [], "crashed": [], "race": []}
    for v, r, c in zip(values, referee, classes, strict=True):
        e = abs(v - r)
        out["all"].append(e)
        out[c].append(e)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=2000, help="per position set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=2, help="the referee's look-ahead")
    ap.add_argument(
        "--weights",
        nargs="*",
        default=[],
        help="other nets beside the shipped ones: CONTACT.bin or CONTACT.bin,RACE.bin "
        "(shipped for the shipped net, none for no race net)",
    )
    ap.add_argument("--sets", nargs="*", default=["strong", "random"])
    ap.add_argument(
        "--classes", nargs="*", default=["contact", "crashed", "race"], help="positions kept"
    )
    ap.add_argument(
        "--one-ply",
        action="store_true",
        help="also the shipped evaluator a roll ahead (King Tubby's cube chances)",
    )
    ap.add_argument(
        "--two-ply",
        action="store_true",
        help="also the shipped contact net two rolls ahead (a 2-ply pass's targets)",
    )
    args = ap.parse_args()
    weights: list[str | None] = [None, "shipped,shipped,0", *args.weights]
    if has_race_network():  # the evaluator before the race net, beside it
        weights.insert(2, "shipped,none")
    choosers: dict[str, Chooser] = {"strong": _gnubg_move, "random": _random_move}
    for set_name in args.sets:
        t = time.time()
        positions = sample(args.positions, args.seed, choosers[set_name], args.classes)
        errors = measure(positions, weights, args.plies, args.one_ply, args.two_ply)
        print(
            f"\n{set_name}: {len(positions)} positions, win-probability MAE against "
            f"gnubg {args.plies}-ply (95% intervals), {time.time() - t:.0f} s"
        )
        columns = list(errors)
        print(f"{'class':10} {'n':>5}  " + "  ".join(f"{c:>18}" for c in columns) + "  target")
        for cls in ("all", "contact", "crashed", "race"):
            n = len(errors["gnubg0"][cls])
            if not n:
                continue
            cells = "  ".join(f"{_mean_ci(errors[c][cls]):>18}" for c in columns)
            whole = cls != "all" or len(args.classes) == len(set(CLASSES.values()))
            target = TARGETS.get((set_name, cls)) if whole else None
            print(f"{cls:10} {n:>5}  {cells}  {'≤ ' + format(target, '.3f') if target else ''}")


if __name__ == "__main__":
    main()
