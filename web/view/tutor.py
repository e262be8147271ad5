"""The tutor's question, asked where the player is looking: the play it
judged a mistake, what King Tubby prefers, and three answers — keep the play,
take it back, or see the better play on the board (as GNU Backgammon's tutor
asks before a play is kept).
"""

from __future__ import annotations

from web.board.escape import escape
from web.coach.hint import PlayHint
from web.model.actions import Act
from web.model.state import UiState
from web.model.tutor import ready
from web.view.parts import action_row, button, dialog_form
from web.words import coach as words


def tutor_html(state: UiState) -> str:
    """The question about the play on the board ("" once there is none to ask)."""
    hint = state.advice.hint
    if not isinstance(hint, PlayHint) or not ready(state) or hint.played_loss is None:
        return ""
    inner = (
        f'<h2 id="dlg-title">{escape(words.TUTOR_TITLE)}</h2>'
        f'<p class="tutor">{escape(words.tutor_question(hint))}</p>'
        + action_row(
            button(Act.TUTOR_UNDO, words.TAKE_IT_BACK, primary=True),
            button(Act.TUTOR_BEST, words.SHOW_THE_BETTER_PLAY),
            button(Act.TUTOR_KEEP, words.KEEP_MY_PLAY),
        )
    )
    return dialog_form("tutor", inner)
