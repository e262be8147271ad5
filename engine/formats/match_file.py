"""A match file of any kind the engine reads, told apart by what it holds: GNU
Backgammon's ``.sgf`` (a Smart Game Format tree, ``(;``), eXtreme Gammon's
binary ``.xg`` (its header, ``RGMH``), or a Jellyfish ``.mat`` text.

>>> mat = read_match_file(" 1 point match\\n Game 1\\n A : 0   B : 0\\n  1) 31: 8/5 6/5\\n")
>>> mat.names, kind_of(b"(;FF[4]GM[6])"), kind_of("\\ufeff 5 point match")
(('A', 'B'), 'sgf', 'mat')
>>> read_match_file(b"RGMH\\x01\\x00")
Traceback (most recent call last):
...
engine.errors.XgError: the file is cut short
"""

from __future__ import annotations

from engine.formats import sgf, xg
from engine.formats.mat import MatFile

XG_MAGIC = b"RGMH"
"""How an eXtreme Gammon ``.xg`` or ``.xgp`` file begins (its published header)."""


def kind_of(data: str | bytes) -> str:
    """``"xg"``, ``"sgf"`` or ``"mat"``: what a file's first bytes say it is."""
    if isinstance(data, bytes):
        if data.startswith(XG_MAGIC):
            return "xg"
        data = data[:64].decode("utf-8", "replace")
    head = data.removeprefix("\ufeff").lstrip()
    if head.startswith("RGMH"):  # an .xg read as text (the page reads files so)
        return "xg"
    return "sgf" if head.startswith("(") else "mat"


def read_match_file(data: str | bytes) -> MatFile:
    """The match a file holds, whatever its kind; raises a
    :class:`~engine.errors.FormatError` (with the line) when it is not a match."""
    kind = kind_of(data)
    if kind == "xg":
        # The page reads a file as text; an .xg comes as its bytes one character each.
        raw = data if isinstance(data, bytes) else data.encode("latin-1", "replace")
        return xg.read(raw)
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return sgf.read(text) if kind == "sgf" else MatFile.parse(text)
