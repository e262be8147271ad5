"""The README is a front page (#45): short, with a picture of the game that
exists, and the two commands that do all the set-up."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_the_readme_is_a_front_page_of_at_most_6_kb() -> None:
    assert len(README.read_bytes()) <= 6000


def test_its_pictures_and_links_are_there() -> None:
    text = README.read_text()
    pictures = re.findall(r'<img src="([^"]+)"', text)
    assert len(pictures) >= 2  # a phone and a desktop
    links = [t for t in re.findall(r"\]\(([^)#]+)", text) if not t.startswith("http")]
    for path in [*pictures, *links]:
        assert (ROOT / path).exists(), path


def test_it_gives_the_two_commands() -> None:
    block = re.search(r"```sh\n(.*?)```", README.read_text(), re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands == ["make serve", "make test"]
