"""Opening an online game on this page (#17): the page's part of online play.

The New game dialog's "A friend online" makes an invite and waits in its room
(:meth:`Connection.host`, the controller's :class:`~web.control.online.Connector`);
a page opened with an invite's ``#join=`` link offers to join, and a page
reloaded during an online game goes on with it (:meth:`Connection.open`).
The protocol's modules are imported only then, so a page that plays no
online game loads none of them and contacts nothing outside its origin; this
module, which the page imports at its start, imports nothing of them itself:
what plays the game once they are loaded is :mod:`web.dom.online_game`, which
ships with them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from web.control.online import NAME, TURN
from web.dom.online_page import ONLINE_SAVE, POST_CURRENT, OnlinePage, saved_posts
from web.model.options import MatchOptions
from web.words import online_play as words

if TYPE_CHECKING:  # the protocol's modules, imported only when an online game starts
    from web.control.online import OnlinePlay
    from web.control.post import PostPlay

POST_FRAGMENT = "#post="  # a friend's link (web.online.correspondence)


class Connection(OnlinePage):
    """The page's part of online play (see the module docs): the invite, the
    transport, the table, the heartbeat's timer; the controller is handed it
    (:class:`~web.control.online.Connector`) and it is opened on the
    controller once that has booted."""

    def open(self, controller: OnlinePlay) -> None:
        """Offer the player's name and TURN server from storage; go on with a
        saved online game, or offer to join the invite the page was opened with."""
        self.controller = controller
        store, window = self.store, self.window
        name = store.read(NAME)
        if isinstance(name, str):
            controller.known_name(name)
        with contextlib.suppress(Exception):
            controller.can_share_links(bool(getattr(window.navigator, "share", None)))
        turn = store.read(TURN)  # checked when used (web.online.transport.TurnServer)
        if isinstance(turn, dict):
            words = tuple(turn.get(key) for key in ("url", "username", "credential"))
            if all(isinstance(word, str) for word in words):
                controller.known_turn((str(words[0]), str(words[1]), str(words[2])))
        saved = store.read(ONLINE_SAVE) if controller.state.options.online else None
        m = controller.state.match
        # A claimed game ends the match; its page still goes online, to tell a
        # friend who comes back (else the friend could claim the same game).
        if saved is not None and not (not m.is_over or m.is_abandoned):
            saved = None
        if self.fragment.startswith(POST_FRAGMENT):
            saved = None  # a friend's link: the game it goes on with is played by messages
        if saved is None and not self.invited:
            return
        if saved is not None:
            controller.await_online()  # nothing is played here until the game is back
            _expect(controller, saved)
        self._with_protocol(lambda: _game().reopen(self, controller, saved))

    def _with_protocol(self, then: Callable[[], None]) -> None:
        """Call ``then`` once online play's protocol can be imported: now, or once
        its archive is fetched (:mod:`web.dom.online_loader`)."""
        import asyncio

        from web.dom import online_loader as loader

        if loader.loaded():
            then()
            return

        async def load_then() -> None:
            try:
                await loader.load()
            except Exception:  # offline, or the server refused: say so
                if self.controller is not None:
                    self.controller.online_gave_up(words.NOT_LOADED)
                return
            then()

        self.tasks.append(asyncio.ensure_future(load_then()))

    def host(self, options: MatchOptions, name: str) -> None:
        """Invite a friend to a match with ``options`` (the controller's
        :class:`~web.control.online.Connector`)."""
        self.store.write(POST_CURRENT, None)  # a reload goes on with this game, not one by messages
        self._with_protocol(lambda: _game().host(self, options, name))

    # -- playing by messages (the controller's web.control.post.Postman) -----------------

    def open_post(self, post: PostPlay) -> None:
        """Open the friend's link the page was opened with, or go on with the
        game by messages that was on the board before a reload."""
        self.post = post
        if self.fragment.startswith(POST_FRAGMENT):
            self.post_link_opened()
            return
        room = self.store.read(POST_CURRENT)
        live = self.store.read(ONLINE_SAVE)
        if isinstance(room, str) and post.state.options.online and live is None:
            game = saved_posts(self.store).get(room, {}).get("game")
            _expect(post.online, game.get("peer") if isinstance(game, dict) else None)
            self.post_resume(room)

    def post_link_opened(self) -> None:
        """A friend's link opened in this page (at its start, or as a new
        fragment of the page already open): apply it."""
        post, fragment = self.post, self.fragment
        if post is None or not fragment.startswith(POST_FRAGMENT):
            return
        post.online.await_online()
        self._with_protocol(lambda: _post().open_link(self, post, fragment))

    def post_start(self, options: MatchOptions, name: str, clock: int = 0) -> None:
        post = self.post
        if post is not None:
            self._with_protocol(lambda: _post().start(self, post, options, name, clock))

    def post_resume(self, room: str) -> None:
        post = self.post
        if post is not None:
            post.online.await_online()
            self._with_protocol(lambda: _post().resume(self, post, room))

    def post_switch(self) -> None:
        post = self.post
        if post is not None:
            self._with_protocol(lambda: _post().switch(self, post))

    def post_live(self) -> None:
        post = self.post
        if post is not None:
            self._with_protocol(lambda: _post().live(self, post))

    def post_games(self) -> None:
        """The games in progress with a friend, for the list (no protocol
        needed): those by messages saved here, and the live one on the board
        (a game by messages gone live among them: #48)."""
        from web.model.online import PostGame

        if self.post is None:
            return
        o = self.post.state.online
        live = live_room(self.store.read(ONLINE_SAVE)) if o.playing and not o.post_link else None
        current = live or (self.store.read(POST_CURRENT) if o.post_link else None)
        saved, now = saved_posts(self.store), float(self.window.Date.now()) / 1000
        games = [
            PostGame(room, str(g.get("friend", "")), bool(g.get("mine")), room == current,
                     room == live, _waited(g.get("game"), now))
            for room, g in saved.items()
        ]  # fmt: skip
        if live is not None and live not in saved:  # a game that began live
            games.append(PostGame(live, o.friend_name, False, True, True))
        self.post.known_games(tuple(games))


def _expect(controller: OnlinePlay, peer: object) -> None:
    """The saved game with a friend being reopened, from its saved peer
    (:meth:`web.online.peer.Peer.to_json`, read without the protocol, which
    loads later): the board names the players, from this page's seat, at once."""
    if not isinstance(peer, dict):
        return
    seat, friend = peer.get("seat"), peer.get("friend")  # (friend None: not met yet)
    if type(seat) is not int or seat not in (0, 1):
        return
    name = friend.get("name") if isinstance(friend, dict) else None
    known = name if isinstance(name, str) and name else words.YOUR_FRIEND
    controller.expect_friend(1 - seat, known)


def _waited(game: object, now: float) -> float:
    """Seconds since the move owed in a saved game by messages began (its
    peer's ``since``, on the device's clock: web.online.peer); 0 if unknown."""
    peer = game.get("peer") if isinstance(game, dict) else None
    since = peer.get("since") if isinstance(peer, dict) else None
    return max(0.0, now - since) if isinstance(since, (int, float)) else 0.0


def live_room(saved: object) -> str | None:
    """The room (in base64, as the games by messages are kept) of a live
    game's saved peer, read off its invite's text (``2.<room>.<secret>...``,
    :mod:`web.online.invite`) without loading the protocol; None if none.

    >>> live_room({"invite": "2.AAAAAAAAAAAAAAAAAAAAAA.BBBB.3cr.QW5u"}), live_room(None)
    ('AAAAAAAAAAAAAAAAAAAAAA', None)
    """
    invite = saved.get("invite") if isinstance(saved, dict) else None
    fields = invite.split(".") if isinstance(invite, str) else []
    return fields[1] if len(fields) > 1 and fields[1] else None


def _post() -> ModuleType:
    """The part that plays a game by messages (:mod:`web.dom.post_game`), in
    online play's archive: importable once the protocol is loaded."""
    from web.dom import post_game

    return post_game


def _game() -> ModuleType:
    """The part that plays an online game (:mod:`web.dom.online_game`), in online
    play's archive: importable once the protocol is loaded."""
    from web.dom import online_game

    return online_game
