"""A friend online behind the :class:`~web.model.opponent.Opponent` port.

The controller plays an online game as any other: it asks the seat that must
act (:class:`RemoteOpponent`) for its decision, and applies it through the
engine.  An :class:`OnlineTable` joins the controller to the
:class:`~web.online.peer.Peer` and its :class:`~web.online.transport.Transport`:

- texts that arrive go to the peer; its events become the friend's
  decisions (to the :class:`RemoteOpponent`), the agreed dice (to
  :class:`AgreedDice`, the controller's source of dice), and news for the
  player (refusals, phrases, the friend joining);
- this page's own player acts through the controller as usual, and the
  table hears of it through the flow's two hooks
  (:class:`~web.control.flow.OnlineLink`): :meth:`OnlineTable.roll` before a roll
  (the fair roll may have to ask the friend first), :meth:`OnlineTable.sync`
  whenever the match is saved, which turns the new events of this page's
  seat (a confirmed play, a double, a take...) into the peer's intents.
  Watching the saved match rather than each intent keeps the controller's
  intents as they are: every local change of the match is saved, and the
  record says what it was;
- the peer's state is saved (``save``) before any text is sent, so nothing the
  friend has seen is missing here after a reload (:meth:`OnlineTable.restore`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

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
from engine.game import Phase
from engine.match import Match
from engine.record import (
    Beavered,
    Doubled,
    Dropped,
    Event,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
    Took,
)
from web.ai.client import AiPort
from web.model.opponent import Answer, LocalPlayer, Opponent
from web.model.options import MatchOptions
from web.model.presence import Link
from web.online.errors import OnlineError
from web.online.events import (
    ClaimDisputed,
    Claimed,
    ClockChanged,
    Decided,
    FriendJoined,
    GameFull,
    LinkChanged,
    Output,
    Refused,
    Rolled,
    Said,
)
from web.online.peer import Peer
from web.online.transport import PeerEvent, Transport
from web.words import online_detail as detail
from web.words import online_news as news

Clock = Callable[[], float]


class NoAgreedDiceError(LookupError):
    """The engine asked for a die that the two sides have not agreed."""


class AgreedDice:
    """The controller's source of dice online: the faces of the rolls both
    sides agreed (:class:`~web.online.events.Rolled`), in order.

    >>> dice = AgreedDice()
    >>> dice.push((6, 5)); dice.ready, dice.randint(1, 6), dice.randint(1, 6)
    (True, 6, 5)
    >>> dice.randint(1, 6)
    Traceback (most recent call last):
    ...
    web.online.remote.NoAgreedDiceError: no agreed dice to roll
    """

    __slots__ = ("_faces",)

    def __init__(self) -> None:
        self._faces: deque[int] = deque()

    @property
    def ready(self) -> bool:
        return bool(self._faces)

    @property
    def left(self) -> int:
        """The faces agreed and not yet rolled."""
        return len(self._faces)

    def push(self, dice: tuple[int, int]) -> None:
        self._faces.extend(dice)

    def randint(self, a: int, b: int) -> int:
        if not self._faces:
            raise NoAgreedDiceError(detail.NO_AGREED_DICE)
        return self._faces.popleft()


class RemoteOpponent:
    """The friend's seat: each decision is the friend's, as it arrives.

    >>> from web.model.opponent import OfferDouble
    >>> friend, seen = RemoteOpponent(), []
    >>> friend.decide(Match.new(0), seen.append); seen
    []
    >>> friend.give(OfferDouble()); seen
    [Answer(decision=OfferDouble(), error='')]
    """

    def __init__(self) -> None:
        self._decisions: deque[Decision] = deque()
        self._waiting: Callable[[Answer], None] | None = None

    @property
    def local(self) -> bool:
        return False

    def decide(self, match: Match, answer: Callable[[Answer], None]) -> None:
        if self._decisions:
            answer(Answer(self._decisions.popleft()))
        else:
            self._waiting = answer

    def give(self, decision: Decision) -> None:
        """The friend decided (already checked by the peer, so by the engine)."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            waiting(Answer(decision))
        else:
            self._decisions.append(decision)


class Host(Protocol):
    """What the table asks of the controller (:class:`~web.control.online.OnlinePlay`)."""

    def online_friend(self, name: str) -> None: ...

    def online_news(self, text: str) -> None: ...

    def online_alert(self, text: str) -> None: ...

    def online_status(self, text: str) -> None: ...

    def online_link(self, link: Link, claim_after: float) -> None: ...

    def online_claimed(
        self, mine: bool, agreed: Match, *, clocked: bool, counted: bool = False
    ) -> None: ...

    def online_apply(self, decision: Decision) -> None: ...

    def online_clock(self, seat: int | None, left: int | None) -> None: ...

    def online_rolled(self) -> None: ...


class OnlineTable:
    """One online game on this page (see the module docs)."""

    def __init__(
        self,
        peer: Peer,
        transport: Transport,
        clock: Clock,
        save: Callable[[dict[str, object]], object],
    ) -> None:
        self.peer = peer
        self.transport = transport
        self.clock = clock
        self.save = save
        self.dice = AgreedDice()
        self.remote = RemoteOpponent()
        self.host: Host | None = None
        self.link = peer.link(clock())
        self._then: Callable[[], None] | None = None
        self._syncing = False
        # This page's player asked for its dice: here, or before a reload (the
        # peer keeps it), when they are shown as they come (:meth:`resume`).
        self._rolling = peer.wants_dice
        self._asked_before = peer.wants_dice
        self._saved = -1  # the peer's version last saved
        self._listen(transport)

    def _listen(self, transport: Transport) -> None:
        transport.on_message(self.receive)
        transport.on_peer(self._on_peer)
        transport.on_stranger(self._on_stranger)

    def seats(self, options: MatchOptions, port: AiPort) -> tuple[Opponent, Opponent]:
        """The controller's seat factory: this page plays the peer's seat."""
        if self.peer.seat == 0:
            return (LocalPlayer(), self.remote)
        return (self.remote, LocalPlayer())

    def attach(self, host: Host) -> None:
        self.host = host

    # -- the transport -------------------------------------------------------------------

    def _on_peer(self, event: PeerEvent) -> None:
        now = self.clock()
        if event.joined:  # the hello goes to the one who came: the friend must prove itself
            self._handle(self.peer.connected(now), to=event.peer_id)
        else:
            self._handle(self.peer.disconnected(now))

    def _on_stranger(self, peer_id: str) -> None:
        """A third page with the link: not heard, and told by the inviter's page
        (whose word it can check against the invite's key) that the game is full."""
        if self.peer.seat == 0:
            self.transport.send(self.peer.full(self.clock()), peer_id)
            self._save()

    def receive(self, text: str) -> None:
        seen = self.peer.seen
        out = self.peer.receive(text, self.clock())
        if self.peer.seen != seen:  # the friend's seat signed it: its sender is the friend
            self.transport.bind()
        self._handle(out)

    def tick(self) -> None:
        """Call from a timer: the heartbeat and the friend's presence."""
        self._handle(self.peer.tick(self.clock()))

    def resume(self, match: Match) -> None:
        """After a reload: ``match`` (the controller's autosave) may lack what the
        friend did that the peer had received (its save is written first):
        hand it over again as the friend's decisions and the agreed dice.  A
        claimed game stays over, as the peer's match ends it (it was counted
        before the reload)."""
        if self.host is not None:  # the move clock as it stands (its changes come as events)
            self.host.online_clock(*self.peer.clock_shown(self.clock()))
        claimed = self.peer.claimed
        if claimed is not None:
            if self.host is not None:
                mine = claimed.seat == self.peer.seat
                self.host.online_claimed(
                    mine, self.peer.match, clocked=bool(self.peer.clock.limit), counted=True
                )
            return
        theirs = self.peer.match
        if match.game_number + 1 == theirs.game_number and match.is_game_over:
            # Reloaded between games: the next one began.
            if self.host is not None:
                self.host.online_apply(StartNextGame())
            match = match.next_game()
        if match.game_number != theirs.game_number:
            return
        for event in theirs.events[len(match.events) :]:
            if isinstance(event, OpeningRoll):
                self.dice.push((event.die0, event.die1))
            elif getattr(event, "player", None) != self.peer.friend:
                if isinstance(event, Roll) and not self.dice.ready:
                    # This side's own roll, asked for before the page was closed and
                    # revealed by the peer as the friend's value came with nothing to
                    # play (a dance): shown on the board as it would have been live.
                    self.dice.push(event.dice)
                continue
            elif isinstance(event, Roll):
                self.dice.push(event.dice)
                self.remote.give(RollDice())
            elif isinstance(event, Played):
                self.remote.give(PlayMoves(event.moves))
            elif isinstance(event, ResignOffered):
                self.remote.give(OfferResignation(int(event.value)))
            elif type(event) in _DECISIONS:
                self.remote.give(_DECISIONS[type(event)])
        cast = self.cast()
        if self.peer.wants_dice and cast is not None and len(match.events) <= len(theirs.events):
            # Asked for before the page was closed, and come since (a game by
            # messages is closed between links): shown, as if it had stayed open.
            self.dice.push(cast)
            self._rolling = self._asked_before = False
        while self.dice.ready and self.host is not None:  # the opening's (again after a
            left = self.dice.left  # tie), or a roll asked for: shown once the player's
            self.host.online_rolled()
            if self.dice.left == left:
                break

    def _save(self) -> None:
        """Save the peer if anything a save keeps changed (a flood of refused
        texts, or the heartbeat's presence, writes nothing)."""
        if self.peer.version != self._saved:
            self.save(self.peer.to_json())
            self._saved = self.peer.version

    def _handle(self, out: Output, to: str | None = None) -> None:
        # Before sending (see the module docs), and after anything received, so
        # that the peer's save is never behind the controller's autosave.
        self._save()
        for text in out.messages:
            self.transport.send(text, to)
        for event in out.events:
            self._event(event)

    def _event(self, event: object) -> None:
        if isinstance(event, Rolled):
            if event.seat == self.peer.seat and not self._rolling:
                return  # dice revealed by a resignation before the player rolled
            self.dice.push(event.dice)
            self._rolling = False
            then, self._then = self._then, None
            asked_before, self._asked_before = self._asked_before, False
            if then is not None:
                then()
            elif asked_before and self.host is not None:
                self.host.online_rolled()
        elif isinstance(event, Decided):
            if isinstance(event.decision, StartNextGame):
                if self.host is not None:
                    self.host.online_apply(event.decision)
            else:
                self.remote.give(event.decision)
        elif isinstance(event, Refused):
            self._alert(event.text)
        elif isinstance(event, FriendJoined):
            if self.host is not None:
                self.host.online_friend(event.name)
            self._news(news.joined(event.name))
        elif isinstance(event, Said):
            who = news.YOU if event.seat == self.peer.seat else self.peer.friend_name or news.FRIEND
            self._news(news.said(who, event.text))
        elif isinstance(event, Claimed):
            if self.host is not None:
                mine = event.seat == self.peer.seat
                self.host.online_claimed(mine, self.peer.match, clocked=bool(self.peer.clock.limit))
        elif isinstance(event, LinkChanged):
            self.link = event.link
            if self.host is not None:
                self.host.online_status(news.link_words(event.link, self.peer.friend_name))
                self.host.online_link(event.link, self.peer.claim_after)
        elif isinstance(event, ClockChanged):
            if self.host is not None:
                self.host.online_clock(event.seat, event.left)
        elif isinstance(event, ClaimDisputed):
            self._alert(news.disputed(event.name))
        elif isinstance(event, GameFull):
            self._alert(news.full(event.host))
            self.transport.close()  # nothing more to hear or say here

    def _news(self, text: str) -> None:
        if self.host is not None:
            self.host.online_news(text)

    def _alert(self, text: str) -> None:
        """A refusal or a failure: news the player must not miss."""
        if self.host is not None:
            self.host.online_alert(text)

    # -- this page's player (the flow's hooks) ---------------------------------------------

    def roll(self, then: Callable[[], None]) -> bool:
        """This page's player rolls (the opening roll included): ask the peer
        for this side's dice unless they are here; True if they are."""
        self._asked_before = False  # asked now: ``then`` shows them
        if self.dice.ready:
            return True
        t = self.peer.table
        if t.match.phase is Phase.ROLL and t.roller == self.peer.seat:
            self._rolling = True
            try:
                self._handle(self.peer.roll(self.clock()))
            except OnlineError as exc:
                self._rolling = False
                self._alert(exc.plain)
                return False
        if self.dice.ready:
            self._rolling = False
            return True
        self._then = then
        return False

    def cast(self) -> tuple[int, int] | None:
        """This side's dice, when its fair roll is made but not yet shown (the
        friend's value came in ahead: no cube decision stood in the way); a
        resignation reveals them first (:meth:`~web.online.peer.Peer.resign`)."""
        t = self.peer.table
        if t.match.phase is Phase.ROLL and t.roller == self.peer.seat and not self.dice.ready:
            return self.peer.my_dice
        return None

    def switch(self, transport: Transport) -> None:
        """Talk through ``transport`` from now on (connecting by hand when the
        relays brought nobody): the old one is closed."""
        old, self.transport = self.transport, transport
        self._listen(transport)
        old.close()

    def claim(self) -> None:
        """Claim the game: the friend has been gone longer than the stated time
        (:meth:`~web.online.peer.Peer.claim`); it counts as their resigning it."""
        try:
            self._handle(self.peer.claim(self.clock()))
        except OnlineError as exc:
            self._alert(exc.plain)

    def close(self) -> None:
        """Leave: the transport is closed and nothing more is heard or sent."""
        self.host = None
        self.transport.close()

    def chat(self, index: int) -> None:
        """Say canned phrase number ``index`` (:mod:`web.words.chat`)."""
        try:
            self._handle(self.peer.chat(index, self.clock()))
        except ValueError as exc:  # the game is closed, or no such phrase
            self._news(exc.plain if isinstance(exc, OnlineError) else news.NO_PHRASE)

    def sync(self, match: Match) -> None:
        """Send the friend what this page's player did: the events of this
        side in ``match`` that the peer's match has not got yet."""
        if self._syncing:
            return
        self._syncing = True
        try:
            self._sync(match)
        except OnlineError as exc:
            self._alert(exc.plain)
        finally:
            self._syncing = False

    def _sync(self, match: Match) -> None:
        peer, now = self.peer, self.clock()
        theirs = peer.match
        if match.game_number > theirs.game_number and theirs.is_game_over and not theirs.is_over:
            self._handle(peer.next_game(now))
            theirs = peer.match
        if match.game_number != theirs.game_number:
            return
        for event in match.events[len(theirs.events) :]:
            if getattr(event, "player", None) != peer.seat:
                continue  # a roll (sent with its play) or the friend's own
            if isinstance(event, Played):
                self._handle(peer.play(event.moves, now))
            elif isinstance(event, Doubled):
                self._handle(peer.double(now))
            elif isinstance(event, Beavered):
                self._handle(peer.beaver(now))
            elif isinstance(event, Took):
                self._handle(peer.take(now))
            elif isinstance(event, Dropped):
                self._handle(peer.drop(now))
            elif isinstance(event, ResignOffered):
                self._handle(peer.resign(int(event.value), now))
            elif isinstance(event, ResignAccepted):
                self._handle(peer.accept(now))
            elif isinstance(event, ResignRejected):
                self._handle(peer.reject(now))


# The friend's recorded decisions that carry no value, as the decision itself.
_DECISIONS: Mapping[type[Event], Decision] = MappingProxyType(
    {
        Doubled: OfferDouble(),
        Beavered: BeaverDouble(),
        Took: TakeDouble(),
        Dropped: DropDouble(),
        ResignAccepted: AcceptResignation(),
        ResignRejected: RejectResignation(),
    }
)
