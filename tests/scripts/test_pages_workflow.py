"""The GitHub Pages workflow builds with the project's own build command and
deploys with the official Pages actions."""

from __future__ import annotations

import re

from repo_paths import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def test_it_builds_with_make_build_which_writes_build_site() -> None:
    assert re.search(r"^\s+run: make build$", text(), re.MULTILINE)
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^build:.*\n\t\$\(PY\) -m scripts\.build_site$", makefile, re.MULTILINE)
    assert re.search(r"^\s+path: build/site$", text(), re.MULTILINE)


def test_it_uses_the_official_pages_actions_with_the_permissions_they_need() -> None:
    workflow = text()
    for action in ("configure-pages", "upload-pages-artifact", "deploy-pages"):
        assert re.search(rf"uses: actions/{action}@v\d+", workflow), action
    assert "pages: write" in workflow and "id-token: write" in workflow
    assert "name: github-pages" in workflow
    assert re.search(r"branches: \[main\]", workflow)


def test_it_is_plain_yaml_without_tabs() -> None:
    assert "\t" not in text()
