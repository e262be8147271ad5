"""What reading an imported match file repaired, as the player reads it
(``web.words.file_repairs``): the engine's reader notes each repair with a code
and values, and the page says them in its words, with where; every code the
reader notes has a sentence taking exactly its values."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from engine.formats.mat import MatFile
from engine.formats.mat_parts import NoteCode
from web.words.file_repairs import SENTENCES, repair

ROOT = Path(__file__).resolve().parents[3]

GOOD = (
    '; [Site "here"]\n\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n'
    "  1) 31: 8/5 6/5                 64: 24/18 13/9 \n"
    "  2)  Doubles => 2                Takes\n"
    "  3) 52: 13/8 13/11              \n"
)


def _code(node: ast.expr | None) -> str | None:
    """``NoteCode.X``'s value, where ``node`` names one."""
    if isinstance(node, ast.Attribute) and getattr(node.value, "id", "") == "NoteCode":
        return str(NoteCode[node.attr])
    return None


def noted_codes() -> dict[str, set[frozenset[str]]]:
    """Each code the engine notes (``replay.note(line, move, text, NoteCode.X,
    **values)`` or ``ReadNote(..., code=NoteCode.X, values={...})``), and the
    value names given with it."""
    codes: dict[str, set[frozenset[str]]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name == "note" and len(node.args) == 4 and (code := _code(node.args[3])):
                names = frozenset(k for k in keywords if k not in (None, "flagged"))
            elif name == "ReadNote" and (code := _code(keywords.get("code"))):
                values = keywords.get("values")
                assert values is None or isinstance(values, ast.Dict)
                names = frozenset(
                    k.value
                    for k in (values.keys if values else ())
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)
                )
            else:
                continue
            codes.setdefault(code, set()).add(names)
    return codes


NOTED = noted_codes()


def test_every_repair_the_reader_notes_has_a_code() -> None:
    assert set(NOTED) == {str(code) for code in NoteCode}  # and each is noted somewhere


@pytest.mark.parametrize("code", sorted(NOTED))
def test_every_code_noted_has_a_sentence_taking_its_values(code: str) -> None:
    assert code in SENTENCES
    parameters = frozenset(inspect.signature(SENTENCES[code]).parameters)
    assert NOTED[code] == {parameters}


def test_no_sentence_waits_for_a_code_nobody_notes() -> None:
    assert set(SENTENCES) == set(NOTED)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "31: 8/5 6/5",
            "31: 8/5 6/4",
            ["Game 1, move 1: Alice's 8/5 6/4 is not a legal play of 31; kept as recorded"],
        ),
        (" Game 1", " Game 2", ["Game 2: numbered 2, read as game 1"]),
        (
            "Doubles => 2",
            "Doubles => 4",
            ["Game 1, move 2: Alice doubles to 4, but the cube goes to 2; read as 2"],
        ),
        (
            "                Takes",
            "                Takes   61: 13/7 8/7",
            ["Line 8: cannot read '61: 13/7 8/7'; left out"],
        ),
        (
            "  2)  Doubles",
            "  2) 21: 6/5 6/4 \n  3)  Doubles",
            [
                # a cell the reader refused is said as a refused file is (web.words.file_errors)
                "Game 1, move 3: Alice doubles, but it is Bob’s turn; left out",
                "Game 1, move 3: Bob takes, but may not do so then; left out",
                "Game 1, move 3: Alice rolls, but it is Bob’s turn; left out",
            ],
        ),
        (
            "31: 8/5 6/5",
            "33: 8/5 6/5",
            [
                "Game 1, move 1: The opening roll cannot be a double (a tie is rolled again); "
                "left out"
            ],
        ),
        (
            "  3) 52:",
            "  3) 52: 13/8 13/11\n  4) 52: 13/8 13/11\n\n Game 2\n Alice : 0  Bob : 0\n"
            "  1) 31: 8/5 6/5\n  2) 52:",
            [
                "Game 1, move 4: Alice rolls, but it is Bob’s turn; left out",
                "Game 2: the game before does not end in the file, and nothing says who won "
                "it; the games from here on are not read",
            ],
        ),
    ],
)
def test_a_repair_is_said_in_words_with_where(old: str, new: str, said: list[str]) -> None:
    assert old in GOOD
    mat = MatFile.parse(GOOD.replace(old, new, 1))
    assert [repair(note) for note in mat.notes] == said


def test_names_a_mat_file_cannot_hold_are_said_so() -> None:
    mat = MatFile.parse(GOOD.replace("Bob : 0", "Alice : 0"))
    assert mat.names == ("Player 1", "Player 2")  # the reader's stand-ins
    assert repair(mat.notes[-1]) == (
        "Line 0: the names 'Alice' and 'Alice' cannot be written in a .mat file; "
        "read as Player 1 and Player 2"
    )


def test_a_name_left_empty_is_read_as_its_stand_in_and_the_other_kept() -> None:
    # As Backgammon Galaxy writes a match whose opponent's account is gone
    # (bglab's match4926796.txt: ' lasse : 0                        : 0').
    line = next(line for line in GOOD.splitlines() if "Bob : 0" in line)
    empty = re.sub(r"Bob : 0", " " * len("Bob") + " : 0", line)
    mat = MatFile.parse(GOOD.replace(line, empty, 1))
    assert mat.names == ("Alice", "Player 2")
    assert repair(mat.notes[-1]) == (
        "Line 0: the names 'Alice' and ' ' cannot be written in a .mat file; "
        "read as Alice and Player 2"
    )
