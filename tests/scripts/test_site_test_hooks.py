"""The test build's hooks (``e2e/site/``): dice from the URL for the e2e tests,
and only in the test build; the published build is the same site without them."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from types import ModuleType

import pytest

from e2e.site import dice as dice_module
from e2e.site import hooks as hooks_module
from e2e.site import online as online_module
from e2e.site.dice import QueuedDice, parse_faces
from e2e.site.hooks import Hooks, read_hooks
from scripts import build_site, bytecode, dataclass_code, precache, solid_zip

# What the page's own Python would have to contain to let a visitor choose the dice.
HOOK_MARKERS = (b"backgammonQueueDice", b"QueuedDice", b"location.search", b"e2e.site")


@pytest.mark.parametrize("module", [dice_module, hooks_module, online_module])
def test_doctests(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_queued_dice_come_first() -> None:
    class Sixes:
        def randint(self, a: int, b: int) -> int:
            return 6

    dice = QueuedDice(Sixes(), parse_faces("1,2"))
    assert [dice.randint(1, 6) for _ in range(3)] == [1, 2, 6]
    dice.push([4])
    assert dice.queued == 1 and dice.randint(1, 6) == 4


def test_the_hooks_the_e2e_tests_use() -> None:
    assert read_hooks("?seed=5&anim=off&dice=3,1") == Hooks(5, [3, 1], "off")
    assert read_hooks("seed=-2&dice=6%2C5") == Hooks(-2, [6, 5], None)
    assert read_hooks("") == Hooks()


@pytest.mark.parametrize(
    "search",
    [
        "?",
        "?&&&",
        "?seed",
        "?seed=&dice=&anim=",
        "?seed=1.5&dice=0,7,x&anim=OFF",
        "?seed=%ZZ&dice=%&anim=%E0%A4%A",
        "?seed=99999999999999999999999999999999999999x",
        "?dice=" + "9" * 5000,
        "?=&=x&a=b=c;d",
        "?seed=١٢&dice=٣,١",  # digits, but not ASCII ones
    ],
)
def test_junk_in_the_query_is_ignored(search: str) -> None:
    assert read_hooks(search) == Hooks()


# -- the two builds ------------------------------------------------------------------


@pytest.fixture(scope="module")
def test_site(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test build (after the published one, which ``site`` is)."""
    return build_site.build(tmp_path_factory.mktemp("build") / "site-test", test_hooks=True)


def files_of(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_the_published_page_has_no_test_hooks(site: Path) -> None:
    page = solid_zip.unpack((site / build_site.PAGE_ARCHIVE).read_bytes())
    worker = solid_zip.unpack((site / build_site.WORKER_ARCHIVE).read_bytes())
    python = {name: data for name, data in (page | worker).items() if name.endswith(".py")}
    # Most modules ship as bytecode alone: the source each was compiled from (its
    # header's hash names it) must not mention the hooks, nor the bytecode itself.
    for name, data in (page | worker).items():
        if name.endswith(".pyc"):
            text = (build_site.ROOT / name.removesuffix("c")).read_text(encoding="utf-8")
            stripped = build_site.shipped_python(text).encode()
            assert bytecode.compiled_from(data, stripped), f"{name} is not from {name[:-1]}"
            python[name] = data
            python[name.removesuffix("c")] = stripped
    assert "web/dom/page.pyc" in python and "engine/dice.py" in python
    python["main.py"] = (site / "main.py").read_bytes()
    python["ai_worker.py"] = (site / "ai_worker.py").read_bytes()
    for name, source in python.items():
        for marker in HOOK_MARKERS:
            assert marker not in source, f"{name} mentions {marker.decode()}"
    assert (site / "main.py").read_text() == (build_site.PUBLIC / "main.py").read_text()


def test_the_test_build_differs_only_by_its_entry_point_and_hooks(
    site: Path, test_site: Path
) -> None:
    published, tested = files_of(site), files_of(test_site)
    assert set(tested) == set(published)
    differ = {name for name in published if published[name] != tested[name]}
    # The service worker's manifest hashes every file, so it changes with them.
    assert differ == {"main.py", build_site.PAGE_ARCHIVE, "sw.js", precache.MANIFEST_FILE}
    assert tested["main.py"] == (build_site.ROOT / build_site.TEST_ENTRY).read_bytes()

    page = solid_zip.unpack(published[build_site.PAGE_ARCHIVE])
    test_page = solid_zip.unpack(tested[build_site.PAGE_ARCHIVE])
    added = set(test_page) - set(page)
    assert added == {build_site.sourceless(rel) for rel in build_site.TEST_MODULES}
    # The precompiled dataclass methods: what each build's entry point creates.
    del page[dataclass_code.TABLE], test_page[dataclass_code.TABLE]
    assert all(test_page[name] == data for name, data in page.items())


def test_the_test_builds_service_worker_precaches_what_it_ships(test_site: Path) -> None:
    manifest = json.loads((test_site / precache.MANIFEST_FILE).read_text())
    files = manifest["files"]
    assert sorted(files) == precache.precached_files(test_site)
    for rel, digest in files.items():
        assert precache.sha256(test_site / rel) == digest
    assert manifest["version"] in (test_site / "sw.js").read_text()
