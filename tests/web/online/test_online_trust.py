"""A dishonest friend (and a stranger with the link) tries everything against an
honest page: each try is refused, the honest match and its history unchanged,
and nothing escapes :meth:`Peer.receive`.  The cheater lives here, not in the product."""

from __future__ import annotations

import json

from test_online_channel import tokens

from engine.rules import Rules
from web.model.presence import Link
from web.online import wire
from web.online.codec import b64, canonical
from web.online.errors import (
    DisputedClaimError,
    FloodError,
    ForgedMessageError,
    MalformedMessageError,
    ReplayedMessageError,
    StrangerError,
)
from web.online.events import Claimed, ClockChanged, GameFull, LinkChanged, Output, Refused
from web.online.invite import Invite
from web.online.peer import Peer

CLOCK = 60


def pair(clock: int = CLOCK) -> tuple[Peer, Peer]:
    """Ann invites (with a move clock), Bob joins from the link; both say hello."""
    ann = Peer.invite_friend("Ann", Rules(5), now=0.0, clock=clock, token=tokens(3))
    bob = Peer.join(Invite.from_link(ann.invite.link("https://x.org/")), "Bob", now=0.0,
                    token=tokens(4))  # fmt: skip
    run(ann, bob, ann.connected(0.0), bob.connected(0.0), 0.0)
    return ann, bob


def run(a: Peer, b: Peer, to_b: Output, to_a: Output, now: float) -> None:
    while to_b.messages or to_a.messages:
        got_b, got_a = Output(), Output()
        for text in to_b.messages:
            got_b += b.receive(text, now)
        for text in to_a.messages:
            got_a += a.receive(text, now)
        to_a, to_b = got_b, got_a


def refused(peer: Peer, text: object, kind: type, now: float = 1.0) -> None:
    before = (peer.log.head, peer.table, peer.claimed, peer.friend_key, peer.friend_name)
    out = peer.receive(text, now)
    after = (peer.log.head, peer.table, peer.claimed, peer.friend_key, peer.friend_name)
    assert after == before
    found = [e for e in out.events if isinstance(e, Refused)]
    assert len(found) == 1 and type(found[0].error) is kind, out.events
    assert not any(isinstance(e, Claimed) for e in out.events)


def cheat(peer: Peer, body: wire.Body, seq: int | None = None) -> str:
    """A message the cheater's own page seals and signs, saying anything."""
    peer.seq = peer.seq + 1 if seq is None else seq
    envelope = wire.Envelope(peer.seat, peer.key, peer.seq, body)
    return peer.seal.seal(envelope, peer.signer)


def test_a_forged_claim_while_connected_is_disputed_and_play_goes_on() -> None:
    ann, bob = pair()
    owes = ann if ann.owing == 0 else bob
    other = bob if owes is ann else ann
    # The one who is not owed anything claims anyway, one second in.
    refused(owes, cheat(other, wire.Claim(len(other.log), other.log.head)), DisputedClaimError)
    assert owes.claimed is None and not owes.match.is_over
    # A claim at the right history but before the clock ran out: disputed too.
    owes2, other2 = pair()
    if owes2.owing != owes2.seat:
        owes2, other2 = other2, owes2
    text = cheat(other2, wire.Claim(len(other2.log), other2.log.head))
    refused(owes2, text, DisputedClaimError, now=CLOCK / 2)
    assert owes2.claimed is None


def test_stalling_with_pings_does_not_stop_the_clock() -> None:
    ann, bob = pair()
    stalls = ann if ann.owing == 0 else bob
    waits = bob if stalls is ann else ann
    assert not waits.can_claim(1.0)
    now = 0.0
    while now < CLOCK + 1:  # the staller keeps pinging, never acts
        now += 5
        waits.receive(cheat(stalls, wire.Ping()), now)
        waits.tick(now)
    assert waits.link(now) is Link.CLAIMABLE and waits.can_claim(now)
    out = waits.claim(now)
    assert any(isinstance(e, Claimed) for e in out.events)
    # The staller's page, honest code, agrees: it owed the move past the time.
    got = stalls.receive(out.messages[0], now)
    assert stalls.claimed is not None and stalls.claimed.seat == waits.seat
    assert any(isinstance(e, Claimed) for e in got.events)


def test_a_third_page_with_the_link_cannot_write_in_either_seat() -> None:
    ann, bob = pair()
    eve_as_guest = Peer.join(Invite.parse(ann.invite.text), "Eve", now=0.0)
    refused(ann, eve_as_guest.connected(0.0).messages[0], StrangerError)
    # Eve writes in Ann's seat, naming Ann's key (which the link holds): the
    # signature is hers, not Ann's.
    eve = wire.Signer(bytes([5]) * 32)
    forged = ann.seal.seal(wire.Envelope(0, ann.key, 999, wire.Claim(0, ann.log.head)), eve)
    refused(bob, forged, ForgedMessageError)
    forged = ann.seal.seal(wire.Envelope(1, bob.key, 999, wire.Chat(0)), eve)
    refused(ann, forged, ForgedMessageError)
    # A hello renaming the friend, with a huge count: refused, nobody renamed.
    refused(bob, eve_as_guest.seal.seal(
        wire.Envelope(0, eve.public, 2**53 - 1, wire.Hello(0, ann.log.head, 0, "Mallory", False)),
        eve), StrangerError)  # fmt: skip
    assert bob.friend_name == "Ann" and ann.friend_name == "Bob"


def test_the_inviter_tells_a_third_page_the_game_is_full() -> None:
    ann, _bob = pair()
    eve = Peer.join(Invite.parse(ann.invite.text), "Eve", now=0.0)
    out = eve.receive(ann.full(1.0), 1.0)
    assert out.events == (GameFull("Ann"),)
    # A "full" from anyone but the inviter is not believed.
    mallory = Peer.join(Invite.parse(ann.invite.text), "Mallory", now=0.0)
    fake = mallory.seal.seal(wire.Envelope(0, mallory.key, 1, wire.Full()), mallory.signer)
    assert [type(e) for e in eve.receive(fake, 1.0).events] == [Refused]


def test_counts_seats_and_nesting_are_checked_and_nothing_escapes() -> None:
    ann, bob = pair()
    refused(ann, cheat(bob, wire.Ping(), seq=bob.seq + 20_000), MalformedMessageError)
    refused(ann, cheat(bob, wire.Ping(), seq=1), ReplayedMessageError)
    fields = json.loads(cheat(bob, wire.Ping()))
    del fields["mac"], fields["sig"]
    fields["from"] = 1.0  # sealed and signed again: only the cheater's own doing
    fields["mac"] = bob.seal._mac(fields)
    fields["sig"] = b64(bob.signer.sign(wire.SIGN_TAG + canonical(fields)))
    refused(ann, json.dumps(fields), MalformedMessageError)
    for garbage in ("[" * 990 + "]" * 990, "x" * 70_000, None, 7, '{"v":2}', "{" * 50000):
        out = ann.receive(garbage, 1.0)
        assert [type(e) for e in out.events] == [Refused]
    # A hello saying we have seen far more than we sent is not adopted.
    seq = ann.seq
    ann_view = wire.Hello(len(bob.log), bob.log.head, 2**53 - 1, "Bob", True)
    ann.receive(cheat(bob, ann_view), 2.0)
    assert ann.seq <= seq + 1


def test_a_flood_is_dropped_unread_and_said_once() -> None:
    ann, bob = pair()
    texts = [cheat(bob, wire.Chat(0)) for _ in range(300)]
    refusals = []
    for text in texts:  # all at once
        refusals += [e for e in ann.receive(text, 3.0).events if isinstance(e, Refused)]
    assert [type(e.error) for e in refusals] == [FloodError]


def test_a_hello_storm_does_not_resend_the_history_each_time() -> None:
    ann, bob = pair()
    sent = 0
    for _ in range(40):
        hello = wire.Hello(0, ann.log.genesis, ann.seq, "Bob", True)
        out = ann.receive(cheat(bob, hello), 4.0)
        sent += sum('"kind":"blocks"' in m for m in out.messages)
    assert sent <= 2


def test_garbage_and_a_flood_write_no_save() -> None:
    """The page saves the peer only when something a save keeps changed."""
    from test_online_remote import pair as transports

    from web.online.remote import OnlineTable

    ann, bob = pair()
    saves: list[dict[str, object]] = []
    ta, _tb = transports()
    table = OnlineTable(ann, ta, lambda: 5.0, saves.append)
    table.receive("not a message")  # the table's first save, whatever came
    saves.clear()
    table.receive("not a message")
    table.receive("[" * 100 + "]" * 100)
    assert saves == []
    table.receive(cheat(bob, wire.Ping()))  # a real message: its count is kept
    assert len(saves) == 1


def test_the_relays_password_is_not_the_games_secret() -> None:
    ann, _bob = pair()
    invite = ann.invite
    assert invite.transport_password != b64(invite.secret)
    assert invite.transport_password == Invite.parse(invite.text).transport_password


def test_a_claim_at_a_history_the_friend_has_moved_past_is_disputed_on_both_pages() -> None:
    """The friend played, but its move was lost as the line went down: the claimer's
    clock ran out on a move the friend had made.  The friend's page refuses the
    claim (its record shows the move), counts nothing and plays on; the claimer's
    page hears of the dispute once, and the friend's later messages raise no alarm."""
    ann, bob = pair()
    mover, waiter = (ann, bob) if ann.owing == ann.seat else (bob, ann)
    assert mover.my_dice is None  # the opening: the mover's roll is revealed with its play
    # The opening's roller reveals (its dice came with the opening); the waiter never hears.
    moves = mover.match.legal_plays[0].moves if mover.match.legal_plays else ()
    lost = mover.play(moves, now=1.0) if moves else Output()
    assert lost.messages  # ...sent into a dead line
    now = CLOCK + 5.0
    claim = waiter.claim(now)
    assert waiter.claimed is not None
    got = mover.receive(claim.messages[0], now)
    assert mover.claimed is None and not mover.match.is_over
    assert [type(e.error) for e in got.events if isinstance(e, Refused)] == [DisputedClaimError]
    heard = Output()
    for text in got.messages:
        heard += waiter.receive(text, now)
    news = [e for e in heard.events if not isinstance(e, (LinkChanged, ClockChanged))]
    assert [type(e).__name__ for e in news] == ["ClaimDisputed"]
    # The friend's page goes on writing (a hello, a phrase): no alarm each time.
    for out_of_bob in (mover.connected(now + 1), mover.chat(0, now + 2)):
        for text in out_of_bob.messages:
            out = waiter.receive(text, now + 3)
            assert not [e for e in out.events if not isinstance(e, (LinkChanged, ClockChanged))]
