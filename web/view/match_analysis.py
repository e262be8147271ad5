"""A whole match's analysis on the analysis board (issue #47): the Analyse match
button, the progress while the workers judge, then the equity graph of the game
on the board and each player's figures for the match and for that game.

>>> from engine.match import Match
>>> from web.model.analysis import Analysis
>>> from web.model.state import UiState
>>> m = Match.new(0).roll((3, 1))
>>> a = Analysis(trail=(Match.new(0), m), at=0)
>>> 'data-action="match-analyse"' in match_analysis_html(UiState(analysis=a), a)
True
"""

from __future__ import annotations

from engine.review import PlayerStats
from web.board.escape import escape
from web.coach.match_analysis import CANCELLED, FAILED, WholeMatch
from web.model import movelist as ml
from web.model.actions import Act
from web.model.analysis import Analysis
from web.model.state import UiState
from web.view.equity_graph import Point, equity_graph
from web.view.parts import button
from web.words import match_analysis as say


def _cells(s: PlayerStats) -> tuple[str, ...]:
    o = s.overall
    return (
        str(s.plays.plays),
        str(s.cube.cube),
        str(o.doubtful),
        str(o.mistakes),
        str(o.blunders),
        say.thousandths(s.error_rate / 1000.0),
        say.pr(o.pr),
        say.luck(s.luck),
        say.thousandths(s.luck_rate),
        say.LUCK_RATINGS[s.luck_rating.value],
        say.result(s.result, s.units),
        say.result(s.adjusted, s.units),
    )


def stats_table(caption: str, pair: tuple[PlayerStats, PlayerStats], names: tuple[str, str]) -> str:
    """Both players' figures side by side, one row each (:data:`web.words.match_analysis.ROWS`)."""
    left, right = _cells(pair[0]), _cells(pair[1])
    rows = "".join(
        f'<tr><th scope="row"{f" title={chr(34)}{escape(note)}{chr(34)}" if note else ""}>'
        f"{escape(label)}</th><td>{escape(x)}</td><td>{escape(y)}</td></tr>"
        for label, note, x, y in zip(say.ROWS, say.ROW_NOTES, left, right, strict=True)
    )
    return (
        f'<table class="an-stats" data-testid="an-stats"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col"></th><th scope="col"><span>{escape(names[0])}</span></th>'
        f'<th scope="col"><span>{escape(names[1])}</span></th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def graph(w: WholeMatch, a: Analysis, game: int, names: tuple[str, str]) -> str:
    """The equity graph of game ``game`` (by index): the first player's chances."""
    line = ml.keys(a.trail)
    points = []
    for j in w.judged:
        if j is None or j.decision.game != game:
            continue
        win = j.win(0)
        if win is None:
            continue
        d = j.decision
        grade = ml.grade(j.loss)
        title = say.graph_point(names[d.player], grade, names[0], win)
        points.append(Point(ml.step_of(line, d.game, d.event), win, d.player, grade, title))
    return equity_graph(points, a.at, say.graph_title(game + 1, names[0]))


def _status(w: WholeMatch) -> str:
    if w.running:
        return (
            f'<div class="an-row an-progress" data-testid="an-progress">'
            f'<progress max="{w.total}" value="{w.done}"></progress>'
            f'<span aria-live="polite">{escape(say.analysing(w.done, w.total))}</span>'
            + button(Act.MATCH_ANALYSE_CANCEL, say.CANCEL)
            + "</div>"
        )
    if w.status == CANCELLED:
        text = say.cancelled(w.done, w.total)
    elif w.status == FAILED:
        text = say.FAILED
    else:
        return f'<p class="an-done" data-testid="an-progress">{escape(say.finished(w.total))}</p>'
    return (
        f'<p class="an-done" data-testid="an-progress">{escape(text)}</p>'
        + '<div class="an-row">'
        + button(Act.MATCH_ANALYSE, say.ANALYSE_AGAIN)
        + "</div>"
    )


def kept_match_html(state: UiState) -> str:
    """In the editor, over a match played here (the game put aside): the way to
    analyse that whole match on the board."""
    a = state.analysis
    kept = a.kept if a is not None else None
    if kept is None or not any(g.events for g in kept.match.record.games):
        return ""
    return '<div class="an-row">' + button(Act.MATCH_ANALYSE, say.ANALYSE_PLAYED) + "</div>"


def match_analysis_html(state: UiState, a: Analysis) -> str:
    """The section of the analysis panel for the whole match (none without a line)."""
    if not a.trail or a.editor is not None:
        return ""
    w = a.whole
    if w is None:
        body = '<div class="an-row">' + button(Act.MATCH_ANALYSE, say.ANALYSE_MATCH) + "</div>"
    else:
        body = _status(w)
        if w.done:
            names = state.names
            stats = w.stats()
            game = min(max(ml.key(state.match)[0], 0), len(stats.games) - 1)
            body += graph(w, a, game, names)
            body += stats_table(say.WHOLE_MATCH, stats.match, names)
            if len(stats.games) > 1:
                body += stats_table(say.game_caption(game + 1), stats.games[game], names)
    return (
        f'<section class="an-match" aria-label="{say.MATCH_ANALYSIS}" data-testid="an-match">'
        f"{body}</section>"
    )
