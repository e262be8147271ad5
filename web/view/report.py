"""The analysis board's report as HTML: the cube decision, the chances of each side and the
ranked plays of a :class:`~web.coach.report.Report`.
"""

from __future__ import annotations

from web.ai.protocol import Probs
from web.board.escape import escape
from web.coach.hint import CubeHint, PlayHint, depth_text, signed
from web.coach.report import Report
from web.model.actions import Act
from web.view.hint import ply_tag


def _percent(p: float) -> str:
    return f"{100.0 * p:.1f}%"


def chances_html(probs: Probs, names: tuple[str, str], after: str = "") -> str:
    """Both sides' chances, the side the probabilities are for first.

    >>> html = chances_html((0.6, 0.2, 0.01, 0.1, 0.0), ("White", "Black"))
    >>> "60.0%" in html and "40.0%" in html
    True
    """
    win, wg, wbg, lg, lbg = probs
    rows = (
        (names[0], win, wg, wbg),
        (names[1], 1.0 - win, lg, lbg),
    )
    body = "".join(
        f"<tr><th scope='row'>{escape(name)}</th><td>{_percent(w)}</td>"
        f"<td>{_percent(g)}</td><td>{_percent(b)}</td></tr>"
        for name, w, g, b in rows
    )
    caption = "Chances" + (f" {after}" if after else "")
    return (
        f'<table class="an-chances"><caption>{escape(caption)}</caption>'
        "<thead><tr><th></th><th>Win</th><th>Gammon</th><th>Backgammon</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _value(x: float, mwc: bool) -> str:
    return _percent(x) if mwc else signed(x)


def cube_html(hint: CubeHint, doubler: str, taker: str, before_roll: bool = False) -> str:
    """The cube decision, in the doubler's figures, and its verdict."""
    if not hint.may_double and not hint.taker:
        verdict = f"{doubler} may not double now."
    elif hint.taker:
        verdict = f"{taker} should {'take' if hint.should_take else 'pass'}."
    else:
        verdict = {
            "no double": "No double.",
            "double, take": "Double, take.",
            "double, pass": "Double, pass.",
            "too good": "Too good to double: play on for the gammon.",
        }.get(hint.action, hint.action.capitalize() + ".")
    unit = "match-winning chances" if hint.mwc else "equity"
    rows = [("No double", hint.no_double)] if hint.may_double or not hint.taker else []
    rows += [("Double, take", hint.double_take), ("Double, pass", hint.double_pass)]
    best = {"no double": 0, "too good": 0, "double, take": 1, "double, pass": 2}.get(hint.action)
    if hint.taker:
        best = 1 if hint.should_take else 2
        best -= 3 - len(rows)
    body = "".join(
        f"<tr{' class=best' if i == best else ''}><th scope='row'>{name}</th>"
        f"<td>{_value(x, hint.mwc)}</td></tr>"
        for i, (name, x) in enumerate(rows)
    )
    return (
        f'<p class="an-verdict" data-testid="cube-verdict">{escape(verdict)}</p>'
        f'<table class="an-cube"><caption>Cube{" before the roll" if before_roll else ""} '
        f"({escape(doubler)}’s {unit})</caption>"
        f"<tbody>{body}</tbody></table>"
    )


def plays_html(hint: PlayHint) -> str:
    """The ranked plays, best first, each a button that makes it on the board."""
    rows = []
    for i, advice in enumerate(hint.plays):
        name = advice.play or "No move"
        loss = "" if i == 0 else signed(-advice.loss)
        label = f"{name}: equity {signed(advice.equity)}" + (f", {loss}" if loss else "")
        label += f", {depth_text(advice)}"
        rows.append(
            f'<li><button type="button" class="an-play{" best" if i == 0 else ""}" '
            f'data-action="{Act.ANALYSIS_PLAY}" data-value="{i}" aria-label="{escape(label)}">'
            f'<span class="an-rank">{i + 1}.</span>'
            f'<span class="an-move"><span>{escape(name)}</span> {ply_tag(advice)}</span>'
            f'<span class="an-eq">{signed(advice.equity)}</span>'
            f'<span class="an-loss">{loss}</span></button></li>'
        )
    what = "match equity" if hint.match else "equity"
    return (
        f'<h3 class="an-head">Best plays <span class="an-what">{what}</span></h3>'
        f'<ol class="an-plays" data-testid="ranked-plays">{"".join(rows)}</ol>'
    )


def report_html(report: Report, names: tuple[str, str], turn: int) -> str:
    """The whole report for the side ``turn`` (``names`` are player 0's and 1's)."""
    doubler, taker = names[turn], names[1 - turn]
    parts = []
    if report.plays is not None and report.plays.plays:
        parts.append(plays_html(report.plays))
        best = report.plays.plays[0]
        parts.append(chances_html(best.probs, (doubler, taker), "after the best play"))
    if report.cube is not None:
        parts.append(cube_html(report.cube, doubler, taker, before_roll=report.plays is not None))
        if report.plays is None:
            parts.append(chances_html(report.cube.probs, (doubler, taker)))
    if report.pending:
        parts.append('<p class="an-wait">King Tubby is thinking…</p>')
    if report.error:
        parts.append(f'<p class="an-error" role="alert">No analysis ({escape(report.error)}).</p>')
    return "".join(parts)
