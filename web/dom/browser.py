"""The browser's services handed to the controller: a timer, the AI's web
worker and ``localStorage``.  Browser-only (Pyodide); imported lazily so the
module still imports under CPython.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from web.ai.protocol import ErrorReply, Reply, Request, decode_reply, encode

WORKER_NAME = "backgammon-ai"
WORKER_SRC = "./ai_worker.py"
WORKER_CONFIG = "./ai-worker.json"


def spawn(tasks: set[asyncio.Future[None]], coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` in the background, keeping it referenced until done."""
    task = asyncio.ensure_future(coroutine)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


def when_parsed(document: Any, run: Callable[[], object]) -> None:
    """Call ``run`` once ``document`` is parsed: now, or at ``DOMContentLoaded``.

    PyScript starts before the page is parsed (``public/index.html``), so that
    the interpreter comes up while the page is painted; it takes seconds, so the
    document is nearly always whole by the time the entry point runs.
    """
    if document.readyState != "loading":
        run()
        return
    from pyodide.ffi import create_once_callable

    document.addEventListener("DOMContentLoaded", create_once_callable(lambda _event: run()))


class BrowserTimer:
    def __init__(self, window: Any) -> None:
        self.window = window

    def later(self, ms: int, callback: Callable[[], None]) -> None:
        from pyodide.ffi import create_once_callable

        self.window.setTimeout(create_once_callable(callback), max(ms, 0))


class WorkerAi:
    """The AI in a PyScript worker, started by :meth:`start` (the app calls it
    once the board is interactive) or on first need, so that loading it
    never delays the first board."""

    def __init__(
        self, on_state: Callable[[str], None], name: str = WORKER_NAME, *, helper: bool = False
    ) -> None:
        self._name = name  # each worker its own: a rollout runs on several (web.ai.rollouts)
        self._role = "helper" if helper else "ai"  # a helper does not make the bear-off database
        self._worker: Any = None
        self._starting: asyncio.Future[Any] | None = None
        self._on_state = on_state
        self._tasks: set[asyncio.Future[None]] = set()

    def start(self) -> None:
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._boot())

    async def _boot(self) -> Any:
        from pyscript import create_named_worker

        self._on_state("loading")
        worker = await create_named_worker(src=WORKER_SRC, name=self._name, config=WORKER_CONFIG)
        await worker.warm(self._role)
        self._worker = worker
        self._on_state("ready")
        return worker

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        self.start()
        spawn(self._tasks, self._ask(request, reply))

    async def _ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        try:
            assert self._starting is not None
            worker = await self._starting
            # Only JSON text crosses to the worker (web.ai.protocol's codec).
            answer = decode_reply(str(await worker.handle(encode(request))))
        except Exception as exc:  # a broken worker must not freeze the game
            answer = ErrorReply(str(exc) or type(exc).__name__)
        if isinstance(answer, ErrorReply):
            # The player reads the page's own words (web.words.game.trouble); the
            # worker's text, for whoever reports the bug, goes to the console.
            import js

            js.console.warn(f"AI worker: {answer.error}")
        reply(answer)


def local_storage(window: Any) -> Any:
    """``window.localStorage`` if it can be used (``None`` when disabled)."""
    try:
        storage = window.localStorage
        probe = "backgammon@probe"  # outside every deployment's keys (web.model.storage)
        storage.setItem(probe, "1")
        storage.removeItem(probe)
        return storage
    except Exception:
        try:
            return window.localStorage  # readable even if full
        except Exception:
            return None


def page_path(window: Any) -> str:
    """The page's path on its origin (``/backgammon/`` on ``USER.github.io``):
    its directory names this deployment's keys in ``localStorage``."""
    try:
        return str(window.location.pathname)
    except Exception:
        return "/"
