"""Playing a game by messages on this page, once online play's protocol is
loaded: starting one, opening a friend's link, going on with a saved one.

Each game is saved on this device under its room (:data:`~web.dom.online_page.POST_GAMES`),
with what the list of games shows of it; the one on the board is
:data:`~web.dom.online_page.POST_CURRENT`.  Nothing is sent anywhere: the page
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
from web.dom.online_page import ONLINE_SAVE, POST_CURRENT, POST_GAMES, OnlinePage, saved_posts
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
    connection: OnlinePage, post: PostPlay, options: MatchOptions, name: str, clock: int = 0
) -> None:
    """A new game by messages, ``clock`` seconds a move (0: no move clock):
    its first link invites the friend."""
    from web.online.correspondence import Correspondence

    game = Correspondence.start(
        clean_name(name) or say.A_FRIEND, options.rules(), now=connection.clock(),
        clock=connection.network.move_clock(clock), wall=_wall(connection),
    )  # fmt: skip
    _play(connection, post, game)


def open_link(connection: OnlinePage, post: PostPlay, fragment: str) -> None:
    """The friend's link the page was opened with: applied to its saved game,
    or (the first) offering to join the game it invites to; or refused in
    plain words, the saved game going on as it was."""
    from web.online.codec import b64
    from web.online.correspondence import Letter, refusal
    from web.online.errors import OnlineError
    from web.online.post_table import PostTable
    from web.online.remote import OnlineTable

    _forget_fragment(connection)  # a reload goes on with the saved game
    current = post.online.link
    try:
        letter = Letter.read(fragment)
        saved = _saved(connection, b64(letter.room))
        # A live game of the room saved here is the newer (going live keeps
        # the game by messages as it was, for its last link).
        game = _live(connection, letter.room, saved) or saved
        if game is None:
            _offer_join(connection, post, letter)
            return
    except OnlineError as exc:
        post.post_refused(refusal(exc))
        return
    # This page waits live in the room (the friend wrote instead of coming):
    # it goes back there once the link is in.
    waiting = isinstance(current, OnlineTable) and not isinstance(current, PostTable)
    if not _open(connection, post, game, letter):
        return
    if waiting and isinstance(current, OnlineTable) and current.peer.invite.room == letter.room:
        post.online.await_online()
        live(connection, post)
    elif letter.live:
        post.offer_live(told.waits_live(game.peer.friend_name or say.YOUR_FRIEND))


def switch(connection: OnlinePage, post: PostPlay) -> None:
    """The live game on the board, whose connection is gone, goes on by
    messages: the same game (its log, its seats), its next link to send —
    the last one, unchanged, when it went live from links and nothing was
    played since (#48)."""
    from web.online.codec import b64
    from web.online.correspondence import Correspondence
    from web.online.errors import OnlineError
    from web.online.remote import OnlineTable

    table = post.online.link
    if not isinstance(table, OnlineTable):
        return
    try:
        before = _saved(connection, b64(table.peer.invite.room))
    except OnlineError:  # unreadable: the live game's own log goes on
        before = None
    game = Correspondence.from_live(table.peer, connection.clock(), before)
    _play(connection, post, game, post.state.match)


def live(connection: OnlinePage, post: PostPlay) -> None:
    """The game by messages on the board goes on live (#48), in its own room:
    the same peer (log, seat, keys, referee) joins it through the relays as
    live play does, and waits there for the friend; the game by messages
    stays saved as it was, its last link good, until the room is joined."""
    from web.dom.online_game import Again, play_again
    from web.online.peer import Peer
    from web.online.post_table import PostTable
    from web.online.remote import OnlineTable

    table = post.online.link
    if not isinstance(table, PostTable):
        post.live_failed(say.NO_SUCH_GAME)
        return
    game, store = table.game, connection.store
    peer = Peer.from_json(
        game.peer.to_json(), now=connection.clock(), timing=connection.network.timing()
    )
    page = str(connection.window.location.href).split("#", 1)[0]
    link = f"{page}#{game.live_link}"

    def joined(live_table: OnlineTable) -> bool:
        if post.online.link is not table:
            return False  # the board moved on meanwhile
        store.write(ONLINE_SAVE, peer.to_json())  # a reload goes on live
        store.write(POST_CURRENT, None)
        post.go_live(live_table, peer.friend, peer.friend_name or say.YOUR_FRIEND, link)
        return True

    def failed(text: str) -> None:
        if post.online.link is table:
            post.live_failed(text)

    play_again(connection, peer, Again(joined, failed))


def _saved(connection: OnlinePage, room: str) -> Correspondence | None:
    """The game by messages saved here for ``room`` (None: none); raises the
    :class:`~web.online.errors.OnlineError` of one unreadable."""
    from web.online.correspondence import Correspondence

    saved = saved_posts(connection.store).get(room)
    if saved is None:
        return None
    game = saved.get("game")
    return Correspondence.from_json(game, now=connection.clock(), wall=_wall(connection))


def _live(
    connection: OnlinePage, room: bytes, before: Correspondence | None
) -> Correspondence | None:
    """The live game saved here that a link of ``room`` goes on with by messages (the
    friend switched to links, or this page went live from links and the
    friend wrote instead): None if there is none for its room."""
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
    if peer.invite.room != room:
        return None
    return Correspondence.from_live(peer, now, before)


def _offer_join(connection: OnlinePage, post: PostPlay, letter: Letter) -> None:
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


def _open(connection: OnlinePage, post: PostPlay, game: Correspondence, letter: Letter) -> bool:
    """Apply ``letter`` to ``game`` and play on, the friend's moves shown being
    played; a refusal is said, and the game goes on as it was (False)."""
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
        return False
    _play(connection, post, opened, before, events, news=opened is not game)
    return True


def resume(connection: OnlinePage, post: PostPlay, room: str) -> None:
    """Go on with the saved game of ``room`` (a reload, or the list of games;
    a live game of that room saved here is the newer: #48)."""
    from web.online.codec import unb64
    from web.online.errors import OnlineError

    try:
        saved = _saved(connection, room)
        game = _live(connection, unb64(room), saved) or saved
    except (OnlineError, ValueError) as exc:
        post.post_refused(exc.plain if isinstance(exc, OnlineError) else say.NO_SUCH_GAME)
        return
    if game is None:
        post.post_refused(say.NO_SUCH_GAME)
        return
    _play(connection, post, game)


def _play(
    connection: OnlinePage,
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
            post.post_ready(f"{page}#{g.outbox}", g.my_turn, _why(g))

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


def _why(game: Correspondence) -> str:
    """Why the game's link is one more in a turn (#48): with the cube in
    reach nobody may know the roller's dice before they choose not to double,
    so a roll asked for (``"roll"``) waits for the friend's share of the dice,
    which the friend's page sends in a link of its own (``"share"``)."""
    peer = game.peer
    table = peer.table
    if not table.asked:
        return ""
    if table.roller == peer.seat and table.random is None:
        return "roll"
    return "share" if table.roller == peer.friend and table.random is not None else ""


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


def _wall(connection: OnlinePage) -> Callable[[], float]:
    """The device's clock, in seconds: a game by messages' move clock runs on
    it while the page is closed (days, say)."""
    date = connection.window.Date
    return lambda: float(date.now()) / 1000


def _forget_fragment(connection: OnlinePage) -> None:
    """The address without the link's fragment (the game is saved: a reload
    goes on with it, and the link is not left in the address bar)."""
    window = connection.window
    with contextlib.suppress(Exception):
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
