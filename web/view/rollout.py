"""A rollout on the analysis board as HTML: its form, its progress and its table
(:class:`~web.coach.rollout.Rollout`).

>>> "Roll out" in rollout_html(None, ready=True)
True
"""

from __future__ import annotations

from engine.rollout_stats import CUBE, RolloutTally, Tally, cube_verdict
from web.board.escape import escape
from web.coach.hint import signed
from web.coach.rollout import DEFAULT, TRIALS, TRUNCATIONS, Rollout
from web.model.actions import Act
from web.view.parts import button
from web.view.report import played_tag
from web.words import analysis as say


def _value(x: float, mwc: bool) -> str:
    return f"{100.0 * x:.1f}%" if mwc else signed(x)


def _se(se: float, mwc: bool) -> str:
    return f"{100.0 * se:.1f}" if mwc else f"{se:.3f}"


def _row(name: str, mean: str, se: str, made: bool) -> str:
    tr = '<tr class="played">' if made else "<tr>"
    return (
        f"{tr}<th scope='row'>{escape(name)}{played_tag(made)}</th><td>{mean}</td>"
        f"<td class='ro-se'>{say.spread(se)}</td></tr>"
    )


def _rows(tally: RolloutTally, played: str = "") -> str:
    """The table; a play rollout marks the row of ``played`` (the play the line
    made here, which the rollout includes however low it ranks), as the
    ranked plays mark it.

    >>> t = RolloutTally("k", "plays", "equity", (), (Tally("8/5 6/5", 1), Tally("24/21 6/5", 1)))
    >>> html = _rows(t, played="24/21 6/5")
    >>> html.count('class="played"'), html.count("an-tag")
    (1, 1)
    >>> "played" in _rows(t)
    False
    """
    mwc = tally.units == "mwc"
    if tally.kind == CUBE:
        v = cube_verdict(tally)
        no_double, take, drop = say.CUBE_ROWS
        rows = [
            (no_double, _value(v.no_double, mwc), _se(v.no_double_se, mwc)),
            (take, _value(v.double_take, mwc), _se(v.double_take_se, mwc)),
            (drop, _value(v.double_pass, mwc), ""),
        ]
    else:
        ranked: list[Tally] = tally.ranked()
        rows = [(t.label or say.NO_MOVE, _value(t.mean, mwc), _se(t.se, mwc)) for t in ranked]
    marked = played if tally.kind != CUBE else ""  # a cube rollout's rows are no plays
    body = "".join(_row(name, mean, se, bool(marked) and name == marked) for name, mean, se in rows)
    verdict = ""
    if tally.kind == CUBE:
        action = cube_verdict(tally).action
        verdict = f'<p class="an-verdict ro-verdict">{escape(say.rollout_verdict(action))}</p>'
    table = f'<table class="ro-table" data-testid="rollout-table"><tbody>{body}</tbody></table>'
    return table + verdict


def _form(chosen: tuple[int, int] = DEFAULT) -> str:
    """The form, ``chosen`` (trials, truncate) selected: the last rollout's stay (#47)."""
    trials = "".join(
        f'<option value="{n}"{" selected" if n == chosen[0] else ""}>{say.trials(n)}</option>'
        for n in TRIALS
    )
    cut = "".join(
        f'<option value="{p}"{" selected" if p == chosen[1] else ""}>'
        f"{escape(say.truncation(p))}</option>"
        for p in TRUNCATIONS
    )
    return (
        '<form class="an-row ro-form" autocomplete="off">'
        f'<select name="trials" aria-label="{say.TRIALS}">{trials}</select>'
        f'<select name="truncate" aria-label="{say.GAMES_PLAYED}">{cut}</select>'
        + button(Act.ROLLOUT, say.ROLL_OUT)
        + "</form>"
    )


def rollout_html(rollout: Rollout | None, *, ready: bool, played: str = "") -> str:
    """The rollout part of the analysis: its form, or its progress and figures.
    ``ready``: the position can be rolled out now (analysed, nobody busy);
    ``played``: the play the line made here (its notation), marked in the table."""
    head = f'<h3 class="an-head">{say.ROLLOUT} <span class="an-what">{say.ROLLOUT_UNIT}</span></h3>'
    if rollout is None:
        return head + (_form() if ready else "")
    v = rollout.view
    done, total = (v.done, v.total) if v is not None else (0, rollout.trials)
    cut = rollout.truncate
    form = _form((rollout.trials, cut)) if ready else ""
    if rollout.running:
        state = say.rollout_state("running", done, total, cut)
        action = button(Act.ROLLOUT_CANCEL, say.CANCEL)
    elif v is not None and v.error is not None:
        state = say.rollout_state("failed", done, total, cut, v.error)
        action = form
    elif v is not None and v.cancelled:
        state = say.rollout_state("cancelled", done, total, cut)
        action = form
    else:
        state = say.rollout_state("done", done, total, cut)
        action = form  # again, with more trials or further
    progress = f'<progress max="{total}" value="{done}" aria-hidden="true"></progress>'
    tally = v.tally if v is not None else None
    table = _rows(tally, played) if tally is not None and tally.trials else ""
    return (
        head
        + f'<p class="ro-state" role="status" data-testid="rollout-state">{escape(state)}</p>'
        + (progress if rollout.running else "")
        + table
        + action
    )
