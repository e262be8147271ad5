"""The flow of play: what happens without this page's player — the
opponent's turns (asked through its :class:`~web.model.opponent.Opponent` port and
applied through the engine), automatic rolls and forced plays, the end of a
game and its statistics — and the changes of the match either side makes
(roll, double, take, drop, resign), announced and saved the same way.

It answers no intent of the player's itself: the other parts, and the
timer, hand it the match's changes.  A seat may be played at the other end
of a :class:`~web.control.session.RemoteGame` (a friend online,
:mod:`web.control.online`; :meth:`Session.play_remote
<web.control.session.Session.play_remote>`), which adds two hooks: the dice of this
page's own rolls come from :meth:`RemoteGame.roll` (the agreed fair roll,
which may have to wait for the other end), and every change of the match is
shown to :meth:`RemoteGame.sync` where it is saved, which sends the other end
what this page's player did (the opponent's own decisions, applied here, are
already known to it).  There the settings for real dice and automatic rolls
do not apply: the dice are the ones both ends agree, rolled when asked.
"""

from __future__ import annotations

from engine.decisions import (
    AcceptResignation,
    BeaverDouble,
    Decision,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    RollDice,
    StartNextGame,
    TakeDouble,
)
from engine.game import Action, Phase
from engine.turn import Step
from web.control.session import Part
from web.model.opponent import Answer, Opponent
from web.model.state import Dialog, Reviewing
from web.model.storage import STATS
from web.view.score_sheet import wins
from web.words import game as words


class Flow(Part):
    """See the module docs."""

    @property
    def real_dice(self) -> bool:
        """Whether the player enters the dice of a board's real dice (never
        against a remote game, whose dice both ends agree)."""
        return self.state.settings.manual_dice and self.session.remote is None

    @property
    def _auto_roll(self) -> bool:
        """Whether rolls with no cube decision before them happen by themselves
        (never against a remote game, whose dice may have to wait for the other end)."""
        return self.state.settings.auto_roll and self.session.remote is None

    def _seat(self, player: int | None) -> Opponent | None:
        """Who plays ``player``'s seat (None: nobody is to act)."""
        if player is None:
            return None
        return self.session.seat_factory(self.state.options, self.session.ai)[player]

    def roll(self, dice: tuple[int, int] | None) -> None:
        if (
            dice is None
            and self.session.remote is not None
            and not self.session.remote.roll(self._dice_came)
        ):
            self._set(busy=True, message=words.WAITING_FOR_DICE)
            return
        before = self.state.match
        # Dice given here are the player's real dice, typed in (Act.DICE_SET).
        self._set(match=before.roll(dice, rng=self.session.dice, by_hand=dice is not None))
        self._select(selected=None, swapped=False)
        self.session.say_roll(before)
        self._autosave()

    def _dice_came(self) -> None:
        """The agreed dice of a roll that waited for them."""
        self._set(busy=False, message="")
        with self.session.one_render():
            if self.session.legal(Action.ROLL):
                self.roll(None)
            self._advance()
            self._render()

    def double(self) -> None:
        doubler = self.state.match.turn
        assert doubler is not None
        self._set(match=self.state.match.double())
        s = self.state
        self._say(words.doubled(s.theme, s.names[doubler], s.match.cube.value * 2))
        self._autosave()

    def take(self) -> None:
        taker = self.state.match.actor
        assert taker is not None
        self._set(match=self.state.match.take())
        s = self.state
        self._say(words.took(s.names[taker], s.theme, s.match.cube.value))
        self._autosave()

    def drop(self) -> None:
        dropper = self.state.match.actor
        assert dropper is not None
        self._set(match=self.state.match.drop())
        self._say(words.dropped(self.state.names[dropper]))
        self._autosave()

    def resign(self, amount: int) -> None:
        player = self.state.match.turn
        assert player is not None
        if self.session.remote is not None and self.state.match.phase is Phase.ROLL:
            cast = self.session.remote.cast()
            if cast is not None:  # the friend's record has the roll first: so must ours
                self._set(match=self.state.match.roll(cast))
        self._set(match=self.state.match.resign(amount))
        s = self.state
        self._say(words.offers_to_resign(s.names[player], s.theme, amount))
        self._autosave()

    # -- the flow of play ------------------------------------------------------------------

    def advance(self) -> None:
        """Do whatever happens next without this page's player: the opponent's
        turns, automatic rolls and forced plays, the end-of-game summary."""
        s = self.state
        if s.busy or s.dialog is Dialog.DICE:
            return
        m = s.match
        if m.is_game_over:
            self.count_result()
            if self.session.summary_for != m.game_number and self.state.dialog is None:
                self.session.summary_for = m.game_number
                self._open(Dialog.OVER)
            return
        seat = self._seat(m.actor)
        if seat is not None and not seat.local:
            self._opponent_acts(seat)
            return
        phase = m.phase
        if phase is Phase.CUBE:
            if s.dialog is None:
                self._open(Dialog.CUBE)
        elif phase is Phase.RESIGNATION:
            if s.dialog is None:
                self._open(Dialog.RESIGN_ANSWER)
        elif phase in (Phase.OPENING, Phase.ROLL):
            if s.dialog is None and self._auto_roll and Action.DOUBLE not in m.legal_actions():
                if self.real_dice:
                    self._open(Dialog.DICE)
                elif not self.session.auto_pending:
                    self.session.auto_pending = True
                    self.session.later(s.pace[1] // 2, self._roll_by_itself)
        elif Action.CONFIRM in m.legal_actions():
            self.session.tutor_check()
        elif s.settings.auto_forced:
            forced = m.forced_steps()
            if forced is not None:
                self._play_steps(forced, forced=True)

    def _roll_by_itself(self) -> None:
        self.session.auto_pending = False
        if self.state.dialog is None and not self.state.busy and self.session.legal(Action.ROLL):
            self.roll(None)
            self._advance()
            self._render()

    def _play_steps(self, steps: tuple[Step, ...], *, forced: bool = False) -> None:
        """Move ``steps`` one by one with a pause to watch each, then confirm."""
        self._set(busy=True)
        player = self.state.match.turn
        pace = self.state.pace

        def step(k: int) -> None:
            if k == len(steps):
                self._set(busy=False, match=self.state.match.confirm())
                self.session.say_play(player, forced=forced)
                with self.session.one_render():
                    self._advance()
                    self._render()
                # Saving (the whole match, as JSON) waits for a task of its own,
                # so that the board is drawn first and neither makes a long task.
                self.session.timer.later(0, self._autosave)
                return
            st = steps[k]
            before = self.session.board()
            self._set(match=self.state.match.move(st.src, st.dst, st.die))
            self.session.slide(before)
            self._render()
            self.session.later(pace[0] + 40, lambda: step(k + 1))

        self._render()
        self.session.later(pace[1] // 2, lambda: step(0))

    # -- the opponent's turns --------------------------------------------------------------

    def _opponent_acts(self, seat: Opponent) -> None:
        """Ask the seat that must act for its decision; apply it when it comes."""
        epoch = self.state.epoch
        self._set(busy=True, thinking=True)

        def answer(a: Answer) -> None:
            if epoch != self.state.epoch:
                return
            beat = self.state.pace[1]
            if beat and isinstance(a.decision, (TakeDouble, DropDouble)):
                # An answer to a double the moment it is offered reads as no thought at
                # all: it waits a beat, still "considering", so the player registers it.
                self.session.later(beat, lambda: apply(a))
            else:
                apply(a)

        def apply(a: Answer) -> None:
            self._set(busy=False, thinking=False)
            if a.error:
                self._set(message=words.AI_PROBLEM)
            with self.session.one_render():
                self.apply(a.decision)
                self._advance()
                self._render()

        seat.decide(self.state.match, answer)

    def apply(self, decision: Decision) -> None:
        """An opponent's decision, through the engine like a player's own."""
        m = self.state.match
        if isinstance(decision, StartNextGame):
            if Action.NEXT_GAME in m.legal_actions():
                self._close()
                self._set(reviewing=Reviewing(), match=m.next_game(), history_index=None)
                self._select(selected=None)
                self._say(words.game_begins(self.state.match.game_number))
                self._autosave()
            return
        actor = m.actor
        assert actor is not None
        name = self.state.names[actor]
        if isinstance(decision, RollDice):
            self._opponent_roll()
        elif isinstance(decision, OfferDouble):
            self.double()
        elif isinstance(decision, OfferResignation):
            self.resign(decision.value)
        elif isinstance(decision, TakeDouble):
            self.take()
        elif isinstance(decision, BeaverDouble):
            self._set(match=m.beaver())
            s = self.state
            self._say(words.beavered(name, s.theme, s.match.cube.value * 4))
            self._autosave()
        elif isinstance(decision, DropDouble):
            self.drop()
        elif isinstance(decision, AcceptResignation):
            self._set(match=m.accept_resignation())
            self._say(words.accepts_resignation(name))
            self._autosave()
        elif isinstance(decision, RejectResignation):
            self._set(match=m.reject_resignation())
            text = words.rejects_your_resignation(name)
            self._set(message=text)
            self._say(text)
            self._autosave()
        elif isinstance(decision, PlayMoves):
            steps = m.steps_of(decision.moves)
            # Never stall the game on a bad answer: play the engine's first legal play.
            self._play_steps(steps if steps is not None else m.first_legal_steps())

    def _opponent_roll(self) -> None:
        if self.real_dice:
            self._open(Dialog.DICE)
            return
        before = self.state.match
        self._set(match=before.roll(rng=self.session.dice))
        self.session.say_roll(before)
        self._autosave()
        self.after_ai_roll()

    def after_ai_roll(self) -> None:
        m = self.state.match
        if m.phase is Phase.MOVE and self.state.is_ai(m.turn):
            # Let the player see the dice before the opponent moves.
            self._set(busy=True)
            self._render()

            def go() -> None:
                self._set(busy=False)
                self._advance()
                self._render()

            self.session.later(self.state.pace[1], go)

    # -- results and statistics -----------------------------------------------------------

    def _record(self, *, won: bool, points: int, win_type: int, match_won: bool | None) -> None:
        """Add a game, its dice and, unless ``match_won`` is None, the match it
        ended to the player records against this match's opponent, and store them."""
        s = self.state
        opponent = s.options.opponent
        records = s.records.add_game(opponent, won=won, points=points, win_type=win_type)
        if match_won is not None:
            records = records.add_match(opponent, won=match_won)
        records = records.add_dice(opponent, s.match.game.record, s.recorded)
        self._set(records=records)
        self.session.store.write(STATS, records.to_json())

    def count_abandoned(self) -> None:
        """A game left against the AI counts as resigned at its value (servers'
        rule), so a doubled, losing game cannot be escaped for free."""
        s = self.state
        m = s.match
        if not s.options.vs_ai or m.is_game_over or not m.events:
            return
        kind, points = m.abandon_value(0)
        match_lost = bool(m.match_length) and m.score[1] + points >= m.match_length
        self._record(
            won=False, points=points, win_type=int(kind), match_won=False if match_lost else None
        )
        text = words.abandoned(s.theme, int(kind), points)
        self._set(message=text)
        self._say(text)

    def count_result(self, *, announce: bool = True) -> None:
        """Add a finished game (and match: the engine says when it is over and
        who won it; a money session is no match in the records) to the player
        records, once."""
        s = self.state
        m = s.match
        result = m.result
        if result is None or s.counted > m.game_number - 1:
            return
        me = s.recorded
        self._set(counted=m.game_number)
        self._record(
            won=result.winner == me, points=result.points, win_type=int(result.win_type),
            match_won=(m.winner == me) if m.is_over and m.match_length else None,
        )  # fmt: skip
        if announce:
            winner = wins(s.names[result.winner])
            self._say(words.points_won(winner, s.theme, int(result.win_type), result.points))
        self.session.saved = None
        self._autosave()
