"""The AI worker's bear-off database (web/worker/bearoff.py): made in the
background while the AI keeps answering, kept for the next visit, read back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from importlib import resources

import pytest

from engine.ai import bearoff
from engine.ai.bearoff import uncompressed
from engine.names import AiLevel
from web.ai.protocol import PlayReply, PlayRequest, decode_reply, encode
from web.worker import ai as ai_service
from web.worker import bearoff as worker_bearoff
from web.worker.bearoff import BearoffJob, JobState


def shipped() -> bytes:
    return resources.files("engine.ai").joinpath("data", "bearoff.bin").read_bytes()


class Memory:
    """A store as Cache Storage is to the worker: bytes kept between visits."""

    def __init__(self, blob: bytes | None = None) -> None:
        self.blob = blob
        self.writes = 0

    async def read(self) -> bytes | None:
        return self.blob

    async def write(self, blob: bytes) -> None:
        self.blob = blob
        self.writes += 1


@pytest.fixture
def site_engine() -> Iterator[None]:
    """The engine as the site ships it: no bear-off file in the package."""
    saved = bearoff._db, bearoff._looked
    bearoff._db, bearoff._looked = None, True
    yield
    bearoff._db, bearoff._looked = saved


# A bear-off on both sides: its answer comes from the database once it is there.
BEAROFF_PLAY = PlayRequest("290NAAB3tw0AAA", (6, 1), AiLevel.HARD)


def test_the_worker_answers_while_it_makes_the_database(site_engine: None) -> None:
    store = Memory()
    job = BearoffJob(store)
    waits: list[float] = []
    answered_while_making: list[PlayReply] = []

    async def player() -> None:
        # Requests as the page sends them, each arriving at a random moment of a slice.
        while job.state is not JobState.MADE:
            asked = time.perf_counter()
            await asyncio.sleep(0.002)
            reply = decode_reply(ai_service.handle(encode(BEAROFF_PLAY)))
            waits.append(time.perf_counter() - asked)
            assert isinstance(reply, PlayReply)
            if job.state is JobState.MAKING:
                answered_while_making.append(reply)

    async def both() -> None:
        await asyncio.gather(job.run(), player())

    started = time.perf_counter()
    asyncio.run(both())
    making = time.perf_counter() - started
    assert job.state is JobState.MADE
    assert len(answered_while_making) > 10
    assert job.slices > 100
    # Each answer waited for at most a slice of the work, not for all of it:
    # measured against the whole making in the same run, so that a loaded
    # machine slows both alike.
    assert sorted(waits)[len(waits) // 2] < making / 10
    # Made from the rules, it is the shipped database byte for byte, kept once.
    assert store.blob == uncompressed(shipped())
    assert store.writes == 1 and job.kept
    assert bearoff.database() is not None

    # The next visit: read from the store, nothing made, nothing written.
    bearoff._db = None
    again = BearoffJob(store)
    asyncio.run(again.run())
    assert again.state is JobState.FROM_CACHE
    assert again.slices == 0 and store.writes == 1
    assert bearoff.database() is not None


def test_a_kept_copy_that_is_not_the_database_is_made_afresh(
    site_engine: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = uncompressed(shipped())
    store = Memory(made[:-1] + bytes([made[-1] ^ 1]))

    async def quick(self: BearoffJob) -> bytes:
        return made  # the making itself is the test above

    monkeypatch.setattr(BearoffJob, "_make", quick)
    job = BearoffJob(store)
    asyncio.run(job.run())
    assert job.state is JobState.MADE
    assert store.blob == made and store.writes == 1


def test_a_helper_waits_for_the_database_the_ai_worker_keeps(
    site_engine: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rollout helper never makes the database: it looks for the kept copy
    until the AI's worker has put it there, then installs it."""

    async def never(self: BearoffJob) -> bytes:
        raise AssertionError("a helper does not make the database")

    monkeypatch.setattr(BearoffJob, "_make", never)
    store = Memory()
    looks: list[int] = []

    async def poll() -> None:
        looks.append(1)
        if len(looks) == 3:  # the AI's worker keeps it meanwhile
            store.blob = uncompressed(shipped())

    job = BearoffJob(store, make=False, poll=poll)
    asyncio.run(job.run())
    assert job.state is JobState.FROM_CACHE and len(looks) == 3
    assert store.writes == 0 and bearoff.database() is not None


def test_a_helper_whose_database_never_comes_goes_on_with_the_network(
    site_engine: None,
) -> None:
    looks: list[int] = []

    async def poll() -> None:
        looks.append(1)

    job = BearoffJob(Memory(), make=False, poll=poll)
    asyncio.run(job.run())
    assert job.state is JobState.FAILED and len(looks) == worker_bearoff.POLLS
    assert bearoff.database() is None


def test_a_package_with_the_file_needs_no_job() -> None:
    store = Memory()
    job = BearoffJob(store)
    asyncio.run(job.run())
    assert job.state is JobState.SHIPPED and store.writes == 0


def test_a_cache_that_cannot_be_read_or_written_costs_only_the_keeping(
    site_engine: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refusing(Memory):
        async def read(self) -> bytes | None:
            raise RuntimeError("caches is not defined")  # as a JavaScript error reads

        async def write(self, blob: bytes) -> None:
            raise RuntimeError("QuotaExceededError")

    made = uncompressed(shipped())

    async def quick(self: BearoffJob) -> bytes:
        return made

    monkeypatch.setattr(BearoffJob, "_make", quick)
    job = BearoffJob(Refusing())
    asyncio.run(job.run())
    assert job.state is JobState.MADE and not job.kept
    assert bearoff.database() is not None  # the AI has it for this visit


def test_a_job_that_fails_leaves_the_ai_on_its_network(
    site_engine: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []

    async def broken(self: BearoffJob) -> bytes:
        raise MemoryError

    monkeypatch.setattr(BearoffJob, "_make", broken)
    monkeypatch.setattr(worker_bearoff, "_job", None)

    async def run() -> str:
        worker_bearoff.start(Memory(), said.append)
        while worker_bearoff._tasks:
            await asyncio.sleep(0)
        return worker_bearoff.state()

    assert asyncio.run(run()) == "failed"
    assert bearoff.database() is None
    assert said and said[0].startswith("bear-off database: failed")
