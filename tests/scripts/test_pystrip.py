"""Stripping comments and docstrings from the Python the site ships (scripts/pystrip.py)."""

from __future__ import annotations

import ast
import traceback

import pytest
from repo_paths import ROOT

from scripts.pystrip import same_code, strip

SOURCE = '''"""A module."""

import os  # why os


class Point:
    """A class keeps its docstring."""

    x: int = 0
    """An attribute docstring goes."""

    def norm(self) -> int:
        """A method's goes."""
        return abs(self.x)  # a comment


def only_a_docstring() -> None:
    """Nothing else here."""


def fails() -> None:
    """Raises on the line after this docstring's last line.

    (Two more lines.)
    """
    raise ValueError("#not a comment")
'''


def test_comments_and_docstrings_go_class_docstrings_stay() -> None:
    out = strip(SOURCE)
    assert "#" not in out.replace('"#not a comment"', "")
    for gone in ("A module.", "An attribute docstring", "A method's goes", "Nothing else here"):
        assert gone not in out
    assert '"""A class keeps its docstring."""' in out
    assert '"#not a comment"' in out  # a string is not a comment
    assert len(out) < 0.75 * len(SOURCE)


def test_every_line_keeps_its_number() -> None:
    out = strip(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    for before, after in zip(SOURCE.splitlines(), out.splitlines(), strict=True):
        if after.strip() == "pass":
            assert before.strip().startswith('"""'), before
        elif after.strip():
            assert before.startswith(after.rstrip()), (before, after)


def test_a_body_of_only_a_docstring_becomes_pass() -> None:
    out = strip(SOURCE)
    assert "def only_a_docstring() -> None:\n    pass\n" in out
    namespace: dict[str, object] = {}
    exec(compile(out, "stripped.py", "exec"), namespace)
    only = namespace["only_a_docstring"]
    assert callable(only) and only() is None


def test_tracebacks_point_at_the_same_lines() -> None:
    def line_of_error(source: str) -> int:
        namespace: dict[str, object] = {}
        exec(compile(source, "m.py", "exec"), namespace)
        fails = namespace["fails"]
        assert callable(fails)
        with pytest.raises(ValueError) as caught:
            fails()
        return traceback.extract_tb(caught.value.__traceback__)[-1].lineno or 0

    assert line_of_error(strip(SOURCE)) == line_of_error(SOURCE) == SOURCE.count("\n")


def test_the_result_is_checked_against_the_syntax_tree() -> None:
    assert same_code(SOURCE, strip(SOURCE))
    assert not same_code(SOURCE, strip(SOURCE).replace("abs(", "int("))
    assert not same_code(SOURCE, "\n" + strip(SOURCE))  # every line moved down one


@pytest.mark.parametrize(
    "source",
    [
        '"""Doc."""; x = 1\n',  # a docstring sharing its line: left alone
        "x = (1 +  # no\n  2)\n",  # a comment inside brackets goes, nothing else moves
        "def f():\n    return '''\n    # inside a string\n    '''\n",
        "if x:\n    'just a string'\nelse:\n    pass\n",
        "s = f'{1}'  # after an f-string\n",
        "x = 1\n",
        "",
    ],
)
def test_what_it_cannot_strip_safely_it_leaves_and_it_never_changes_the_code(source: str) -> None:
    out = strip(source)
    assert out == source or same_code(source, out)
    compile(out, "x.py", "exec")
    if "inside a string" in source:
        assert "# inside a string" in out


def test_every_module_of_the_site_strips_to_the_same_code() -> None:
    changed = 0
    for path in [*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").rglob("*.py")]:
        source = path.read_text(encoding="utf-8")
        out = strip(source)
        if out != source:
            changed += 1
            assert same_code(source, out), path
            assert ast.dump(ast.parse(out)) != ast.dump(ast.parse(source)) or "#" in source
    assert changed > 50


def test_every_dataclass_of_the_site_has_a_docstring_of_its_own() -> None:
    """Stripping keeps class docstrings because a dataclass without one gets a
    docstring made with ``inspect.signature`` as it is created: at every page
    load under Pyodide, 17 ms of the page's 185 ms of imports for the 26 that
    lacked one (Node, median of 8)."""
    missing = []
    for path in [*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ClassDef)
                and any("dataclass" in ast.unparse(d) for d in node.decorator_list)
                and not ast.get_docstring(node)
            ):
                missing.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert not missing
