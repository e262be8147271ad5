"""The flow of play: what happens without this page's player — the
opponent's turns (asked through its :class:`~web.opponent.Opponent` port and
applied through the engine), automatic rolls and forced plays, the end of a
game and its statistics — and the changes of the match either side makes
(roll, double, take, drop, resign), announced and saved the same way.

Online (:mod:`web.online.remote`), two hooks join the page to the friend's:
the dice of this page's own rolls come from :meth:`OnlineLink.roll` (the
agreed fair roll, which may have to wait for the friend), and every change
of the match is shown to :meth:`OnlineLink.sync` where it is saved, which
sends the friend what this page's player did (the opponent's own decisions,
applied here, are already known to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from engine.dice import RandomSource
from engine.game import Action, Phase
from engine.match import Match
from engine.turn import Step
from web.ai_client import AiPort
from web.animation import plan_motions
from web.history import wins
from web.opponent import (
    AcceptResignation,
    Answer,
    BeaverDouble,
    Decision,
    DropDouble,
    OfferDouble,
    OfferResignation,
    Opponent,
    PlayMoves,
    RejectResignation,
    RollDice,
    StartNextGame,
    TakeDouble,
)
from web.options import MatchOptions
from web.session import SeatFactory, Session
from web.state import Dialog, Reviewing
from web.storage import STATS


class OnlineLink(Protocol):
    """What the flow asks of an online game (see the module docs)."""

    def roll(self, then: Callable[[], None]) -> bool:
        """Make this page's player's dice ready for the engine's roll: True if they
        are now, else False and ``then()`` is called once they are."""
        ...

    def sync(self, match: Match) -> None:
        """The match changed here: tell the friend what this page's player did."""
        ...

    def cast(self) -> tuple[int, int] | None:
        """This page's player's next dice if the fair roll is already made (the
        friend's part came in), though not yet shown: a resignation now comes
        after them, as the friend will see it."""
        ...

    def chat(self, index: int) -> None:
        """Say canned phrase number ``index`` to the friend."""
        ...

    def close(self) -> None:
        """Leave the online game: close the connection (a new game replaces it)."""
        ...

    def claim(self) -> None:
        """Claim the game: the friend has been gone longer than the stated time."""
        ...

    @property
    def dice(self) -> RandomSource:
        """The dice both sides agreed, for the engine's rolls."""
        ...

    def seats(self, options: MatchOptions, port: AiPort) -> tuple[Opponent, Opponent]:
        """Who plays each seat: this page one, the friend the other."""
        ...


# Starts an online game with these options, under the player's name (the page's
# part: the invite, the transport); it calls :meth:`Flow.go_online` and :meth:`Flow.show_invite`.
OnlineStarter = Callable[[MatchOptions, str], None]
# Joins the online game this page was opened with, under the player's name.
OnlineJoiner = Callable[[str], None]


NAME = "online-name"  # the storage key of the player's name online, offered next time
TURN = "online-turn"  # the storage key of the player's TURN server (web.online.transport)


class ManualSignalling(Protocol):
    """Connecting by hand (the page's part, for the inviter): a connection
    link to send through any messenger, and the friend's answer code."""

    def offer(self) -> None:
        """Make the connection link (:meth:`Flow.show_offer` shows it)."""
        ...

    def answer(self, code: str) -> None:
        """Apply the friend's answer code: the channel opens."""
        ...


class Flow(Session):
    """See the module docs."""

    online: OnlineLink | None = None
    online_starter: OnlineStarter | None = None  # the page's, where online play is offered
    online_joiner: OnlineJoiner | None = None  # the page's, when opened with an invite
    join_options: MatchOptions | None = None  # the invite's match
    manual: ManualSignalling | None = None  # the inviter's page, once its invite is out
    _offline: tuple[SeatFactory, RandomSource] | None = None

    def go_online(self, link: OnlineLink, remote_seat: int, friend_name: str) -> None:
        """Play against a friend online from now on: ``remote_seat`` is theirs,
        and the dice are those the two sides agree."""
        if self._offline is None:
            self._offline = (self.seat_factory, self.dice)
        self.online = link
        self.seat_factory, self.dice = link.seats, link.dice
        self._set(remote_seat=remote_seat, friend_name=friend_name, busy=False)
        self._render()

    def await_online(self) -> None:
        """An online game is being opened (the relays contacted): nothing may be
        played on this page until :meth:`go_online`, or the two would differ."""
        self._set(busy=True, link_status="Contacting the relays…")

    def _leave_online(self) -> None:
        """Back to this page's own opponents and dice (a new game replaces the online one)."""
        if self._offline is not None:
            self.seat_factory, self.dice = self._offline
            self._offline = None
        if self.online is not None:
            self.online.close()
        self.online = None
        self.manual = None
        self._set(
            remote_seat=None, invite_link="", link_status="", friend_link="", claimed="",
            offer_link="", answer_code="",
        )  # fmt: skip

    def known_name(self, name: str) -> None:
        """The player's name online from storage, offered in the dialogs."""
        self._set(player_name=name)

    def can_share_links(self, able: bool) -> None:
        """Whether the browser can hand a link to the device's share sheet."""
        self._set(can_share=able)

    def known_turn(self, turn: tuple[str, str, str]) -> None:
        """The player's TURN server from storage, offered in the dialogs."""
        self._set(turn=turn)

    def _take_turn(self, fields: Mapping[str, str]) -> bool:
        """The TURN server in the dialog's fields, remembered for the
        connections to come (none: forgotten); False, said in the dialog, if
        it cannot be used."""
        from web.online.errors import TurnError  # online play's code, loaded only now
        from web.online.transport import TurnServer

        given = tuple(fields.get(f"turn_{key}", "") for key in ("url", "username", "credential"))
        try:
            turn = TurnServer.parse(*given)
        except TurnError as exc:
            self._set(dialog_error=exc.plain)
            return False
        words = ("", "", "") if turn is None else (turn.url, turn.username, turn.credential)
        if words != self.state.turn:
            self._set(turn=words)
            self.store.write(TURN, None if turn is None else turn.to_json())
        return True

    def _remember_name(self, name: str) -> None:
        if name and name != self.state.player_name:
            self._set(player_name=name)
            self.store.write(NAME, name)

    def _invite(self, options: MatchOptions, name: str = "") -> None:
        """The player chose a friend online: the page makes the invite."""
        if self.online_starter is None:
            self._set(message="Online play is not available on this page.")
            return
        self._remember_name(name)
        self.await_online()
        self.online_starter(options, name)

    def offer_join(
        self, inviter: str, terms: str, options: MatchOptions, joiner: OnlineJoiner
    ) -> None:
        """The page was opened with an invite (a match with ``options``): ask
        whether to play."""
        self.online_joiner = joiner
        self.join_options = options
        self._set(join_from=inviter, join_terms=terms)
        self._open(Dialog.JOIN)
        self._render()

    def _join(self, name: str) -> None:
        """The player accepted the invite (the page joins: :meth:`go_online`)."""
        joiner, self.online_joiner = self.online_joiner, None
        if joiner is None:
            return
        self._close()
        self._remember_name(name)
        self.await_online()
        joiner(name)

    def show_invite(self, link: str) -> None:
        """The invite is ready: show its link until the friend comes."""
        self._set(invite_link=link, link_status="Waiting for your friend…")
        self._open(Dialog.INVITE)
        self._render()

    def show_offer(self, link: str) -> None:
        """Connecting by hand: the connection link to send is ready."""
        self._set(offer_link=link, dialog_error="")
        if self.state.dialog is None:
            self._open(Dialog.INVITE)
        self._render()

    def show_answer(self, code: str) -> None:
        """Connecting by hand, the friend's side: the answer code to send back."""
        self._set(
            answer_code=code, link_status=f"Waiting for {self.state.friend_name} to paste it…"
        )
        self._open(Dialog.ANSWER)
        self._render()

    def manual_failed(self, text: str) -> None:
        """The connection code could not be made or used: said in the dialog."""
        self._set(dialog_error=text)
        self._render()

    def online_status(self, text: str) -> None:
        """The friend's presence changed (connected, waiting...)."""
        self._set(link_status=text)
        self._render()

    def online_link(self, link: str, claim_after: float) -> None:
        """The friend's presence changed (``link``: a
        :class:`~web.online.presence.Link` value).  Once they have been gone
        ``claim_after`` seconds the player is asked: claim the game, or keep
        waiting (closing the dialog; the Claim button stays)."""
        s = self.state
        self._set(friend_link=link, claim_after=claim_after)
        if link == "claimable" and s.dialog is None and not s.claimed:
            if not s.match.is_game_over:
                self._open(Dialog.CLAIM)
        elif link != "claimable" and s.dialog is Dialog.CLAIM:
            self._close()  # the friend came back
        self._render()

    def online_claimed(self, mine: bool, agreed: Match, *, counted: bool = False) -> None:
        """The game was claimed (``mine``: by this page's player, the friend
        being gone; else by the friend while this page was away): the one who
        left abandoned it (:meth:`~engine.match.Match.abandon`, the engine's
        rule: it counts as their resigning it, and the match is over).
        ``agreed`` is the match both sides agreed, ending so (the
        :class:`~web.online.peer.Peer`'s): the page's match becomes it, so
        the record, the score, the autosave and the history say it, and both
        pages hold the same record.  The game goes into the statistics once:
        not again when ``counted`` (it was, before a reload)."""
        s = self.state
        if s.claimed or s.remote_seat is None:
            return
        me = 1 - s.remote_seat
        m = _claimed(s.match, agreed, s.remote_seat if mine else me)
        if m is not s.match:
            # A new epoch: a play still being shown, or an answer on its way, is
            # dropped, as the game it was for is over.
            self._set(match=m, epoch=s.epoch + 1, thinking=False)
            self._select(selected=None, swapped=False)
        result = m.result
        assert result is not None  # the game ended: abandoned, or already over
        if counted:
            self._set(counted=max(self.state.counted, m.game_number))
            self._autosave()
        else:
            self._count_result(announce=False)
        win = s.theme.win_name(int(result.win_type))
        points = result.points
        unit = "point" if points == 1 else "points"
        if mine:
            text = (
                f"You claimed the game: {s.friend_name} left, which counts as "
                f"resigning a {win} ({points} {unit} to you)."
            )
        else:
            text = (
                f"{s.friend_name} claimed the game while you were away: it counts as "
                f"your resigning a {win} ({points} {unit})."
            )
        self._set(claimed=text, busy=True, message=text, notice=text)  # in view on a phone
        if self.state.dialog in (Dialog.CLAIM, Dialog.INVITE):  # nothing left to wait for
            self._close()
        self._say(text)
        self._render()

    def online_friend(self, name: str) -> None:
        """The friend online said who they are."""
        self._set(friend_name=name)
        self._render()

    def online_news(self, text: str) -> None:
        """Something the player must read from the online game (a refusal, a
        phrase from the friend): on the status line, announced, drawn."""
        self._set(message=text)
        self._say(text)
        self._render()

    def online_alert(self, text: str) -> None:
        """News the player must not miss (a refusal, a failure): also in the
        banner above the board, which stays in view on a phone until dismissed."""
        self._set(notice=text)
        self.online_news(text)

    def online_apply(self, decision: Decision) -> None:
        """A friend's decision that no turn asked for (starting the next game)."""
        with self._one_render():
            self._apply(decision)
            self._advance()
            self._render()

    def online_resumed(self) -> None:
        """The friend's decisions that the autosave lacked are handed over
        (:meth:`~web.online.remote.OnlineTable.resume`): play on from them."""
        with self._one_render():
            self._advance()
            self._render()

    def _autosave(self) -> None:
        if self.online is not None:
            self.online.sync(self.state.match)
        super()._autosave()

    def _seat(self, player: int | None) -> Opponent | None:
        """Who plays ``player``'s seat (None: nobody is to act)."""
        if player is None:
            return None
        return self.seat_factory(self.state.options, self.ai)[player]

    def _roll(self, dice: tuple[int, int] | None) -> None:
        if dice is None and self.online is not None and not self.online.roll(self._dice_came):
            self._set(busy=True, message="Waiting for the dice from your friend…")
            return
        before = self.state.match
        self._set(match=before.roll(dice, rng=None if dice is not None else self.dice))
        self._select(selected=None, swapped=False)
        self._say_roll(before)
        self._autosave()

    def _dice_came(self) -> None:
        """The agreed dice of a roll that waited for them."""
        self._set(busy=False, message="")
        with self._one_render():
            if self._legal(Action.ROLL):
                self._roll(None)
            self._advance()
            self._render()

    def _double(self) -> None:
        doubler = self.state.match.turn
        assert doubler is not None
        self._set(match=self.state.match.double())
        s = self.state
        self._say(s.theme.offer_title(s.names[doubler], s.match.cube.value * 2) + ".")
        self._autosave()

    def _take(self) -> None:
        taker = self.state.match.actor
        assert taker is not None
        self._set(match=self.state.match.take())
        s = self.state
        self._say(f"{s.names[taker]} takes: the {s.theme.cube} is at {s.match.cube.value}.")
        self._autosave()

    def _drop(self) -> None:
        dropper = self.state.match.actor
        assert dropper is not None
        self._set(match=self.state.match.drop())
        self._say(f"{self.state.names[dropper]} drops.")
        self._autosave()

    def _resign(self, amount: int) -> None:
        player = self.state.match.turn
        assert player is not None
        if self.online is not None and self.state.match.phase is Phase.ROLL:
            cast = self.online.cast()
            if cast is not None:  # the friend's record has the roll first: so must ours
                self._set(match=self.state.match.roll(cast))
        self._set(match=self.state.match.resign(amount))
        s = self.state
        self._say(f"{s.names[player]} offers to resign a {s.theme.win_name(amount)}.")
        self._autosave()

    # -- the flow of play ------------------------------------------------------------------

    def _advance(self) -> None:
        """Do whatever happens next without this page's player: the opponent's
        turns, automatic rolls and forced plays, the end-of-game summary."""
        s = self.state
        if s.busy or s.dialog is Dialog.DICE:
            return
        m = s.match
        if m.is_game_over:
            self._count_result()
            if self._summary_for != m.game_number and self.state.dialog is None:
                self._summary_for = m.game_number
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
            if s.dialog is None and s.settings.auto_roll and Action.DOUBLE not in m.legal_actions():
                if s.settings.manual_dice:
                    self._open(Dialog.DICE)
                elif not self._auto_pending:
                    self._auto_pending = True
                    self._later(s.pace[1] // 2, self._auto_roll)
        elif Action.CONFIRM in m.legal_actions():
            self._tutor_check()
        elif s.settings.auto_forced:
            forced = m.forced_steps()
            if forced is not None:
                self._play_steps(forced, forced=True)

    def _auto_roll(self) -> None:
        self._auto_pending = False
        if self.state.dialog is None and not self.state.busy and self._legal(Action.ROLL):
            self._roll(None)
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
                self._say_play(player, forced=forced)
                with self._one_render():
                    self._advance()
                    self._render()
                # Saving (the whole match, as JSON) waits for a task of its own,
                # so that the board is drawn first and neither makes a long task.
                self.timer.later(0, self._autosave)
                return
            st = steps[k]
            before = self._board()
            self._set(match=self.state.match.move(st.src, st.dst, st.die))
            self._motions = tuple(plan_motions(before, self._board()))
            self._render()
            self._later(pace[0] + 40, lambda: step(k + 1))

        self._render()
        self._later(pace[1] // 2, lambda: step(0))

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
                self._later(beat, lambda: apply(a))
            else:
                apply(a)

        def apply(a: Answer) -> None:
            self._set(busy=False, thinking=False)
            if a.problem:
                self._set(message=a.problem)
            with self._one_render():
                self._apply(a.decision)
                self._advance()
                self._render()

        seat.decide(self.state.match, answer)

    def _apply(self, decision: Decision) -> None:
        """An opponent's decision, through the engine like a player's own."""
        m = self.state.match
        if isinstance(decision, StartNextGame):
            if Action.NEXT_GAME in m.legal_actions():
                self._close()
                self._set(reviewing=Reviewing(), match=m.next_game(), history_index=None)
                self._select(selected=None)
                self._say(f"Game {self.state.match.game_number} begins.")
                self._autosave()
            return
        actor = m.actor
        assert actor is not None
        name = self.state.names[actor]
        if isinstance(decision, RollDice):
            self._opponent_roll()
        elif isinstance(decision, OfferDouble):
            self._double()
        elif isinstance(decision, OfferResignation):
            self._resign(decision.value)
        elif isinstance(decision, TakeDouble):
            self._take()
        elif isinstance(decision, BeaverDouble):
            self._set(match=m.beaver())
            s = self.state
            self._say(f"{name} beavers: the {s.theme.cube} would go to {s.match.cube.value * 4}.")
            self._autosave()
        elif isinstance(decision, DropDouble):
            self._drop()
        elif isinstance(decision, AcceptResignation):
            self._set(match=m.accept_resignation())
            self._say(f"{name} accepts your resignation.")
            self._autosave()
        elif isinstance(decision, RejectResignation):
            self._set(match=m.reject_resignation())
            text = f"{name} rejects your resignation: play on."
            self._set(message=text)
            self._say(text)
            self._autosave()
        elif isinstance(decision, PlayMoves):
            steps = m.steps_of(decision.moves)
            # Never stall the game on a bad answer: play the engine's first legal play.
            self._play_steps(steps if steps is not None else m.first_legal_steps())

    def _opponent_roll(self) -> None:
        if self.state.settings.manual_dice and self.online is None:
            self._open(Dialog.DICE)
            return
        before = self.state.match
        self._set(match=before.roll(rng=self.dice))
        self._say_roll(before)
        self._autosave()
        self._after_ai_roll()

    def _after_ai_roll(self) -> None:
        m = self.state.match
        if m.phase is Phase.MOVE and self.state.is_ai(m.turn):
            # Let the player see the dice before the opponent moves.
            self._set(busy=True)
            self._render()

            def go() -> None:
                self._set(busy=False)
                self._advance()
                self._render()

            self._later(self.state.pace[1], go)

    # -- results and statistics -----------------------------------------------------------

    def _record(self, *, won: bool, points: int, win_type: int, match_won: bool | None) -> None:
        """Add a game (and, unless ``match_won`` is None, the match it ended) to
        the player records against this match's opponent, and store them."""
        opponent = self.state.options.opponent
        records = self.state.records.add_game(opponent, won=won, points=points, win_type=win_type)
        if match_won is not None:
            records = records.add_match(opponent, won=match_won)
        self._set(records=records)
        self.store.write(STATS, records.to_json())

    def _count_abandoned(self) -> None:
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
        unit = "point" if points == 1 else "points"
        win = s.theme.win_name(int(kind))
        text = f"The game you left counts as a resigned {win}: {points} {unit} lost."
        self._set(message=text)
        self._say(text)

    def _count_result(self, *, announce: bool = True) -> None:
        """Add a finished game (and match: the engine says when it is over and
        who won it; a money session is no match in the records) to the player
        records, once."""
        s = self.state
        m = s.match
        result = m.result
        if result is None or s.counted > m.game_number - 1:
            return
        me = 0 if s.remote_seat is None else 1 - s.remote_seat  # online, either seat
        self._set(counted=m.game_number)
        self._record(
            won=result.winner == me, points=result.points, win_type=int(result.win_type),
            match_won=(m.winner == me) if m.is_over and m.match_length else None,
        )  # fmt: skip
        if announce:
            win = s.theme.win_name(int(result.win_type))
            unit = "point" if result.points == 1 else "points"
            self._say(f"{wins(s.names[result.winner])} a {win}: {result.points} {unit}.")
        self._saved = None
        self._autosave()


def _claimed(page: Match, agreed: Match, loser: int) -> Match:
    """The page's match once ``loser`` abandoned the game online: ``page`` if it
    already says so (saved before a reload), else the match both sides agreed
    (``agreed``, which ends so), else, should that be another match, ``page``
    with the game in progress abandoned."""
    if page.is_abandoned:
        return page
    if agreed.is_abandoned and agreed.rules == page.rules:
        return agreed
    if page.is_game_over:
        return page
    return page.abandon(loser)
