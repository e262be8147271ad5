"""Hints as HTML: King Tubby's ranked plays and cube verdicts (:mod:`web.coach.hint`),
for the panel and the dialogs.

>>> from web.ai.protocol import HintReply, RankedPlay
>>> from web.coach.hint import parse_play_hint
>>> best = RankedPlay("8/5 6/5", ((8, 5), (6, 5)), 0.152, 0.0, 1, (0.55, 0.16, 0.0, 0.11, 0.0))
>>> 'data-action="hint-play"' in play_hint_html(parse_play_hint(HintReply((best,)), match=False))
True
"""

from __future__ import annotations

from web.ai.protocol import Probs
from web.board.escape import escape
from web.coach.hint import (
    CubeHint,
    PlayAdvice,
    PlayHint,
    depth_groups,
    depth_text,
    signed,
)
from web.model.actions import Act
from web.model.state import UiState
from web.model.themes import CLASSIC, Theme
from web.model.tutor import pending_now, ready
from web.words import coach as say
from web.words.coach import WORKED_OUT, tutor_note


def _percent(p: float) -> str:
    return say.percent(p)


def _odds(p: Probs) -> str:
    return say.odds(p)


def ply_tag(advice: PlayAdvice, note: str = "") -> str:
    """How deep a play was judged, as GNU Backgammon's hint says it: the plays
    looked at more deeply come first, so a shallower one below can show a
    higher equity (its figure is the quicker estimate, not a better play).

    >>> from web.ai.protocol import RankedPlay
    >>> probs = (0.9, 0.0, 0.0, 0.0, 0.0)
    >>> ply_tag(RankedPlay("6/off", ((6, 0),), 0.8, 0.0, 1, probs))
    '<small class="ply">1-ply</small>'
    >>> ply_tag(RankedPlay("6/off", ((6, 0),), 0.8, 0.0, 0, probs, worked_out=True))
    '<small class="ply" title="worked out roll by roll to the bear-off">race</small>'
    """
    tip = WORKED_OUT if advice.worked_out else note
    title = f' title="{escape(tip)}"' if tip else ""
    return f'<small class="ply"{title}>{depth_text(advice)}</small>'


def depth_note(advice: PlayAdvice, deepest: int) -> str:
    """What a play judged less deeply than the list's ``deepest`` ply says of its
    figures ("" for one as deep, or a race worked out)."""
    if advice.worked_out or advice.ply >= deepest:
        return ""
    return say.shallower(deepest)


def play_hint_html(hint: PlayHint, note: str = "") -> str:
    """The ranked plays as buttons (``hint-play`` with the play's index), best
    first, under the tutor's ``note`` when there is one (which also marks the
    player's own play in the list)."""
    rows = []
    starts, deepest = depth_groups(hint.plays)
    for i, advice in enumerate(hint.plays):
        loss = "" if i == 0 else signed(-advice.loss)
        mine = bool(note) and i == hint.played_rank
        quicker = depth_note(advice, deepest)
        depth = say.depth_label(depth_text(advice), quicker)
        label = say.play_label(advice.play, signed(advice.equity), depth, mine=mine)
        classes = "hint-play" + (" best" if i == 0 else "") + (" mine" if mine else "")
        # A line where the list turns shallower (style.css): its figures and those
        # above were not judged alike.
        item = '<li class="shallower">' if i in starts else "<li>"
        rows.append(
            f'{item}<button type="button" class="{classes}" '
            f'data-action="{Act.HINT_PLAY}" data-value="{i}" aria-label="{escape(label)}">'
            f'<span class="hint-move">{escape(advice.play or say.NO_MOVE)}</span>'
            f"{ply_tag(advice, quicker)}"
            f'<span class="hint-eq">{signed(advice.equity)}</span>'
            f'<span class="hint-loss">{loss}</span></button></li>'
        )
    tutor = f'<p class="tutor">{escape(note)}</p>' if note else ""
    return (
        f'<h2 class="hint-title">{say.HINT} '
        f'<span class="hint-what">{say.plays_heading(hint.match)}</span></h2>'
        + tutor
        + f'<ol class="hint-plays">{"".join(rows)}</ol>'
        f'<p class="hint-odds">{escape(_odds(hint.plays[0].probs))}</p>'
        f'<p class="hint-help">{say.TAP_A_PLAY}</p>'
    )


def _verdict(hint: CubeHint, words: Theme) -> str:
    return say.verdict(hint.action, words, taker=hint.taker, should_take=hint.should_take)


def cube_hint_html(hint: CubeHint, words: Theme = CLASSIC) -> str:
    """The cube verdict with the equities behind it, from the side the hint is for."""
    take, drop = words.take, words.drop
    if hint.mwc:

        def value(x: float) -> str:
            return _percent(1.0 - x if hint.taker else x)

    else:

        def value(x: float) -> str:
            return signed(-x if hint.taker else x)

    unit = say.cube_heading(hint.mwc)
    if hint.taker:
        rows = [(take, hint.double_take), (drop, hint.double_pass)]
        p = hint.probs
        probs: Probs = (1.0 - p[0], p[3], p[4], p[1], p[2])  # the taker's side
    else:
        names = say.cube_rows(words)
        rows = list(zip(names, (hint.no_double, hint.double_take, hint.double_pass), strict=True))
        probs = hint.probs
    table = "".join(f"<tr><th>{escape(name)}</th><td>{value(x)}</td></tr>" for name, x in rows)
    return (
        f'<h2 class="hint-title">{say.HINT} <span class="hint-what">{unit}</span></h2>'
        f'<p class="hint-verdict">{escape(_verdict(hint, words))}</p>'
        f'<table class="hint-cube">{table}</table>'
        f'<p class="hint-odds">{escape(_odds(probs))}</p>'
    )


def hint_html(state: UiState) -> str:
    """The advice beside the board, "" when none is shown."""
    a = state.advice
    if not a.shown:
        return ""
    if pending_now(state):
        return f'<p class="hint-wait">{say.THINKING}</p>'
    hint = a.hint
    if hint is None or not ready(state):
        return ""
    if isinstance(hint, PlayHint):
        judged = a.board and a.board == state.match.board.id
        return play_hint_html(hint, tutor_note(hint) if judged else "")
    if hint.taker:
        return ""  # shown in the cube dialog, where the decision is made
    return cube_hint_html(hint, state.theme)
