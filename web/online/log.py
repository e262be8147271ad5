"""The move log: every block of acts, each carrying the hash of the one before.

Both browsers keep the same log; it is the game's whole history and what is
saved.  A :class:`Block` is what one seat did in one go (its play, the
reveal of its roll, its commitment to the next, the other's random value...)
at a given index, with ``prev``, the hash of the block before (the first
block's ``prev`` is the :func:`genesis` of the room and terms).  Changing any
block changes every hash after it, so two logs agree up to an index exactly
when their hashes there are equal: that is how a peer that comes back tells
what the other is missing (:meth:`MoveLog.missing_for`), and how an altered
or forked history is caught.

>>> from engine.rules import Rules
>>> from engine.decisions import OfferDouble
>>> log = MoveLog.new(bytes(16), Rules(3))
>>> log = log.append(log.next_block(0, (OfferDouble(),)))
>>> len(log), log.head == log.blocks[0].hash, log.blocks[0].prev == log.genesis
(1, True, True)
>>> log.missing_for(0, log.genesis) == log.blocks
True
>>> log.missing_for(1, log.genesis)
Traceback (most recent call last):
...
web.online.errors.ForkedHistoryError: the histories differ at move 1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.rules import Rules
from web.online.acts import Act, act_from_json, act_to_json
from web.online.codec import canonical, sha256_b64, unb64
from web.online.errors import ForkedHistoryError, MalformedMessageError, OutOfOrderError
from web.online.invite import terms_code
from web.words import online_detail as detail

TAG = b"backgammon-online/log/1"
MAX_BLOCKS = 100_000  # far beyond any session; keeps a forged index in bounds


def genesis(room: bytes, rules: Rules) -> str:
    """The hash before the first block: the room and the terms, so that two logs
    of different rooms or terms never agree on anything."""
    return sha256_b64(TAG, room, terms_code(rules).encode("ascii"))


@dataclass(frozen=True, slots=True)
class Block:
    """The acts one seat made in one go (``by`` is ``None`` for the start of the
    next game, which either seat may write), at ``index``, after ``prev``."""

    index: int
    prev: str
    by: int | None
    acts: tuple[Act, ...]
    hash: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hash", sha256_b64(canonical(self.to_json())))

    def to_json(self) -> dict[str, object]:
        return {
            "i": self.index,
            "p": self.prev,
            "by": self.by,
            "acts": [act_to_json(a) for a in self.acts],
        }

    @classmethod
    def from_json(cls, raw: object) -> Block:
        """Parse a block's shape; raises :class:`MalformedMessageError`."""
        if not isinstance(raw, dict) or set(raw) != {"i", "p", "by", "acts"}:
            raise MalformedMessageError(detail.BLOCK_KEYS)
        index, prev, by, acts = raw["i"], raw["p"], raw["by"], raw["acts"]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < MAX_BLOCKS:
            raise MalformedMessageError(detail.block_index(index))
        try:
            unb64(prev, 32)
        except ValueError as exc:
            raise MalformedMessageError(detail.block_previous(str(exc))) from exc
        assert isinstance(prev, str)
        if by is not None and (type(by) is not int or by not in (0, 1)):
            raise MalformedMessageError(detail.block_by(by))
        if not isinstance(acts, list):
            raise MalformedMessageError(detail.BLOCK_ACTS)
        return cls(index, prev, by, tuple(act_from_json(a) for a in acts))


@dataclass(frozen=True, slots=True)
class MoveLog:
    """The blocks so far, checked to chain from :attr:`genesis`."""

    genesis: str
    blocks: tuple[Block, ...] = ()

    @classmethod
    def new(cls, room: bytes, rules: Rules) -> MoveLog:
        return cls(genesis(room, rules))

    def __len__(self) -> int:
        return len(self.blocks)

    @property
    def head(self) -> str:
        """The hash of the last block (the genesis while the log is empty)."""
        return self.hash_at(len(self.blocks))

    def hash_at(self, count: int) -> str:
        """The hash after the first ``count`` blocks."""
        return self.blocks[count - 1].hash if count else self.genesis

    def next_block(self, by: int | None, acts: Sequence[Act]) -> Block:
        """The block that ``by`` would add now."""
        return Block(len(self.blocks), self.head, by, tuple(acts))

    def append(self, block: Block) -> MoveLog:
        """The log with ``block`` added at its end; it must chain on (see :meth:`place`)."""
        if not self.place(block):
            raise ForkedHistoryError(detail.already_in_history(block.index + 1))
        return MoveLog(self.genesis, (*self.blocks, block))

    def place(self, block: Block) -> bool:
        """Whether ``block`` is new (it comes next and chains on: ``True``) or one
        we already have (``False``).  Raises :class:`ForkedHistoryError` for a
        block that differs from ours at its index or does not chain on, and
        :class:`OutOfOrderError` for one past the end (some went missing)."""
        n = len(self.blocks)
        if block.index < n:
            if block.hash != self.blocks[block.index].hash:
                raise ForkedHistoryError(detail.differs_from_ours(block.index + 1))
            return False
        if block.index > n:
            raise OutOfOrderError(detail.came_but_we_have(block.index + 1, n))
        if block.prev != self.head:
            raise ForkedHistoryError(detail.does_not_follow(block.index + 1, n))
        return True

    def missing_for(self, have: int, head: str) -> tuple[Block, ...]:
        """What a peer that has ``have`` blocks ending in ``head`` lacks of ours;
        nothing when it has as many or more (it sends us ours then).  Raises
        :class:`ForkedHistoryError` when its history is not a prefix of ours,
        or ours of its."""
        n = len(self.blocks)
        if have > n:
            return ()
        if self.hash_at(have) != head:
            raise ForkedHistoryError(detail.histories_differ_at(have))
        return self.blocks[have:]
