"""The engine's refusals said in the page's words (``web.words.refusals``, and
``web.words.file_errors`` for a file's, an ID's or a save's): every code the
engine raises has a sentence taking exactly its values, and what a player meets
in the editor and when typing a play reads as a sentence."""

from __future__ import annotations

import ast
import inspect
from dataclasses import replace
from pathlib import Path

import pytest

from engine import errors
from engine.errors import EngineError, FormatError, IllegalActionError
from engine.match import Match
from engine.position_setup import PositionSetup
from web.words import file_errors
from web.words.refusal_sentences import SENTENCES
from web.words.refusals import NOT_ALLOWED, refusal, refused_play

ROOT = Path(__file__).resolve().parents[3]
ALL_SENTENCES = {**SENTENCES, **file_errors.SENTENCES}
"""The refusals' sentences and the files' diagnoses: one code, one sentence."""


ERRORS = {
    name: kind
    for name, kind in vars(errors).items()
    if isinstance(kind, type) and issubclass(kind, EngineError)
}
"""The engine's error classes by name; a kind with a ``code`` of its own gives it
to every raise site that names none (``SaveError``: a damaged save)."""

SOURCES = sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").rglob("*.py")])
"""The engine, and the page (whose save format raises the engine's ``SaveError``)."""


def raises() -> list[tuple[str, ast.Call]]:
    """Every ``raise Kind(...)`` in the sources, where it is."""
    return [
        (f"{path.relative_to(ROOT)}:{node.lineno}", node.exc)
        for path in SOURCES
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
    ]


def raised_codes() -> dict[str, set[frozenset[str]]]:
    """Each code raised (a ``code=``, or a kind's own when a site gives none), and
    the value names given with it."""
    codes: dict[str, set[frozenset[str]]] = {}
    for _, call in raises():
        keywords = {k.arg: k.value for k in call.keywords}
        code = keywords.pop("code", None)
        if isinstance(code, ast.Constant) and isinstance(code.value, str):
            names = frozenset(k for k in keywords if k is not None)
            codes.setdefault(code.value, set()).add(names)
        elif code is None and isinstance(call.func, ast.Name) and call.func.id in ERRORS:
            kind = ERRORS[call.func.id].code
            if kind:
                codes.setdefault(kind, set()).add(frozenset())
    return codes


RAISED = raised_codes()


def test_every_format_error_raised_has_a_code() -> None:
    """What is wrong with a file, an ID or a save is always said by a code: the
    site's own, or its kind's."""
    uncoded = [
        where
        for where, call in raises()
        if isinstance(call.func, ast.Name)
        and issubclass(ERRORS.get(call.func.id, EngineError), FormatError)
        and not any(k.arg in ("code", None) for k in call.keywords)
        and not ERRORS[call.func.id].code
        and not where.startswith("engine/cli/")  # the command line prints the English
    ]
    assert uncoded == []


def test_the_engine_raises_coded_refusals() -> None:
    assert len(RAISED) >= 30 + 40  # the set-up's and the notation's; the formats' readers'


@pytest.mark.parametrize("code", sorted(RAISED))
def test_every_code_raised_has_a_sentence_taking_its_values(code: str) -> None:
    assert code in ALL_SENTENCES
    parameters = frozenset(inspect.signature(ALL_SENTENCES[code]).parameters)
    assert RAISED[code] == {parameters}
    for kind in (EngineError, FormatError):
        sentence = refusal(kind("the engine's English", code=code, **dict.fromkeys(parameters, 7)))
        assert sentence and sentence != "the engine's English" and "{" not in sentence


def test_no_sentence_waits_for_a_code_nobody_raises() -> None:
    assert set(ALL_SENTENCES) == set(RAISED)
    assert not set(SENTENCES) & set(file_errors.SENTENCES)  # each code said in one place


def test_the_editors_refusals_read_as_sentences() -> None:
    names = ("Ann", "Bob")
    with pytest.raises(EngineError) as full:
        replace(PositionSetup.start(), names=names).add(0, 6)
    assert refusal(full.value) == "All 15 of Ann’s checkers are on the board already"
    with pytest.raises(EngineError) as over:
        PositionSetup(length=5, score=(5, 0), names=names).check()
    assert refusal(over.value) == "Ann has 5 points: a match to 5 is over at 5"


def test_a_typed_play_refused_says_why() -> None:
    m = Match.new(0).roll((3, 1))
    with pytest.raises(EngineError) as illegal:
        m.play("24/18")
    assert refused_play("24/18", illegal.value) == "“24/18”: that is not a legal play of 31"
    with pytest.raises(EngineError) as unread:
        m.read_play("8/5 27/24")
    assert refused_play("8/5 27/24", unread.value) == "“27/24”: there is no point 27"
    with pytest.raises(EngineError) as empty:
        m.read_play("")
    assert refused_play("", empty.value) == "“”: type a play, like 8/5 6/5"


def test_a_refusal_without_a_sentence_is_said_by_its_kind() -> None:
    assert refusal(IllegalActionError("cannot roll now")) == (
        "That cannot be done at this point of the game"
    )
    assert refusal(EngineError("something")) == NOT_ALLOWED


def test_a_files_diagnosis_is_said_in_words_with_its_line() -> None:
    """Every :class:`FormatError` is said by :mod:`web.words.file_errors`: its code's
    sentence after the line, never the reader's English."""
    from engine.errors import InvalidXgidError, MatFileError, SgfError

    game = MatFileError(3, "expected 'Game 1'", code="game_line", number=1, found="White : 0")
    assert refusal(game) == "Line 3: “Game 1” was expected, not “White : 0”"
    assert refusal(SgfError(0, "…", code="sgf_empty")) == (
        "That is not an .sgf file: there is no game in it"
    )
    kinds = InvalidXgidError("'XGID=x': 10 fields expected")  # the kind's code
    assert refusal(kinds) == "That is not an XGID as eXtreme Gammon writes it"
    assert refusal(MatFileError(4, "what the reader says")) == f"Line 4: {file_errors.UNREADABLE}"
