"""King Tubby's analysis of one moment on the analysis board: the cube
decision (no double, double/take, double/pass and the verdict), the chances
of each side (win, gammon, backgammon) and, once the dice are rolled, the
ranked plays with their equities and what each gives up.

It asks the AI worker the same questions as Hint (:mod:`web.ai.protocol`'s
:class:`~web.ai.protocol.CubeHintRequest` and :class:`~web.ai.protocol.HintRequest`)
and reads the answers with :mod:`web.coach.hint`; the numbers are all the engine's.

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1))
>>> cube, plays = requests(m)
>>> cube.taker, plays.dice
(False, (3, 1))
>>> report = Report(moment(m), waiting=2)
>>> report.pending
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.game import Phase
from engine.match import Match
from engine.names import DecisionKind
from web.ai.protocol import CubeHintRequest, HintRequest, Reply
from web.coach.hint import CubeHint, PlayHint, parse_cube_hint, parse_play_hint

if TYPE_CHECKING:  # loaded when a line's decision is first asked about
    from engine.review import Decision


def moment(match: Match) -> str:
    """What an analysis is for: this board, cube, score and dice, in this phase."""
    return f"{match.position_id}:{match.match_id}:{match.phase.value}:{len(match.events)}"


@dataclass(frozen=True, slots=True)
class Report:
    """The analysis of the moment ``key``: what has come back so far."""

    key: str = ""
    waiting: int = 0  # answers still to come
    cube: CubeHint | None = None
    plays: PlayHint | None = None
    error: str = ""
    # What the line did here (a match's record), judged with the rest: None at
    # the line's end, or where its next event was no decision.
    decided: Decision | None = None

    @property
    def chosen(self) -> str:
        """The cube choice the line made here ("" none): what the cube table marks."""
        d = self.decided
        return d.chosen if d is not None and d.kind == DecisionKind.CUBE else ""

    @property
    def pending(self) -> bool:
        return self.waiting > 0

    def with_cube(self, reply: Reply, *, taker: bool) -> Report:
        """This report with the cube decision's answer read (or its error noted)."""
        try:
            cube = parse_cube_hint(reply, taker=taker, chosen=self.chosen)
            return replace(self, waiting=self.waiting - 1, cube=cube)
        except ValueError as exc:
            return replace(self, waiting=self.waiting - 1, error=str(exc))

    def with_plays(self, reply: Reply, *, match_play: bool) -> Report:
        """This report with the ranked plays' answer read (or its error noted)."""
        try:
            plays = parse_play_hint(reply, match=match_play)
        except ValueError as exc:
            return replace(self, waiting=self.waiting - 1, error=str(exc))
        return replace(self, waiting=self.waiting - 1, plays=plays)


def recorded(match: Match, line: Match) -> Decision | None:
    """The decision made at ``match`` (a step of the line) in ``line``'s record,
    the line's last step: its next event there, when that was a play or a cube
    choice; None when the record stops at ``match``, or goes elsewhere.

    >>> m = Match.new(0).roll((3, 1))
    >>> d = recorded(m, m.play("8/5 6/5").roll((6, 4)))
    >>> d.kind, d.chosen, d.player
    (<DecisionKind.PLAY: 'play'>, '8/5 6/5', 0)
    >>> recorded(m, m) is None
    True
    """
    from engine.review import decision  # not needed for a first board

    game = match.game_number - 1
    games = line.record.games
    if not 0 <= game < len(games):
        return None
    events, done = games[game].events, match.events
    k = len(done)
    if k >= len(events) or events[:k] != done:
        return None
    return decision(match, events[k], game, k)


def requests(
    match: Match, decided: Decision | None = None, *, plies: int = 1
) -> tuple[CubeHintRequest | None, HintRequest | None]:
    """What to ask about the side to act: its cube decision (taking or passing
    when a double waits for an answer) and, with the dice rolled, its plays,
    judged at ``plies`` (the player's analysis depth).  Nothing once the game is
    over, nor about a beaver.  With ``decided`` (what the line did here,
    :func:`recorded`) the AI also judges that choice or play.

    >>> m = Match.new(0).roll((3, 1))
    >>> cube, plays = requests(m, recorded(m, m.play("8/5 6/5")))
    >>> plays.played is not None, cube.chosen
    (True, None)
    """
    turn = match.turn
    if turn is None or match.is_game_over or match.phase is Phase.OPENING:
        return None, None
    position = match.position if match.turn == turn else match.position.swap()
    cube_state = match.cube_state(turn)
    offer = match.offer
    cube = None
    if match.phase is not Phase.CUBE or (offer is not None and not offer.beavered):
        chosen = (
            decided.chosen if decided is not None and decided.kind == DecisionKind.CUBE else None
        )
        cube = CubeHintRequest(
            position.id, cube_state, match.phase is Phase.CUBE, chosen, plies=plies
        )
    plays = None
    if match.phase is Phase.MOVE and match.dice is not None:
        played = (
            decided.played if decided is not None and decided.kind == DecisionKind.PLAY else None
        )
        plays = HintRequest(
            position.id,
            match.dice,
            cube_state,
            played.id if played is not None else None,
            plies=plies,
        )
    return cube, plays


# -- as HTML ------------------------------------------------------------------------------
