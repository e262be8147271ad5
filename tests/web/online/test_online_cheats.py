"""A cheating peer: each cheat is refused, shown plainly, and the game kept as it was."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from test_online_channel import Channel, Policy, play_until

from engine.decisions import OfferDouble, PlayMoves
from engine.game import Phase
from engine.rules import Rules
from web.online import wire
from web.online.acts import Act, Commit, Reveal
from web.online.errors import (
    BadRevealError,
    ForgedMessageError,
    ForkedHistoryError,
    IllegalMoveError,
    MalformedMessageError,
    OnlineError,
    OutOfOrderError,
    OutOfTurnError,
    ReplayedMessageError,
    StrangerError,
)
from web.online.events import Refused
from web.online.invite import Invite
from web.online.log import Block, MoveLog
from web.online.peer import Peer

HONEST, CHEAT = 0, 1


def forged(ch: Channel, blocks: list[Block], seat: int = CHEAT) -> str:
    """A well-sealed message from ``seat`` carrying ``blocks`` (its peer's key and count)."""
    p = ch.peers[seat]
    p.seq += 1
    return p.seal.seal(wire.Envelope(seat, p.key, p.seq, wire.Blocks(tuple(blocks))), p.signer)


def state(peer: Peer) -> tuple[object, ...]:
    return (peer.log, peer.table, peer.secret, peer.claimed, peer.friend_key)


def refused(ch: Channel, text: str, kind: type[OnlineError]) -> Refused:
    """Deliver ``text`` to the honest side: it must be refused as ``kind``, nothing changed."""
    before = state(ch.peers[HONEST])
    out = ch.peers[HONEST].receive(text, ch.now)
    assert state(ch.peers[HONEST]) == before
    found = [e for e in out.events if isinstance(e, Refused)]
    assert len(found) == 1 and type(found[0].error) is kind, out.events
    assert found[0].text.endswith(").") and found[0].text[0].isupper()
    return found[0]


NO_CUBE = Rules(0, cube=False)


def at_cheaters_roll(rules: Rules = NO_CUBE, seed: int = 13) -> Channel:
    """A game where the cheater is on roll with its dice known (no cube: no asking)."""
    ch = Channel(rules, seed=seed)
    ch.connect()
    play_until(
        ch,
        Policy(),
        lambda m: len(m.events) >= 6 and m.phase is Phase.ROLL and m.turn == CHEAT,
    )
    assert ch.peers[CHEAT].my_dice is not None
    return ch


def finish_honestly(ch: Channel) -> None:
    """After the cheats, the game goes on and ends as if nothing happened."""
    ch.events[HONEST] = [e for e in ch.events[HONEST] if not isinstance(e, Refused)]
    play_until(ch, Policy(), lambda m: m.is_game_over)
    assert ch.match.result is not None


def block_now(ch: Channel, *acts: Act, by: int | None = CHEAT) -> Block:
    return ch.peers[HONEST].log.next_block(by, acts)


def test_a_wrong_reveal_is_refused() -> None:
    ch = at_cheaters_roll()
    cheat = ch.peers[CHEAT]
    dice = cheat.my_dice
    assert dice is not None
    moves = ch.match.roll(dice).legal_plays[0].moves
    error = refused(
        ch, forged(ch, [block_now(ch, Reveal(bytes(32)), PlayMoves(moves))]), BadRevealError
    )
    assert "dice did not check out" in error.text
    finish_honestly(ch)


def test_an_illegal_move_is_refused() -> None:
    ch = at_cheaters_roll()
    cheat = ch.peers[CHEAT]
    assert cheat.secret is not None
    half = ((25, 24),)  # from the bar, with nobody on it
    refused(
        ch, forged(ch, [block_now(ch, Reveal(cheat.secret), PlayMoves(half))]), IllegalMoveError
    )
    finish_honestly(ch)


def test_an_altered_history_is_refused() -> None:
    ch = at_cheaters_roll()
    log = ch.peers[CHEAT].log
    k = next(
        i
        for i, b in enumerate(log.blocks)
        if b.by == CHEAT and any(isinstance(a, PlayMoves) for a in b.acts)
    )
    # The cheater rewrites one of its past plays and chains everything after it again.
    rewritten = MoveLog(log.genesis, log.blocks[:k])
    for i, block in enumerate(log.blocks[k:], start=k):
        acts = tuple(
            PlayMoves(((13, 7),)) if isinstance(a, PlayMoves) and i == k else a for a in block.acts
        )
        rewritten = rewritten.append(rewritten.next_block(block.by, acts))
    refused(ch, forged(ch, list(rewritten.blocks[k:])), ForkedHistoryError)
    # The same block with a wrong link to the one before is a fork too.
    stray = dataclasses.replace(block_now(ch, OfferDouble()), prev=log.hash_at(1))
    refused(
        ch, forged(ch, [Block(stray.index, stray.prev, stray.by, stray.acts)]), ForkedHistoryError
    )
    finish_honestly(ch)


def test_a_replayed_message_is_refused() -> None:
    ch = at_cheaters_roll()
    moves = [t for t in ch.sent[CHEAT] if '"kind":"blocks"' in t]
    for old in (moves[-1], moves[0]):
        error = refused(ch, old, ReplayedMessageError)
        assert "old message" in error.text
    # An old hello is only answered with ours (the friend's count may have gone back).
    before = state(ch.peers[HONEST])
    out = ch.peers[HONEST].receive(ch.sent[CHEAT][0], ch.now)
    assert state(ch.peers[HONEST]) == before and not out.events and len(out.messages) == 1
    # Our own message sent back to us is no news either.
    refused(ch, ch.sent[HONEST][-1], ReplayedMessageError)
    finish_honestly(ch)


def test_acting_out_of_turn_and_in_the_others_name_are_refused() -> None:
    ch = at_cheaters_roll()
    cheat = ch.peers[CHEAT]
    dice = cheat.my_dice
    assert dice is not None and cheat.secret is not None
    moves = ch.match.roll(dice).legal_plays[0].moves
    in_my_name = block_now(ch, Reveal(cheat.secret), PlayMoves(moves), by=HONEST)
    error = refused(ch, forged(ch, [in_my_name]), ForkedHistoryError)
    assert "in your name" in error.text
    # A second block playing on after the turn was handed over.
    first = block_now(ch, Reveal(cheat.secret), PlayMoves(moves))
    second = Block(first.index + 1, first.hash, CHEAT, (Commit(bytes(32)), PlayMoves(moves)))
    refused(ch, forged(ch, [first, second]), OutOfTurnError)  # all or nothing
    finish_honestly(ch)


def test_moves_past_the_end_are_refused_and_asked_for_again() -> None:
    ch = at_cheaters_roll()
    gap = Block(len(ch.peers[HONEST].log) + 1, ch.peers[HONEST].log.head, CHEAT, (OfferDouble(),))
    before = len(ch.sent[HONEST])
    honest = ch.peers[HONEST]
    out = honest.receive(forged(ch, [gap]), ch.now)
    assert [type(e) for e in out.events] == [Refused]
    assert isinstance(out.events[0], Refused) and isinstance(out.events[0].error, OutOfOrderError)
    assert len(out.messages) == 1  # a hello: "this is what I have"
    assert before == len(ch.sent[HONEST])
    hello = ch.peers[CHEAT].seal.open(out.messages[0]).envelope.body
    assert isinstance(hello, wire.Hello) and hello.have == len(honest.log) and not hello.reply
    finish_honestly(ch)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda ch: wire.Seal(ch.peers[0].invite.room, bytes(16)).seal(
            wire.Envelope(CHEAT, ch.peers[CHEAT].key, 999, wire.Ping()), ch.peers[CHEAT].signer),
         ForgedMessageError),
        (lambda ch: "not json", MalformedMessageError),
        (lambda ch: ch.sent[CHEAT][-1].replace('"kind":"', '"kind":"x'), ForgedMessageError),
    ],
)  # fmt: skip
def test_messages_not_from_the_room_are_refused(
    make: Callable[[Channel], str], kind: type[OnlineError]
) -> None:
    ch = at_cheaters_roll()
    refused(ch, make(ch), kind)
    finish_honestly(ch)


def test_a_stranger_with_the_link_is_refused() -> None:
    ch = at_cheaters_roll()
    invite = Invite.parse(ch.peers[HONEST].invite.text)
    stranger = Peer.join(invite, "Eve", now=ch.now)
    hello = stranger.connected(ch.now).messages[0]
    error = refused(ch, hello, StrangerError)
    assert "other than your friend" in error.text
    # Nor may the stranger take the host's seat.
    impostor = Peer.host(dataclasses.replace(invite, host_key=None), now=ch.now)
    refused(ch, impostor.connected(ch.now).messages[0], StrangerError)
    finish_honestly(ch)
