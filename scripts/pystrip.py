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
- a body left with nothing in it gets a ``pass`` where its first string was.

Every other character keeps its line and column, so a traceback's line and
column numbers still point at the same code in the original file.  The result
is checked: parsed again, it must give the original's syntax tree less the
docstrings, with every node at its original line and column; if not (some
construct this does not handle), :func:`strip` returns the source unchanged.

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
from collections.abc import Iterator


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


def strip(source: str) -> str:
    """``source`` without comments and module and function docstrings (see above)."""
    try:
        stripped = _strip(source)
        return stripped if stripped != source and same_code(source, stripped) else source
    except (SyntaxError, ValueError, tokenize.TokenError):
        return source


def _strip(source: str) -> str:
    tree = ast.parse(source)
    text = source.splitlines(keepends=True)
    lines = [line.encode() for line in text]
    # (first line, column, last line, end column, replacement): 0-based lines,
    # UTF-8 byte columns (as the syntax tree gives them).
    cuts: list[tuple[int, int, int, int, bytes]] = []
    found = list(_docstrings(tree))
    removed = {id(doc) for doc, _ in found}
    for doc, body in found:
        end_line = doc.end_lineno if doc.end_lineno is not None else doc.lineno
        end_col = doc.end_col_offset if doc.end_col_offset is not None else doc.col_offset
        # A body left empty keeps a "pass" where its first string was.
        empty = all(id(statement) in removed for statement in body) and doc is body[0]
        new = b"pass" if empty else b""
        cuts.append((doc.lineno - 1, doc.col_offset, end_line - 1, end_col, new))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            (row, col), (_, end) = token.start, token.end
            line = text[row - 1]
            cuts.append((row - 1, len(line[:col].encode()), row - 1, len(line[:end].encode()), b""))
    touched: set[int] = set()
    for first, col, last, end, new in sorted(cuts, reverse=True):
        if first == last:
            lines[first] = lines[first][:col] + new + lines[first][end:]
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


def without_docstrings(source: str) -> ast.Module:
    """``source``'s syntax tree as :func:`strip` should leave it."""
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


def same_code(source: str, stripped: str) -> bool:
    """``stripped`` is ``source`` less its docstrings, every node where it was."""
    want, got = without_docstrings(source), ast.parse(stripped)
    return ast.dump(want) == ast.dump(got) and _starts(want) == _starts(got)


def _starts(tree: ast.AST) -> list[tuple[str, int | None, int | None]]:
    return [
        (type(node).__name__, getattr(node, "lineno", None), getattr(node, "col_offset", None))
        for node in ast.walk(tree)
    ]
