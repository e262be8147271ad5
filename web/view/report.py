"""The analysis board's report as HTML: the cube decision, the chances of each side and the
ranked plays of a :class:`~web.coach.report.Report`.
"""

from __future__ import annotations

from engine.names import CubeAction
from web.ai.protocol import Probs
from web.board.escape import escape
from web.coach.hint import CubeHint, PlayHint, depth_groups, depth_text, signed
from web.coach.report import Report
from web.model.actions import Act
from web.view.hint import depth_note, ply_tag
from web.words import analysis as say
from web.words.coach import depth_label


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
    caption = say.chances_caption(after)
    return (
        f'<table class="an-chances"><caption>{escape(caption)}</caption>'
        "<thead><tr><th></th>"
        + "".join(f"<th>{name}</th>" for name in say.CHANCE_COLUMNS)
        + "</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _value(x: float, mwc: bool) -> str:
    return _percent(x) if mwc else signed(x)


def cube_html(hint: CubeHint, doubler: str, taker: str, before_roll: bool = False) -> str:
    """The cube decision, in the doubler's figures, and its verdict."""
    verdict = say.cube_verdict(
        hint.action,
        doubler,
        taker,
        may_double=hint.may_double,
        taker_side=hint.taker,
        should_take=hint.should_take,
    )
    no_double, take, drop = say.CUBE_ROWS
    rows = [(no_double, hint.no_double)] if hint.may_double or not hint.taker else []
    rows += [(take, hint.double_take), (drop, hint.double_pass)]
    best = {
        CubeAction.NO_DOUBLE: 0,
        CubeAction.TOO_GOOD: 0,
        CubeAction.DOUBLE_TAKE: 1,
        CubeAction.DOUBLE_PASS: 2,
    }.get(hint.action)
    if hint.taker:
        best = 1 if hint.should_take else 2
        best -= 3 - len(rows)
    made = _chosen_row(hint) - (3 - len(rows))
    body = "".join(
        f"<tr{_row_class(i == best, i == made)}><th scope='row'>{name}</th>"
        f"<td>{_value(x, hint.mwc)}</td>{_played_cell(i == made) if made >= 0 else ''}</tr>"
        for i, (name, x) in enumerate(rows)
    )
    played = ""
    if hint.chosen and hint.chosen_loss is not None:
        played = (
            f'<p class="an-made" data-testid="cube-played">'
            f"{escape(say.cube_played(hint.chosen, hint.chosen_loss))}</p>"
        )
    return (
        f'<p class="an-verdict" data-testid="cube-verdict">{escape(verdict)}</p>'
        f'<table class="an-cube"><caption>'
        f"{escape(say.cube_caption(doubler, hint.mwc, before_roll=before_roll))}</caption>"
        f"<tbody>{body}</tbody></table>" + played
    )


def _chosen_row(hint: CubeHint) -> int:
    """The row of the cube table the choice made stands for, counting the no-double
    row (-1: none): a double is worth what the answer the taker should give leaves
    the doubler, the smaller of its two figures.

    >>> from web.ai.protocol import CubeHintReply, CubeJudgement
    >>> judged = CubeJudgement(0.0, "double, pass", False)
    >>> probs = (0.8, 0.0, 0.0, 0.0, 0.0)
    >>> reply = CubeHintReply("double, pass", True, 0.6, 1.2, 1.0, False, "equity", probs, judged)
    >>> [_chosen_row(CubeHint.from_reply(reply, taker=False, chosen=c)) for c in ("double", "")]
    [2, -1]
    """
    if not hint.chosen or hint.chosen_loss is None:
        return -1
    if hint.chosen == "double":
        return 1 if hint.double_take <= hint.double_pass else 2
    return {"no double": 0, "take": 1, "drop": 2}.get(hint.chosen, -1)


def _row_class(best: bool, made: bool) -> str:
    names = " ".join(n for n, on in (("best", best), ("played", made)) if on)
    return f' class="{names}"' if names else ""


def _played_cell(made: bool) -> str:
    return f'<td class="an-tag">{say.PLAYED if made else ""}</td>'


def plays_html(hint: PlayHint) -> str:
    """The ranked plays, best first, each a button that makes it on the board; the
    play the line made here (when judged) is marked, in its own row below when it
    ranks under the plays listed."""
    rows = []
    starts, deepest = depth_groups(hint.plays)
    for i, advice in enumerate(hint.plays):
        name = advice.play or say.NO_MOVE
        loss = "" if i == 0 else signed(-advice.loss)
        made = i == hint.played_rank
        quicker = depth_note(advice, deepest)
        depth = depth_label(depth_text(advice), quicker)
        label = say.play_label(name, signed(advice.equity), loss, depth, played=made)
        classes = "an-play" + (" best" if i == 0 else "") + (" played" if made else "")
        item = '<li class="shallower">' if i in starts else "<li>"  # a line above (style.css)
        rows.append(
            f'{item}<button type="button" class="{classes}" '
            f'data-action="{Act.ANALYSIS_PLAY}" data-value="{i}" aria-label="{escape(label)}">'
            f'<span class="an-rank">{i + 1}.</span>'
            f'<span class="an-move"><span>{escape(name)}</span> {ply_tag(advice, quicker)}'
            f"{played_tag(made)}</span>"
            f'<span class="an-eq">{signed(advice.equity)}</span>'
            f'<span class="an-loss">{loss}</span></button></li>'
        )
    rank, lost = hint.played_rank, hint.played_loss
    if rank is not None and lost is not None and rank >= len(hint.plays) and hint.plays:
        # Below the plays listed: its figures are the best's less what it gives up.
        equity = signed(hint.plays[0].equity - lost)
        name = hint.played or say.NO_MOVE
        label = say.play_label(name, equity, signed(-lost), "", played=True)
        rows.append(
            f'<li><div class="an-play played extra" data-testid="played-extra" role="note" '
            f'aria-label="{escape(label)}">'
            f'<span class="an-rank">{rank + 1}.</span>'
            f'<span class="an-move"><span>{escape(name)}</span>{played_tag(True)}</span>'
            f'<span class="an-eq">{equity}</span>'
            f'<span class="an-loss">{signed(-lost)}</span></div></li>'
        )
    said = ""
    if rank is not None and lost is not None:
        text = say.play_played(hint.played or say.NO_MOVE, rank + 1, lost)
        said = f'<p class="an-made" data-testid="play-played">{escape(text)}</p>'
    what = say.plays_unit(hint.match)
    return (
        f'<h3 class="an-head">{say.BEST_PLAYS} <span class="an-what">{what}</span></h3>'
        f'<ol class="an-plays" data-testid="ranked-plays">{"".join(rows)}</ol>' + said
    )


def played_tag(made: bool) -> str:
    """The mark on the play made here (the rollout's table marks it so too)."""
    if not made:
        return ""
    return f' <small class="an-tag" title="{say.PLAYED_TITLE}">{say.PLAYED}</small>'


def report_html(report: Report, names: tuple[str, str], turn: int) -> str:
    """The whole report for the side ``turn`` (``names`` are player 0's and 1's)."""
    doubler, taker = names[turn], names[1 - turn]
    parts = []
    if report.plays is not None and report.plays.plays:
        parts.append(plays_html(report.plays))
        best = report.plays.plays[0]
        parts.append(chances_html(best.probs, (doubler, taker), say.AFTER_BEST_PLAY))
    if report.cube is not None:
        parts.append(cube_html(report.cube, doubler, taker, before_roll=report.plays is not None))
        if report.plays is None:
            parts.append(chances_html(report.cube.probs, (doubler, taker)))
    if report.pending:
        parts.append(f'<p class="an-wait">{say.THINKING}</p>')
    if report.error:
        parts.append(f'<p class="an-error" role="alert">{say.NO_ANALYSIS}</p>')
    return "".join(parts)
