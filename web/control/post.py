"""The controller's part of playing by messages (#48): a game with a friend
whose only channel is the links the player sends.

The player starts one from New game ("A friend online", "Play by messages"),
or opens a friend's link; the page's :class:`Postman` makes or opens the game
(online play's protocol, loaded on use) and hands it here
(:meth:`PostPlay.go_by_post`).  From then on the game is played as a live
one, through :class:`~web.control.online.OnlinePlay` and its
:class:`~web.control.session.RemoteGame` port; what this part adds is the link
to send (:meth:`PostPlay.post_ready`, shown whenever the friend must act), and
the list of games saved on the device, each to go on with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from engine.match import Match
from engine.rules import Rules
from web.control.online import OnlineLink, OnlinePlay
from web.control.session import Part, Session
from web.model.actions import Act
from web.model.online import PostGame
from web.model.options import MatchOptions, clean_name
from web.model.presence import Link
from web.model.state import Dialog
from web.words import online_play as online_words

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.intents import Handler, Intent, Text

DAY = 86400  # seconds: a game by messages' move clock is in days


class Postman(Protocol):
    """The page's part of playing by messages (:class:`web.dom.connect.Connection`)."""

    def post_start(self, options: MatchOptions, name: str, clock: int = 0) -> None:
        """Start a game by messages under these options, the player's name and
        a move clock of ``clock`` seconds (0: none): it calls
        :meth:`PostPlay.go_by_post` and :meth:`PostPlay.post_ready`."""
        ...

    def post_resume(self, room: str) -> None:
        """Go on with the saved game of ``room`` (as :meth:`post_start` does)."""
        ...

    def post_games(self) -> None:
        """Tell :meth:`PostPlay.known_games` the games saved on this device."""
        ...

    def post_switch(self) -> None:
        """Go on with the live game on the board by messages (as :meth:`post_start`)."""
        ...

    def post_live(self) -> None:
        """Go on with the game by messages on the board live, in its own room:
        it calls :meth:`~web.control.online.OnlinePlay.go_online`, or
        :meth:`PostPlay.live_failed` (the game by messages as it was)."""
        ...


class PostPlay(Part):
    """See the module docs.  ``online`` plays the game once it is made;
    ``postman`` is the page's part (None: playing by messages not offered)."""

    def __init__(
        self, session: Session, online: OnlinePlay, postman: Postman | None = None
    ) -> None:
        super().__init__(session)
        self.online = online
        self.postman = postman

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import Text, typed

        return {
            Act.POST_SEND: self._on_send,
            Act.POST_COPY: self._on_copy,
            Act.POST_SHARE: self._on_share,
            Act.POST_GAMES: self._on_games,
            Act.POST_OPEN: typed(Text, self._on_open),
            Act.POST_SWITCH: self._on_switch,
            Act.POST_LIVE: typed(Text, self._on_live),
        }

    def _online(self, **changes: Any) -> None:
        self._set(online=replace(self.state.online, **changes))

    # -- starting and going on -------------------------------------------------------------

    def start(self, options: MatchOptions, name: str, days: int = 0) -> None:
        """The player chose to play a friend by messages (the new match is on
        the board), with a move clock of ``days`` a move (0: none): the page
        makes the game and its first link."""
        if self.postman is None:
            self.online.online_news(online_words.NOT_AVAILABLE)
            return
        name = clean_name(name) or self.state.online.player_name
        clock = DAY * days  # one of POST_CLOCKS: the intents' parser took no other
        self.online.await_online()
        self.postman.post_start(options, name, clock)

    def go_by_post(
        self,
        link: OnlineLink,
        remote_seat: int,
        friend: str,
        match: Match,
        news: str | None = None,
    ) -> None:
        """Play this game by messages from now on: ``match`` is this device's
        (the friend's moves that came since are then handed over by ``link``),
        ``remote_seat`` the friend's.  Whatever was on the board gives way, as
        for a saved game opened; ``news`` says what a friend's link brought."""
        self.online.leave()
        rules: Rules = match.rules
        self._set(options=MatchOptions.online_with(rules, 0))
        done = match.game_number - (0 if match.is_game_over else 1)
        self.session.replace(match, counted=done)
        self.online.go_online(link, remote_seat, friend)
        if news is not None:  # (not "Welcome back": the link, not the page, brought it)
            self._set(message=news)
            self._say(news)
        self._autosave()

    def go_live(self, link: OnlineLink, remote_seat: int, friend: str, ask: str) -> None:
        """The game by messages on the board goes on live (#48): ``link`` plays
        it (the same match, log and seats) in its room, where this page waits
        for the friend; ``ask`` is the last link, marked, that asks them to
        come live too (by messages it stays good)."""
        counted = self.state.counted
        self.online.leave()
        self.session.replace(self.state.match, counted=counted)  # the friend's turn re-asked
        self.online.go_online(link, remote_seat, friend)
        # Not yet connected: Play by messages, back, is offered at once.
        waiting = online_words.WAITING_FOR_FRIEND
        self._online(invite_link=ask, link_status=waiting, friend_link=Link.CONNECTING)
        self._open(Dialog.POST_LIVE)
        self._render()

    def post_ready(self, link: str, my_turn: bool, why: str = "") -> None:
        """The link to send now: shown at once while the friend must act
        (until then it is kept, to be sent with the next one's moves); while
        they must, nothing here can be played (the dice wait for their link).
        ``why``: why it is one more in a turn (``OnlineState.post_why``)."""
        self._online(post_link=link, post_waiting=not my_turn, post_why=why)
        if not my_turn and self.state.dialog in (None, Dialog.POST):
            self._set(copied="")
            self._open(Dialog.POST)
        self._render()

    def post_refused(self, text: str) -> None:
        """A link that could not be opened: the plain sentence, nothing changed."""
        self.online.online_gave_up(text)
        self._set(notice=text)  # in view on a phone until dismissed
        self._render()

    def offer_live(self, text: str) -> None:
        """The friend's link came from a page waiting live (#48): ``text`` says
        so, and the player is asked to go live too (it names the relays)."""
        self.online.online_news(text)
        self._open(Dialog.POST_LIVE)
        self._render()

    def live_failed(self, text: str) -> None:
        """The relays could not be reached: the game by messages goes on as it was."""
        self.online.online_gave_up(text)
        self._set(notice=text)
        self._render()

    def known_games(self, games: tuple[PostGame, ...]) -> None:
        """The games by messages on this device, for the list."""
        self._online(post_games=games)
        self._render()

    # -- the player's intents ---------------------------------------------------------------

    def _on_send(self, intent: Intent) -> None:
        if self.state.online.post_link:
            self._set(copied="")
            self._open(Dialog.POST)

    def _on_copy(self, intent: Intent) -> None:
        if self.state.online.post_link:
            self.session.copy("post", self.state.online.post_link)

    def _on_share(self, intent: Intent) -> None:
        if self.state.online.post_link:
            self.session.view.share(self.state.online.post_link)

    def _on_games(self, intent: Intent) -> None:
        if self.postman is not None:
            self.postman.post_games()
        self._open(Dialog.POST_GAMES)

    def _on_switch(self, intent: Intent) -> None:
        o = self.state.online
        if self.postman is not None and self.online.link is not None and not o.post_link:
            self._close()
            self.online.await_online()
            self.postman.post_switch()

    def _on_live(self, ask: Text) -> None:
        """Play live now: asked first (what it contacts), then, with "go", the
        page joins the game's room and waits for the friend there."""
        o = self.state.online
        if self.postman is None or self.online.link is None or not o.post_link:
            return
        if o.link_status == online_words.CONTACTING:
            return  # on its way already
        if ask.text != "go":
            self._open(Dialog.POST_LIVE)
            return
        self._close()
        self.online.await_online()
        self.postman.post_live()

    def _on_open(self, room: Text) -> None:
        if self.postman is not None and room.text:
            self._close()
            self.online.await_online()
            self.postman.post_resume(room.text)
