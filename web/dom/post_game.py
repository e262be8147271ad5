"""Playing a game by messages on this page, once online play's protocol is
loaded: starting one, opening a friend's link, going on with a saved one.

Each game is saved on this device under its room (:data:`~web.dom.connect.POST_GAMES`),
with what the list of games shows of it; the one on the board is
:data:`~web.dom.connect.POST_CURRENT`.  Nothing is sent anywhere: the page
shows the link, and the player sends it.  It ships in online play's archive.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from web.dom.connect import ONLINE_SAVE, POST_CURRENT, POST_GAMES, Connection, saved_posts
from web.model.options import MatchOptions, clean_name
from web.words import post_page as say

if TYPE_CHECKING:
    from web.control.post import PostPlay
    from web.online.correspondence import Correspondence


def start(connection: Connection, post: PostPlay, options: MatchOptions, name: str) -> None:
    """A new game by messages: its first link invites the friend."""
    from web.online.correspondence import Correspondence

    game = Correspondence.start(
        clean_name(name) or say.A_FRIEND, options.rules(), now=connection.clock()
    )
    _play(connection, post, game)


def open_link(connection: Connection, post: PostPlay, fragment: str) -> None:
    """The friend's link the page was opened with: applied to its saved game
    (or, the first, a new one joined), or refused in plain words."""
    from web.online.codec import b64
    from web.online.correspondence import Correspondence, Letter, OpenedTwiceError, refusal
    from web.online.errors import OnlineError

    _forget_fragment(connection)  # a reload goes on with the saved game
    now = connection.clock()
    try:
        letter = Letter.read(fragment)
        saved = saved_posts(connection.store).get(b64(letter.room))
        if saved is None:
            name = clean_name(post.state.online.player_name) or say.A_FRIEND
            game, _ = Correspondence.accept(letter, name, now=now)
        else:
            game = Correspondence.from_json(saved.get("game"), now=now)
            with contextlib.suppress(OpenedTwiceError):  # the same link again: go on quietly
                game, _ = game.open(letter, now)
    except OnlineError as exc:
        post.post_refused(refusal(exc))
        return
    _play(connection, post, game)


def resume(connection: Connection, post: PostPlay, room: str) -> None:
    """Go on with the saved game of ``room`` (a reload, or the list of games)."""
    from web.online.correspondence import Correspondence
    from web.online.errors import OnlineError

    saved = saved_posts(connection.store).get(room)
    if saved is None:
        post.post_refused(say.NO_SUCH_GAME)
        return
    try:
        game = Correspondence.from_json(saved.get("game"), now=connection.clock())
    except OnlineError as exc:
        post.post_refused(exc.plain)
        return
    _play(connection, post, game)


def _play(connection: Connection, post: PostPlay, game: Correspondence) -> None:
    """Put ``game`` on the board, played through a :class:`PostTable`, and
    show its link whenever the friend must act."""
    from web.online.codec import b64
    from web.online.post_table import PostTable

    store = connection.store
    room = b64(game.room)
    page = str(connection.window.location.href).split("#", 1)[0]

    def keep(g: Correspondence) -> None:
        posts = saved_posts(store)
        friend = g.peer.friend_name or say.YOUR_FRIEND
        posts[room] = {"game": g.to_json(), "friend": friend, "mine": g.my_turn}
        store.write(POST_GAMES, posts)
        if g.outbox:
            post.post_ready(f"{page}#{g.outbox}", g.my_turn)

    table = PostTable(game, connection.clock, keep)
    table.attach(post.online)
    store.write(ONLINE_SAVE, None)  # a live game saved before is not resumed over this one
    store.write(POST_CURRENT, room)
    friend = game.peer.friend_name or say.YOUR_FRIEND
    post.go_by_post(table, game.peer.friend, friend, game.peer.match)
    keep(game)
    post.online.online_resumed()


def _forget_fragment(connection: Connection) -> None:
    """The address without the link's fragment (the game is saved: a reload
    goes on with it, and the link is not left in the address bar)."""
    window = connection.window
    with contextlib.suppress(Exception):
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
