"""HTML for each dialog, as pure functions of plain values (the dialog a state
has open is picked by :mod:`web.view.dialog`).

Every control carries ``data-action`` (and ``data-value``); the page sends
those to the controller, with the fields of the enclosing form, so no
handler is wired per element.  All text is escaped here.

>>> 'data-action="take"' in cube_answer_html("Selector doubles", 2, "Take", "Drop", "cube")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from web.board.escape import escape
from web.model.actions import Act
from web.model.options import (
    AI_NAMES,
    MATCH_LENGTHS,
    MOVE_CLOCKS,
    NAME_LENGTH,
    POST_CLOCKS,
    MatchOptions,
    Rival,
)
from web.model.themes import THEMES, Theme
from web.view.parts import action_row, button, dialog_form
from web.words import dialogs as say
from web.words.dialogs import CLOCK_WORDS as CLOCK_WORDS
from web.words.dialogs import RELAY_NOTE as RELAY_NOTE
from web.words.dialogs import TURN_NOTE as TURN_NOTE
from web.words.dialogs import ai_label
from web.words.dialogs import duration_words as duration_words


def clock_field(clock: int) -> str:
    """The online game's move clock: past it, whoever owes an action may be
    claimed against (no clock: only once they are gone a while).

    >>> 'value="600" selected' in clock_field(600)
    True
    """
    options = "".join(
        f'<option value="{c}"{" selected" if c == clock else ""}>{escape(CLOCK_WORDS[c])}</option>'
        for c in MOVE_CLOCKS
    )
    return (
        f'<label class="field online-only live-only">{say.MOVE_CLOCK} <select name="clock">'
        + options
        + "</select></label>"
    )


def name_field(name: str) -> str:
    """The player's name for an online game (remembered from the last one).

    >>> 'value="Ann"' in name_field("Ann")
    True
    """
    return (
        f'<label class="field online-only">{say.YOUR_NAME} <input name="name" maxlength="24" '
        f'autocomplete="nickname" value="{escape(name)}" placeholder="{say.NAME_PLACEHOLDER}">'
        "</label>"
    )


def players_fields(names: tuple[str, str], colours: tuple[str, str]) -> str:
    """Pass-and-play's two names (the last ones given), each its colour's when
    left empty.

    >>> html = players_fields(("Ann", "<b>"), ("White", "Black"))
    >>> 'name="name0"' in html and 'value="Ann"' in html and 'value="&lt;b&gt;"' in html
    True
    """
    return "".join(
        f'<label class="field human-only">{escape(say.player_name_label(colours[seat]))} '
        f'<input name="name{seat}" maxlength="{NAME_LENGTH}" value="{escape(names[seat])}" '
        f'placeholder="{escape(colours[seat])}"></label>'
        for seat in (0, 1)
    )


def turn_fields(turn: tuple[str, str, str], extra_class: str = "") -> str:
    """The optional TURN server (address, user name, password), folded away.

    >>> html = turn_fields(("turn:t.example.org", "ann", ""))
    >>> 'name="turn_url"' in html and 'value="turn:t.example.org"' in html and " open" in html
    True
    """
    url, username, credential = turn
    fold = f' class="{extra_class}"' if extra_class else ""

    def field(label: str, name: str, value: str, kind: str = "text") -> str:
        return (
            f'<label class="field">{label} <input name="{name}" type="{kind}" '
            f'value="{escape(value)}" autocomplete="off" spellcheck="false"></label>'
        )

    return (
        f"<details{fold}{' open' if url else ''}><summary>{say.TURN_SUMMARY}</summary>"
        f'<p class="muted">{say.TURN_HELP}</p>'
        + field(say.TURN_ADDRESS, "turn_url", url)
        + field(say.TURN_USER, "turn_username", username)
        + field(say.TURN_PASSWORD, "turn_credential", credential, "password")
        + "</details>"
    )


def new_game_html(
    setup: MatchOptions,
    can_cancel: bool,
    name: str = "",
    turn: tuple[str, str, str] = ("", "", ""),
    players: tuple[tuple[str, str], tuple[str, str]] = (("", ""), ("White", "Black")),
) -> str:
    """``name``: the player's online; ``players``: pass-and-play's names and their
    colours' (the names' placeholders)."""
    opponents = [
        *((key, ai_label(key)) for key, _ in AI_NAMES),
        (Rival.HUMAN, say.FRIEND_HERE),
        (Rival.ONLINE, say.FRIEND_ONLINE),
    ]
    radios = "".join(
        f'<label class="choice"><input type="radio" name="opponent" value="{key}"'
        # autofocus: the dialog opens with focus on the chosen opponent, not the first
        f"{' checked autofocus' if key == setup.opponent else ''}> {escape(name)}</label>"
        for key, name in opponents
    )
    lengths = "".join(
        f'<option value="{n}"{" selected" if n == setup.length else ""}>'
        f"{say.length_words(n)}</option>"
        for n in MATCH_LENGTHS
    )

    def box(name: str, label: str, on: bool, only: str = "") -> str:
        # A money-game rule is disabled while a match is chosen (the page
        # follows the length's list: web.dom.page).
        cls = f"choice {only}" if only else "choice"
        off = " disabled" if only and setup.length else ""
        return (
            f'<label class="{cls}"><input type="checkbox" name="{name}"'
            f"{' checked' if on else ''}{off}> {escape(label)}</label>"
        )

    # Two columns where the screen is wide (style.css): who and how long, then the
    # rules and what the opponent chosen needs; one column on a phone held upright.
    inner = (
        f'<h2 id="dlg-title">{say.NEW_GAME}</h2><div class="new-cols"><div>'
        f'<fieldset><legend>{say.OPPONENT}</legend><div class="choices">'
        + radios
        + "</div></fieldset>"
        f'<label class="field">{say.PLAY} <select name="length">' + lengths + "</select></label>"
        "</div><div>"
        f'<fieldset><legend>{say.RULES}</legend><div class="choices">'
        + box("cube", say.CUBE_RULE, setup.cube)
        + box("jacoby", say.JACOBY_RULE, setup.jacoby, "money-only")
        + box("crawford", say.CRAWFORD_RULE, setup.crawford)
        + box("beavers", say.BEAVERS_RULE, setup.beavers, "money-only")
        + "</div></fieldset>"
        + players_fields(*players)
        + name_field(name)
        + '<label class="choice online-only"><input type="checkbox" name="post"> '
        f"{escape(say.BY_MESSAGES)}</label>"
        + clock_field(setup.move_clock)
        + f'<label class="field online-only post-only">{say.MOVE_CLOCK} <select name="days">'
        + "".join(f'<option value="{d}">{say.days_a_move(d)}</option>' for d in POST_CLOCKS)
        + "</select></label>"
        + turn_fields(turn, "online-only live-only")
        + "</div></div>"
        + f'<p class="muted live-only">{escape(RELAY_NOTE)}</p>'
        + f'<p class="muted online-only post-only">{escape(say.POST_NOTE)}</p>'
        + action_row(
            button(Act.CLOSE, say.CANCEL) if can_cancel else "",
            button(Act.START, say.START, primary=True),
        )
    )
    return dialog_form("new", inner, submit=Act.START)


def cube_answer_html(
    title: str,
    value: int,
    take: str,
    drop: str,
    cube_word: str,
    *,
    hint_html: str = "",
    hint_pending: bool = False,
    can_hint: bool = True,
    beaver: bool = False,
    beavered: bool = False,
) -> str:
    """The take-or-drop dialog; ``hint_html`` (already HTML) is the AI's advice,
    once asked.  ``beaver``: a Beaver button too (money play with beavers);
    ``beavered``: the doubler answers a beaver (the cube stays with the beaverer)."""
    if hint_html:
        hint = f'<section class="hint" aria-live="polite">{hint_html}</section>'
    elif can_hint:
        hint = button(
            Act.HINT, say.THINKING if hint_pending else say.HINT, enabled=not hint_pending
        )
    else:
        hint = ""
    text = say.cube_answer_text(take, drop, cube_word, value, beaver=beaver, beavered=beavered)
    inner = (
        f'<h2 id="dlg-title">{escape(title)}</h2>'
        f"<p>{escape(text)}</p>"
        + hint
        + action_row(
            button(Act.DROP, drop),
            button(Act.BEAVER, say.BEAVER) if beaver else "",
            button(Act.TAKE, take, primary=True),
        )
    )
    return dialog_form("cube", inner)


def resign_choice_html(allowed: Sequence[tuple[int, str, int]]) -> str:
    """``allowed``: (value, name, points) for each resignation that may be offered."""
    choices = "".join(
        button(Act.RESIGN, say.resign_choice(name, points), value=str(v))
        for v, name, points in allowed
    )
    inner = (
        f'<h2 id="dlg-title">{say.RESIGN}</h2><p>{say.RESIGN_TEXT}</p>'
        f'<div class="dlg-choices">{choices}</div>'
        + action_row(button(Act.CLOSE, say.KEEP_PLAYING))
    )
    return dialog_form("resign", inner)


def resign_answer_html(who: str, name: str, points: int) -> str:
    inner = (
        f'<h2 id="dlg-title">{escape(say.resigns(who))}</h2>'
        f"<p>{escape(say.resign_offer(name, points))}</p>"
        + action_row(button(Act.REJECT, say.REJECT), button(Act.ACCEPT, say.ACCEPT, primary=True))
    )
    return dialog_form("resign-answer", inner)


def game_over_html(
    headline: str, detail: str, score_line: str, match_over: bool, match_line: str
) -> str:
    if match_over:
        actions = action_row(
            button(Act.STATS_OPEN, say.STATISTICS),
            button(Act.REVIEW, say.REVIEW),
            button(Act.NEW_OPEN, say.NEW_GAME_MORE),
            button(Act.REMATCH, say.REMATCH, primary=True),
        )
    else:
        actions = action_row(
            button(Act.STATS_OPEN, say.STATISTICS),
            button(Act.REVIEW, say.REVIEW),
            button(Act.NEXT_GAME, say.NEXT_GAME, primary=True),
        )
    inner = (
        f'<h2 id="dlg-title">{escape(headline)}</h2>'
        f'<p class="win-type">{escape(detail)}</p>'
        f'<p class="score-line">{escape(score_line)}</p>'
        + (f'<p class="match-line">{escape(match_line)}</p>' if match_line else "")
        + actions
    )
    return dialog_form("over", inner)


def review_dialog_html(body: str, match_over: bool) -> str:
    """A game's review (``body`` is already HTML), with the way on to the next game."""
    if match_over:
        go_on = button(Act.REMATCH, say.REMATCH, primary=True)
    else:
        go_on = button(Act.NEXT_GAME, say.NEXT_GAME, primary=True)
    return dialog_form(
        "review",
        f'<div class="review">{body}</div>' + action_row(button(Act.CLOSE, say.CLOSE), go_on),
    )


def dice_entry_html(opening: bool, labels: tuple[str, str], title: str = "") -> str:
    def select(name: str, label: str) -> str:
        options = "".join(f'<option value="{v}">{v}</option>' for v in range(1, 7))
        return (
            f'<label class="field">{escape(label)} <select name="{name}">{options}</select></label>'
        )

    title = title or say.dice_title(opening)
    inner = (
        f'<h2 id="dlg-title">{title}</h2><p>{say.DICE_TEXT}</p>'
        f'<div class="dice-entry">{select("d1", labels[0])}{select("d2", labels[1])}</div>'
        + action_row(
            button(Act.CLOSE, say.CANCEL), button(Act.DICE_SET, say.USE_DICE, primary=True)
        )
    )
    return dialog_form("dice", inner, submit=Act.DICE_SET)


def _copy_button(act: Act, value: str, label: str, aria: str, copied: bool) -> str:
    """A copy button; once the clipboard took the text it says so where the
    player looks (the button itself), until the next action."""
    if copied:
        extra = f' aria-label="{escape(say.copied_aria(aria))}"'
        return button(act, say.COPIED, value=value, extra=extra)
    return button(act, label, value=value, extra=f' aria-label="{escape(aria)}"')


def notice_html(text: str) -> str:
    return escape(text)


def theme_names() -> list[tuple[str, str]]:
    return [(t.key, t.name) for t in THEMES]


def describe_win(theme: Theme, win_type: int, points: int) -> str:
    return say.describe_win(theme.win_name(win_type), points)
