"""How the bear-off database is stored (engine/ai/data/bearoff.bin): the smaller
file holds exactly the values of the one it replaced, so the AI's answers are
unchanged."""

from __future__ import annotations

import hashlib
import random
import sys
from array import array
from importlib import resources

import pytest

from engine.ai import bearoff, bearoff_build, evaluator
from engine.ai.bearoff import (
    N_POSITIONS,
    BearoffMismatchError,
    BearoffMissingError,
    decode,
    encode,
    index,
    load_bearoff,
    uncompressed,
)
from engine.ai.evaluator import evaluate_sides

# SHA-256 of every record of the database as it was stored before (zlib of one
# 16-bit array, 808,906 bytes): for each position its off_all and first_off
# records, ``start, n, values...``, little-endian.
OLD_RECORDS_SHA256 = "39fbb86565b11afbc58bda3409b88598e30655a8bfcafa5ca91fa880e93434e9"


def stored() -> bytes:
    return resources.files("engine.ai").joinpath("data", "bearoff.bin").read_bytes()


def little_endian(records: array[int]) -> bytes:
    copy = array("H", records)
    if sys.byteorder == "big":
        copy.byteswap()
    return copy.tobytes()


def test_the_file_holds_exactly_the_values_it_held_before() -> None:
    records = decode(stored())
    assert hashlib.sha256(little_endian(records)).hexdigest() == OLD_RECORDS_SHA256


def test_the_file_is_smaller_than_before() -> None:
    assert len(stored()) < 650_000  # was 808,906


def test_encoding_the_values_again_gives_the_same_file() -> None:
    records = decode(stored())
    assert encode(records) == stored()


def test_distributions_on_many_positions_match_the_old_layout() -> None:
    """Distributions read through BearoffDB (which finds each one in the file's
    streams) equal those read straight off the records, as the old file held them."""
    records = decode(stored())
    starts = []
    o = 0
    for _ in range(2 * N_POSITIONS):
        starts.append(o)
        o += 2 + records[o + 1]
    db = load_bearoff()
    rng = random.Random(7)
    for _ in range(2000):
        counts = [0] * 6
        for _ in range(rng.randint(0, 15)):
            counts[rng.randrange(6)] += 1
        for j, dist in ((0, db.off_all(counts)), (1, db.first_off(counts))):
            o = starts[2 * index(counts) + j]
            start, n = records[o], records[o + 1]
            vals = records[o + 2 : o + 2 + n]
            total = float(sum(vals))
            assert dist == [0.0] * start + [v / total for v in vals]


def test_every_off_all_distribution_adds_up_to_about_one() -> None:
    """What the format leaves out (each off_all's last value) is implied by this."""
    records = decode(stored())
    o = 0
    for j in range(2 * N_POSITIONS):
        n = records[o + 1]
        if j % 2 == 0:
            assert abs(sum(records[o + 2 : o + 2 + n]) - 65535) <= 4
        o += 2 + n
    assert load_bearoff().off_all([0] * 6) == [1.0]


def test_loading_reads_no_distribution_until_it_is_asked_for() -> None:
    """The AI worker loads the database before it says it is ready: its loading
    is a decompression and a few whole-array passes, no loop over positions."""
    calls = 0
    real = bearoff._Streams.off_all

    def counting(self: bearoff._Streams, i: int) -> tuple[int, list[int]]:
        nonlocal calls
        calls += 1
        return real(self, i)

    bearoff._Streams.off_all = counting  # type: ignore[method-assign]
    try:
        db = bearoff.BearoffDB(stored())
        assert calls == 0
        db.off_all([1, 0, 0, 0, 0, 0])
        assert calls == 1
    finally:
        bearoff._Streams.off_all = real  # type: ignore[method-assign]


def test_a_record_that_does_not_fit_the_format_is_refused() -> None:
    records = array("H", [0, 1, 65535, 0, 1, 65535] * N_POSITIONS)
    records[2] = 1000  # an off_all that adds up to far less than 65535
    with pytest.raises(ValueError, match="does not fit"):
        encode(records)
    with pytest.raises(ValueError, match="not a bear-off database"):
        decode(b"BGBO" + bytes(10))


@pytest.mark.slow
def test_the_rules_still_generate_this_file() -> None:
    """Making the database from the rules, a slice at a time as the AI worker
    does, gives the shipped file byte for byte."""
    work = bearoff_build.steps()
    slices = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            raw = done.value
            break
        slices += 1
    assert slices > 2 * N_POSITIONS // bearoff_build.SLICE  # small slices throughout
    assert raw == uncompressed(stored())
    assert bearoff.compress(raw) == stored()


def test_the_shipped_file_is_the_database_install_expects() -> None:
    assert hashlib.sha256(uncompressed(stored())).hexdigest() == bearoff.SHA256


@pytest.fixture
def no_database() -> object:
    """The engine as the site has it: no bear-off file in the package."""
    saved = bearoff._db, bearoff._looked
    bearoff._db, bearoff._looked = None, True
    yield
    bearoff._db, bearoff._looked = saved


def test_without_the_database_bearoffs_are_the_networks(
    no_database: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = [0, 3, 3, 3, 2, 2, 2] + [0] * 19
    opp = [0, 2, 2, 3, 3, 3, 2] + [0] * 19
    assert bearoff.database() is None
    with pytest.raises(BearoffMissingError):
        load_bearoff()
    got = evaluate_sides(me, opp)
    assert got != race_probs_with_the_file(me, opp)
    with monkeypatch.context() as patched:  # what the network says of any race
        patched.setattr(evaluator, "is_bearoff", lambda me, opp: False)
        assert got == evaluate_sides(me, opp)
    assert abs(got[0] - race_probs_with_the_file(me, opp)[0]) < 0.1


def race_probs_with_the_file(me: list[int], opp: list[int]) -> tuple[float, ...]:
    bearoff.install(stored())
    try:
        return bearoff.race_probs(me, opp)
    finally:
        bearoff._db = None


def test_install_takes_the_file_or_its_uncompressed_form_and_nothing_else(
    no_database: object,
) -> None:
    with pytest.raises(BearoffMismatchError):
        bearoff.install(uncompressed(stored())[:-1] + b"\0")
    assert bearoff.database() is None
    for blob in (stored(), uncompressed(stored())):
        db = bearoff.install(blob)
        assert bearoff.database() is db
        assert db.off_all([1, 0, 0, 0, 0, 0]) == [0.0, 1.0]
    me = [0, 3, 3, 3, 2, 2, 2] + [0] * 19
    opp = [0, 2, 2, 3, 3, 3, 2] + [0] * 19
    assert evaluate_sides(me, opp) == bearoff.race_probs(me, opp)
