"""The analysis board's intents: the controller's part for this mode.

Entering puts the game being played aside (it is neither saved over nor
counted while the analysis lasts) and shows the editor; Analyse makes the
set-up's match the page's own, so the game's controls play on from it by
hand or against an AI level, and asks King Tubby about each decision
(:mod:`web.coach.report`); Back and Forward step along the line played
(the AI waits meanwhile: it plays only at the end of the line), and playing
on from an earlier decision, or asking the AI to at one of its own, cuts the
line there and goes on from it, as a new variation does on lichess's
analysis board; leaving brings the game back as it was.  Analyse match judges
every decision of the line's match in the AI workers
(:mod:`web.coach.match_analysis`), filling in the grades as the answers come;
the match then exports with its analysis as the page's save, and such a save
opens on the board with it.

The hooks at the end keep the rest of the controller out of the analysis:
nothing is autosaved (each decision reached is added to the line instead),
no end-of-game summary or statistics, no opponent moving while the player
steps back, and an intent that replaces the match (a new game, a load, an
import) first brings the game back, so that it asks about that one.
"""

from __future__ import annotations

# The editor (engine.position_setup, web.model.editor) and rollouts load when the
# board first uses them, not at the page's start: each method imports its own.
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.game import Action, Phase
from engine.match import Match, replay_events
from engine.record import Doubled, Dropped, Event, Roll, Took
from web.ai.client import AiPort
from web.ai.protocol import Reply, RolloutRequest
from web.coach.report import Report, moment, recorded, requests
from web.control.flow import Flow
from web.control.session import Part, Session
from web.control.storage import Storage
from web.model.actions import Act
from web.model.analysis import Analysis
from web.model.analysis_link import share_link, xgid_from_fragment
from web.model.options import BY_HAND
from web.model.savefile import SavedGame
from web.model.state import Dialog
from web.words import analysis_board as words
from web.words.play import match_file_error, repairs_text

if TYPE_CHECKING:
    from engine.formats.mat import MatFile
    from web.ai.rollouts import RolloutView, SpreadRollout
    from web.coach.match_analysis import SpreadAnalysis
    from web.model import editor as ed
    from web.model.intents import (  # loaded with the first intent (Controller.handlers)
        CopyAsk,
        ErrorStep,
        ExportAsk,
        Handler,
        Index,
        Intent,
        RivalPick,
        RolloutAsk,
        SetUp,
        Text,
        ToolPick,
    )

GAME_ACTS: frozenset[Act] = frozenset(
    {
        Act.ROLL, Act.DOUBLE, Act.TAKE, Act.BEAVER, Act.DROP, Act.UNDO, Act.REDO, Act.CONFIRM,
        Act.PLAY_TEXT, Act.SELECT, Act.SWAP_DICE, Act.DICE_SET, Act.RESIGN_OPEN, Act.RESIGN,
        Act.ACCEPT, Act.REJECT, Act.NEXT_GAME, Act.REMATCH, Act.HINT, Act.HINT_PLAY,
        Act.REVIEW, Act.REVIEW_SHOW, Act.REVIEW_PREV, Act.REVIEW_NEXT, Act.REVIEW_BEFORE,
        Act.REVIEW_PLAYED, Act.REVIEW_BEST, Act.REVIEW_LIST, Act.HISTORY_GAME,
        Act.CHAT_OPEN, Act.CHAT, Act.CLAIM, Act.ANALYSIS_BACK, Act.ANALYSIS_FORWARD,
        Act.ANALYSIS_PLAY, Act.ANALYSIS_PLAY_ON, Act.ROLLOUT,
    }
)  # fmt: skip
"""What acts on the match on the board: while the editor shows, that match is the
game put aside, so these (a key's, most often) do nothing until Analyse."""


_ROUTED: Mapping[Act, Act] = MappingProxyType(
    {
        Act.REVIEW_PREV: Act.ANALYSIS_BACK,
        Act.REVIEW_NEXT: Act.ANALYSIS_FORWARD,
        Act.HISTORY_GAME: Act.ANALYSIS_GAME,
    }
)
_FOLLOWS: Mapping[Act, type[Event]] = MappingProxyType(
    {Act.ROLL: Roll, Act.DOUBLE: Doubled, Act.TAKE: Took, Act.DROP: Dropped}
)
"""Inside the line, the act that does what the line did next follows it (Forward):
a Roll there shows the roll the line made, never new dice that would cut it."""
_LEAVES: Mapping[Act, Action] = MappingProxyType(
    {
        Act.ROLL: Action.ROLL,
        Act.DOUBLE: Action.DOUBLE,
        Act.TAKE: Action.TAKE,
        Act.DROP: Action.DROP,
        Act.BEAVER: Action.BEAVER,
        Act.CONFIRM: Action.CONFIRM,
        Act.ANALYSIS_PLAY: Action.MOVE,
    }
)
"""The acts that would play on from inside the line, cutting what follows."""


def _decision_point(match: Match) -> bool:
    """A moment the line of play keeps: a roll, a cube answer, a play not begun, the end."""
    moves = match.moves
    return match.phase is not Phase.MOVE or moves is None or moves.cursor == 0


def _looks_like_mat(text: str) -> bool:
    """Whether a file is meant as a ``.mat`` match file: its first line that is
    not a comment names the match length (``5 point match``), as the format begins.

    >>> _looks_like_mat("; [Site 'x']\\n\\n 5 point match"), _looks_like_mat('{"app": 1}')
    (True, False)
    """
    for line in text[:4000].splitlines():
        line = line.strip()
        if line and not line.startswith(";"):
            words = line.split()
            return len(words) == 3 and words[0].isdigit() and words[1:] == ["point", "match"]
    return False


def _looks_like_match_file(text: str) -> bool:
    """Whether a file is meant as a match file: a ``.mat`` (see :func:`_looks_like_mat`),
    a GNU Backgammon ``.sgf`` (a game tree, ``(;``) or an eXtreme Gammon ``.xg``
    (its header, ``RGMH``), rather than a saved game.

    >>> _looks_like_match_file("(;FF[4]GM[6]"), _looks_like_match_file("RGMH\\x01")
    (True, True)
    >>> _looks_like_match_file('{"app": "backgammon-web"}')
    False
    """
    head = text[:64].lstrip("\ufeff \t\r\n")
    return head.startswith(("(;", "RGMH")) or _looks_like_mat(text)


def _step_key(match: Match) -> tuple[int, int, str, str, str]:
    return (
        match.game_number,
        len(match.events),
        match.phase.value,
        match.position_id,
        match.match_id,
    )


class AnalysisBoard(Part):
    """See the module docs.  ``flow`` plays on at the end of the line,
    ``storage`` exports and imports what is not a match file; ``page_url`` is
    the page's address without its fragment (for the shared link) and
    ``rollout_ports`` the app's workers (none: the AI's alone)."""

    def __init__(
        self,
        session: Session,
        flow: Flow,
        storage: Storage,
        *,
        page_url: str = "",
        rollout_ports: Callable[[], Sequence[AiPort]] | None = None,
    ) -> None:
        super().__init__(session)
        self.flow = flow
        self.storage = storage
        self.page_url = page_url
        self.rollout_ports = rollout_ports
        self._spread: SpreadRollout | None = None
        self._jobs = 0
        self._whole: SpreadAnalysis | None = None

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import (
            CopyAsk,
            ErrorStep,
            ExportAsk,
            Index,
            RivalPick,
            RolloutAsk,
            SetUp,
            Text,
            ToolPick,
            typed,
        )

        go = typed(Index, self._on_go)
        return {
            Act.ANALYSIS_OPEN: self._on_analysis_open,
            Act.ANALYSIS_CLOSE: self._on_analysis_close,
            Act.EDIT_TOOL: typed(ToolPick, self._on_edit_tool),
            Act.EDIT_CLEAR: self._on_edit_clear,
            Act.EDIT_START: self._on_edit_start,
            Act.EDIT_SWAP: self._on_edit_swap,
            Act.EDIT_SET: typed(SetUp, self._on_edit_set),
            Act.EDIT_PASTE: typed(Text, self._on_edit_paste),
            Act.EDIT_OPEN: self._on_edit_open,
            Act.ANALYSE: self._on_analyse,
            Act.ANALYSIS_BACK: self._on_analysis_back,
            Act.ANALYSIS_FORWARD: self._on_analysis_forward,
            Act.ANALYSIS_GO: go,
            Act.ANALYSIS_GAME: go,
            Act.ANALYSIS_FIRST: self._on_walk,
            Act.ANALYSIS_LAST: self._on_walk,
            Act.ANALYSIS_GAME_PREV: self._on_walk,
            Act.ANALYSIS_GAME_NEXT: self._on_walk,
            Act.ANALYSIS_ERROR: typed(ErrorStep, self._on_error_step),
            Act.ANALYSIS_PLAY: typed(Index, self._on_analysis_play),
            Act.ANALYSIS_OPPONENT: typed(RivalPick, self._on_analysis_opponent),
            Act.ANALYSIS_PLAY_ON: self._on_analysis_play_on,
            Act.ANALYSIS_COPY: typed(CopyAsk, self._on_analysis_copy),
            Act.ROLLOUT: typed(RolloutAsk, self._on_rollout),
            Act.ROLLOUT_CANCEL: self._on_rollout_cancel,
            Act.MATCH_ANALYSE: self._on_match_analyse,
            Act.MATCH_ANALYSE_CANCEL: self._on_match_analyse_cancel,
            Act.EXPORT: typed(ExportAsk, self._on_export),
            Act.IMPORT: typed(Text, self._on_import),
        }

    # -- entering and leaving ------------------------------------------------------------

    def open_shared(self, fragment: str) -> None:
        """The page was opened with a link's fragment: ``#xgid=`` opens the
        analysis board on that position (a bad one is said, and the game stays)."""
        from engine.position_setup import PositionSetup
        from web.model import editor as ed

        text = xgid_from_fragment(fragment)
        if text is None:
            return
        with self.session.one_render():
            try:
                setup = PositionSetup.from_xgid(text, self.state.theme.colour_names)
            except EngineError as exc:
                from web.words.refusals import refusal  # on a refusal only

                self._set(message=words.unreadable_shared_position(refusal(exc)))
            else:
                editor = ed.Editor(setup)
                if self._enter(editor) and ed.problem(editor) is None:
                    # a position that can be played is analysed at once
                    self._analyse_setup()
                    self._advance()
            self._render()

    def _enter(self, editor: ed.Editor) -> bool:
        s = self.state
        if s.options.online or s.online.playing:
            self._set(message=words.ONLINE_FIRST)
            return False
        self._cancel_whole()  # a new line: the last one's analysis is not for it
        kept = (
            s.analysis.kept if s.analysis is not None else SavedGame(s.options, s.match, s.counted)
        )
        self.session.replace(s.match, s.counted, keep_analysis=True)
        self._set(analysis=Analysis(editor=editor, kept=kept, page_url=self.page_url), message="")
        self._say(words.SET_UP)
        return True

    def _on_analysis_open(self, intent: Intent) -> None:
        from engine.position_setup import PositionSetup
        from web.model import editor as ed

        if self.state.analysis is not None:
            return
        m = self.state.match
        names = self.state.theme.colour_names
        try:
            setup = PositionSetup.from_match(m, names)
        except EngineError:  # a finished match has no position to set up
            setup = replace(PositionSetup.start(), names=names)
        self._enter(ed.Editor(setup))

    def _on_analysis_close(self, intent: Intent) -> None:
        self._leave()
        self._say(words.BACK_TO_GAME)

    def _leave(self) -> None:
        a = self.state.analysis
        if a is None:
            return
        self._cancel_rollout()
        self._cancel_whole()
        self._set(analysis=None)
        kept = a.kept
        if kept is not None:
            self.session.install(kept, keep_analysis=True)
            self.session.saved = kept.match  # it is what storage holds
            if not self.state.in_progress and not self.state.match.events:
                self.session.open_new_game(can_cancel=False)  # as at start-up: no game yet

    # -- the editor ----------------------------------------------------------------------

    @property
    def _editor(self) -> ed.Editor | None:
        a = self.state.analysis
        return a.editor if a is not None else None

    def _edit(self, change: Callable[[ed.Editor], ed.Editor]) -> None:
        a = self.state.analysis
        if a is None or a.editor is None:
            return
        try:
            editor = change(a.editor)
        except EngineError as exc:
            from web.words.analysis import edit_refused

            text = edit_refused(exc)
            self._set(message=text)
            self._say(text)
            return
        self._set(analysis=replace(a, editor=editor), message="")

    @property
    def editing(self) -> bool:
        """The board is the editor's: the page's gestures edit it."""
        return self._editor is not None

    def accepts(self, act: Act) -> bool:
        """Whether ``act`` applies now: in the editor, none of the game's does."""
        return not self.editing or act not in GAME_ACTS

    def edit_can_lift(self, place: int) -> bool:
        from web.model import editor as ed

        editor = self._editor
        return editor is not None and ed.liftable(editor, place)

    def edit_tap(self, place: int | None) -> None:
        from web.model import editor as ed

        self._edit(lambda e: ed.tap(e, place))
        self._render()

    def edit_lift(self, place: int) -> None:
        self._render()

    def edit_drop(self, src: int, dst: int | None) -> bool:
        from web.model import editor as ed

        self._edit(lambda e: ed.drag(e, src, dst))
        self._render()
        return True  # the board is drawn afresh either way: nothing slides back

    def _on_edit_tool(self, pick: ToolPick) -> None:
        from web.model import editor as ed

        self._edit(lambda e: ed.with_tool(e, pick.tool))

    def _on_edit_clear(self, intent: Intent) -> None:
        self._edit(lambda e: replace(e, setup=e.setup.cleared()))

    def _on_edit_start(self, intent: Intent) -> None:
        from engine.position_setup import (
            PositionSetup,
        )

        self._edit(lambda e: replace(e, setup=replace(e.setup, sides=PositionSetup.start().sides)))

    def _on_edit_swap(self, intent: Intent) -> None:
        self._edit(lambda e: replace(e, setup=e.setup.swapped()))

    def _on_edit_set(self, ask: SetUp) -> None:
        from web.model import editor as ed

        self._edit(lambda e: ed.with_form(e, ask.form))

    def _on_edit_paste(self, pasted: Text) -> None:
        from web.model import editor as ed

        text = pasted.text
        if text:
            self._edit(lambda e: ed.pasted(e, text))
            if not self.state.message:
                self._say(words.PASTED)

    def _on_edit_open(self, intent: Intent) -> None:
        from engine.position_setup import PositionSetup
        from web.model import editor as ed

        a = self.state.analysis
        if a is None or a.editor is not None:
            return
        names = self.state.theme.colour_names
        try:
            setup = PositionSetup.from_match(self.state.match, names)
        except EngineError:
            setup = PositionSetup.from_match(a.trail[0], names) if a.trail else PositionSetup()
        self.session.replace(self.state.match, 0, keep_analysis=True)
        self._set(analysis=replace(a, editor=ed.Editor(setup), report=Report()))

    # -- analysing -----------------------------------------------------------------------

    def _on_analyse(self, intent: Intent) -> None:
        self._analyse_setup()

    def _analyse_setup(self) -> None:
        """The set-up's match on the board, played on from and analysed."""
        a = self.state.analysis
        if a is None or a.editor is None:
            return
        try:
            match = a.editor.setup.match()
        except EngineError as exc:
            from web.words.refusals import refusal  # on a refusal only

            self._set(message=refusal(exc))
            return
        self._set(options=replace(self.state.options, opponent=a.opponent))
        self.session.replace(match, 0, keep_analysis=True)
        self._set(analysis=replace(a, editor=None, trail=(match,), at=0, report=Report()))
        self._say(words.ANALYSING)

    def routed(self, act: Act) -> Act:
        """The act a key or control means here: on the analysis board (no dialog
        open) the arrows step along the line and the Moves' game picker moves the board;
        inside the line, Roll, Double, Take or Pass where the line did that next
        steps forward along it (:data:`_FOLLOWS`)."""
        a = self.state.analysis
        if a is None or a.editor is not None or self.state.dialog is not None:
            return act
        follows = _FOLLOWS.get(act)
        if follows is not None and isinstance(self._next_event(), follows):
            return Act.ANALYSIS_FORWARD
        return _ROUTED.get(act, act)

    def _next_event(self) -> Event | None:
        """What the line did next from the board, when the board is one of its steps
        before the last (None otherwise)."""
        a = self.state.analysis
        m = self.state.match
        if a is None or a.editor is not None or a.at_end or not a.trail:
            return None
        if _step_key(a.trail[a.at]) != _step_key(m):
            return None
        game = m.game_number - 1
        games = a.trail[-1].record.games
        events = games[game].events if 0 <= game < len(games) else ()
        k = len(m.events)
        return events[k] if k < len(events) and events[:k] == m.events else None

    def held(self, intent: Intent) -> bool:
        """Whether ``act`` waits for the player: inside an imported match's line, an
        act that leaves it (another roll's choice, another play) asks first, as the
        rest of the match would go (True: asked, :data:`Act.ANALYSIS_CUT` goes on).
        A line played here is cut at once, as a new variation on lichess's board."""
        from web.model.intents import Index

        a = self.state.analysis
        act = intent.act
        action = _LEAVES.get(act)
        if action is None or a is None or a.names is None or a.editor is not None:
            return False
        if a.at_end or self.state.dialog is not None or self.state.busy:
            return False
        m = self.state.match
        step = a.trail[a.at]
        if (m.game_number, len(m.events)) != (step.game_number, len(step.events)):
            return False  # not at the line's step (nor moving from it): nothing to cut
        if not self.session.legal(action):
            return False  # nothing it could do here: its handler says so
        if act in (Act.CONFIRM, Act.ANALYSIS_PLAY):
            plays = a.report.plays
            try:
                if act is Act.CONFIRM:
                    after = m.confirm()
                elif (
                    plays is not None
                    and isinstance(intent, Index)
                    and intent.index < len(plays.plays)
                ):
                    after = m.with_play(plays.plays[intent.index].moves).confirm()
                else:
                    return False
            except EngineError:
                return False  # not a play to make: its handler says why
            if _step_key(after) == _step_key(a.trail[a.at + 1]):
                return False  # the line's own play: it is followed (keep_line)
        self._set(pending=intent)
        self.session.open(Dialog.CUT)
        return True

    def _go(self, at: int) -> None:
        a = self.state.analysis
        if a is None or a.editor is not None or not 0 <= at < len(a.trail) or at == a.at:
            return
        review = self.state.reviewing.review
        if review is not None:  # a review's verdicts outlast the board it was made on
            from web.model.movelist import with_review

            a = replace(a, grades=with_review(a.grades, review))
        before, viewer = self.session.board(), self.state.viewer
        self.session.replace(a.trail[at], 0, keep_analysis=True)
        self._set(analysis=replace(a, at=at))
        if self.state.viewer == viewer:  # the board still seen from the same side: slide
            self.session.slide(before)

    def _on_analysis_back(self, intent: Intent) -> None:
        a = self.state.analysis
        if a is not None and a.can_back:
            self._go(a.at - 1)

    def _on_analysis_forward(self, intent: Intent) -> None:
        a = self.state.analysis
        if a is not None and a.can_forward:
            self._go(a.at + 1)

    def _on_go(self, ask: Index) -> None:
        """To a move of the list, or a game's start (:func:`web.model.movelist.walk`)."""
        self._on_walk(ask)

    def _on_error_step(self, ask: ErrorStep) -> None:
        """To a player's previous or next error (:func:`web.model.movelist.walk`)."""
        self._on_walk(ask)

    def _on_walk(self, intent: Intent) -> None:
        """A way along the line other than a step (:func:`web.model.movelist.walk`)."""
        from web.model.movelist import walk

        a = self.state.analysis
        if a is not None and a.editor is None and a.trail:
            at = walk(intent, a, self.state.reviewing.review)
            if at is None:
                self._say(words.NO_MORE_ERRORS)
            else:
                self._go(at)

    def _on_analysis_play(self, ask: Index) -> None:
        """A ranked play, made and confirmed: the line goes on from it."""
        a = self.state.analysis
        plays = a.report.plays if a is not None and a.editor is None else None
        m = self.state.match
        if plays is None or ask.index >= len(plays.plays):
            return
        if a is None or a.report.key != moment(m) or self.state.busy or self.state.is_ai(m.turn):
            return
        before = self.session.board()
        player = m.turn
        self._set(match=m.with_play(plays.plays[ask.index].moves).confirm())
        self._select(selected=None)
        self.session.slide(before)
        self.session.say_play(player)
        self._autosave()

    def _on_analysis_play_on(self, intent: Intent) -> None:
        """At the AI's turn inside the line: the line is cut after it and the AI
        decides afresh (stepping back alone never moves a checker, so that the line
        can be read; a decision of the player's own cuts it the same way)."""
        a = self.state.analysis
        actor = self.state.match.actor
        if a is None or a.editor is not None or a.at_end or actor is None:
            return
        if self.state.is_ai(actor):
            self._set(analysis=replace(a, trail=a.trail[: a.at + 1]))
            self._say(words.new_line(self.state.names[actor]))

    def _on_analysis_opponent(self, ask: RivalPick) -> None:
        """Who plays on from here: an AI level, or both by hand (checked by the parser)."""
        a = self.state.analysis
        if a is None:
            return
        self._set(
            analysis=replace(a, opponent=ask.rival),
            options=replace(self.state.options, opponent=ask.rival),
        )

    def _on_analysis_copy(self, ask: CopyAsk) -> None:
        from web.model.intents import IdKind

        kind = ask.kind
        a = self.state.analysis
        if a is None:
            return
        try:
            if a.editor is not None:
                setup = a.editor.setup
                ids = {IdKind.XGID: setup.xgid}
                if kind in (IdKind.POSITION, IdKind.MATCH):
                    position_id, match_id, _ = setup.ids()
                    ids.update({IdKind.POSITION: position_id, IdKind.MATCH: match_id})
            else:
                m = self.state.match
                ids = {IdKind.POSITION: m.position_id, IdKind.MATCH: m.match_id,
                       IdKind.XGID: m.xgid()}  # fmt: skip
        except EngineError as exc:
            from web.words.refusals import refusal  # on a refusal only

            self._set(message=refusal(exc))
            return
        if kind is IdKind.LINK:
            self.session.copy(kind, share_link(self.page_url, ids[IdKind.XGID]))
        elif kind in ids:
            self.session.copy(kind, ids[kind])

    def _analyse(self) -> None:
        """Ask King Tubby about the moment on the board, unless already asked."""
        s = self.state
        a = s.analysis
        if a is None or a.editor is not None or s.busy:
            return
        m = s.match
        key = moment(m)
        if a.report.key == key:
            return
        # Inside the line, stepped back to: what it did next is judged with the rest.
        inside = not a.at_end and _step_key(a.trail[a.at]) == _step_key(m)
        decided = recorded(m, a.trail[-1]) if inside else None
        cube, plays = requests(m, decided, plies=s.settings.analysis_plies)
        waiting = (cube is not None) + (plays is not None)
        self._cancel_rollout()  # the workers are freed for this moment's analysis
        report = Report(key, waiting, decided=decided)
        self._set(analysis=replace(a, report=report, rollout=None))
        taker = m.phase is Phase.CUBE
        match_play = m.match_length > 0

        def answered(read: Callable[[Report], Report]) -> None:
            now = self.state.analysis
            if now is None or now.report.key != key:
                return  # the board moved on meanwhile
            self._set(analysis=replace(now, report=read(now.report)))
            self._render()

        def on_cube(reply: Reply) -> None:
            answered(lambda r: r.with_cube(reply, taker=taker))

        def on_plays(reply: Reply) -> None:
            answered(lambda r: r.with_plays(reply, match_play=match_play))

        if cube is not None:
            self.session.ai.ask(cube, on_cube)
        if plays is not None:
            self.session.ai.ask(plays, on_plays)

    # -- rollouts ----------------------------------------------------------------------

    def _on_rollout(self, ask: RolloutAsk) -> None:
        """Roll out the moment on the board: its plays, or its cube decision."""
        s = self.state
        a = s.analysis
        m = s.match
        if a is None or a.editor is not None or s.busy or a.report.key != moment(m):
            return
        turn = m.turn
        if turn is None or m.is_game_over or (a.rollout is not None and a.rollout.running):
            return
        from web.ai.rollouts import SpreadRollout
        from web.coach.rollout import Rollout, played_result

        trials, truncate = ask.trials, ask.truncate
        position = m.position if m.turn == turn else m.position.swap()
        dice = m.dice if m.phase is Phase.MOVE else None
        ports = self._ports()
        self._jobs += 1
        job = f"{s.epoch}.{self._jobs}"
        whole = RolloutRequest(
            job, position.id, dice, m.cube_state(turn), trials, 0, trials, truncate=truncate,
            also=played_result(a.trail, a.at, m),  # the line's own play, to judge it
        )  # fmt: skip
        key = a.report.key
        self._set(analysis=replace(a, rollout=Rollout(key, trials, truncate)))

        def show(view: RolloutView) -> None:
            now = self.state.analysis
            if now is None or now.rollout is None or now.rollout.key != key:
                return  # the board moved on: the rollout was cancelled with it
            self._set(analysis=replace(now, rollout=replace(now.rollout, view=view)))
            self._render()

        self._cancel_rollout()
        self._spread = SpreadRollout(ports, whole, show)
        self._spread.start()
        self._say(words.rolling_out(trials))

    def _on_rollout_cancel(self, intent: Intent) -> None:
        self._cancel_rollout()

    def _cancel_rollout(self) -> None:
        spread, self._spread = self._spread, None
        if spread is not None:
            spread.cancel()

    # -- the whole match (Analyse match) -----------------------------------------------------

    def _ports(self) -> list[AiPort]:
        return list(self.rollout_ports() if self.rollout_ports is not None else [self.session.ai])

    def _on_match_analyse(self, intent: Intent) -> None:
        """Judge every decision of the line's match in the workers, the page free meanwhile."""
        from web.coach.match_analysis import FINISHED, SpreadAnalysis, WholeMatch
        from web.words import match_analysis as say

        a = self.state.analysis
        kept = a.kept if a is not None and a.editor is not None else None
        if kept is not None and any(g.events for g in kept.match.record.games):
            # From the editor, over a match played here: that match becomes the line.
            names = self.state.names
            self._open_line(kept.match, (names[0], names[1]))
            a = self.state.analysis
        if a is None or a.editor is not None or not a.trail:
            return
        if a.whole is not None and a.whole.running:
            return
        record = (self.state.match if a.at_end else a.trail[-1]).record
        try:
            whole = WholeMatch.of(record)
        except EngineError as exc:  # a record that does not replay
            from web.words.refusals import refusal  # on a refusal only

            self._set(message=refusal(exc))
            return
        if not whole.total:
            self._say(say.NOTHING_TO_ANALYSE)
            return
        self._cancel_whole()
        self._set(analysis=replace(a, whole=whole))
        spread: SpreadAnalysis | None = None

        def on_answer(index: int, reply: Reply) -> None:
            now = self.state.analysis
            if now is None or now.whole is None or self._whole is not spread:
                return  # cancelled, or another analysis since
            w = now.whole.answered(index, reply)
            j = w.judged[index]
            grades = now.grades
            if j is not None:
                d = j.decision
                grades = {**grades, (d.game, d.event): (d.player, j.loss)}
            self._set(analysis=replace(now, whole=w, grades=grades))
            if not w.running:
                self._whole = None
                done = say.finished(w.total) if w.status == FINISHED else say.FAILED
                self._say(done)
            self._render()

        asked = whole.requests(self.state.settings.analysis_plies)
        spread = SpreadAnalysis(self._ports(), asked, on_answer)
        self._whole = spread
        self._say(say.started(whole.total))
        spread.start()

    def _on_match_analyse_cancel(self, intent: Intent) -> None:
        from web.coach.match_analysis import CANCELLED
        from web.words import match_analysis as say

        self._cancel_whole()
        a = self.state.analysis
        if a is not None and a.whole is not None and a.whole.running:
            self._set(analysis=replace(a, whole=replace(a.whole, status=CANCELLED)))
            self._say(say.cancelled(a.whole.done, a.whole.total))

    def _cancel_whole(self) -> None:
        spread, self._whole = self._whole, None
        if spread is not None:
            spread.cancel()

    # -- match files (.mat) ------------------------------------------------------------------

    def _on_export(self, ask: ExportAsk) -> None:
        """Export: the page's save, or the match on the board as a Jellyfish ``.mat`` file."""
        from web.model.intents import ExportFormat

        if ask.format is not ExportFormat.MAT:
            if not self._export_analysed():
                self.storage.on_export()
            return
        # match files are rare: not at the page's start
        from engine.formats.mat import MatFile, writable_names

        m = self.state.match
        a = self.state.analysis
        if a is not None and a.editor is None and a.trail and not a.at_end:
            m = a.trail[-1]  # the whole line, wherever the board stands in it
        # A .mat file has columns for plays and cube actions only (GNU Backgammon's
        # and eXtreme Gammon's alike): an analysis goes with the page's save.
        text = str(MatFile.from_match(m, writable_names(self.state.names)))
        length = f"{m.match_length}-point-match" if m.match_length else "money-session"
        self.session.view.download(f"backgammon-{length}.mat", text)
        self._say(words.EXPORTED_MAT)

    def _export_analysed(self) -> bool:
        """An analysed match exports whole, with its analysis, as the page's save
        (False: there is none, and the page's own export goes ahead)."""
        import json

        saved = self.analysed_save()
        if saved is None:
            return False
        text = json.dumps(saved.to_json(), indent=1)
        games = len(saved.match.games)
        self.session.view.download(f"backgammon-analysed-{games}-games.json", text)
        self._say(words.EXPORTED_ANALYSIS)
        return True

    def analysed_save(self) -> SavedGame | None:
        """The analysed match on the board, whole, with its analysis, as the page's
        save keeps it (an export, a named save slot); None when the board holds
        no analysis, or the match has rules the page's own games have not."""
        from engine.match import replay
        from web.model.options import MatchOptions

        a = self.state.analysis
        w = a.whole if a is not None and a.editor is None else None
        if a is None or w is None or not w.done:
            return None
        rules = w.record.rules
        names = a.names or ("", "")
        options = MatchOptions(BY_HAND, rules.match_length, rules.cube, rules.jacoby,
                               rules.crawford, rules.beavers, names=names)  # fmt: skip
        if options.rules() != rules:
            return None  # rules the page's own games have not: saved as the page saves
        final = replay(w.record)
        return SavedGame(options, final, len(final.games), w.saved())

    def _import_analysed(self, text: str) -> bool:
        """A save of an analysed match (:meth:`_export_analysed`) opens on the
        analysis board with its analysis (False: the text is no such save)."""
        import json

        from engine.errors import SaveError

        try:
            loaded = SavedGame.from_json(json.loads(text))
        except (SaveError, ValueError, TypeError, KeyError, RecursionError):
            return False  # the page's own import says what is wrong with it
        return self.open_analysed(loaded)

    def open_analysed(self, loaded: SavedGame) -> bool:
        """A save with a match's analysis (an export, a named save slot) opens on
        the analysis board with it, the game in progress put aside (False: the
        save holds no analysis, and opens as a game)."""
        from web.coach.match_analysis import WholeMatch

        if not loaded.analysis:
            return False
        names = loaded.options.names
        self._open_line(loaded.match, None if names == ("", "") else names)
        a = self.state.analysis
        if a is None or a.editor is not None:
            return True
        try:
            whole = WholeMatch.restored(loaded.match.record, loaded.analysis)
        except ValueError:  # (its check's words are for developers)
            self._set(notice=words.UNREADABLE_ANALYSIS)
            return True
        grades = {(j.decision.game, j.decision.event): (j.decision.player, j.loss)
                  for j in whole.judgements()}  # fmt: skip
        self._set(analysis=replace(a, whole=whole, grades=grades))
        return True

    def _on_import(self, file: Text) -> None:
        """A file to import: a saved game (JSON), or a match file (``.mat``, GNU
        Backgammon's ``.sgf``, eXtreme Gammon's ``.xg`` or ``.xgp``), which opens on
        the analysis board with the game in progress put aside; what reading it
        repaired is said after."""
        if not _looks_like_match_file(file.text):
            if not self._import_analysed(file.text):
                self.storage.on_import(file)  # a saved game, or says it is not one
            return
        # match files are rare: not at the page's start
        from engine.formats.match_file import read_match_file

        try:
            mat = read_match_file(file.text)  # a .mat, .sgf, .xg or .xgp
        except EngineError as exc:  # says the line and what is wrong with it
            from web.words.refusals import refusal  # on a refusal only

            text = match_file_error(refusal(exc))
            self._set(**{"dialog_error" if self.state.dialog else "notice": text})
            return
        self._open_match(mat)
        if mat.notes:  # what reading it repaired: the player should know
            from web.words.file_repairs import repair  # a file with repairs only

            self._set(notice=repairs_text([repair(note) for note in mat.notes]))

    def _open_match(self, mat: MatFile) -> None:
        """An imported match on the analysis board (:meth:`_open_line`)."""
        self._open_line(mat.match(), mat.names)

    def _open_line(self, final: Match, names: tuple[str, str] | None) -> None:
        """A whole match on the analysis board: its line is every decision of
        every game and each game's end (for its review), the board at its start."""
        from engine.position_setup import PositionSetup
        from web.model import editor as ed

        steps: list[Match] = []
        for r in replay_events(final.record):
            steps += [r.before] if _decision_point(r.before) else []
            steps += [r.after] if r.after.is_game_over else []  # each game's end, to review
        trail: list[Match] = []
        for m in (*steps, final):
            if not trail or _step_key(trail[-1]) != _step_key(m):
                trail.append(m)
        setup = replace(PositionSetup.start(), names=self.state.theme.colour_names)
        if not self._enter(ed.Editor(setup)):
            return
        a = self.state.analysis
        assert a is not None
        self._set(options=replace(self.state.options, opponent=BY_HAND))
        self.session.replace(trail[0], 0, keep_analysis=True)
        self._set(
            analysis=replace(
                a,
                editor=None,
                trail=tuple(trail),
                at=0,
                names=names,
                opponent=BY_HAND,
            )
        )
        shown = names or self.state.names
        self._say(words.imported_match(shown[0], shown[1], len(final.record.games)))

    # -- the session's steps on the analysis board (Session.bind) ----------------------------

    def keep_line(self) -> bool:
        """On the analysis board nothing is autosaved: a decision reached is added
        to the line of play instead (True: the board is the analysis's)."""
        a = self.state.analysis
        if a is None:
            return False
        m = self.state.match
        if a.editor is not None or not _decision_point(m):
            return True
        if a.trail and _step_key(a.trail[a.at]) == _step_key(m):
            return True
        if a.at + 1 < len(a.trail) and _step_key(a.trail[a.at + 1]) == _step_key(m):
            self._set(analysis=replace(a, at=a.at + 1))  # what the line did next: followed
            return True
        trail = (*a.trail[: a.at + 1], m)
        self._set(analysis=replace(a, trail=trail, at=len(trail) - 1))
        return True

    def advance(self) -> None:
        """The flow's next step, but on the analysis board: none in the editor, and
        only at the end of the line; then King Tubby is asked about the moment."""
        a = self.state.analysis
        if a is None:
            self.flow.advance()
            return
        if a.editor is not None:
            return
        m = self.state.match
        answered_here = m.phase is Phase.CUBE and not self.state.is_ai(m.actor)
        if a.at_end and not m.is_game_over and not answered_here:
            # No summary or statistics at the end: the board shows it.  A double is
            # answered from the panel, beside its analysis, not in the dialog over it.
            self.flow.advance()
        self._analyse()

    def leave(self) -> None:
        """Bring the game put aside back (an intent is about to replace it)."""
        self._leave()
