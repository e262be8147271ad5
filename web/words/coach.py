"""What King Tubby's coaching says: the hint panel, the tutor's warning, the
cube verdicts, the review and the analysis.

>>> odds((0.5, 0.125, 0.0, 0.25, 0.0))
'Win 50.0% · win a gammon 12.5% · lose a gammon 25.0%'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.names import CubeAction, CubeChoice
from web.ai.protocol import Probs
from web.coach.hint import BLUNDER, DOUBTFUL, MISTAKE, PlayHint, signed
from web.model.themes import Theme


def percent(p: float) -> str:
    """A chance as a percentage, one decimal."""
    return f"{100.0 * p:.1f}%"


def odds(p: Probs) -> str:
    """The chances of a position, from the side ``p`` is for."""
    w, wg, _, lg, _ = p
    return f"Win {percent(w)} · win a gammon {percent(wg)} · lose a gammon {percent(lg)}"


THINKING = "King Tubby is thinking…"
HINT = "Hint"
NO_MOVE = "No move"
TAP_A_PLAY = "Tap a play to make it on the board."
WORKED_OUT = "worked out roll by roll to the bear-off"
"""What the ``race`` tag means, in its tooltip."""


def shallower(deepest: int) -> str:
    """What a play judged less deeply than the list's deepest means, in its depth
    tag's tooltip and its label: the move filters stopped it sooner, so its
    figures are quicker ones and do not compare exactly with those above.

    >>> shallower(2)
    'a quicker figure than the 2-ply plays above'
    """
    return f"a quicker figure than the {deepest}-ply plays above"


def depth_label(depth: str, note: str) -> str:
    """A play's depth for screen readers, with what it means when it has a note.

    >>> depth_label("1-ply", shallower(2)), depth_label("2-ply", "")
    ('1-ply, a quicker figure than the 2-ply plays above', '2-ply')
    """
    return f"{depth}, {note}" if note else depth


def plays_heading(match: bool) -> str:
    """What the ranked plays' figures are.

    >>> plays_heading(True)
    'best plays, match equity'
    """
    return f"best plays, {'match equity' if match else 'equity'}"


def cube_heading(mwc: bool) -> str:
    """What the cube hint's figures are."""
    return "chance to win the match" if mwc else "equity"


def play_label(play: str, equity: str, depth: str, *, mine: bool) -> str:
    """A ranked play's label for screen readers (``play`` "": no move).

    >>> play_label("8/5 6/5", "+0.152", "1-ply", mine=True)
    '8/5 6/5: equity +0.152, 1-ply (your play)'
    """
    label = f"{play or NO_MOVE}: equity {equity}, {depth}"
    return label + " (your play)" if mine else label


def cube_rows(words: Theme) -> tuple[str, str, str]:
    """The doubler's three choices, in the theme's words.

    >>> from web.model.themes import CLASSIC
    >>> cube_rows(CLASSIC)
    ('No double', 'Double, take', 'Double, drop')
    """
    double, take, drop = words.double, words.take, words.drop
    return (f"No {double.lower()}", f"{double}, {take.lower()}", f"{double}, {drop.lower()}")


def verdict(
    action: CubeAction, words: Theme, *, taker: bool = False, should_take: bool = False
) -> str:
    """The cube verdict: the taker's (``should_take``), or the doubler's
    ``action`` as the AI names it.

    >>> from web.model.themes import CLASSIC
    >>> verdict(CubeAction.TOO_GOOD, CLASSIC)
    'Too good to double: play on for a gammon.'
    """
    double, take, drop = words.double, words.take, words.drop
    if taker:
        return f"{take}." if should_take else f"{drop}."
    return {
        CubeAction.NO_DOUBLE: f"Don’t {double.lower()}: roll.",
        CubeAction.DOUBLE_TAKE: f"{double}: they should {take.lower()}.",
        CubeAction.DOUBLE_PASS: f"{double}: they should {drop.lower()}.",
        CubeAction.TOO_GOOD: f"Too good to {double.lower()}: play on for a gammon.",
        CubeAction.NO_ACCESS: f"You may not {double.lower()} now.",
    }[action]


def graded(loss: float) -> str:
    """How the tutor calls a play that gave up ``loss`` (at least doubtful)."""
    if loss >= BLUNDER:
        return "a blunder"
    return "a mistake" if loss >= MISTAKE else "doubtful"


def tutor_note(hint: PlayHint) -> str:
    """The tutor's warning about the player's play, or "" when it is good enough.

    >>> from web.coach.hint import PlayAdvice
    >>> best = PlayAdvice("8/5 6/5", ((8, 5), (6, 5)), 0.15, 0.0, 1, (0.55, 0.16, 0.0, 0.11, 0.0))
    >>> tutor_note(PlayHint((best,), False, 0.02))
    ''
    >>> print(tutor_note(PlayHint((best,), False, 0.17, 3, "24/20")))
    Tutor: 24/20 is a blunder (−0.170). King Tubby prefers 8/5 6/5: undo to change it, or ...
    """
    loss = hint.played_loss
    if loss is None or loss < DOUBTFUL:
        return ""
    best = hint.plays[0].play
    yours = hint.played or "your play"
    return (
        f"Tutor: {yours} is {graded(loss)} ({signed(-loss)}). King Tubby prefers {best}: "
        "undo to change it, or press Done."
    )


# -- the tutor's question (a play it judged a mistake) ----------------------------------

TUTOR_TITLE = "The tutor has a question"
KEEP_MY_PLAY = "Keep my play"
TAKE_IT_BACK = "Take it back"
SHOW_THE_BETTER_PLAY = "Show the better play"


def tutor_question(hint: PlayHint) -> str:
    """What the tutor asks about the play it judged (``hint.played_loss`` set).

    >>> from web.coach.hint import PlayAdvice
    >>> best = PlayAdvice("8/5 6/5", ((8, 5), (6, 5)), 0.15, 0.0, 1, (0.55, 0.16, 0.0, 0.11, 0.0))
    >>> tutor_question(PlayHint((best,), False, 0.17, 3, "24/20"))
    '24/20 is a blunder (−0.170): King Tubby prefers 8/5 6/5. Keep your play?'
    """
    loss = hint.played_loss or 0.0
    yours, best = hint.played or "your play", hint.plays[0].play
    return (
        f"{yours} is {graded(loss)} ({signed(-loss)}): King Tubby prefers {best}. Keep your play?"
    )


# -- the review of a game ---------------------------------------------------------------

CUBE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        CubeChoice.NO_DOUBLE: "did not double",
        CubeChoice.DOUBLE: "doubled",
        CubeChoice.TAKE: "took",
        CubeChoice.DROP: "dropped",
    }
)
"""How a cube choice reads in the review, by what the AI calls it."""

NO_MOVE_DONE = "no move"


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an "s" when ``n`` is not one.

    >>> plural(1, "blunder"), plural(2, "blunder")
    ('1 blunder', '2 blunders')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def decider(name: str, dice: str) -> str:
    """Who decided, with the roll (``dice`` "": a cube decision)."""
    return f"{name}, {dice or 'cube'}"


def judgement(grade: str, loss: float) -> str:
    """How bad a decision was: ``grade`` ("doubtful", "mistake", "blunder") and
    the equity it gave up.

    >>> judgement("blunder", 0.2), judgement("doubtful", 0.05)
    ('a blunder (−0.200)', 'doubtful (−0.050)')
    """
    article = "" if grade == "doubtful" else "a "
    return f"{article}{grade} ({signed(-loss)})"


def counts(n: int, what: str, blunders: int, mistakes: int, doubtful: int) -> str:
    """A count of decisions and of their errors."""
    return (
        f"{plural(n, what)} · {plural(blunders, 'blunder')} · {plural(mistakes, 'mistake')}"
        f" · {doubtful} doubtful"
    )


PLAYS = "play"
CUBE_DECISIONS = "close or actual decision"
NO_CLOSE_DECISIONS = "no close decisions"


def rating(pr: float, decisions: int, blunders: int, mistakes: int, doubtful: int) -> str:
    """A player's performance rating and errors (HTML: the PR is abbreviated)."""
    return (
        f'<abbr title="performance rating">PR</abbr> <b class="review-pr">{pr:.1f}</b>'
        f" over {plural(decisions, 'decision')} · {plural(blunders, 'blunder')}"
        f" · {plural(mistakes, 'mistake')} · {doubtful} doubtful"
    )


PR_NOTE = (
    "PR: 500 × the equity given up per decision, forced plays "
    "aside. Lower is better: under 5 is world class, 10 to 15 intermediate, 20 and more a "
    "beginner."
)
"""What the performance rating is, under the summary."""

NOTHING_TO_REVIEW = "There is nothing to review in this game."
CHECKER_PLAY = "Checker play:"
CUBE = "Cube:"
WELL_PLAYED = "Nothing doubtful: well played."
SHOW = "Show"


def error_rate(millipoints: float) -> str:
    return f"{millipoints:.1f} millipoints given up per play"


def checking(judged: int, total: int) -> str:
    """The review under way."""
    return f"King Tubby is checking the decisions… {judged} of {total}."


def best(play: str) -> str:
    """The best choice, after a flagged decision in the list."""
    return f"best {play}"


def show_decision(number: int) -> str:
    """The label of the button that shows decision ``number`` on the board."""
    return f"Show decision {number} on the board"


def review_caption(who: str, done: str, judged: str, best: str) -> str:
    """A reviewed decision under the board.

    >>> review_caption("Ann, 6-1", "24/18 13/12", "a mistake (−0.090)", "13/7 8/7")
    'Ann, 6-1: 24/18 13/12 — a mistake (−0.090). Best: 13/7 8/7'
    """
    return f"{who}: {done} — {judged}. Best: {best}"
