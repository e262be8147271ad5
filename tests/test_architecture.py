"""The architecture, held: the import contract in ``pyproject.toml``
(``[tool.importlinter]``: web/'s layers, web/worker/ apart, only web/dom/ and
web/worker/ touching the browser, the engine apart from the page and GNU
Backgammon a referee only), and what an import graph cannot see."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import web

ROOT = Path(__file__).resolve().parents[1]


def web_modules() -> list[ModuleType]:
    return [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(web.__path__, "web.")
        if not info.ispkg
    ]


WORKER_MODULES = frozenset(m.__name__ for m in web_modules() if m.__name__.startswith("web.worker"))
"""What runs only in the AI's web workers (``public/ai_worker.py``): each worker is
its own Python, so its running jobs and the bear-off task it started are that
program's state, and these modules may import the AI."""


def test_the_import_contract_holds() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout[-4000:]
    assert "BROKEN" not in result.stdout and result.stdout.count("KEPT") >= 6


def test_every_web_module_is_in_a_layer() -> None:
    """A module directly in web/ would sit outside the contract's layers."""
    layered = (
        "ai",
        "board",
        "coach",
        "control",
        "dom",
        "model",
        "online",
        "view",
        "words",
        "worker",
    )
    loose = [
        m.__name__
        for m in web_modules()
        if m.__name__ != "web.app" and m.__name__.split(".")[1] not in layered
    ]
    assert loose == []


@pytest.mark.parametrize(
    "module",
    [m for m in web_modules() if m.__name__ not in WORKER_MODULES],
    ids=lambda m: m.__name__,
)
def test_web_modules_hold_no_mutable_global_state(module: ModuleType) -> None:
    mutable = {
        name: type(value).__name__
        for name, value in vars(module).items()
        if not name.startswith("__") and isinstance(value, list | dict | set | bytearray)
    }
    assert mutable == {}
