"""Stripping comments, docstrings and functions' annotations from the Python the
site ships (scripts/pystrip.py)."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import sys
import traceback
import types
import typing
from collections import Counter
from pathlib import Path

import pytest
from repo_paths import ROOT

from scripts import pystrip
from scripts.pystrip import same_code, strip, without_annotations, without_docstrings

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


# -- the functions' annotations (signatures=True: the site's own packages) ---------

TYPED = '''"""A module."""

from __future__ import annotations

import dataclasses
import typing

LIMIT: int = 3  # a module's annotated name stays


@dataclasses.dataclass(frozen=True)
class Move:
    """A class keeps its docstring and its fields' annotations."""

    start: int
    dice: tuple[int, ...] = ()
    note: str | None = None

    def moved(self, by: int = 1, *rest: int, why: str = "", **more: object) -> Move:
        return Move(self.start + by, self.dice, why or None)


def parse(
    text: dict[
        str,  # a comment inside an annotation goes with it
        int,
    ],
    /,
    scale: typing.Any = 2,
) -> dict[
    str, int
]:  # after a long return annotation
    return {k: v * scale for k, v in text.items()}


async def later(x: int, y) -> "int": return x + y


def fails(x: int) -> None:
    raise ValueError(x)
'''


def _typed(source: str) -> dict[str, typing.Any]:
    """``source`` run as the module ``typed`` (dataclasses look their module up)."""
    module = types.ModuleType("typed")
    sys.modules["typed"] = module
    try:
        exec(compile(source, "typed.py", "exec"), module.__dict__)
    finally:
        del sys.modules["typed"]
    return module.__dict__


def test_functions_lose_their_annotations_classes_and_modules_keep_theirs() -> None:
    out = strip(TYPED, signatures=True)
    assert 'def moved(self, by = 1, *rest, why = "", **more):' in out
    assert "async def later(x, y): return x + y" in out
    assert "->" not in out
    for function in ast.walk(ast.parse(out)):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert function.returns is None, function.name
            assert not [a for a in ast.walk(function.args) if getattr(a, "annotation", None)]
    kept = _typed(out)
    assert kept["Move"].__annotations__ == {
        "start": "int", "dice": "tuple[int, ...]", "note": "str | None"
    }  # fmt: skip
    assert kept["__annotations__"] == {"LIMIT": "int"}
    for name in ("parse", "later", "fails"):
        assert kept[name].__annotations__ == {}, name
    assert kept["Move"].moved.__annotations__ == {}
    assert _typed(TYPED)["parse"].__annotations__  # (which the original had)


def test_without_annotations_every_line_keeps_its_number() -> None:
    out = strip(TYPED, signatures=True)
    assert out.count("\n") == TYPED.count("\n")

    def lines(tree: ast.AST) -> Counter[tuple[str, int]]:
        return Counter((type(n).__name__, n.lineno) for n in ast.walk(tree) if hasattr(n, "lineno"))

    # Every node of the code (less docstrings and annotations) starts on its line.
    assert lines(ast.parse(out)) == lines(without_annotations(without_docstrings(TYPED)))
    assert "    text\n\n\n,\n    /,\n    scale = 2,\n" in out
    assert "):\n\n\n    return {k: v * scale" in out  # the long return annotation's lines: empty

    def line_of_error(source: str) -> int:
        with pytest.raises(ValueError) as caught:
            _typed(source)["fails"](1)
        return traceback.extract_tb(caught.value.__traceback__)[-1].lineno or 0

    assert line_of_error(out) == line_of_error(TYPED) == TYPED.count("\n")


def test_a_dataclass_stripped_of_its_methods_annotations_still_works() -> None:
    kept = _typed(strip(TYPED, signatures=True))
    move_type = kept["Move"]
    move = move_type(3, (6, 5))
    assert move.moved(2, why="run") == move_type(5, (6, 5), "run")
    assert [f.name for f in dataclasses.fields(move_type)] == ["start", "dice", "note"]
    assert dataclasses.replace(move, note="x") == move_type(
        **{**dataclasses.asdict(move), "note": "x"}
    )
    # What web/ai/protocol.py reads to decode a message: the fields' types.
    assert typing.get_type_hints(move_type) == {
        "start": int, "dice": tuple[int, ...], "note": str | None
    }  # fmt: skip
    assert kept["parse"]({"a": 2}) == {"a": 4}
    assert asyncio.run(kept["later"](1, 2)) == 3


def test_the_check_sees_annotations_gone_and_nothing_else() -> None:
    out = strip(TYPED, signatures=True)
    assert same_code(TYPED, out, signatures=True)
    assert not same_code(TYPED, out)  # without signatures: the annotations are missed
    assert not same_code(TYPED, out.replace("by = 1", "by = 2"), signatures=True)
    assert not same_code(TYPED, out.replace("LIMIT: int", "LIMIT"), signatures=True)
    assert not same_code(TYPED, "\n" + out[: out.rindex("\n")], signatures=True)


def test_without_signatures_annotations_stay_as_for_the_standard_library() -> None:
    """The build strips Pyodide's standard library without ``signatures``
    (scripts/trim_stdlib.py): ``inspect``, ``typing`` and ``dataclasses`` may
    read a function's annotations there."""
    out = strip(TYPED)
    assert out == strip(TYPED, signatures=False)
    assert 'def moved(self, by: int = 1, *rest: int, why: str = "", **more: object) -> Move:' in out
    assert _typed(out)["parse"].__annotations__ == _typed(TYPED)["parse"].__annotations__
    source = Path(dataclasses.__file__).read_text(encoding="utf-8")
    assert ast.dump(without_docstrings(source)) == ast.dump(ast.parse(strip(source)))


@pytest.mark.parametrize(
    "source",
    [
        "def f(x: int) -> int: return x\n",
        "def f(x: 'a,b' = (1, 2), y: t[1:2] = {1: 2}) -> t[:]:\n    pass\n",
        "def f(x: int=1, *, y: int) -> (\n    int\n):\n    pass\n",
        "class A:\n    x: int\n    def f(self) -> A: ...\n",
        "f = lambda x: x\n",
        "def f(\n    x: int,  # why\n) -> None:\n    pass\n",
    ],
)
def test_annotations_go_only_where_the_code_stays_the_same(source: str) -> None:
    out = strip(source, signatures=True)
    assert out.count("\n") == source.count("\n")
    assert same_code(source, out, signatures=True)
    assert "->" not in out
    compile(out, "x.py", "exec")


def test_a_header_it_cannot_read_keeps_its_annotations_and_loses_the_rest() -> None:
    source = "def f(x: int) -> int:  # why\n    return x\n"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pystrip, "_annotation_cuts", lambda *_: [][0])  # raises IndexError
        assert (
            strip(source, signatures=True)
            == strip(source)
            == "def f(x: int) -> int:\n    return x\n"
        )


def test_every_module_of_the_site_loses_its_functions_annotations_only() -> None:
    annotated = 0
    for path in [*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").rglob("*.py")]:
        source = path.read_text(encoding="utf-8")
        out = strip(source, signatures=True)
        assert out.count("\n") == source.count("\n"), path
        assert same_code(source, out, signatures=True), path
        left = [
            f"{path.relative_to(ROOT)}:{node.lineno}"
            for node in ast.walk(ast.parse(out))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and (
                node.returns
                or any(a.annotation for a in ast.walk(node.args) if isinstance(a, ast.arg))
            )
        ]
        assert not left  # none falls back to keeping them
        annotated += "->" in source
    assert annotated > 100
