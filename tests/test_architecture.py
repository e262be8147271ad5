"""The architecture, held: the import contract in ``pyproject.toml``
(``[tool.importlinter]``: web/'s layers, web/worker/ apart, only web/dom/ and
web/worker/ touching the browser, the engine apart from the page and GNU
Backgammon a referee only), no import circle in engine/ or web/, and what an
import graph cannot see."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import grimp
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


def import_circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The graph's import circles: its strongly connected components of more than
    one module (or of one that imports itself), each sorted, found by Tarjan's
    algorithm without recursion.

    >>> graph = grimp.ImportGraph()
    >>> for importer, imported in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")]:
    ...     graph.add_import(importer=importer, imported=imported)
    >>> import_circles(graph)
    [['p.a', 'p.b', 'p.c']]
    """
    modules = sorted(graph.modules)
    number: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in modules:
        if root in number:
            continue
        # Each frame: a module and the modules it imports still to visit.
        frames = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        number[root] = low[root] = len(number)
        stack.append(root)
        on_stack.add(root)
        while frames:
            module, imported = frames[-1]
            step = next(imported, None)
            if step is not None:
                if step not in number:
                    number[step] = low[step] = len(number)
                    stack.append(step)
                    on_stack.add(step)
                    frames.append(
                        (step, iter(sorted(graph.find_modules_directly_imported_by(step))))
                    )
                elif step in on_stack:
                    low[module] = min(low[module], number[step])
                continue
            frames.pop()
            if frames:
                low[frames[-1][0]] = min(low[frames[-1][0]], low[module])
            if low[module] == number[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                itself = graph.direct_import_exists(importer=module, imported=module)
                if len(component) > 1 or itself:
                    circles.append(sorted(component))
    return sorted(circles)


def _circle_imports(graph: grimp.ImportGraph, circle: list[str]) -> list[str]:
    """The imports that close ``circle``, one a line: ``importer -> imported (line N)``."""
    return [
        f"    {importer} -> {imported} (line {detail['line_number']}: {detail['line_contents']})"
        for importer in circle
        for imported in circle
        for detail in graph.get_import_details(importer=importer, imported=imported)
    ]


def test_no_import_circle_in_engine_or_web() -> None:
    """No module of engine/ or web/ imports, however indirectly, a module that
    imports it back: grimp's graph (import-linter's), with the imports made
    inside functions and under ``TYPE_CHECKING`` (a lazy import is still a
    dependency; a type checked is still a coupling)."""
    graph = grimp.build_graph("engine", "web", cache_dir=None)
    circles = import_circles(graph)
    said = [
        f"{{{', '.join(circle)}}}\n" + "\n".join(_circle_imports(graph, circle))
        for circle in circles
    ]
    assert circles == [], "import circles:\n" + "\n".join(said)


def test_an_import_circle_is_found_lazy_imports_included(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "value.py").write_text(
        "class Value:\n    def __str__(self) -> str:\n"
        "        from circled.text import write\n\n        return write(self)\n"
    )
    (package / "text.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from circled.value import Value\n\n\ndef write(v: 'Value') -> str:\n    return ''\n"
    )
    (package / "alone.py").write_text("import circled.text\n")
    (package / "selfish.py").write_text("def f() -> None:\n    import circled.selfish\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("circled", cache_dir=None)
    assert import_circles(graph) == [["circled.selfish"], ["circled.text", "circled.value"]]
    assert _circle_imports(graph, ["circled.text", "circled.value"]) == [
        "    circled.text -> circled.value (line 4: from circled.value import Value)",
        "    circled.value -> circled.text (line 3: from circled.text import write)",
    ]


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


# What the page says goes out through these: the status line, the notice, the
# screen reader's announcements, a dialog's error.
_SAID = frozenset({"message", "notice", "dialog_error"})
_SAYERS = frozenset({"say", "_say", "_news", "_alert", "announce"})


def _written_here(node: ast.expr) -> bool:
    """A sentence written in place: a non-empty literal or an f-string with words in it."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(v, ast.Constant) and any(c.isalpha() for c in str(v.value))
            for v in node.values
        )
    return False


def _sentences_written_in(path: Path, *, refusals: bool = False) -> list[str]:
    """Where ``path`` writes a sentence the page says; with ``refusals``, also
    the details an error is made with (``raise SomeError("...")``), which online
    play's refusals show the player in parentheses."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        said = [k.value for k in node.keywords if k.arg in _SAID]
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in _SAYERS or (refusals and name.endswith("Error")):
            said += node.args[:1]
        found += [f"{path.name}:{v.lineno}" for v in said if _written_here(v)]
    return found


@pytest.mark.parametrize("layer", ["control", "dom", "online", "view", "board", "model"])
def test_what_the_page_says_is_written_in_web_words(layer: str) -> None:
    """Every sentence the status line, a notice, an announcement or a dialog's
    error shows comes from ``web.words`` (called with values), never a string
    written where it is said."""
    written = [
        where
        for path in sorted((ROOT / "web" / layer).rglob("*.py"))
        for where in _sentences_written_in(path)
    ]
    assert written == []


def test_online_plays_refusals_give_their_details_in_web_words() -> None:
    """What online play refuses (web/online/'s ``OnlineError``, and the plain
    ``ValueError`` of a helper whose text a refusal wraps) is made with its
    details from ``web.words.online_detail`` (called with values), never with
    a sentence written where it is raised: the player reads them after the
    refusal's headline (``OnlineError.plain``)."""
    written = [
        where
        for path in sorted((ROOT / "web" / "online").rglob("*.py"))
        for where in _sentences_written_in(path, refusals=True)
    ]
    assert written == []


def test_a_refusal_s_detail_written_where_it_is_raised_is_found(tmp_path: Path) -> None:
    code = tmp_path / "part.py"
    code.write_text(
        "raise InviteError('this link holds no invite')\n"
        "raise ValueError(f'not base64: {text!r}') from exc\n"
        "error = MalformedMessageError(f'it could not be read: {kind}')\n"
        "raise InviteError(detail.NO_INVITE_HERE)\n"
        "raise ForkedHistoryError(detail.differs_from_ours(index + 1))\n"
        "raise SavedStateError(str(exc)) from exc\n"
        "raise LinkTooLongError(f'{length}: {most}')\n"
    )
    assert _sentences_written_in(code, refusals=True) == ["part.py:1", "part.py:2", "part.py:3"]
    assert _sentences_written_in(code) == []


def test_a_sentence_written_where_it_is_said_is_found(tmp_path: Path) -> None:
    code = tmp_path / "part.py"
    code.write_text(
        "self._set(message='Oops, no')\n"
        "self._say(f'{name} rolls')\n"
        "self._set(message='', notice=words.SAVED)\n"
        "self.session.say(words.rolled(name))\n"
    )
    assert _sentences_written_in(code) == ["part.py:1", "part.py:2"]


# -- the engine's refusals ----------------------------------------------------------------------

_ENGINE_ERRORS = frozenset(
    name
    for name, value in vars(importlib.import_module("engine.errors")).items()
    if isinstance(value, type) and issubclass(value, ValueError)
)
"""The engine's error classes (a bare ``ValueError`` handler in web/ catches the
AI worker's or a parser's trouble, said as a detail in parentheses)."""


def _names_engine_errors(node: ast.expr | None) -> bool:
    """``node`` (an ``except`` clause's, an ``isinstance`` test's or an annotation)
    names one of the engine's errors."""
    if node is None:
        return False
    kinds = node.elts if isinstance(node, ast.Tuple) else [node]
    return any(
        (isinstance(k, ast.Name) and k.id in _ENGINE_ERRORS)
        or (isinstance(k, ast.Constant) and str(k.value) in _ENGINE_ERRORS)
        for k in kinds
    )


def _english_of(name: str, body: list[ast.stmt], path: Path) -> list[str]:
    """Where ``body`` turns ``name`` into text: ``str(name)``, ``f"{name}"``, ``format(name)``."""
    found = []
    for statement in body:
        for node in ast.walk(statement):
            said = (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("str", "format")
                and any(isinstance(a, ast.Name) and a.id == name for a in node.args)
            ) or (
                isinstance(node, ast.FormattedValue)
                and isinstance(node.value, ast.Name)
                and node.value.id == name
            )
            if said:
                found.append(f"{path.name}:{node.lineno}")
    return found


def _engine_english_shown(path: Path) -> list[str]:
    """The engine's English made into text: ``str(exc)`` (or ``f"{exc}"``) of an
    engine error, held where the code knows it is one: in a handler of an engine
    error, in a function given one (``exc: FormatError``), or in the branch of an
    ``isinstance(exc, SaveError)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ExceptHandler) and node.name is not None:
            if _names_engine_errors(node.type):
                found += _english_of(node.name, node.body, path)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            for argument in arguments:
                if _names_engine_errors(argument.annotation):
                    found += _english_of(argument.arg, node.body, path)
        elif isinstance(node, ast.If):
            for test in ast.walk(node.test):
                if (
                    isinstance(test, ast.Call)
                    and isinstance(test.func, ast.Name)
                    and test.func.id == "isinstance"
                    and len(test.args) == 2
                    and isinstance(test.args[0], ast.Name)
                    and _names_engine_errors(test.args[1])
                ):
                    found += _english_of(test.args[0].id, node.body, path)
    return sorted(set(found), key=lambda where: int(where.rsplit(":", 1)[1]))


@pytest.mark.parametrize(
    "layer", ["control", "dom", "online", "view", "model", "coach", "board", "words"]
)
def test_the_engines_refusals_are_said_in_web_words(layer: str) -> None:
    """An engine error reaches the player through ``web.words.refusals.refusal``
    (its code and values said in the page's words), never as the engine's own
    English (``str(exc)``)."""
    shown = [
        where
        for path in sorted((ROOT / "web" / layer).rglob("*.py"))
        for where in _engine_english_shown(path)
    ]
    assert shown == []


def test_the_engines_english_shown_is_found(tmp_path: Path) -> None:
    code = tmp_path / "part.py"
    code.write_text(
        "try:\n    f()\nexcept EngineError as exc:\n    say(str(exc))\n"
        "try:\n    f()\nexcept (KeyError, IllegalPlayError) as e:\n    say(f'{str(e)}')\n"
        "try:\n    f()\nexcept EngineError as exc:\n    say(refusal(exc))\n"
        "try:\n    f()\nexcept OSError as exc:\n    say(str(exc))\n"
        "def why(exc: FormatError) -> str:\n    return str(exc)\n"
        "def why(error: Exception) -> str:\n    if isinstance(error, SaveError):\n"
        "        return f'damaged ({error})'\n    return str(error)\n"
        "try:\n    f()\nexcept (InvalidXgidError, MatFileError) as exc:\n    say(format(exc))\n"
    )
    assert _engine_english_shown(code) == [
        "part.py:4",
        "part.py:8",
        "part.py:18",
        "part.py:21",
        "part.py:26",
    ]
