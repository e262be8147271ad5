"""Correspondence play: how long the links are, and how many a turn takes.

    .venv/bin/python -m bench.correspondence_links             # 4 matches of each kind
    .venv/bin/python -m bench.correspondence_links --matches 1 --length 1

Two :class:`~web.online.correspondence.Correspondence` sides play whole
matches through links only (no transport), with a quick sensible player and a
fixed seed; every link is the full fragment a page would put after its ``#``.
Three kinds of match: no cube at all (no turn has cube access), the cube
never turned (every roll but the opening's and the Crawford game's has cube
access), and the cube turned now and then (taken, then dropped).  Printed side
by side: the characters of a link (median, 90th percentile, worst, the first
link: the invitation), and the links per turn, split by whether the roller had
access to the cube.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script, not with -m
    sys.path.insert(0, str(ROOT))

from engine.ai import choose_play  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.rules import Rules  # noqa: E402
from web.online.correspondence import Correspondence, Letter  # noqa: E402


@dataclass
class Tally:
    """What one kind of match measured."""

    sizes: list[int] = field(default_factory=list)  # characters of each link
    first: list[int] = field(default_factory=list)  # ...of each invitation
    turns: dict[bool, list[int]] = field(default_factory=lambda: {True: [], False: []})


def _player(seed: int) -> random.Random:
    return random.Random(seed)


def _decide(side: Correspondence, shown: list[bool], doubling: bool, now: float) -> None:
    """The one decision this side's player makes now (``shown[0]``: its dice are shown)."""
    peer = side.peer
    m = peer.match
    if m.is_game_over:
        peer.next_game(now)
    elif m.phase is Phase.ROLL and peer.my_dice is None:
        if doubling and m.can_double() and len(m.events) % 5 == 2:
            peer.double(now)
        else:
            peer.roll(now)
            shown[0] = peer.my_dice is not None  # (an unplayable roll is revealed at once)
    elif m.phase is Phase.ROLL:
        dice = peer.my_dice
        assert dice is not None
        if not shown[0]:
            peer.roll(now)
            shown[0] = peer.my_dice is not None
        else:
            play = choose_play(m.roll(dice).position, dice, level="medium", rng=_player(0))
            peer.play(play.moves, now)
            shown[0] = False
    elif m.phase is Phase.MOVE:
        assert m.dice is not None
        peer.play(choose_play(m.position, m.dice, level="medium", rng=_player(0)).moves, now)
    elif m.phase is Phase.CUBE:
        takes = sum(type(e).__name__ == "Took" for g in m.record.games for e in g.events)
        (peer.take if takes == 0 else peer.drop)(now)
    else:  # pragma: no cover - no resignations here
        raise AssertionError(f"stuck at {m.phase}")


def play_match(rules: Rules, seed: int, doubling: bool, tally: Tally) -> None:
    """One match through links only; its links measured into ``tally``."""
    now = 0.0
    ann = Correspondence.start("Ann", rules, now=now, token=random.Random(seed).randbytes)
    tally.first.append(len(ann.outbox))
    bob, _ = Correspondence.accept(
        Letter.read(ann.outbox), "Bob", now=1.0, token=random.Random(seed + 1).randbytes
    )
    sides, shown = [ann, bob], [[False], [False]]
    seat, links = 1, 0
    access: bool | None = None  # whether the roller of this turn could double (None: opening)
    for _ in range(20_000):
        if sides[seat].peer.match.is_over and sides[1 - seat].peer.match.is_over:
            return
        while sides[seat].my_turn and not sides[seat].peer.match.is_over:
            m = sides[seat].peer.match
            if access is None and m.phase is Phase.ROLL and m.turn == seat:
                access = m.can_double()
            before = len(sides[seat].peer.log)
            _decide(sides[seat], shown[seat], doubling, now)
            sides[seat] = sides[seat].posted(now)
            blocks = sides[seat].peer.log.blocks[before:]
            if any(type(a).__name__ == "PlayMoves" for b in blocks for a in b.acts):
                if access is not None:  # the opening's play is not counted
                    tally.turns[access].append(links + 1)
                links, access = -1, None  # the link with this play starts the next count
        now += 3600.0
        link = sides[seat].outbox
        tally.sizes.append(len(link))
        sides[1 - seat], _ = sides[1 - seat].open(Letter.read(link), now)
        links += 1
        seat = 1 - seat
    raise AssertionError("the match does not end")


def _row(name: str, t: Tally) -> str:
    sizes = sorted(t.sizes)
    p90 = sizes[int(0.9 * (len(sizes) - 1))]
    per = {k: statistics.mean(v) if v else float("nan") for k, v in t.turns.items()}
    return (
        f"{name:<22}{len(sizes):>7}{statistics.median(sizes):>8.0f}{p90:>7}{sizes[-1]:>7}"
        f"{max(t.first):>7}{per[False]:>12.2f}{per[True]:>12.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--length", type=int, default=3)
    args = parser.parse_args(argv)
    kinds = (
        ("no cube", Rules(args.length, cube=False), False),
        ("cube, never turned", Rules(args.length), False),
        ("cube, turned", Rules(args.length), True),
    )
    print(f"{args.matches} match(es) to {args.length} of each kind; link sizes in characters")
    print(f"{'':<22}{'links':>7}{'median':>8}{'p90':>7}{'worst':>7}{'first':>7}"
          f"{'links/turn':>12}{'(cube)':>12}")  # fmt: skip
    print(f"{'':<22}{'':>7}{'':>8}{'':>7}{'':>7}{'':>7}{'no access':>12}{'access':>12}")
    for name, rules, doubling in kinds:
        tally = Tally()
        for seed in range(args.matches):
            play_match(rules, 1000 + seed, doubling, tally)
        print(_row(name, tally), flush=True)


if __name__ == "__main__":
    main()
