"""A rollout on the analysis board: what was asked and its progress
(:mod:`web.view.rollout` writes it for the page).

The rollout itself runs in the AI's workers, spread by
:class:`web.ai.rollouts.SpreadRollout`; the page keeps only the merged
:class:`~web.ai.rollouts.RolloutView` it reports after every chunk, for
the moment it was asked about.  Each candidate shows its mean with the
standard error (± SE) as the trials come in, best first, and a cube rollout
its verdict (:func:`engine.rollout_stats.cube_verdict`).

>>> settings({"trials": "432", "truncate": "10"})
(432, 10)
>>> settings({"trials": "7"})  # what the form does not offer is its default
(144, 10)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.game import Phase
from engine.match import Match
from web.ai.rollouts import RolloutView

TRIALS = (36, 144, 432, 1296)
TRUNCATIONS = (10, 5, 0)  # plies (0: to the end), worded by web.words.analysis
DEFAULT = (144, 10)
"""Trials and truncation a rollout starts with: a few seconds a candidate in a
browser; games played to the end take many times longer."""


def settings(fields: Mapping[str, str]) -> tuple[int, int]:
    """The rollout form's ``(trials, truncate)``, each one the form offers."""
    trials, truncate = DEFAULT
    if fields.get("trials", "").isdigit() and int(fields["trials"]) in TRIALS:
        trials = int(fields["trials"])
    plies = fields.get("truncate", "")
    if plies.isdigit() and int(plies) in TRUNCATIONS:
        truncate = int(plies)
    return trials, truncate


@dataclass(frozen=True, slots=True)
class Rollout:
    """A rollout of the moment ``key`` (:func:`web.coach.report.moment`)."""

    key: str
    trials: int
    truncate: int
    view: RolloutView | None = None

    @property
    def running(self) -> bool:
        v = self.view
        return v is None or not (v.finished or v.cancelled)


def played_result(line: Sequence[Match], at: int, match: Match) -> str:
    """With the board at step ``at`` of ``line`` (an imported match's, say) and
    that step a play: the Position ID the line's own play left, the opponent on
    roll, for a rollout to judge that play however low it ranks; else ``""``.

    >>> m = Match.new(1).roll((3, 1))
    >>> played_result((m, m.play("24/21 24/23")), 0, m)
    '4HPwARLgc/ABMA'
    >>> played_result((m,), 0, m)
    ''
    """
    turn = match.turn
    if at + 1 >= len(line) or line[at] != match or match.phase is not Phase.MOVE or turn is None:
        return ""
    return line[at + 1].board_for(1 - turn).id
