"""The engine's refusals said in the page's words (``web.words.refusals``): every
code the engine raises has a sentence taking exactly its values, and what a
player meets in the editor and when typing a play reads as a sentence."""

from __future__ import annotations

import ast
import inspect
from dataclasses import replace
from pathlib import Path

import pytest

from engine.errors import EngineError, IllegalActionError, InvalidXgidError, MatFileError
from engine.match import Match
from engine.position_setup import PositionSetup
from web.words.refusals import NOT_ALLOWED, SENTENCES, refusal, refused_play

ENGINE = Path(__file__).resolve().parents[3] / "engine"


def raised_codes() -> dict[str, set[frozenset[str]]]:
    """Each ``code=`` the engine raises with, and the value names given with it."""
    codes: dict[str, set[frozenset[str]]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.exc.keywords}
            code = keywords.pop("code", None)
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                names = frozenset(k for k in keywords if k is not None)
                codes.setdefault(code.value, set()).add(names)
    return codes


RAISED = raised_codes()


def test_the_engine_raises_coded_refusals() -> None:
    assert len(RAISED) >= 30  # the set-up's and the notation's, at least


@pytest.mark.parametrize("code", sorted(RAISED))
def test_every_code_raised_has_a_sentence_taking_its_values(code: str) -> None:
    assert code in SENTENCES
    parameters = frozenset(inspect.signature(SENTENCES[code]).parameters)
    assert RAISED[code] == {parameters}
    sentence = refusal(
        EngineError("the engine's English", code=code, **dict.fromkeys(parameters, 7))
    )
    assert sentence and sentence != "the engine's English" and "{" not in sentence


def test_no_sentence_waits_for_a_code_nobody_raises() -> None:
    assert set(SENTENCES) == set(RAISED)


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


def test_a_files_diagnosis_is_quoted_as_the_reader_gives_it() -> None:
    assert refusal(MatFileError(3, "expected 'Game 1'")) == "line 3: expected 'Game 1'"
    assert refusal(InvalidXgidError("'XGID=x': 10 fields expected")) == (
        "'XGID=x': 10 fields expected"
    )
