"""What is wrong with a file, an ID or a save, as the player reads it
(``web.words.file_errors``): the engine's readers refuse with a code and values,
and the page says them in its words, with the line where the text has lines.
(Every code's sentence taking exactly its values: ``test_web_refusals``.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.errors import FormatError
from engine.formats import sgf, xg
from engine.formats.mat import MatFile
from engine.formats.save import load_match, loads
from engine.position import Position
from engine.position_setup import PositionSetup
from web.model.savefile import SavedGame
from web.words.refusals import refusal

GAME = " Game 1\n Alice : 0                     Bob : 0\n  1) 31: 8/5 6/5\n"


@pytest.mark.parametrize(
    ("read", "said"),
    [
        (
            lambda: MatFile.parse(" three point match\n"),
            "Line 1: The match length, like “5 point match”, was expected, not “three point match”",
        ),
        (
            lambda: MatFile.parse(" 3 point match\n\n White : 0\n"),
            "Line 3: “Game 1” was expected, not “White : 0”",
        ),
        (
            lambda: MatFile.parse(f'; [Crawford "maybe"]\n 3 point match\n\n{GAME}'),
            "Line 1: The Crawford tag says “maybe”, not On or Off",
        ),
        (
            lambda: MatFile.parse(f" 3 point match\n\n{GAME.replace('Bob : 0', 'Bob : 3')}"),
            "Line 4: The first game’s score cannot start a game of this match",
        ),
        (lambda: sgf.read(""), "That is not an .sgf file: there is no game in it"),
        (lambda: sgf.read("hello"), "Line 1: “h” cannot be read there"),
        (lambda: sgf.read("(;FF[4]GM[6]MI[length:abc])"), "Line 1: “length:abc” is not a number"),
        (lambda: xg.read(b"RGMH" + bytes(200)), "The file is cut short"),
        (
            lambda: Position.from_id("nonsense"),
            "A Position ID is 14 characters: letters, digits, + and /",
        ),
        (
            lambda: PositionSetup.from_xgid("XGID=nonsense"),
            "That is not an XGID as eXtreme Gammon writes it",
        ),
        (lambda: loads("{"), "The saved game is damaged and cannot be read"),
        (lambda: load_match({"format": "chess"}), "That is not a saved game from this page"),
        (
            lambda: SavedGame.from_json({"app": "backgammon-web", "version": 9}),
            "That save is from another version of this page (version 9) and cannot be read here",
        ),
    ],
)
def test_a_readers_refusal_is_said_in_words(read: Callable[[], object], said: str) -> None:
    with pytest.raises(FormatError) as refused:
        read()
    assert refused.value.code  # a code, not only the reader's English
    assert refusal(refused.value) == said
    assert said != str(refused.value)


def test_a_match_files_trouble_keeps_its_code_through_the_sgf_reader() -> None:
    """``.sgf`` (and ``.xg``) are replayed by the ``.mat`` reader: what it refuses
    comes out as the ``.sgf`` reader's error, with the same code and its line."""
    from engine.errors import SgfError

    with pytest.raises(SgfError) as refused:
        sgf.read("(;FF[4]GM[6]MI[length:3][ws:3])")  # White at 3 of 3 before a game
    assert refused.value.code == "first_score"
    assert (
        refusal(refused.value) == "Line 1: The first game’s score cannot start a game of this match"
    )
