"""web.words.shell: the words of public/'s static files, written in by the build."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scripts.build_site import BuildError, fill_words
from web.words.shell import SHELL

PUBLIC = Path(__file__).resolve().parents[3] / "public"
FILLED = ("index.html", "manifest.webmanifest", "progress.js", "sw-register.js")
KEY = re.compile(r"\{\{([A-Z_]+)\}\}")
READ = ("title", "aria-label", "placeholder", "alt")  # attributes a player (or a reader) meets


def _keys(name: str) -> set[str]:
    return set(KEY.findall((PUBLIC / name).read_text(encoding="utf-8")))


def test_every_key_has_words_and_every_word_is_used() -> None:
    used = set().union(*(_keys(name) for name in FILLED))
    assert used == set(SHELL)


class _Readable(HTMLParser):
    """What the page shows as text, or says through an attribute, outside its scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._script += tag in ("script", "style")
        values = dict(attrs)
        self.found += [v for k, v in attrs if k in READ and v]
        if tag == "meta" and values.get("name") == "description":
            self.found.append(values.get("content") or "")

    def handle_endtag(self, tag: str) -> None:
        self._script -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self._script and data.strip():
            self.found.append(data.strip())


def test_the_page_shell_holds_no_words_of_its_own() -> None:
    reader = _Readable()
    reader.feed((PUBLIC / "index.html").read_text(encoding="utf-8"))
    assert reader.found, "the parser read nothing"
    own = [text for text in reader.found if re.search("[A-Za-z]", KEY.sub("", text))]
    assert own == []


def test_the_installed_apps_name_and_description_are_words() -> None:
    manifest = json.loads((PUBLIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert all(KEY.fullmatch(manifest[k]) for k in ("name", "short_name", "description"))


def test_words_are_escaped_for_where_they_go() -> None:
    assert fill_words('"{{LOADING}}"') == '"Loading Python…"'
    assert fill_words("<p>{{MOVE_EXAMPLE}}</p>", html=True) == "<p>e.g. 8/5 6/5</p>"
    quoted = fill_words('x = "{{DOWNLOADING}}";')
    assert quoted == 'x = "Downloading Python: {loaded} of {total} MB";'


@pytest.mark.parametrize("text", ["{{NO_SUCH_WORDS}}", "{{lower}}", "a {{ b"])
def test_a_key_without_words_stops_the_build(text: str) -> None:
    with pytest.raises(BuildError):
        fill_words(text)
