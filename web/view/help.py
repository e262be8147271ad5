"""How to play: the rules in brief (as GNU Backgammon plays them), the
controls and the keys (read from :data:`web.model.actions.KEYS`), the analysis
board, and the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from web.board.escape import escape
from web.model.actions import KEYS, Act
from web.model.options import AI_NAMES
from web.model.themes import Theme
from web.view.parts import action_row, button, dialog_form
from web.words import help as say
from web.words.dialogs import CLOSE, ai_label
from web.words.help import ANALYSIS_HELP as ANALYSIS_HELP

_KEY_CAPS: Mapping[str, str] = MappingProxyType(
    {"Escape": "Esc", "ArrowLeft": "←", "ArrowRight": "→", "PageUp": "PgUp", "PageDown": "PgDn"}
)


def keys_html() -> str:
    """The keyboard shortcuts, read from :data:`web.model.actions.KEYS`.

    >>> "<kbd>R</kbd> roll" in keys_html()
    True
    """
    keys = ", ".join(
        f"<kbd>{escape(_KEY_CAPS.get(key, key.upper() if len(key) == 1 else key))}</kbd> "
        f"{escape(say.KEY_WORDS.get(act, act.value.replace('-', ' ')))}"
        for key, act in KEYS.items()
    )
    return say.keys_sentence(keys)


def help_html(words: Theme) -> str:
    """How to play: the rules in brief (as GNU Backgammon plays them), the
    controls, and the notation of plays."""
    opponents = escape(say.opponents_sentence([ai_label(key) for key, _ in AI_NAMES]))
    note = say.theme_note(words)
    inner = (
        # Focus on the title, so that the long dialog opens at its top.
        f'<h2 id="dlg-title" tabindex="-1" autofocus>{say.TITLE}</h2>'
        + '<div class="help">'
        + say.RULES
        + (f"<p>{escape(note)}</p>" if note else "")
        + f"<p>{opponents}</p>"
        + say.controls_html(keys_html())
        + say.ANALYSIS_HELP
        + say.NOTATION
        + "</div>"
        + action_row(button(Act.CLOSE, CLOSE, primary=True))
    )
    return dialog_form("help", inner)
