"""The site's archives: stored zips in one gzip stream (scripts/solid_zip.py),
and the site's copy of Pyodide's loader, which reads its standard library so."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest

from bench import load
from scripts import build_site, solid_zip

ENTRIES = {f"pkg/mod{i}.py": b"def f(x):\n    return x + %d\n" % i for i in range(40)}


def test_an_archive_is_a_stored_zip_in_one_gzip_stream() -> None:
    packed = solid_zip.pack(ENTRIES)
    assert packed[:2] == b"\x1f\x8b"
    raw = gzip.decompress(packed)
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
    assert solid_zip.unpack(packed) == ENTRIES
    assert solid_zip.pack(ENTRIES) == packed  # byte for byte: the service worker's version holds


def test_one_stream_is_smaller_than_a_zip_deflating_each_member() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in ENTRIES.items():
            archive.writestr(name, data, compresslevel=9)
    assert len(solid_zip.pack(ENTRIES)) < 0.5 * len(buffer.getvalue())


def test_the_entry_points_unpacker_reads_both_forms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """public/unpack.py: the gzip stream, or the zip a server sent already inflated."""
    monkeypatch.syspath_prepend(str(build_site.PUBLIC))
    import unpack

    monkeypatch.chdir(tmp_path)
    for name, data in (
        ("a.zip.gz", solid_zip.pack(ENTRIES)),
        ("b.zip.gz", solid_zip.stored_zip({"x.py": b"1"})),
    ):
        (tmp_path / name).write_bytes(data)
        unpack.unpack(name)
        assert not (tmp_path / name).exists()
    assert (tmp_path / "pkg/mod7.py").read_bytes() == ENTRIES["pkg/mod7.py"]
    assert (tmp_path / "x.py").read_bytes() == b"1"


def test_the_site_ships_the_stdlib_compressed_and_its_loader_inflates_it(site: Path) -> None:
    pyodide = site / build_site.SITE_PYODIDE
    assert not (pyodide / build_site.STDLIB).exists()
    assert "site.py" in solid_zip.unpack((pyodide / build_site.SHIPPED_STDLIB).read_bytes())
    loader = (pyodide / "pyodide.mjs").read_text()
    assert loader.count("inflateStdlib") == 2  # defined, then called where the stdlib is fetched
    assert f'.indexURL+"{build_site.SHIPPED_STDLIB}"' in loader
    # (tests/scripts/test_trim_stdlib.py starts this loader in Node and imports every module
    # through it.)


def test_a_loader_the_build_cannot_patch_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / build_site.STDLIB).write_bytes(solid_zip.stored_zip({"site.py": b""}))
    (tmp_path / "pyodide.mjs").write_text('export const stdlib = "python_stdlib.zip";\n')
    with pytest.raises(build_site.BuildError, match="not the loader this build can patch"):
        build_site._ship_stdlib(tmp_path)


def test_a_first_visit_downloads_at_most_5_mb(site: Path) -> None:
    """Issue 16's goal: every file the service worker precaches, as GitHub Pages
    sends it (gzip for text and WebAssembly, archives and images as they are)."""
    sent = load.sent_bytes(site)
    assert sum(sent.values()) <= 5_000_000, sorted(sent.items(), key=lambda kv: -kv[1])[:6]
