"""Ed25519 against RFC 8032's test vectors, and against an independent
implementation (the `cryptography` package) on random keys and messages."""

from __future__ import annotations

import random

import pytest

from web.online.ed25519 import public_key, sign, verify

# RFC 8032, section 7.1: TEST 1, TEST 2, TEST 3 (secret, public, message, signature).
VECTORS = [
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bac"
        "c61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e"
        "458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290"
        "ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
]


@pytest.mark.parametrize(("secret", "public", "message", "signature"), VECTORS)
def test_rfc_8032_vectors(secret: str, public: str, message: str, signature: str) -> None:
    seed, msg = bytes.fromhex(secret), bytes.fromhex(message)
    assert public_key(seed).hex() == public
    assert sign(seed, msg).hex() == signature
    assert verify(bytes.fromhex(public), msg, bytes.fromhex(signature))


def test_tampering_and_malformed_input_do_not_verify() -> None:
    seed = bytes(range(32))
    key, sig = public_key(seed), sign(seed, b"13/7 8/7")
    assert verify(key, b"13/7 8/7", sig)
    assert not verify(key, b"13/7 8/6", sig)
    assert not verify(public_key(bytes(32)), b"13/7 8/7", sig)
    flipped = bytes([sig[0] ^ 1]) + sig[1:]
    assert not verify(key, b"13/7 8/7", flipped)
    assert not verify(key, b"13/7 8/7", sig[:63])
    assert not verify(key[:31], b"13/7 8/7", sig)
    assert not verify(b"\xff" * 32, b"13/7 8/7", sig)  # not a point
    big_s = sig[:32] + (2**256 - 1).to_bytes(32, "little")
    assert not verify(key, b"13/7 8/7", big_s)


def test_agrees_with_an_independent_implementation() -> None:
    ed = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ed25519")
    rng = random.Random(8032)
    for _ in range(20):
        seed, message = rng.randbytes(32), rng.randbytes(rng.randrange(0, 300))
        theirs = ed.Ed25519PrivateKey.from_private_bytes(seed)
        raw = theirs.public_key().public_bytes_raw()
        assert public_key(seed) == raw
        assert sign(seed, message) == theirs.sign(message)
        assert verify(raw, message, theirs.sign(message))
