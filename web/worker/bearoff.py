"""The bear-off database in the AI worker: read from the browser's cache, or
made from the rules in the background and kept there for the next visit.

The site does not ship the database (620 kB, a tenth of a first visit): the
worker makes it with :func:`engine.ai.bearoff_build.steps` once it is ready,
a slice of about :data:`SLICE_MS` at a time, giving the event loop back
between slices, so an AI request waits at most one slice.  Until it is done
the AI evaluates bear-offs with its network.  The result goes into Cache
Storage (:class:`CacheStore`), and a later visit installs it from there
(:func:`engine.ai.bearoff.install` checks it is the database the rules make).

Under CPython the package has the file, and there is nothing to do:

>>> import asyncio
>>> class Memory:
...     async def read(self): return None
...     async def write(self, blob): raise AssertionError("nothing to keep")
>>> job = BearoffJob(Memory())
>>> asyncio.run(job.run())
>>> job.state
<JobState.SHIPPED: 'shipped'>
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from engine.ai.bearoff import SHA256, BearoffMismatchError, database, install
from engine.ai.bearoff_build import steps

SLICE_MS = 15.0
"""How long the work runs before it gives the event loop back (a request
arriving meanwhile waits at most this, and one step more)."""
POLL_S = 5.0
"""How often a helper worker looks for the database the AI's worker keeps."""
POLLS = 120
"""How many times it looks (ten minutes) before it goes on with the network alone."""


class JobState(enum.Enum):
    WAITING = "waiting"
    AWAITING = "awaiting"  # a helper, until the AI's worker has kept it
    SHIPPED = "shipped"  # the package has the file (CPython, not the site)
    FROM_CACHE = "from cache"
    MAKING = "making"
    MADE = "made"
    FAILED = "failed"


class BlobStore(Protocol):
    """Where the worker keeps the database between visits."""

    async def read(self) -> bytes | None: ...

    async def write(self, blob: bytes) -> None: ...


class BearoffJob:
    """Gets the database: from the package, from ``store``, or made in slices.

    ``make`` False is a helper worker's job (the rollout workers): it does not
    make the database alongside the AI's worker, on a phone's few cores, but
    waits for it to be kept in ``store`` (looking every :data:`POLL_S`)."""

    def __init__(
        self,
        store: BlobStore,
        *,
        make: bool = True,
        clock: Callable[[], float] = time.perf_counter,
        pause: Callable[[], Awaitable[None]] = lambda: asyncio.sleep(0),
        poll: Callable[[], Awaitable[None]] = lambda: asyncio.sleep(POLL_S),
    ) -> None:
        self._store = store
        self._make_it = make
        self._clock = clock
        self._pause = pause
        self._poll = poll
        self.state = JobState.WAITING
        self.slices = 0
        self.kept = False

    async def run(self) -> None:
        if database() is not None:
            self.state = JobState.SHIPPED
            return
        if await self._from_store():
            self.state = JobState.FROM_CACHE
            return
        if not self._make_it:
            self.state = JobState.AWAITING
            for _ in range(POLLS):
                await self._poll()
                if await self._from_store():
                    self.state = JobState.FROM_CACHE
                    return
            self.state = JobState.FAILED  # never kept: the network does bear-offs
            return
        self.state = JobState.MAKING
        raw = await self._make()
        install(raw)
        self.state = JobState.MADE
        try:
            await self._store.write(raw)
            self.kept = True
        except Exception:  # a full or refused cache: made again next visit
            self.kept = False

    async def _from_store(self) -> bool:
        try:
            blob = await self._store.read()
        except Exception:  # no Cache Storage here (or it refuses): make it
            return False
        if blob is None:
            return False
        try:
            install(blob)
        except (BearoffMismatchError, ValueError):
            return False  # not this engine's, or damaged: made afresh, kept anew
        return True

    async def _make(self) -> bytes:
        work = steps()
        while True:
            deadline = self._clock() + SLICE_MS / 1000
            try:
                while self._clock() < deadline:
                    next(work)
            except StopIteration as done:
                raw: bytes = done.value
                return raw
            self.slices += 1
            await self._pause()


class CacheStore:
    """The database in the browser's Cache Storage, under a cache name the
    service worker leaves alone and a key naming its hash: every deployment on
    the origin makes the same database, so they may share it (and each checks
    it before use)."""

    NAME = "backgammon-bearoff"

    def __init__(self, origin: str) -> None:
        self._url = f"{origin}/backgammon-bearoff/{SHA256}.bin"

    async def read(self) -> bytes | None:
        import js

        cache = await js.caches.open(self.NAME)
        response = await cache.match(self._url)
        if response is None:
            return None
        return bytes((await response.arrayBuffer()).to_bytes())

    async def write(self, blob: bytes) -> None:
        import js

        cache = await js.caches.open(self.NAME)
        body = js.Uint8Array.new(len(blob))
        body.assign(blob)
        await cache.put(self._url, js.Response.new(body))


_tasks: set[asyncio.Future[None]] = set()
_job: BearoffJob | None = None


def start(
    store: BlobStore, log: Callable[[str], None] = lambda _: None, *, make: bool = True
) -> BearoffJob:
    """Start getting the database in the background (once); returns the job.
    ``log`` is told the outcome ("bear-off database: made", ...); ``make``: as
    :class:`BearoffJob`'s."""
    global _job
    if _job is None:
        job = _job = BearoffJob(store, make=make)
        started = time.perf_counter()

        def done(task: asyncio.Future[None]) -> None:
            _tasks.discard(task)
            if task.cancelled() or task.exception() is not None:
                job.state = JobState.FAILED  # the AI goes on with its network
            seconds = time.perf_counter() - started
            log(f"bear-off database: {job.state.value} ({seconds:.1f} s, {job.slices} slices)")

        task = asyncio.ensure_future(job.run())
        _tasks.add(task)
        task.add_done_callback(done)
    return _job


def start_in_browser(make: bool = True) -> str:
    """The worker's call: :func:`start` with the browser's Cache Storage."""
    import js

    # The worker's print goes to the browser's console.
    return start(CacheStore(str(js.self.origin)), print, make=make).state.value


def state() -> str:
    """Where the database stands, for the page and its tests."""
    return (_job.state if _job is not None else JobState.WAITING).value
