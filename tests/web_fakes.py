"""Fakes for driving the web controller under CPython: a view that keeps what
it was shown, a timer run by hand, and helpers to play through the controller."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from e2e.site.dice import QueuedDice
from web.ai.client import Reply, Request
from web.control.controller import Controller
from web.control.online import Connector
from web.dom.connect import Connection
from web.model.actions import Act
from web.model.options import MatchOptions
from web.model.storage import MemoryStorage, Store
from web.view.frame import Screen
from web.worker.direct import DirectAi


class FakeView:
    def __init__(self) -> None:
        self.screens: list[Screen] = []
        self.downloads: list[tuple[str, str]] = []
        self.copied: list[str] = []
        self.shared: list[str] = []

    def show(self, screen: Screen) -> None:
        self.screens.append(screen)

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def copy(self, text: str) -> None:
        self.copied.append(text)

    def share(self, url: str) -> None:
        self.shared.append(url)

    @property
    def last(self) -> Screen:
        return self.screens[-1]


class FakeTimer:
    def __init__(self) -> None:
        self.queue: list[Callable[[], None]] = []

    def later(self, ms: int, callback: Callable[[], None]) -> None:
        self.queue.append(callback)

    def run(self, limit: int = 10_000) -> None:
        n = 0
        while self.queue and n < limit:
            self.queue.pop(0)()
            n += 1


class Hosting:
    """The page's part of online play, faked: hands the invite to ``starter``."""

    def __init__(self) -> None:
        self.starter: Callable[[MatchOptions, str], None] | None = None

    def host(self, options: MatchOptions, name: str) -> None:
        assert self.starter is not None, "no starter"
        self.starter(options, name)


class Rig:
    """A controller wired to fakes, with the dice set up front."""

    def __init__(
        self,
        faces: list[int] | None = None,
        seed: int = 1,
        storage: MemoryStorage | None = None,
        *,
        online: bool = False,
        window: Any = None,
    ) -> None:
        """``online``: the page offers online play, its part faked
        (:attr:`hosting`); ``window``: the page's own part on that window
        (:attr:`connection`, opened by :meth:`open_online`)."""
        self.view = FakeView()
        self.timer = FakeTimer()
        self.storage = storage if storage is not None else MemoryStorage()
        self.dice = QueuedDice(random.Random(seed), faces or [])
        self.store = Store(self.storage, clock=lambda: 1000.0)
        self.hosting = Hosting()
        self.connection = Connection(self.store, window, self.timer) if window is not None else None
        connector: Connector | None = self.connection
        if connector is None and online:
            connector = self.hosting
        self.c = Controller(
            self.view, self.store, DirectAi(), self.timer, self.dice, animation="off",
            connector=connector, postman=self.connection,
        )  # fmt: skip

    def open_online(self, window: Any = None) -> None:
        """What the app does once the controller has booted: the name and the
        TURN server from storage, a saved online game, the invite in the link;
        on ``window`` (None: the rig's own)."""
        connection = self.connection
        if window is not None:
            connection = Connection(self.store, window, self.timer)
        assert connection is not None
        connection.open(self.c.online)

    def boot(self) -> Rig:
        self.c.boot()
        self.timer.run()
        return self

    def act(self, action: str, value: str = "", **fields: str) -> Screen:
        self.c.act(Act.parse(action), value, fields)
        self.timer.run()
        return self.view.last

    def start(self, opponent: str = "human", length: int = 3, **extra: str) -> Screen:
        fields = {"opponent": opponent, "length": str(length), "cube": "on", "crawford": "on"}
        fields.update(extra)
        self.c.act(Act.START, "", fields)
        self.timer.run()
        return self.view.last

    def tap(self, place: int | None) -> Screen:
        self.c.tap(place)
        self.timer.run()
        return self.view.last

    def play_greedy(self) -> None:
        """Make some legal play for the human on roll, by taps, and confirm it."""
        c = self.c
        while c.state.movable:
            src = max(c.state.movable)
            self.tap(src)
            self.tap(min(c.state.destinations(src)))
        self.act("confirm")


class LaterAi:
    """Answers when the test says so, as the AI's worker answers in a later task
    (through the same JSON text as :class:`DirectAi`)."""

    def __init__(self) -> None:
        self.pending: list[tuple[Request, Callable[[Reply], None]]] = []

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        self.pending.append((request, reply))

    def answer(self) -> None:
        request, reply = self.pending.pop(0)
        DirectAi().ask(request, reply)
