"""The examples in the web package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import web

# Sub-packages too (web.online).
MODULES = sorted(
    info.name for info in pkgutil.walk_packages(web.__path__, "web.") if not info.ispkg
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
