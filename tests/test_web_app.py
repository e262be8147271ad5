"""The page glue, driven with a fake document under CPython."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import pytest

import web
from engine import Position
from web import app


class FakeElement:
    def __init__(self) -> None:
        self.innerHTML = ""
        self.textContent = ""
        self.attributes: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value


class FakeDocument:
    def __init__(self, *ids: str) -> None:
        self.elements = {element_id: FakeElement() for element_id in ids}

    def getElementById(self, element_id: str) -> FakeElement | None:
        return self.elements.get(element_id)


PAGE_IDS = (app.BOARD_ID, app.PIPS_ME_ID, app.PIPS_OPP_ID, app.STATUS_ID)


def test_main_draws_the_start_position_and_marks_the_board_ready() -> None:
    document = FakeDocument(*PAGE_IDS)
    app.main(document)
    board = document.elements[app.BOARD_ID]
    assert board.innerHTML.startswith("<svg")
    assert board.innerHTML.count('class="checker ') == 30
    assert board.attributes == {"data-ready": "true"}
    assert document.elements[app.PIPS_ME_ID].textContent == "167"
    assert document.elements[app.PIPS_OPP_ID].textContent == "167"
    assert document.elements[app.STATUS_ID].textContent.startswith("Ready")


def test_show_position_shows_each_sides_pips() -> None:
    document = FakeDocument(*PAGE_IDS)
    position = Position.from_points([0] * 5 + [2] + [0] * 17 + [-2])
    app.show_position(document, position)
    assert document.elements[app.PIPS_ME_ID].textContent == "12"
    assert document.elements[app.PIPS_OPP_ID].textContent == "2"


def test_a_missing_element_is_reported_by_id() -> None:
    document = FakeDocument(app.BOARD_ID, app.PIPS_ME_ID)
    with pytest.raises(app.MissingElementError, match=app.PIPS_OPP_ID):
        app.main(document)


def web_modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"web.{info.name}") for info in pkgutil.iter_modules(web.__path__)
    ]


@pytest.mark.parametrize("module", web_modules(), ids=lambda m: m.__name__)
def test_web_modules_hold_no_mutable_global_state(module: ModuleType) -> None:
    mutable = {
        name: type(value).__name__
        for name, value in vars(module).items()
        if not name.startswith("__") and isinstance(value, list | dict | set | bytearray)
    }
    assert mutable == {}
