"""What the analysis board says about a whole match's analysis: its progress,
the statistics table and the equity graph (issue #47).

>>> analysing(120, 652)
'Analysing: 120 of 652 decisions'
>>> result(0.5, "mwc"), result(-2.0, "points"), luck(0.1234)
('+50.0%', '−2.00', '+0.123')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from web.words.game import AI_ERROR

ANALYSE_MATCH = "Analyse match"
ANALYSE_PLAYED = "Analyse the match played"
ANALYSE_AGAIN = "Analyse the match again"
CANCEL = "Cancel"
MATCH_ANALYSIS = "Match analysis"
STATS_ARIA = "Each player's figures"
WHOLE_MATCH = "Whole match"
NOTHING_TO_ANALYSE = "This line has no decisions to analyse yet."

ROWS = (
    "Checker plays",
    "Cube decisions",
    "Doubtful",
    "Mistakes",
    "Blunders",
    "Error per decision",
    "PR",
    "Luck",
    "Luck per roll",
    "Luck rating",
    "Result",
    "Luck-adjusted result",
)
"""The statistics table's rows, in order (:func:`web.view.match_analysis.stats_table`)."""

ROW_NOTES = (
    "Unforced plays judged",
    "Doubles, takes, drops and close decisions not to double",
    "",
    "",
    "",
    "Equity given up per decision, in thousandths",
    "Performance rating: 500 × the mean error (lower is better)",
    "The sum of each roll's equity against the average of all 21 rolls",
    "In thousandths of equity",
    "",
    "Points, or match-winning chances for a finished match",
    "The result with both players' luck taken away",
)

LUCK_RATINGS: Mapping[str, str] = MappingProxyType(
    {
        "very unlucky": "Very unlucky",
        "unlucky": "Unlucky",
        "none": "Average",
        "lucky": "Lucky",
        "very lucky": "Very lucky",
    }
)


def analysing(done: int, total: int) -> str:
    return f"Analysing: {done} of {total} decisions"


def started(total: int) -> str:
    return f"Analysing the whole match: {total} decisions."


def finished(total: int) -> str:
    return f"Match analysed: {total} decisions."


def cancelled(done: int, total: int) -> str:
    return f"Analysis cancelled after {done} of {total} decisions."


FAILED = f"The analysis stopped: {AI_ERROR}."
"""The match's analysis failed (the worker's own text is the console's)."""


def game_caption(game: int) -> str:
    return f"Game {game}"


def _minus(text: str) -> str:
    return text.replace("-", "\u2212")  # a real minus sign lines up with the plus


def result(value: float, units: str) -> str:
    """A result: match-winning chance for a finished match, else points."""
    if units == "mwc":
        return _minus(f"{100.0 * value:+.1f}%")
    return _minus(f"{value:+.2f}")


def luck(value: float) -> str:
    return _minus(f"{value:+.3f}")


def thousandths(value: float) -> str:
    return _minus(f"{1000.0 * value:.1f}") if value >= 0 else _minus(f"{1000.0 * value:+.1f}")


def pr(value: float) -> str:
    return f"{value:.1f}"


def graph_title(game: int, name: str) -> str:
    return f"Game {game}: {name}’s chances of winning, decision by decision"


def graph_point(decider: str, grade: str, name: str, win: float) -> str:
    """A point of the graph, as its title says it: whose decision and its grade,
    and the chances of the player the graph follows.

    >>> graph_point("Bob", "blunder", "Ann", 0.625)
    'Bob’s decision, a blunder: Ann 62% to win. Go there.'
    """
    what = f", a {grade}" if grade else ""
    return f"{decider}’s decision{what}: {name} {100.0 * win:.0f}% to win. Go there."
