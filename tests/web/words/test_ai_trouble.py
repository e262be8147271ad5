"""web.words.game.trouble: why the AI's answer could not be used, in the page's
words, from the typed troubles of web.ai.protocol (the worker's own text, Python's,
is never shown to the player: the browser's console has it)."""

from __future__ import annotations

from web.ai.protocol import NoAnswerError, NotJudgedError, UnexpectedReplyError, WorkerError
from web.words.analysis import rollout_state
from web.words.game import no_hint, review_stopped, trouble


def test_each_trouble_is_said_in_the_pages_words_and_not_the_workers() -> None:
    assert no_hint(trouble(NoAnswerError())) == "No hint this time (no answer)."
    assert review_stopped(trouble(WorkerError("bad position ID"))) == (
        "The review stopped (the AI met an error)."
    )
    assert trouble(UnexpectedReplyError("TakeReply", "a cube hint")) == (
        "the AI answered with TakeReply, not a cube hint"
    )
    assert trouble(NotJudgedError(False)) == "the AI did not judge the play"
    assert trouble(ValueError("other")) == "the AI met an error"


def test_the_developers_text_of_a_trouble_is_the_same_sentence() -> None:
    # What a test or a traceback reads (str) says what the player reads.
    for exc in (UnexpectedReplyError("HintReply", "CubeHintReply"), NotJudgedError(True)):
        assert str(exc) == trouble(exc)


def test_a_rollout_whose_workers_gave_no_answer_says_so() -> None:
    assert rollout_state("failed", 3, 36, 7, "") == (
        "The rollout stopped (no answer) after 3 of 36 trials."
    )
    assert rollout_state("failed", 3, 36, 7, "KeyError: 'x'") == (
        "The rollout stopped (the AI met an error) after 3 of 36 trials."
    )
