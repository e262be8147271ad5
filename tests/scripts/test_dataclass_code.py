"""The dataclass methods compiled at build time (scripts/dataclass_code.py) and
their use at run time (public/unpack.py).  That the site's entry points
compile none at start under Pyodide is checked by tests/pyodide/import_site.mjs."""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import re
from collections.abc import Iterator
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from scripts import build_site, dataclass_code


@pytest.fixture
def unpack(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """public/unpack.py with its tables empty, and dataclasses as it was after."""
    monkeypatch.syspath_prepend(str(build_site.PUBLIC))
    import unpack as module

    monkeypatch.setattr(module, "_precompiled", {})
    monkeypatch.setattr(module, "compiled_here", [])
    monkeypatch.setattr(dataclasses, "exec", builtins.exec, raising=False)
    yield module
    monkeypatch.delattr(dataclasses, "exec", raising=False)


def _point() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        """A point."""

        x: int
        y: int = 0

    return Point


def _plain() -> type:
    @dataclasses.dataclass
    class Plain:
        x: int
        y: int = 0

    return Plain


def _table_for(make: Any, unpack: Any, *, mark: bool = False) -> dict[Any, CodeType]:
    """The table the build would write for the classes ``make`` creates, here in
    CPython; ``mark``: each ``__init__`` also sets ``marked`` (to see the table's
    code run rather than the source's)."""
    seen: dict[Any, str] = {}

    def recording(source: Any, /, *args: Any, **kwargs: Any) -> None:
        seen[unpack.source_key(source)] = source
        builtins.exec(source, *args, **kwargs)

    dataclasses.exec = recording  # type: ignore[attr-defined]
    try:
        make()
    finally:
        dataclasses.exec = builtins.exec  # type: ignore[attr-defined]
    table = {}
    for key, source in seen.items():
        if mark and "def __init__" in source:
            source = re.sub(
                r"(def __init__\(self.*:\n)(\s+)", r"\1\2self.marked = True\n\2", source, count=1
            )
            assert "marked" in source
        table[key] = compile(source, "<string>", "exec", dont_inherit=True)
    return table


def _write(path: Path, table: dict[Any, CodeType], magic: bytes = MAGIC_NUMBER) -> str:
    path.write_bytes(magic + marshal.dumps(table))
    return str(path)


def test_classes_are_made_from_the_tables_code(unpack: Any, tmp_path: Path) -> None:
    unpack.use_dataclass_code(_write(tmp_path / "t.marshal", _table_for(_plain, unpack, mark=True)))
    assert not (tmp_path / "t.marshal").exists()
    plain = _plain()(1, 2)
    assert unpack.compiled_here == []
    assert plain.marked is True


def test_the_tables_code_makes_the_same_class_as_compiling(unpack: Any, tmp_path: Path) -> None:
    plain = _point()
    unpack.use_dataclass_code(_write(tmp_path / "t.marshal", _table_for(_point, unpack)))
    cached = _point()
    assert unpack.compiled_here == []
    assert repr(cached(3)) == repr(plain(3)).replace(plain.__qualname__, cached.__qualname__)
    assert cached(3, 4) == cached(3, 4) != cached(4, 3)
    assert hash(cached(3, 4)) == hash(cached(3, 4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        cached(3).x = 5
    with pytest.raises(TypeError):
        cached()


def test_a_source_the_table_lacks_is_compiled_as_usual(unpack: Any, tmp_path: Path) -> None:
    unpack.use_dataclass_code(_write(tmp_path / "t.marshal", _table_for(_point, unpack)))

    @dataclasses.dataclass
    class Other:
        name: str

    assert Other("a") == Other("a")
    assert len(unpack.compiled_here) >= 1


def test_another_pythons_table_is_not_used(unpack: Any, tmp_path: Path) -> None:
    path = _write(tmp_path / "t.marshal", _table_for(_plain, unpack, mark=True), b"\0\0\r\n")
    unpack.use_dataclass_code(path)
    assert not hasattr(_plain()(1), "marked")
    assert unpack._precompiled == {}


def test_the_build_and_the_unpacker_agree_on_the_tables_name(unpack: Any) -> None:
    assert unpack.DATACLASS_CODE == dataclass_code.TABLE


def test_each_archive_ships_its_table(site: Path) -> None:
    from scripts import solid_zip

    for archive in (build_site.PAGE_ARCHIVE, build_site.WORKER_ARCHIVE):
        entries = solid_zip.unpack((site / archive).read_bytes())
        table = entries[dataclass_code.TABLE]
        # Pyodide's magic number, then {key: code}: CPython 3.11 cannot read the code.
        assert table[2:4] == b"\r\n"
        assert len(table) > 1000, archive
