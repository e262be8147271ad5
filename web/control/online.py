"""The controller's online intents: a game against a friend in another browser.

The player's side: choosing "A friend online" (the page's
:class:`Connector` makes the invite), accepting an invite, the TURN server and
name they give, the invite's and the connection's links and codes, the canned
phrases, claiming a game the friend left.  The table's side
(:class:`~web.online.remote.Host`): the friend's presence, name, phrases and
refusals, a claim, a decision no turn asked for.

Once a game is under way the flow plays it as any other, through its
:class:`~web.control.session.RemoteGame` port (:meth:`OnlinePlay.go_online`); what
this page shows of it is ``UiState.online`` (:mod:`web.model.online`).  The
page imports this module at its start; the protocol's modules load only
when an online game begins (:mod:`web.dom.connect`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from engine.decisions import Decision
from engine.game import Action
from engine.match import Match
from web.control.flow import Flow
from web.control.session import Part, RemoteGame, Session
from web.model.actions import Act
from web.model.options import MatchOptions, clean_name
from web.model.presence import Link
from web.model.state import Dialog
from web.words import online_play as words

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.intents import Handler, Index, Intent, LinkAsk, Text, Turn

NAME = "online-name"  # the storage key of the player's name online, offered next time
TURN = "online-turn"  # the storage key of the player's TURN server (web.online.transport)


class OnlineLink(RemoteGame, Protocol):
    """An online game as the controller sees it (:class:`~web.online.remote.OnlineTable`)."""

    def chat(self, index: int) -> None:
        """Say canned phrase number ``index`` to the friend."""
        ...

    def close(self) -> None:
        """Leave the online game: close the connection (a new game replaces it)."""
        ...

    def claim(self) -> None:
        """Claim the game: the friend has been gone longer than the stated time."""
        ...


class Connector(Protocol):
    """The page's part of online play (:class:`web.dom.connect.Connection`),
    handed to the controller where online play is offered."""

    def host(self, options: MatchOptions, name: str) -> None:
        """Start an online game with these options, under the player's name: the
        invite, the transport; it calls :meth:`OnlinePlay.go_online` and
        :meth:`OnlinePlay.show_invite`."""
        ...


# Joins the online game this page was opened with, under the player's name.
OnlineJoiner = Callable[[str], None]


class ManualSignalling(Protocol):
    """Connecting by hand (the page's part, for the inviter): a connection
    link to send through any messenger, and the friend's answer code."""

    def offer(self) -> None:
        """Make the connection link (:meth:`OnlinePlay.show_offer` shows it)."""
        ...

    def answer(self, code: str) -> None:
        """Apply the friend's answer code: the channel opens."""
        ...


class OnlinePlay(Part):
    """See the module docs.  ``flow`` applies what the friend decides;
    ``connector`` is the page's part of online play (None: none offered)."""

    def __init__(self, session: Session, flow: Flow, connector: Connector | None = None) -> None:
        super().__init__(session)
        self.flow = flow
        self.connector = connector
        self.link: OnlineLink | None = None  # the game online, while there is one
        self.online_joiner: OnlineJoiner | None = None  # the page's, when opened with an invite
        self.join_options: MatchOptions | None = None  # the invite's match
        self.manual: ManualSignalling | None = None  # the inviter's page, once its invite is out

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import Index, LinkAsk, Text, typed

        return {
            Act.COPY_INVITE: self._on_copy_invite,
            Act.SHARE_LINK: typed(LinkAsk, self._on_share_link),
            Act.CHAT_OPEN: self._on_chat_open,
            Act.CHAT: typed(Index, self._on_chat),
            Act.CLAIM: self._on_claim,
            Act.MANUAL_OFFER: self._on_manual_offer,
            Act.MANUAL_ANSWER: typed(Text, self._on_manual_answer),
            Act.COPY_CODE: typed(LinkAsk, self._on_copy_code),
        }

    def _online(self, **changes: Any) -> None:
        self._set(online=replace(self.state.online, **changes))

    # -- joining and leaving -----------------------------------------------------------------

    def go_online(self, link: OnlineLink, remote_seat: int, friend_name: str) -> None:
        """Play against a friend online from now on: ``remote_seat`` is theirs,
        and the dice are those the two sides agree."""
        self.session.play_remote(link)
        self.link = link
        self._online(remote_seat=remote_seat, friend_name=friend_name)
        self._set(busy=False)
        self._render()

    def await_online(self) -> None:
        """An online game is being opened (the relays contacted): nothing may be
        played on this page until :meth:`go_online`, or the two would differ."""
        self._set(busy=True)
        self._online(link_status=words.CONTACTING)

    def expect_friend(self, seat: int, name: str) -> None:
        """A saved game with a friend online is being reopened (a reload), its
        code still loading: the board names them (``seat`` theirs) and is
        drawn from this page's side meanwhile, as once it is back."""
        if self.link is None:
            self._online(remote_seat=seat, friend_name=name)
            self._render()

    def online_gave_up(self, text: str) -> None:
        """The online game could not be opened (its save unreadable, its code not
        loaded): the page is free again, and says why."""
        self._set(busy=False)
        self._online(link_status="")
        if self.link is None:  # (a friend expected: none plays after all)
            self._online(remote_seat=None)
        self.online_news(text)

    def leave(self) -> None:
        """Back to this page's own opponents and dice (a new game replaces the online one)."""
        self.session.play_here()
        if self.link is not None:
            self.link.close()
        self.link = None
        self.manual = None
        self._set(online=self.state.online.left())

    # -- what the player gave ----------------------------------------------------------------

    def known_name(self, name: str) -> None:
        """The player's name online from storage, offered in the dialogs."""
        self._online(player_name=name)

    def can_share_links(self, able: bool) -> None:
        """Whether the browser can hand a link to the device's share sheet."""
        self._online(can_share=able)

    def known_turn(self, turn: tuple[str, str, str]) -> None:
        """The player's TURN server from storage, offered in the dialogs."""
        self._online(turn=turn)

    def take_turn(self, given: Turn) -> bool:
        """The TURN server typed into the dialog, remembered for the
        connections to come (none: forgotten); False, said in the dialog, if
        it cannot be used."""
        from web.online.errors import TurnError  # online play's protocol, loaded only now
        from web.online.turn import TurnServer

        if self.state.dialog is Dialog.JOIN and self.state.online.join_post:
            return True  # joining by messages asks for none (and keeps the one given)
        try:
            turn = TurnServer.parse(*given)
        except TurnError as exc:
            self._set(dialog_error=exc.plain)
            return False
        words = ("", "", "") if turn is None else (turn.url, turn.username, turn.credential)
        if words != self.state.online.turn:
            self._online(turn=words)
            self.session.store.write(TURN, None if turn is None else turn.to_json())
        return True

    def _remember_name(self, name: str) -> None:
        if name and name != self.state.online.player_name:
            self._online(player_name=name)
            self.session.store.write(NAME, name)

    # -- inviting and joining ----------------------------------------------------------------

    def invite(self, options: MatchOptions, name: str | None = None) -> None:
        """The player chose a friend online: the page makes the invite, under
        ``name`` (None: the one remembered)."""
        if name is None:
            name = self.state.online.player_name
        name = clean_name(name)
        if self.connector is None:
            self._set(message=words.NOT_AVAILABLE)
            return
        self._remember_name(name)
        self.await_online()
        self.connector.host(options, name)

    def offer_join(
        self,
        inviter: str,
        terms: str,
        options: MatchOptions,
        joiner: OnlineJoiner,
        *,
        by_post: bool = False,
    ) -> None:
        """The page was opened with an invite (a match with ``options``; by
        messages, ``by_post``: a friend's first link): ask whether to play."""
        self.online_joiner = joiner
        self.join_options = options
        self._online(join_from=inviter, join_terms=terms, join_post=by_post)
        if by_post:  # the link was being opened: it waits for the player's answer
            self._set(busy=False)
            self._online(link_status="")
        self._open(Dialog.JOIN)
        self._render()

    def join(self, name: str) -> None:
        """The player accepted the invite (the page joins: :meth:`go_online`)."""
        joiner, self.online_joiner = self.online_joiner, None
        if joiner is None:
            return
        self._close()
        self._remember_name(name)
        self.await_online()
        joiner(name)

    def show_invite(self, link: str, by_hand: ManualSignalling | None = None) -> None:
        """The invite is ready: show its link until the friend comes; ``by_hand``
        connects without the relays, should they bring nobody."""
        if by_hand is not None:
            self.manual = by_hand
        self._online(invite_link=link, link_status=words.WAITING_FOR_FRIEND)
        self._open(Dialog.INVITE)
        self._render()

    def show_offer(self, link: str) -> None:
        """Connecting by hand: the connection link to send is ready."""
        self._online(offer_link=link)
        self._set(dialog_error="")
        if self.state.dialog is None:
            self._open(Dialog.INVITE)
        self._render()

    def show_answer(self, code: str) -> None:
        """Connecting by hand, the friend's side: the answer code to send back."""
        name = self.state.online.friend_name
        self._online(answer_code=code, link_status=words.waiting_to_paste(name))
        self._open(Dialog.ANSWER)
        self._render()

    def manual_failed(self, text: str) -> None:
        """The connection code could not be made or used: said in the dialog."""
        self._set(dialog_error=text)
        self._render()

    # -- the table's news (web.online.remote.Host) ----------------------------------------------

    def online_status(self, text: str) -> None:
        """The friend's presence changed (connected, waiting...)."""
        self._online(link_status=text)
        self._render()

    def online_link(self, link: Link, claim_after: float) -> None:
        """The friend's presence changed.  Once they have been gone
        ``claim_after`` seconds the player is asked: claim the game, or keep
        waiting (closing the dialog; the Claim button stays)."""
        s = self.state
        self._online(friend_link=link, claim_after=claim_after)
        if link is Link.CLAIMABLE and s.dialog is None and not s.online.claimed:
            if not s.match.is_game_over:
                self._open(Dialog.CLAIM)
        elif link is not Link.CLAIMABLE and s.dialog is Dialog.CLAIM:
            self._close()  # the friend came back
        elif link is Link.CONNECTED and s.dialog is Dialog.POST_LIVE:
            self._close()  # the friend came live: the game goes on
        self._render()

    def online_clock(self, seat: int | None, left: int | None) -> None:
        """The move clock: ``seat`` owes an action, ``left`` seconds to go."""
        self._online(clock_seat=seat, clock_left=left)
        self._render()

    def online_claimed(
        self, mine: bool, agreed: Match, *, clocked: bool, counted: bool = False
    ) -> None:
        """The game was claimed (``mine``: by this page's player, the friend
        being gone; else by the friend while this page was away): the one who
        left abandoned it (:meth:`~engine.match.Match.abandon`, the engine's
        rule: it counts as their resigning it, and the match is over).
        ``agreed`` is the match both sides agreed, ending so (the
        :class:`~web.online.peer.Peer`'s): the page's match becomes it, so
        the record, the score, the autosave and the history say it, and both
        pages hold the same record.  ``clocked``: the game had a move clock,
        which ran out (else the one who left was gone); the game's, not what
        the page shows of it, which a claim opened from a link or a reload has
        already cleared.  The game goes into the statistics once: not again
        when ``counted`` (it was, before a reload)."""
        s = self.state
        friend = s.online.remote_seat
        if s.online.claimed or friend is None:
            return
        me = 1 - friend
        m = _claimed(s.match, agreed, friend if mine else me)
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
            self.flow.count_result(announce=False)
        win = s.theme.win_name(int(result.win_type))
        text = words.claimed(s.online.friend_name, win, result.points, mine=mine, clocked=clocked)
        self._online(claimed=text)
        self._set(busy=True, message=text, notice=text)  # in view on a phone
        if self.state.dialog in (Dialog.CLAIM, Dialog.INVITE):  # nothing left to wait for
            self._close()
        self._say(text)
        self._render()

    def online_friend(self, name: str) -> None:
        """The friend online said who they are."""
        self._online(friend_name=name)
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
        with self.session.one_render():
            self.flow.apply(decision)
            self._advance()
            self._render()

    def online_rolled(self) -> None:
        """This player's agreed dice came with no roll waiting for them on the
        page (the opening's, after a reload or a friend's link; or a roll asked
        for before one): rolled on the board, once it is the player's roll."""
        s = self.state
        # (Not Session.legal: by messages, the opening's dice are shown even when
        # the friend, who won it, must play next.)
        if s.busy or Action.ROLL not in s.match.legal_actions() or s.is_ai(s.match.actor):
            return
        with self.session.one_render():
            self.flow.roll(None)
            self._advance()
            self._render()

    def online_resumed(self) -> None:
        """The friend's decisions that the autosave lacked are handed over
        (:meth:`~web.online.remote.OnlineTable.resume`): play on from them."""
        with self.session.one_render():
            self._advance()
            self._render()

    # -- the player's online intents ---------------------------------------------------------

    def _on_chat_open(self, intent: Intent) -> None:
        if self.link is not None:
            self._open(Dialog.CHAT)

    def _on_chat(self, ask: Index) -> None:
        if self.link is not None:
            self._close()
            self.link.chat(ask.index)

    def _on_claim(self, intent: Intent) -> None:
        if self.link is not None and not self.state.online.claimed:
            if self.state.dialog is Dialog.CLAIM:
                self._close()
            self.link.claim()

    def _on_manual_offer(self, intent: Intent) -> None:
        if self.manual is not None and not self.state.online.offer_link:
            self._set(dialog_error="")
            self.manual.offer()

    def _on_manual_answer(self, ask: Text) -> None:
        code = ask.text
        if self.manual is None or not self.state.online.offer_link:
            return
        if not code:
            self._set(dialog_error=words.PASTE_THE_ANSWER)
            return
        self._set(dialog_error="")
        self._online(link_status=words.CONNECTING)
        self.manual.answer(code)

    def _on_copy_code(self, ask: LinkAsk) -> None:
        from web.model.intents import LinkKind

        o = self.state.online
        text = {LinkKind.OFFER: o.offer_link, LinkKind.ANSWER: o.answer_code}.get(ask.kind, "")
        if text:
            self.session.copy(ask.kind, text)

    def _on_copy_invite(self, intent: Intent) -> None:
        from web.model.intents import LinkKind

        if self.state.online.invite_link:
            self.session.copy(LinkKind.INVITE, self.state.online.invite_link)

    def _on_share_link(self, ask: LinkAsk) -> None:
        """The invite (or connection) link to the device's share sheet: a
        messenger of the player's choice, on a phone."""
        from web.model.intents import LinkKind

        o = self.state.online
        link = {LinkKind.INVITE: o.invite_link, LinkKind.OFFER: o.offer_link}.get(ask.kind, "")
        if link:
            self.session.view.share(link)


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
