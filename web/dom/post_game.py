"""Playing a game by messages on this page, once online play's protocol is
loaded: starting one, opening a friend's link, going on with a saved one.

Each game is saved on this device under its room (:data:`~web.dom.connect.POST_GAMES`),
with what the list of games shows of it; the one on the board is
:data:`~web.dom.connect.POST_CURRENT`.  Nothing is sent anywhere: the page
shows the link, and the player sends it.  It ships in online play's archive.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.record import (
    Beavered,
    Doubled,
    Dropped,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Took,
)
from web.dom.connect import ONLINE_SAVE, POST_CURRENT, POST_GAMES, Connection, saved_posts
from web.model.options import MatchOptions, clean_name
from web.words import post as told
from web.words import post_page as say

# How often the move clock of a game by messages is looked at: in days and
# hours beside a name, and the claim offered within a minute of its running out.
POST_TICK_MS = 60_000

if TYPE_CHECKING:
    from engine.match import Match
    from web.control.post import PostPlay
    from web.online.correspondence import Correspondence, Letter
    from web.online.events import Event


def start(
    connection: Connection, post: PostPlay, options: MatchOptions, name: str, clock: int = 0
) -> None:
    """A new game by messages, ``clock`` seconds a move (0: no move clock):
    its first link invites the friend."""
    from web.online.correspondence import Correspondence

    game = Correspondence.start(
        clean_name(name) or say.A_FRIEND, options.rules(), now=connection.clock(),
        clock=connection.network.move_clock(clock), wall=_wall(connection),
    )  # fmt: skip
    _play(connection, post, game)


def open_link(connection: Connection, post: PostPlay, fragment: str) -> None:
    """The friend's link the page was opened with: applied to its saved game,
    or (the first) offering to join the game it invites to; or refused in
    plain words, the saved game going on as it was."""
    from web.online.codec import b64
    from web.online.correspondence import Correspondence, Letter, refusal
    from web.online.errors import OnlineError

    _forget_fragment(connection)  # a reload goes on with the saved game
    try:
        letter = Letter.read(fragment)
        saved = saved_posts(connection.store).get(b64(letter.room))
        if saved is not None:
            game = Correspondence.from_json(
                saved.get("game"), now=connection.clock(), wall=_wall(connection)
            )
        else:
            live = _live(connection, letter)
            if live is None:
                _offer_join(connection, post, letter)
                return
            game = live
    except OnlineError as exc:
        post.post_refused(refusal(exc))
        return
    _open(connection, post, game, letter)


def switch(connection: Connection, post: PostPlay) -> None:
    """The live game on the board, whose connection is gone, goes on by
    messages: the same game (its log, its seats), its next link to send."""
    from web.online.correspondence import Correspondence
    from web.online.remote import OnlineTable

    table = post.online.link
    if not isinstance(table, OnlineTable):
        return
    game = Correspondence.from_live(table.peer, connection.clock())
    _play(connection, post, game, post.state.match)


def _live(connection: Connection, letter: Letter) -> Correspondence | None:
    """The live game saved here that ``letter`` goes on with by messages (the
    friend switched to links): None if there is none for its room."""
    from web.online.correspondence import Correspondence
    from web.online.errors import OnlineError
    from web.online.peer import Peer

    raw = connection.store.read(ONLINE_SAVE)
    if raw is None:
        return None
    now = connection.clock()
    try:
        peer = Peer.from_json(raw, now=now, wall=_wall(connection))
    except OnlineError:  # unreadable: not this game's, as far as the link goes
        return None
    if peer.invite.room != letter.room:
        return None
    return Correspondence.from_live(peer, now)


def _offer_join(connection: Connection, post: PostPlay, letter: Letter) -> None:
    """A friend's first link: ask the player's name and whether to play, as
    live joining does; the link is opened once they accept."""
    from web.online.correspondence import Correspondence, NotOnThisDeviceError

    invite = letter.invite
    if invite is None:
        raise NotOnThisDeviceError(told.NO_INVITE)

    def join(name: str) -> None:
        game = Correspondence.joining(
            letter, clean_name(name) or say.A_FRIEND, now=connection.clock(), wall=_wall(connection)
        )
        _open(connection, post, game, letter)

    options = MatchOptions.online_with(invite.rules, invite.clock)
    post.online.offer_join(invite.name, invite.terms, options, join, by_post=True)


def _open(connection: Connection, post: PostPlay, game: Correspondence, letter: Letter) -> None:
    """Apply ``letter`` to ``game`` and play on, the friend's moves shown being
    played; a refusal is said, and the game goes on as it was."""
    from web.online.correspondence import OpenedTwiceError, refusal
    from web.online.errors import OnlineError

    before = game.peer.match
    try:
        opened, events = game.open(letter, connection.clock())
    except OpenedTwiceError:  # the same link again: go on quietly
        opened, events = game, ()
    except OnlineError as exc:
        if game.peer.log.blocks:  # a game that was under way: still on the board
            _play(connection, post, game, before)
        post.post_refused(refusal(exc))
        return
    _play(connection, post, opened, before, events, news=opened is not game)


def resume(connection: Connection, post: PostPlay, room: str) -> None:
    """Go on with the saved game of ``room`` (a reload, or the list of games)."""
    from web.online.correspondence import Correspondence
    from web.online.errors import OnlineError

    saved = saved_posts(connection.store).get(room)
    if saved is None:
        post.post_refused(say.NO_SUCH_GAME)
        return
    try:
        game = Correspondence.from_json(
            saved.get("game"), now=connection.clock(), wall=_wall(connection)
        )
    except OnlineError as exc:
        post.post_refused(exc.plain)
        return
    _play(connection, post, game)


def _play(
    connection: Connection,
    post: PostPlay,
    game: Correspondence,
    before: Match | None = None,
    events: tuple[Event, ...] = (),
    *,
    news: bool = False,
) -> None:
    """Put ``game`` on the board, played through a :class:`PostTable`, and
    show its link whenever the friend must act.  ``before`` is the match as
    this device had it before the friend's link: the friend's moves since are
    played on it as live play shows them (and, with ``news``, said)."""
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
        if g.outbox and not _claim_told(g):
            post.post_ready(f"{page}#{g.outbox}", g.my_turn)

    table = PostTable(game, connection.clock, keep)
    table.attach(post.online)
    store.write(ONLINE_SAVE, None)  # a live game saved before is not resumed over this one
    store.write(POST_CURRENT, room)
    peer = game.peer
    friend = peer.friend_name or say.YOUR_FRIEND
    agreed = peer.match
    board = before if before is not None and _goes_on(before, agreed) else agreed
    said = _brought(board, agreed, peer.friend, friend) if news else None
    post.go_by_post(table, peer.friend, friend, board, said)
    table.resume(board)  # (first: a claim it offers comes before the link, sent already)
    table.told(events)  # (then: a dispute of this side's claim is said over the claim)
    keep(game)
    post.online.online_resumed()

    def tick() -> None:  # the move clock runs while the page is open (days, say)
        if post.online.link is table:
            table.tick()
            connection.timer.later(POST_TICK_MS, tick)

    connection.timer.later(POST_TICK_MS, tick)


def _claim_told(game: Correspondence) -> bool:
    """Whether a claim ended the game here and the friend has it: nothing is
    left to send.  The friend's claim (their page made it, and has this side's
    last link already), or this side's claim that the friend's page disputed
    (it has read it; the claim stands here)."""
    peer = game.peer
    claimed = peer.claimed
    return claimed is not None and (claimed.seat == peer.friend or peer.disputed is not None)


def _goes_on(before: Match, after: Match) -> bool:
    """Whether ``after`` is ``before`` played on within its game, or the next
    game begun once it ended (what live play's resume hands over)."""
    if before.rules != after.rules:
        return False
    if before.game_number + 1 == after.game_number:
        return before.is_game_over
    n = len(before.events)
    return before.game_number == after.game_number and after.events[:n] == before.events


def _brought(board: Match, agreed: Match, seat: int, friend: str) -> str:
    """What the friend did since ``board``, in words."""
    words = {
        Doubled: told.DOUBLED, Beavered: told.BEAVERED, Took: told.TOOK, Dropped: told.DROPPED,
        ResignOffered: told.RESIGN_OFFERED, ResignAccepted: told.RESIGN_ACCEPTED,
        ResignRejected: told.RESIGN_REJECTED,
    }  # fmt: skip
    since = agreed.events[len(board.events) :] if board.game_number == agreed.game_number else ()
    done: list[str] = []
    for event in since:
        if getattr(event, "player", None) != seat:
            continue
        if isinstance(event, Played):
            done.append(told.played(event.notation))
        elif type(event) in words:
            done.append(words[type(event)])
    return told.link_brought(friend, tuple(done))


def _wall(connection: Connection) -> Callable[[], float]:
    """The device's clock, in seconds: a game by messages' move clock runs on
    it while the page is closed (days, say)."""
    date = connection.window.Date
    return lambda: float(date.now()) / 1000


def _forget_fragment(connection: Connection) -> None:
    """The address without the link's fragment (the game is saved: a reload
    goes on with it, and the link is not left in the address bar)."""
    window = connection.window
    with contextlib.suppress(Exception):
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
