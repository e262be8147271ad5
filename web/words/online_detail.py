"""Why online play refused something, in detail: the words in parentheses after
a refusal's headline (:attr:`web.online.errors.OnlineError.plain`).

The protocol (:mod:`web.online`) raises its refusals with these, giving the
values it found; the headline is :mod:`web.words.online`'s.  A few are about
this page's own doing (a secret of the wrong size, a saved game that does not
hold) and reach the player the same way, as the details of a refusal.  This
module ships with online play's archive: only online play says them.

>>> not_a_move([5, 8])
'not a move: [5, 8]'
>>> wrote_while(1, 0)
'the guest wrote while the host is to act'
>>> link_size(8005, 8000)
'8005 characters, at most 8000'
"""

from __future__ import annotations

# -- who is who --------------------------------------------------------------------------

SEAT_NAMES = ("the host", "the guest")  # seat 0 sent the invite, seat 1 accepted it


def seat_name(seat: int | None) -> str:
    """How a refusal names a seat.

    >>> seat_name(1), seat_name(None)
    ('the guest', 'nobody')
    """
    return "nobody" if seat is None else SEAT_NAMES[seat]


# -- bytes as text (web.online.codec) ----------------------------------------------------


def not_base64(text: object) -> str:
    return f"not base64: {text!r}"


def not_canonical_base64(text: object) -> str:
    return f"not canonical base64: {text!r}"


def byte_size(size: int, got: int) -> str:
    """Bytes of text that decode to the wrong number of bytes."""
    return f"expected {size} bytes, got {got}"


# -- the dice and the seats' keys (web.online.fairdice, web.online.ed25519) ---------------

A_SECRET = "a secret"
A_RANDOM_ANSWER = "a random answer"


def wrong_length(what: str, size: int, got: int) -> str:
    """``what`` (:data:`A_SECRET`, :data:`A_RANDOM_ANSWER`) is not ``size`` bytes."""
    return f"{what} is {size} bytes, not {got}"


def not_a_roll_context(context: object) -> str:
    return f"not a roll context: {context}"


def seed_size(size: int, got: int) -> str:
    return f"an Ed25519 seed is {size} bytes, not {got}"


NO_AGREED_DICE = "no agreed dice to roll"


# -- an act (web.online.acts) -------------------------------------------------------------


def act_bytes(code: object, key: str, size: int) -> str:
    """An act's field ``key`` that is not ``size`` bytes of base64."""
    return f"{code} {key}: not {size} bytes"


def move_shape(raw: object) -> str:
    return f"a move is two numbers, not {raw!r}"


def not_a_move(raw: object) -> str:
    return f"not a move: {raw!r}"


def act_not_object(kind: str) -> str:
    """An act that is a ``kind`` (a JSON value's type) instead of an object."""
    return f"an act is an object, not {kind}"


def act_unnamed(code: object) -> str:
    return f"an act names what it is, not {code!r}"


def act_keys(code: str, keys: list[str]) -> str:
    return f"{code!r}: expected the keys {keys}"


PLAY_SHAPE = "a play is a list of at most four moves"


def resign_value(value: object) -> str:
    return f"resign 1, 2 or 3, not {value!r}"


def unknown_act(code: str) -> str:
    return f"unknown act {code!r}"


# -- an invite (web.online.invite) --------------------------------------------------------


def terms_shape(code: str) -> str:
    return f"the terms {code!r} are not a match length and rule letters"


def terms_unknown(code: str, letters: str) -> str:
    return f"the terms {code!r} name unknown rules {letters!r}"


def match_too_long(most: int, length: int) -> str:
    return f"a match is at most {most} points, not {length}"


def terms_spelling(code: str) -> str:
    return f"the terms {code!r} are not written as this version writes them"


def room_size(size: int) -> str:
    return f"a room id and a secret are {size} bytes each"


def key_size(size: int) -> str:
    return f"the inviter's key is {size} bytes"


def clock_range(most: int, clock: object) -> str:
    return f"a move clock of 0 to {most} seconds, not {clock!r}"


def not_a_name(name: str) -> str:
    return f"{name!r} is not a name as an invite carries it"


AUTO_DOUBLES = "automatic doubles are not among the terms of an online game"
INVITE_TOO_LONG = "an invite is a short text"


def other_version(tag: str) -> str:
    """An invite whose first field (``tag``, cut short) is not a version we read."""
    return f"this invite was made by another version ({tag!r})"


def invite_parts(parts: int, got: int) -> str:
    return f"an invite has {parts} parts, this one has {got}"


KEY_DAMAGED = "the inviter's key is damaged"


def clock_not_seconds(text: str) -> str:
    return f"the move clock {text!r} is not a number of seconds"


ROOM_DAMAGED = "the room or its secret is damaged"
NAME_DAMAGED = "the inviter's name is damaged"


def name_too_long(most: int) -> str:
    return f"a name is at most {most} characters"


NO_INVITE_HERE = "this link holds no invite"

# -- the move log (web.online.log) --------------------------------------------------------

BLOCK_KEYS = "a block has exactly the keys acts, by, i, p"


def block_index(index: object) -> str:
    return f"a block's index is a number, not {index!r}"


def block_previous(why: str) -> str:
    """A block's previous hash that does not read (``why``: the bytes' detail)."""
    return f"a block's previous hash: {why}"


def block_by(by: object) -> str:
    return f"a block is by seat 0, 1 or nobody, not {by!r}"


BLOCK_ACTS = "a block's acts are a list"

# Moves are counted from 1, as the player counts them.


def already_in_history(move: int) -> str:
    return f"move {move} is already in the history"


def differs_from_ours(move: int) -> str:
    return f"move {move} differs from ours"


def came_but_we_have(move: int, have: int) -> str:
    return f"move {move} came, but we have {have}"


def does_not_follow(move: int, ours: int) -> str:
    return f"move {move} does not follow our move {ours}"


def histories_differ_at(move: int) -> str:
    return f"the histories differ at move {move}"


def in_your_name(move: int) -> str:
    """A move of the friend's that says it is this player's."""
    return f"move {move} is in your name"


# -- a message (web.online.wire) ----------------------------------------------------------


def count_range(key: str, high: int, value: object) -> str:
    return f"{key} must be a number 0..{high}, not {value!r}"


def head_of(kind: str, why: str) -> str:
    """A ``kind`` message's head hash that does not read (``why``: its detail)."""
    return f"{kind} head: {why}"


def unknown_kind(kind: object) -> str:
    return f"unknown message kind {kind!r}"


def kind_fields(kind: str, fields: list[str]) -> str:
    return f"a {kind} message has the fields {fields}"


HELLO_SHAPE = "hello: a name and a reply flag"


def batch_size(most: int) -> str:
    return f"a blocks message holds 1 to {most} blocks"


def not_json_constant(name: str) -> str:
    """A JSON text with ``NaN`` or ``Infinity`` (``name``), which JSON has not."""
    return f"{name} is not JSON"


def text_size(most: int) -> str:
    return f"a message is a text of at most {most} characters"


def nests(most: int) -> str:
    return f"a message nests at most {most} deep"


NOT_JSON = "not JSON"
"""Text that does not parse as JSON (the parser's own English is not the player's)."""


NOT_AN_OBJECT = "a message is a JSON object"


NOT_OURS = "not a message of ours"
"""A message whose fields cannot be written as ours are (JSON's own detail is not said)."""


NO_SEAL = "a message carries its seal and signature"


def protocol_version(got: object, version: int) -> str:
    return f"protocol version {got!r}, not {version}"


OTHER_ROOM = "the message is for another room"
SEAL_MISMATCH = "the seal does not match"


def message_fields(keys: list[str]) -> str:
    return f"a message has the fields {keys}"


def from_seat(seat: object) -> str:
    return f"from seat 0 or 1, not {seat!r}"


def key_or_signature(why: str) -> str:
    return f"the sender's key or signature: {why}"


BODY_OBJECT = "a message's body is an object"

# -- one side (web.online.peer) -----------------------------------------------------------

OTHER_INVITER_KEY = "the invite names another inviter's key"


def no_phrase(index: int) -> str:
    return f"no phrase {index}"


SOME_IGNORED = "some were ignored"


def unreadable(kind: str) -> str:
    """A message that broke its reading in an unforeseen way (``kind``: how)."""
    return f"it could not be read: {kind}"


SIGNATURE_MISMATCH = "the signature does not match the seat's key"


def came_again(seq: int) -> str:
    return f"message {seq} came again"


def too_far_ahead(seq: int) -> str:
    return f"message {seq} jumps too far ahead"


NO_HELLO = "a friend who has not said hello"
FULL_FROM_OUTSIDE = "a 'game full' from outside the game"
FULL_NOT_FROM_INVITER = "a 'game full' not from the inviter"
OWN_CAME_BACK = "our own message came back"
IN_YOUR_SEAT = "someone else is writing in your seat"
NOT_THE_FRIEND = "the message is not from the friend who joined"

# -- a saved game (web.online.peer, web.online.correspondence) ------------------------------
# What did not hold in a saved online game.

NOT_SAVED_ONLINE = "not a saved online game"
EARLIER_VERSION = "it was saved by an earlier version of the game, which cannot go on"


def saved_seat(seat: object) -> str:
    return f"seat 0 or 1, not {seat!r}"


SAVED_NAME = "a name"
SAVED_FRIEND = "the friend"
SAVED_FRIEND_KEY = "the friend's key is not the one the invite names"
SAVED_LOG = "the log is a list"
SECRET_WITHOUT_PLEDGE = "the secret does not go with the commitment standing"
SECRET_NOT_PLEDGED = "the secret does not match the commitment standing"


def saved_count(key: str) -> str:
    return f"{key} is a count"


SAVED_DISPUTE = "a disputed claim"
SAVED_WANTS_DICE = "whether the player asked for its roll"
SAVED_SINCE = "when the last move was made"
SAVED_CLAIMED = "claimed by seat 0 or 1"
NOT_SAVED_POST = "not a saved game by messages"
SAVED_FRIEND_HAS = "what the friend has is a count of moves"
SAVED_COVERS = "what the last link covers is a count of moves"
SAVED_OUTBOX = "the last link is a text"

# -- the referee (web.online.table) -------------------------------------------------------


def block_size(most: int) -> str:
    return f"a block holds 1 to {most} acts"


NOBODY_WRITES = "only the start of the next game is written by nobody"
MATCH_OVER = "the match is over"
OWN_BLOCK = "the next game starts in a block of its own"
NO_PLEDGE_AFTER_GAME = "no commitment to a roll once the game is over"


def wrote_while(by: int, seat: int) -> str:
    """Seat ``by`` wrote a block while ``seat`` is the one to act."""
    return f"{seat_name(by)} wrote while {seat_name(seat)} is to act"


def act_while(code: str, seat: int, actor: int | None) -> str:
    """The act ``code`` by ``seat`` while ``actor`` is the one to act."""
    return f"{code} by {seat_name(seat)} while {seat_name(actor)} is to act"


def no_pledge(seat: int) -> str:
    return f"{seat_name(seat)} has no commitment standing"


def pledged_already(seat: int) -> str:
    return f"{seat_name(seat)} already has a commitment standing"


def not_about_to_roll(seat: int) -> str:
    return f"{seat_name(seat)} is not about to roll"


def cannot_ask(seat: int) -> str:
    return f"{seat_name(seat)} cannot ask for its roll now"


def random_unasked(seat: int) -> str:
    return f"{seat_name(seat)} gave a random value nobody asked for"


def reveal_not_due(seat: int) -> str:
    return f"{seat_name(seat)} revealed a roll that is not due"


def secret_mismatch(seat: int) -> str:
    return f"{seat_name(seat)}'s secret does not match its commitment"


def roll_first(seat: int) -> str:
    """``seat`` asked for its dice, then acted on the cube instead of rolling."""
    return f"{seat_name(seat)} asked for its dice: roll first"


def played_before_rolling(seat: int) -> str:
    return f"{seat_name(seat)} played before rolling"


# -- a link of a game by messages (web.online.correspondence) -----------------------------


def link_size(length: int, most: int) -> str:
    return f"{length} characters, at most {most}"


NO_LETTER = "it holds no letter"


def does_not_unpack(why: str = "") -> str:
    """A link that does not unpack: ``why`` is our own detail, "" when zlib's
    (its English is not the player's)."""
    return f"it does not unpack: {why}" if why else "it does not unpack"


def unpacks_past(most: int) -> str:
    return f"it unpacks past {most} bytes, or not at all"


def letter_nests(most: int) -> str:
    return f"a letter nests at most {most} deep"


def not_a_letter(why: str = "") -> str:
    """A link's text that is no letter: ``why`` is our own detail, "" when the
    JSON parser's or the text decoder's (their English is not the player's)."""
    return f"not a letter: {why}" if why else "not a letter"


LETTER_SHAPE = "a letter has a version, a room and messages"
LETTER_LIVE = "a letter is live (1) or not"


def letter_version(got: object, version: int) -> str:
    return f"letter version {got!r}, not {version}"


def letter_room(why: str) -> str:
    return f"the room: {why}"


def letter_size(most: int) -> str:
    return f"a letter holds 1 to {most} messages"


LETTER_MESSAGES = "a letter's messages are objects"


def letter_invite(why: str) -> str:
    return f"its invite: {why}"


INVITE_OTHER_ROOM = "its invite is for another room"

# -- what the player may not do now (web.online.peer) ---------------------------------------

NOT_YOUR_ROLL = "it is not your roll"
NEXT_GAME_TOO_SOON = "the next game can start only once this one is over"
CLAIM_TOO_SOON = (
    "the game can be claimed only once your friend, owing a move, is out of time or gone a while"
)
FRIENDS_TURN = "it is your friend's turn"
WAS_CLAIMED = "the game was claimed"


def claimed_by(mine: bool) -> str:
    """Why a message after a claim is refused: who claimed."""
    return f"{'you' if mine else 'your friend'} claimed the game"


# -- why a claim is disputed (after the friend's name) -------------------------------------

HISTORIES_DIFFER = "your histories of the game differ: a move did not reach one of you"
OWED_NO_MOVE = "by this page's record you owed no move"
IN_TOUCH = "your page was in touch with your friend's all along"
NO_CLOCK_BY_POST = "by messages a game can be claimed only under a move clock in days"


def owed_for(owed: float, limit: float) -> str:
    """The friend had owed their move for ``owed`` seconds, not the ``limit`` allowed.

    >>> owed_for(14.2, 120)
    'you had owed your move for 14\xa0s of the 2\xa0min allowed'
    >>> owed_for(5 * 3600 + 20, 86400)
    'you had owed your move for 5\xa0h of the 1\xa0day allowed'
    """
    return f"you had owed your move for {_about(owed)} of the {_about(limit)} allowed"


def _about(seconds: float) -> str:
    """A time in its largest whole unit (a move clock in days has no use for seconds)."""
    for unit, size in (("day", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n}\u00a0{unit}{'s' if unit == 'day' and n != 1 else ''}"
    return f"{int(seconds)}\u00a0s"
