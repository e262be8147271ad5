"""The examples in the online-play package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import web.online

MODULES = sorted(f"web.online.{info.name}" for info in pkgutil.iter_modules(web.online.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
