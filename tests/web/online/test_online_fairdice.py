"""Commit–reveal dice: binding, verification, and faces without bias."""

from __future__ import annotations

import collections
import random

import pytest

from web.online.fairdice import (
    LIMIT,
    SECRET_BYTES,
    RollContext,
    commitment,
    faces,
    new_secret,
    roll,
    verify,
)

CTX = RollContext(room=bytes(range(16)), game=2, turn=17, seat=0)


def test_commitment_binds_every_part_of_the_context() -> None:
    secret = bytes(range(32))
    base = commitment(CTX, secret)
    others = [
        RollContext(bytes(16), 2, 17, 0),
        RollContext(CTX.room, 3, 17, 0),
        RollContext(CTX.room, 2, 18, 0),
        RollContext(CTX.room, 2, 17, 1),
    ]
    assert all(commitment(ctx, secret) != base for ctx in others)
    assert verify(CTX, secret, base)
    assert not any(verify(ctx, secret, base) for ctx in others)


def test_verify_refuses_other_secrets_and_lengths() -> None:
    secret = bytes(range(32))
    promised = commitment(CTX, secret)
    assert not verify(CTX, bytes(32), promised)
    assert not verify(CTX, secret[:31], promised)
    with pytest.raises(ValueError):
        commitment(CTX, b"short")
    with pytest.raises(ValueError):
        roll(CTX, secret, b"short")


def test_context_is_checked() -> None:
    for game, turn, seat in [(-1, 0, 0), (0, 1 << 32, 0), (0, 0, 2)]:
        with pytest.raises(ValueError):
            RollContext(bytes(16), game, turn, seat)


def test_each_usable_byte_value_gives_each_face_equally_often() -> None:
    counts = collections.Counter(faces(bytes([b]) + bytes([255]) * 31, 1)[0] for b in range(LIMIT))
    assert counts == {face: LIMIT // 6 for face in range(1, 7)}


def test_bytes_from_252_up_are_skipped() -> None:
    assert faces(bytes([252, 253, 254, 255, 5, 6]) + bytes(26), 2) == (6, 1)


def test_a_digest_without_enough_usable_bytes_is_hashed_again() -> None:
    one_usable = bytes([255] * 31 + [0])
    first, second = faces(one_usable, 2)
    assert first == 1 and 1 <= second <= 6
    assert faces(bytes([255] * 32), 20) == faces(bytes([255] * 32), 20)


def test_roll_depends_on_both_values_and_spreads_over_all_36_outcomes() -> None:
    rng = random.Random(5)
    secret = rng.randbytes(SECRET_BYTES)
    seen = collections.Counter(roll(CTX, secret, rng.randbytes(SECRET_BYTES)) for _ in range(7200))
    assert len(seen) == 36
    assert max(seen.values()) < 2 * min(seen.values())  # 200 expected each
    assert roll(CTX, secret, bytes(32)) == roll(CTX, secret, bytes(32))


def test_new_secret_is_random_and_checked() -> None:
    assert new_secret() != new_secret()
    assert len(new_secret()) == SECRET_BYTES
    with pytest.raises(ValueError):
        new_secret(lambda n: bytes(n - 1))
