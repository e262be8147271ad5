"""Hints: King Tubby's advice for the player to act, as plain values and as HTML.

The AI worker answers a :class:`web.protocol.HintRequest` with a
:class:`web.protocol.HintReply` and a :class:`web.protocol.CubeHintRequest`
with a :class:`web.protocol.CubeHintReply` (see :mod:`web.ai_service`); this
module turns those replies into hints and writes them for the page.  It knows
no rules: the plays, their equities and the cube verdict all come from
:mod:`engine.ai` through the worker.

>>> from web.protocol import HintReply, RankedPlay
>>> probs = (0.552, 0.158, 0.006, 0.112, 0.004)
>>> best = RankedPlay("8/5 6/5", ((8, 5), (6, 5)), 0.152, 0.0, 1, probs)
>>> h = parse_play_hint(HintReply((best,)), match=False)
>>> h.plays[0].play, h.plays[0].moves
('8/5 6/5', ((8, 5), (6, 5)))
>>> 'data-action="hint-play"' in play_hint_html(h)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from web.actions import Act
from web.escape import escape
from web.protocol import CubeHintReply, ErrorReply, HintReply, Probs, RankedPlay, Reply
from web.themes import CLASSIC, Theme

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

    action: str
    may_double: bool
    no_double: float
    double_take: float
    double_pass: float
    should_take: bool
    mwc: bool  # match-winning chances, else money equity per cube
    probs: Probs
    taker: bool

    @classmethod
    def from_reply(cls, reply: CubeHintReply, *, taker: bool) -> CubeHint:
        r = reply
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
        )


Hint = PlayHint | CubeHint


def _expect(reply: Reply, kind: type[HintReply] | type[CubeHintReply]) -> None:
    if isinstance(reply, ErrorReply):
        raise ValueError(reply.error)
    if not isinstance(reply, kind):
        raise ValueError(f"the AI answered with {type(reply).__name__}, not {kind.__name__}")


def parse_play_hint(reply: Reply, *, match: bool) -> PlayHint:
    """The hint a :class:`HintReply` gives; raises ``ValueError`` for any other
    reply (the message of an :class:`ErrorReply`)."""
    _expect(reply, HintReply)
    assert isinstance(reply, HintReply)
    return PlayHint.from_reply(reply, match=match)


def parse_cube_hint(reply: Reply, *, taker: bool) -> CubeHint:
    """The hint a :class:`CubeHintReply` gives; raises ``ValueError`` for any
    other reply (the message of an :class:`ErrorReply`)."""
    _expect(reply, CubeHintReply)
    assert isinstance(reply, CubeHintReply)
    return CubeHint.from_reply(reply, taker=taker)


def _percent(p: float) -> str:
    return f"{100.0 * p:.1f}%"


def signed(x: float) -> str:
    """``x`` with its sign and three decimals, a real minus sign for negatives."""
    return f"{x:+.3f}".replace("-", "\u2212")  # a real minus sign lines up with the plus


def _odds(p: Probs) -> str:
    w, wg, _, lg, _ = p
    return f"Win {_percent(w)} · win a gammon {_percent(wg)} · lose a gammon {_percent(lg)}"


WORKED_OUT = "worked out roll by roll to the bear-off"
"""What the ``race`` tag means, in its tooltip."""


def depth_text(advice: PlayAdvice) -> str:
    """How deep a play was judged, in words: ``"1-ply"``, ``"0-ply"``, or
    ``"race"`` for a race worked out roll by roll to the bear-off (no
    look-ahead, but sharper than one: it must not read as the networks'
    quick 0-ply figure below it)."""
    return "race" if advice.worked_out else f"{advice.ply}-ply"


def ply_tag(advice: PlayAdvice) -> str:
    """How deep a play was judged, as GNU Backgammon's hint says it: the plays
    looked at more deeply come first, so a shallower one below can show a
    higher equity (its figure is the quicker estimate, not a better play).

    >>> probs = (0.9, 0.0, 0.0, 0.0, 0.0)
    >>> ply_tag(RankedPlay("6/off", ((6, 0),), 0.8, 0.0, 1, probs))
    '<small class="ply">1-ply</small>'
    >>> ply_tag(RankedPlay("6/off", ((6, 0),), 0.8, 0.0, 0, probs, worked_out=True))
    '<small class="ply" title="worked out roll by roll to the bear-off">race</small>'
    """
    title = f' title="{WORKED_OUT}"' if advice.worked_out else ""
    return f'<small class="ply"{title}>{depth_text(advice)}</small>'


def play_hint_html(hint: PlayHint, note: str = "") -> str:
    """The ranked plays as buttons (``hint-play`` with the play's index), best
    first, under the tutor's ``note`` when there is one (which also marks the
    player's own play in the list)."""
    rows = []
    for i, advice in enumerate(hint.plays):
        loss = "" if i == 0 else signed(-advice.loss)
        mine = bool(note) and i == hint.played_rank
        label = f"{advice.play or 'No move'}: equity {signed(advice.equity)}, {depth_text(advice)}"
        if mine:
            label += " (your play)"
        classes = "hint-play" + (" best" if i == 0 else "") + (" mine" if mine else "")
        rows.append(
            f'<li><button type="button" class="{classes}" '
            f'data-action="{Act.HINT_PLAY}" data-value="{i}" aria-label="{escape(label)}">'
            f'<span class="hint-move"><span>{escape(advice.play or "No move")}</span> '
            f"{ply_tag(advice)}</span>"
            f'<span class="hint-eq">{signed(advice.equity)}</span>'
            f'<span class="hint-loss">{loss}</span></button></li>'
        )
    what = "match equity" if hint.match else "equity"
    tutor = f'<p class="tutor">{escape(note)}</p>' if note else ""
    return (
        f'<h2 class="hint-title">Hint <span class="hint-what">best plays, {what}</span></h2>'
        + tutor
        + f'<ol class="hint-plays">{"".join(rows)}</ol>'
        f'<p class="hint-odds">{escape(_odds(hint.plays[0].probs))}</p>'
        '<p class="hint-help">Tap a play to make it on the board.</p>'
    )


DOUBTFUL, MISTAKE, BLUNDER = 0.04, 0.08, 0.16
"""Equity a play may give up before the tutor calls it doubtful, a mistake or a
blunder (GNU Backgammon's default thresholds, in normalised equity)."""


def tutor_note(hint: PlayHint) -> str:
    """The tutor's warning about the player's play, or "" when it is good enough.

    >>> best = PlayAdvice("8/5 6/5", ((8, 5), (6, 5)), 0.15, 0.0, 1, (0.55, 0.16, 0.0, 0.11, 0.0))
    >>> tutor_note(PlayHint((best,), False, 0.02))
    ''
    >>> print(tutor_note(PlayHint((best,), False, 0.17, 3, "24/20")))
    Tutor: 24/20 is a blunder (−0.170). King Tubby prefers 8/5 6/5: undo to change it, or ...
    """
    loss = hint.played_loss
    if loss is None or loss < DOUBTFUL:
        return ""
    if loss >= BLUNDER:
        kind = "a blunder"
    elif loss >= MISTAKE:
        kind = "a mistake"
    else:
        kind = "doubtful"
    best = hint.plays[0].play
    yours = hint.played or "your play"
    return (
        f"Tutor: {yours} is {kind} ({signed(-loss)}). King Tubby prefers {best}: "
        "undo to change it, or press Done."
    )


def _verdict(hint: CubeHint, words: Theme) -> str:
    double, take, drop = words.double, words.take, words.drop
    if hint.taker:
        return f"{take}." if hint.should_take else f"{drop}."
    return {
        "no double": f"Don’t {double.lower()}: roll.",
        "double, take": f"{double}: they should {take.lower()}.",
        "double, pass": f"{double}: they should {drop.lower()}.",
        "too good": f"Too good to {double.lower()}: play on for a gammon.",
    }.get(hint.action, f"You may not {double.lower()} now.")


def cube_hint_html(hint: CubeHint, words: Theme = CLASSIC) -> str:
    """The cube verdict with the equities behind it, from the side the hint is for."""
    double, take, drop = words.double, words.take, words.drop
    if hint.mwc:

        def value(x: float) -> str:
            return _percent(1.0 - x if hint.taker else x)

        unit = "chance to win the match"
    else:

        def value(x: float) -> str:
            return signed(-x if hint.taker else x)

        unit = "equity"
    if hint.taker:
        rows = [(take, hint.double_take), (drop, hint.double_pass)]
        p = hint.probs
        probs: Probs = (1.0 - p[0], p[3], p[4], p[1], p[2])  # the taker's side
    else:
        rows = [
            (f"No {double.lower()}", hint.no_double),
            (f"{double}, {take.lower()}", hint.double_take),
            (f"{double}, {drop.lower()}", hint.double_pass),
        ]
        probs = hint.probs
    table = "".join(f"<tr><th>{escape(name)}</th><td>{value(x)}</td></tr>" for name, x in rows)
    return (
        f'<h2 class="hint-title">Hint <span class="hint-what">{unit}</span></h2>'
        f'<p class="hint-verdict">{escape(_verdict(hint, words))}</p>'
        f'<table class="hint-cube">{table}</table>'
        f'<p class="hint-odds">{escape(_odds(probs))}</p>'
    )
