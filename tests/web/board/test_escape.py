"""web.board.escape.escape is html.escape, without importing html.entities."""

from __future__ import annotations

import html
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st
from repo_paths import ROOT

from web.board.escape import escape


@given(st.text(), st.booleans())
def test_escape_is_html_escape(text: str, quote: bool) -> None:
    assert escape(text, quote) == html.escape(text, quote)


def test_markup_characters_each_escaped() -> None:
    assert escape("&<>\"'") == html.escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#x27;"


def test_the_page_imports_neither_html_nor_urllib() -> None:
    """The page's start imports neither ``html`` (it brings ``html.entities``)
    nor ``urllib.parse`` (it brings ``ipaddress``): together about 110 ms of
    Pyodide's import time in Node, before the board is interactive."""
    code = (
        "import sys; import web.app; "
        "print(sorted(m for m in ('html', 'html.entities', 'urllib.parse', 'ipaddress') "
        "if m in sys.modules))"
    )
    # -S: no site hooks (an editable install's finder imports urllib itself).
    root = ROOT
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
