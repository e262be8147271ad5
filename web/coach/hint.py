"""Hints: King Tubby's advice for the player to act, as plain values.

The AI worker answers a :class:`web.ai.protocol.HintRequest` with a
:class:`web.ai.protocol.HintReply` and a :class:`web.ai.protocol.CubeHintRequest`
with a :class:`web.ai.protocol.CubeHintReply` (see :mod:`web.worker.ai`); this
module turns those replies into hints (:mod:`web.view.hint` writes them for the page).  It knows
no rules: the plays, their equities and the cube verdict all come from
:mod:`engine.ai` through the worker.

>>> from web.ai.protocol import HintReply, RankedPlay
>>> probs = (0.552, 0.158, 0.006, 0.112, 0.004)
>>> best = RankedPlay("8/5 6/5", ((8, 5), (6, 5)), 0.152, 0.0, 1, probs)
>>> h = parse_play_hint(HintReply((best,)), match=False)
>>> h.plays[0].play, h.plays[0].moves
('8/5 6/5', ((8, 5), (6, 5)))
>>> h.plays[0].equity, h.match
(0.152, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.names import CubeAction
from web.ai.protocol import (
    CubeHintReply,
    ErrorReply,
    HintReply,
    Probs,
    RankedPlay,
    Reply,
    UnexpectedReplyError,
    WorkerError,
)

PlayAdvice = RankedPlay
"""One ranked play: its notation, its moves (for the engine's turn), equity and loss."""


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The best plays of a roll, best first.  ``match``: equities are normalised
    match equity (the score changes what a gammon is worth), else money."""

    plays: tuple[PlayAdvice, ...]
    match: bool
    played_loss: float | None = None  # what the player's own play gives up, when judged
    played_rank: int | None = None  # its place in the ranking (0 is the best)
    played: str = ""  # and its notation

    @classmethod
    def from_reply(cls, reply: HintReply, *, match: bool) -> PlayHint:
        p = reply.played
        if p is None:
            return cls(reply.plays, match)
        return cls(reply.plays, match, p.loss, p.rank, p.play)


@dataclass(frozen=True, slots=True)
class CubeHint:
    """A cube decision.  The figures are the doubler's; ``taker`` says the hint
    is for the side answering the double, and is written from its side."""

    action: CubeAction
    may_double: bool
    no_double: float
    double_take: float
    double_pass: float
    should_take: bool
    mwc: bool  # match-winning chances, else money equity per cube
    probs: Probs
    taker: bool
    chosen: str = ""  # the choice made, when it was judged: "no double", "double", "take", "drop"
    chosen_loss: float | None = None  # and what it gave up (normalised equity)

    @classmethod
    def from_reply(cls, reply: CubeHintReply, *, taker: bool, chosen: str = "") -> CubeHint:
        r = reply
        judged = r.judged if chosen else None
        return cls(
            r.action,
            r.may_double,
            r.no_double,
            r.double_take,
            r.double_pass,
            r.should_take,
            r.units == "mwc",
            r.probs,
            taker,
            chosen if judged is not None else "",
            judged.loss if judged is not None else None,
        )


Hint = PlayHint | CubeHint


def _expect(reply: Reply, kind: type[HintReply] | type[CubeHintReply]) -> None:
    if isinstance(reply, ErrorReply):
        raise WorkerError(reply.error)
    if not isinstance(reply, kind):
        raise UnexpectedReplyError(type(reply).__name__, kind.__name__)


def parse_play_hint(reply: Reply, *, match: bool) -> PlayHint:
    """The hint a :class:`HintReply` gives; raises ``ValueError`` for any other
    reply (the message of an :class:`ErrorReply`)."""
    _expect(reply, HintReply)
    assert isinstance(reply, HintReply)
    return PlayHint.from_reply(reply, match=match)


def parse_cube_hint(reply: Reply, *, taker: bool, chosen: str = "") -> CubeHint:
    """The hint a :class:`CubeHintReply` gives (with the verdict on ``chosen``,
    the choice made, when the AI judged it); raises ``ValueError`` for any
    other reply (the message of an :class:`ErrorReply`)."""
    _expect(reply, CubeHintReply)
    assert isinstance(reply, CubeHintReply)
    return CubeHint.from_reply(reply, taker=taker, chosen=chosen)


def signed(x: float) -> str:
    """``x`` with its sign and three decimals, a real minus sign for negatives
    (nothing lost reads +0.000, however it was rounded).

    >>> signed(-0.1704), signed(-0.0001), signed(0.0)
    ('−0.170', '+0.000', '+0.000')
    """
    if round(x, 3) == 0:
        x = 0.0
    return f"{x:+.3f}".replace("-", "\u2212")  # a real minus sign lines up with the plus


def depth_text(advice: PlayAdvice) -> str:
    """How deep a play was judged, in words: ``"1-ply"``, ``"0-ply"``, or
    ``"race"`` for a race worked out roll by roll to the bear-off (no
    look-ahead, but sharper than one: it must not read as the networks'
    quick 0-ply figure below it)."""
    return "race" if advice.worked_out else f"{advice.ply}-ply"


def depth_groups(plays: Sequence[PlayAdvice]) -> tuple[frozenset[int], int]:
    """Where a list ranked deepest first (the engine's order: the plays judged
    deeper, then those its move filters stopped sooner) turns shallower: the
    rows that start a shallower group, and the deepest ply of the list.  A race
    worked out starts none and sets no depth (it is as good as any look-ahead).

    >>> from web.ai.protocol import RankedPlay
    >>> p = (0.5, 0.1, 0.0, 0.1, 0.0)
    >>> rows = [RankedPlay(n, (), 0.0, 0.0, ply, p) for n, ply in zip("abcd", (2, 1, 1, 0))]
    >>> starts, deepest = depth_groups(rows)
    >>> sorted(starts), deepest
    ([1, 3], 2)
    """
    starts: set[int] = set()
    last: int | None = None
    for i, advice in enumerate(plays):
        if advice.worked_out:
            continue
        if last is not None and advice.ply < last:
            starts.add(i)
        last = advice.ply
    deepest = max((a.ply for a in plays if not a.worked_out), default=0)
    return frozenset(starts), deepest


DOUBTFUL, MISTAKE, BLUNDER = 0.04, 0.08, 0.16
"""Equity a play may give up before the tutor calls it doubtful, a mistake or a
blunder (GNU Backgammon's default thresholds, in normalised equity)."""
