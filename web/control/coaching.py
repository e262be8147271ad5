"""Intents that ask King Tubby about the player's own decisions: the hint,
the tutor (which judges a play before Done) and the review of a finished
game, shown on the board.  The advice's state machine is :mod:`web.model.tutor`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.game import Action
from web.ai.client import hint_request
from web.ai.protocol import (
    CubeHintReply,
    CubeHintRequest,
    ErrorReply,
    HintReply,
    HintRequest,
    NoAnswerError,
    Reply,
    WorkerError,
)
from web.board.motion import plan_motions
from web.coach.hint import PlayHint, parse_cube_hint, parse_play_hint
from web.control.session import Part
from web.model.actions import Act
from web.model.state import Dialog, Reviewing, ReviewView
from web.model.tutor import can_hint, moment, pending_now, ready, should_judge
from web.view.screen import reviewed_frame
from web.words import game as words

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.advice import Advice
    from web.model.intents import Handler, Index, Intent


class Coaching(Part):
    """See the module docs."""

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import Index, typed

        return {
            Act.HINT: self._on_hint,
            Act.HINT_PLAY: typed(Index, self._on_hint_play),
            Act.TUTOR_KEEP: self._on_tutor_keep,
            Act.TUTOR_UNDO: self._on_tutor_undo,
            Act.TUTOR_BEST: self._on_tutor_best,
            Act.REVIEW: self._on_review,
            Act.REVIEW_SHOW: typed(Index, self._on_review_show),
            Act.REVIEW_PREV: self._on_review_prev,
            Act.REVIEW_NEXT: self._on_review_next,
            Act.REVIEW_BEFORE: self._on_review_before,
            Act.REVIEW_PLAYED: self._on_review_played,
            Act.REVIEW_BEST: self._on_review_best,
            Act.REVIEW_LIST: self._on_review_list,
        }

    def _on_hint(self, intent: Intent) -> None:
        s = self.state
        if not can_hint(s):
            return
        if ready(s) or pending_now(s):
            self._set(advice=replace(s.advice, shown=True))  # the tutor asked: show it
            return
        self._ask_hint(shown=True)

    def tutor_check(self) -> None:
        """With the tutor on, judge the player's play once it is complete, before Done."""
        s = self.state
        if should_judge(s):
            self._ask_hint(shown=s.advice.shown and ready(s), played=s.match.board.id)

    def ask_again_if_lost(self, before: Advice) -> None:
        """Hint pressed while the tutor judged a play, and the play taken back
        before the answer came: that answer is dropped with the play, but the
        list the player asked for is for the whole turn, so it is asked for again."""
        if before.pending and before.shown and before.board and can_hint(self.state):
            self._ask_hint(shown=True)

    def _ask_hint(self, *, shown: bool, played: str | None = None) -> None:
        request = hint_request(self.state.match)
        if request is None:
            return
        if played is not None and isinstance(request, HintRequest):
            request = replace(request, played=played)  # the tutor: at play's pace, 1-ply
        elif played is None:  # the player asked: as deep as the Settings say
            request = replace(request, plies=self.state.settings.analysis_plies)
        taker = isinstance(request, CubeHintRequest) and request.taker
        key = moment(self.state)
        match_play = self.state.match.rules.match_length > 0
        self._set(advice=self.state.advice.asking(key, shown=shown, played=played))

        def reply(answer: Reply) -> None:
            a = self.state.advice
            if key != a.key or played != (a.board or None):
                return  # the game moved on (or was replaced) while the AI thought
            warned = False
            try:
                if isinstance(answer, HintReply):
                    hint: PlayHint | None = parse_play_hint(answer, match=match_play)
                    assert hint is not None
                    note = ""
                    if played is not None:  # the tutor's words load with its first verdict
                        from web.words.coach import tutor_note

                        note = tutor_note(hint)
                    warned = bool(note)
                    self._set(advice=a.answered(hint, shown=a.shown or warned))
                    if note:
                        self._say(note)
                        if self.state.dialog is None:  # asked where the player is looking
                            self._open(Dialog.TUTOR)
                elif isinstance(answer, CubeHintReply):
                    cube = parse_cube_hint(answer, taker=taker)
                    self._set(advice=a.answered(cube, shown=a.shown))
                else:
                    if isinstance(answer, ErrorReply):
                        raise WorkerError(answer.error)
                    raise NoAnswerError()
            except ValueError as exc:
                self._set(advice=a.answered(None, shown=a.shown))
                if a.shown:
                    self._set(message=words.no_hint(words.trouble(exc)))
            with self.session.one_render():
                if self.state.advice.confirm_waiting:
                    self._set(advice=replace(self.state.advice, confirm_waiting=False))
                    if not warned:  # a good play: the Done that waited goes through
                        self.session.confirm()
                self._advance()  # the tutor may now judge a play completed meanwhile
                self._render()

        self.session.ai.ask(request, reply)

    def _on_hint_play(self, ask: Index) -> None:
        self._play_hint(ask.index)

    def _play_hint(self, index: int) -> None:
        """Make a hinted play on the board, from the turn's start; the player confirms it."""
        s = self.state
        hint = s.advice.hint
        if not isinstance(hint, PlayHint) or not ready(s) or s.busy or not s.human_to_move:
            return
        if index >= len(hint.plays):
            return
        advice = hint.plays[index]
        before = self.session.board()
        try:
            # The whole play replaces whatever was moved so far, and waits for Done.
            self._set(match=s.match.with_play(advice.moves))
        except EngineError:
            self._set(message=words.cannot_play_hint(advice.play))
            return
        self._select(selected=None)
        self.session.slide(before)
        self._autosave()

    # -- the tutor's question ------------------------------------------------------------

    def _on_tutor_keep(self, intent: Intent) -> None:
        """Keep the play the tutor warned of: Done."""
        if self.state.dialog is Dialog.TUTOR:
            self._close()
        self.session.confirm()

    def _on_tutor_undo(self, intent: Intent) -> None:
        """Take the play back: the turn from its start, to play again."""
        if self.state.dialog is Dialog.TUTOR:
            self._close()
        s = self.state
        if s.busy or not s.human_to_move or not self.session.legal(Action.UNDO):
            return
        before = self.session.board()
        # The same play made again must be asked about again (the verdict is gone).
        self._set(match=s.match.reset_moves(), advice=s.advice.taken_back())
        self._select(selected=None)
        self.session.slide(before)
        self._autosave()

    def _on_tutor_best(self, intent: Intent) -> None:
        """Show King Tubby's play on the board (with the hint's list), for Done."""
        if self.state.dialog is Dialog.TUTOR:
            self._close()
        self._play_hint(0)

    # -- reviewing a finished game ------------------------------------------------------

    def _on_review(self, intent: Intent) -> None:
        m = self.state.match
        if not m.is_game_over:
            return
        game = len(m.record.games) - 1
        review = self.state.reviewing.review
        fresh = review is None or review.game != game
        if fresh:  # else the review already made (or under way) is shown again
            players = frozenset({0}) if self.state.options.vs_ai else frozenset({0, 1})
            from web.coach.review import Review, review_items  # after a game, not at start

            plies = self.state.settings.analysis_plies
            review = Review(game, review_items(m.record, game, players, plies))
            self._set(reviewing=Reviewing(review))
        self._open(Dialog.REVIEW)
        if fresh:
            self._review_next()

    def _review_next(self) -> None:
        """Ask the AI about the next play still to judge, one request at a time."""
        review = self.state.reviewing.review
        if review is None or review.next_index is None:
            return
        index = review.next_index
        epoch = self.state.epoch

        def reply(answer: Reply) -> None:
            if epoch != self.state.epoch or self.state.reviewing.review is not review:
                return  # a new game or match began: the review stops
            try:
                judged = review.judged_from(index, answer)
            except ValueError as exc:
                self._set(message=words.review_stopped(words.trouble(exc)))
                return
            self._set(reviewing=replace(self.state.reviewing, review=judged))
            with self.session.one_render():
                self._render()
            self._review_next()

        self.session.ai.ask(review.items[index].request, reply)

    def show_review_frame(self, index: int | None, view: ReviewView) -> None:
        """Show decision ``index`` (None: the game's own board again), sliding the
        checkers from what the board showed."""
        old = reviewed_frame(self.state)
        self._set(reviewing=replace(self.state.reviewing, at=index, view=view))
        new = reviewed_frame(self.state)
        if old is not None and new is not None and old.player == new.player:
            self.session.motions = tuple(plan_motions(old.position, new.position))
        self._select(selected=None)

    def _on_review_show(self, ask: Index) -> None:
        review = self.state.reviewing.review
        if review is None or ask.index not in review.flagged():
            return
        self._close()
        # A fresh start: nothing slides in from another decision.
        self._set(reviewing=replace(self.state.reviewing, at=None))
        self.show_review_frame(ask.index, ReviewView.BEFORE)

    def _review_step(self, step: int) -> None:
        r = self.state.reviewing
        if r.review is None or r.at is None:
            return
        flagged = r.review.flagged()
        at = flagged.index(r.at) + step if r.at in flagged else 0
        if 0 <= at < len(flagged):
            self._set(reviewing=replace(r, at=None))
            self.show_review_frame(flagged[at], ReviewView.BEFORE)

    def _on_review_prev(self, intent: Intent) -> None:
        self._review_step(-1)

    def _on_review_next(self, intent: Intent) -> None:
        self._review_step(1)

    def _review_view(self, view: ReviewView) -> None:
        at = self.state.reviewing.at
        if at is not None:
            self.show_review_frame(at, view)

    def _on_review_before(self, intent: Intent) -> None:
        self._review_view(ReviewView.BEFORE)

    def _on_review_played(self, intent: Intent) -> None:
        self._review_view(ReviewView.PLAYED)

    def _on_review_best(self, intent: Intent) -> None:
        self._review_view(ReviewView.BEST)

    def _on_review_list(self, intent: Intent) -> None:
        if self.state.reviewing.review is not None:
            self._open(Dialog.REVIEW)
