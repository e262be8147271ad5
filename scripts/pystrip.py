"""Python sources without their comments and docstrings, line for line.

The site ships Python as source (Pyodide's standard library, which the
interpreter compiles as it imports) and as source beside bytecode (the site's
own packages, for tracebacks).  Comments and docstrings are a third to a half
of those bytes, and nothing in the browser reads them.  This removes them and
nothing else:

- every comment;
- every statement that is only a string: the docstrings of modules and
  functions, and the "attribute docstrings" under assignments (the compiler
  drops those anyway).  A class's own docstring stays: a dataclass without one
  gets a docstring made from its signature when it is created, which would
  cost time at every import, and they are few;
- a body left with nothing in it gets a ``pass`` where its first string was;
- with ``signatures=True`` (the site's own packages, never the standard
  library), the annotations of every function's parameters and of what it
  returns: ``def f(x: int = 1) -> str:`` becomes ``def f(x = 1):``.  Under
  ``from __future__ import annotations`` they are strings kept in each
  function's ``__annotations__``, which nothing in the site reads at run
  time.  The annotations of class bodies (a dataclass's fields, which
  ``dataclasses`` and ``typing.get_type_hints`` read: web/ai/protocol.py) and
  of variables stay.

Every other character keeps its line and column, so a traceback's line and
column numbers still point at the same code in the original file (a
function's header loses the columns its annotations took; its lines stay).
The result is checked: parsed again, it must give the original's syntax tree
less the docstrings (and the functions' annotations), with every node at its
original line and column (only its line, on a line an annotation left); if
not (some construct this does not handle), :func:`strip` returns the source
less only what it can remove so, or unchanged.

This module runs under the build's CPython (the site's own packages) and
inside the vendored Pyodide, whose Python is newer (the standard library uses
syntax the build's Python cannot parse): see :mod:`scripts.trim_stdlib`.

>>> print(strip('''\"\"\"Module.\"\"\"
... def f(x):  # why
...     \"\"\"Doc.\"\"\"
...     return x  # because
... '''), end="")
<BLANKLINE>
def f(x):
<BLANKLINE>
    return x
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator, Set


def _is_text(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _docstrings(tree: ast.AST) -> Iterator[tuple[ast.Expr, list[ast.stmt]]]:
    """Each statement that is only a string (a docstring, or the "attribute
    docstring" under an assignment: the compiler drops them all), with the body
    it is in; never a class's own docstring."""
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for k, statement in enumerate(body):
                own = k == 0 and field == "body" and isinstance(node, ast.ClassDef)
                if isinstance(statement, ast.Expr) and _is_text(statement) and not own:
                    yield statement, body


def strip(source: str, *, signatures: bool = False) -> str:
    """``source`` without comments and module and function docstrings, and with
    ``signatures`` without the annotations of its functions (see above)."""
    if signatures:
        try:
            out = _strip(source, signatures=True)
            if out != source and same_code(source, out, signatures=True):
                return out
        except (SyntaxError, ValueError, tokenize.TokenError, KeyError, IndexError):
            pass  # a header this does not read: the annotations stay
        return strip(source)
    try:
        stripped = _strip(source)
        return stripped if stripped != source and same_code(source, stripped) else source
    except (SyntaxError, ValueError, tokenize.TokenError):
        return source


# A cut: (first line, column, last line, end column, replacement, join): 0-based
# lines, UTF-8 byte columns (as the syntax tree gives them).  ``join``: what
# follows the cut on its last line moves up to its first line (the lines between
# are left empty), where a line break would end the statement.
_Cut = tuple[int, int, int, int, bytes, bool]


def _strip(source: str, signatures: bool = False) -> str:
    tree = ast.parse(source)
    text = source.splitlines(keepends=True)
    lines = [line.encode() for line in text]
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    cuts: list[_Cut] = _annotation_cuts(tree, tokens, text) if signatures else []
    annotated = [(first, col, last, end) for first, col, last, end, _, _ in cuts]
    found = list(_docstrings(tree))
    removed = {id(doc) for doc, _ in found}
    for doc, body in found:
        end_line = doc.end_lineno if doc.end_lineno is not None else doc.lineno
        end_col = doc.end_col_offset if doc.end_col_offset is not None else doc.col_offset
        # A body left empty keeps a "pass" where its first string was.
        empty = all(id(statement) in removed for statement in body) and doc is body[0]
        new = b"pass" if empty else b""
        cuts.append((doc.lineno - 1, doc.col_offset, end_line - 1, end_col, new, False))
    for token in tokens:
        if token.type == tokenize.COMMENT:
            (row, col), (_, end) = token.start, token.end
            line = text[row - 1]
            at = (row - 1, len(line[:col].encode()))
            if not any((a, b) <= at < (c, d) for a, b, c, d in annotated):
                cuts.append((*at, row - 1, len(line[:end].encode()), b"", False))
    touched: set[int] = set()
    for first, col, last, end, new, join in sorted(cuts, reverse=True):
        if first == last:
            lines[first] = lines[first][:col] + new + lines[first][end:]
        elif join:
            lines[first] = lines[first][:col] + new + lines[last][end:]
            for k in range(first + 1, last + 1):
                lines[k] = b"\n"
            touched.update(range(first, last + 1))
        else:
            lines[first] = lines[first][:col] + new + b"\n"
            for k in range(first + 1, last):
                lines[k] = b"\n"
            lines[last] = lines[last][end:]
            touched.update(range(first, last + 1))
        touched.add(first)
    for k in touched:
        # Trailing blanks left by a cut (never a backslash's: it joins lines).
        code = lines[k].rstrip(b"\r\n")
        ending = lines[k][len(code) :]
        kept = code.rstrip(b" \t")
        lines[k] = (code if kept.endswith(b"\\") else kept) + ending
    return b"".join(lines).decode()


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    a = function.args
    return [*a.posonlyargs, *a.args, *([a.vararg] if a.vararg else []), *a.kwonlyargs] + (
        [a.kwarg] if a.kwarg else []
    )


_SKIPPED = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)


def _annotation_cuts(
    tree: ast.AST, tokens: list[tokenize.TokenInfo], text: list[str]
) -> list[_Cut]:
    """The cuts that take every function's annotations out: from the end of a
    parameter's name to the end of its annotation (``: int``), and from the end
    of the parameter list to the end of what follows ``->``.  An annotation ends
    at the first ``,``, ``=``, ``)`` or ``:`` outside its own brackets."""
    code = [k for k, t in enumerate(tokens) if t.type not in _SKIPPED]
    at = {tokens[k].start: n for n, k in enumerate(code)}

    def token(n: int) -> tokenize.TokenInfo:
        return tokens[code[n]]

    def column(row: int, col: int) -> int:  # UTF-8 byte column -> character column
        return len(text[row - 1].encode()[:col].decode())

    def byte(position: tuple[int, int]) -> tuple[int, int]:
        row, col = position
        return row - 1, len(text[row - 1][:col].encode())

    def annotation_end(n: int, stops: str) -> int:
        """The last token of the annotation whose first is ``n``."""
        depth = 0
        while True:
            t = token(n)
            if t.type == tokenize.OP:
                if depth == 0 and t.string in stops:
                    return n - 1
                depth += t.string in "([{"
                depth -= t.string in ")]}"
            n += 1

    cuts: list[_Cut] = []
    for function in _functions(tree):
        for parameter in _parameters(function):
            if parameter.annotation is None:
                continue
            name = at[(parameter.lineno, column(parameter.lineno, parameter.col_offset))]
            if token(name).string != parameter.arg or token(name + 1).string != ":":
                raise ValueError(f"no annotation after {parameter.arg} at {parameter.lineno}")
            last = annotation_end(name + 2, ",=)")
            cuts.append((*byte(token(name).end), *byte(token(last).end), b"", False))
        if function.returns is not None:
            returns = function.returns
            n = at[(returns.lineno, column(returns.lineno, returns.col_offset))]
            while token(n).string != "->":
                n -= 1
            last = annotation_end(n + 1, ":")
            cuts.append((*byte(token(n - 1).end), *byte(token(last).end), b"", True))
    return cuts


def without_annotations(tree: ast.Module) -> ast.Module:
    """``tree`` with none of its functions' annotations (class bodies keep theirs)."""
    for function in _functions(tree):
        function.returns = None
        for parameter in _parameters(function):
            parameter.annotation = None
    return tree


def without_docstrings(source: str) -> ast.Module:
    """``source``'s syntax tree as :func:`strip` should leave it (without ``signatures``)."""
    tree = ast.parse(source)
    found = list(_docstrings(tree))
    for doc, body in found:
        body.remove(doc)
    for doc, body in found:
        if not body:
            body.append(
                ast.Pass(
                    lineno=doc.lineno,
                    col_offset=doc.col_offset,
                    end_lineno=doc.lineno,
                    end_col_offset=doc.col_offset + 4,
                )
            )
    return tree


def same_code(source: str, stripped: str, *, signatures: bool = False) -> bool:
    """``stripped`` is ``source`` less its docstrings (and with ``signatures``,
    its functions' annotations), every node where it was: on its line, and at
    its column unless an annotation was cut from that line."""
    want, got = without_docstrings(source), ast.parse(stripped)
    moved: set[int] = set()
    if signatures:
        for function in _functions(want):
            annotations = [p.annotation for p in _parameters(function)] + [function.returns]
            for node in annotations:
                if node is not None:
                    moved.update(range(function.lineno, (node.end_lineno or node.lineno) + 1))
        want = without_annotations(want)
    return ast.dump(want) == ast.dump(got) and _starts(want, moved) == _starts(got, moved)


def _starts(tree: ast.AST, moved: Set[int]) -> list[tuple[str, int | None, int | None]]:
    starts = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        col = None if line in moved else getattr(node, "col_offset", None)
        starts.append((type(node).__name__, line, col))
    return starts
