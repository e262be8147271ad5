"""The entry points start the game once the document is parsed
(``web.dom.browser.when_parsed``): PyScript itself starts before it is."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

import pytest

from web.dom.browser import when_parsed


class FakeDocument:
    def __init__(self, state: str) -> None:
        self.readyState = state
        self.listeners: list[tuple[str, Callable[[Any], None]]] = []

    def addEventListener(self, name: str, listener: Callable[[Any], None]) -> None:
        self.listeners.append((name, listener))


@pytest.mark.parametrize("state", ["interactive", "complete"])
def test_a_parsed_document_starts_the_game_now(state: str) -> None:
    ran: list[str] = []
    document = FakeDocument(state)
    when_parsed(document, lambda: ran.append("started"))
    assert ran == ["started"] and not document.listeners


def test_a_document_still_loading_starts_it_at_dom_content_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    ran: list[str] = []
    document = FakeDocument("loading")
    when_parsed(document, lambda: ran.append("started"))
    assert ran == []
    [(name, listener)] = document.listeners
    assert name == "DOMContentLoaded"
    listener(object())
    assert ran == ["started"]
