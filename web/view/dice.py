"""The Stats dialog's Dice section: each side's dice in this game, this match and
all time (read off the record, and the records kept: :mod:`engine.dice_stats`),
face by face against fair dice, and judged in plain words.  Imported when Stats
is opened (web.view.dialog), as the rest of the dialog is.

>>> from engine.match import Match
>>> from web.model.state import UiState
>>> html = dice_html(UiState(match=Match.new(0).roll((5, 2)).play("13/8 13/11").roll((4, 4))))
>>> '<td>100.0%</td>' in html, 'You: too few rolls yet to judge.' in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice_stats import (
    BY_HAND,
    DOUBLES,
    JUDGED_FROM,
    ROLLS,
    doubles_tail,
    faces_tail,
    stored,
    tally,
)
from web.board.escape import escape
from web.model.state import UiState
from web.words import dialogs as captions
from web.words import dice as say


def _share(n: int, of: int) -> str:
    # A share alone, beside fair dice's: the counts are in the rolls and the verdicts,
    # and a phone held upright has no room for both.
    return f"{n / of:.1%}" if of else "–"


def _scope(caption: str, names: tuple[str, str], counts: Sequence[int]) -> str:
    """One scope's table (a column a side, and one for fair dice), then its words:
    each side's verdict, and the rolls typed in that it leaves out."""
    sides = counts[:9], counts[9:]
    rows = [(say.ROLLS, *(str(t[ROLLS]) for t in sides), "")]
    for label, i in ((say.DOUBLES, DOUBLES), *zip(say.FACES, range(3, 9), strict=True)):
        # Doubles are a share of the rolls; each face, of the dice (two a roll).
        shares = (_share(t[i], t[ROLLS] * (1 + (i > DOUBLES))) for t in sides)
        rows.append((label, *shares, "16.7%"))
    head = "".join(f"<th>{escape(n)}</th>" for n in (*names, say.FAIR))
    body = "".join("<tr><th>{}</th><td>{}</td><td>{}</td><td>{}</td></tr>".format(*r) for r in rows)
    words = [
        say.verdict(
            escape(name),
            t[ROLLS] >= JUDGED_FROM,
            t[ROLLS],
            t[DOUBLES],
            faces_tail(t[3:]),
            doubles_tail(t[ROLLS], t[DOUBLES]),
        )
        for name, t in zip(names, sides, strict=True)
    ]
    typed = counts[BY_HAND] + counts[9 + BY_HAND]
    if typed:
        words.append(say.by_hand(typed))
    return (
        f'<table class="stats"><caption>{escape(caption)}</caption>'
        f"<tr><th></th>{head}</tr>{body}</table>" + "".join(f"<p>{w}</p>" for w in words)
    )


def dice_html(state: UiState) -> str:
    """The Dice section of ``state``'s Stats dialog."""
    m, me = state.match, state.recorded
    game = tally([m.game.record])
    kept = stored(state.records.dice.get(state.options.opponent))  # this page's side first
    kept = kept if me == 0 else kept[9:] + kept[:9]
    if state.counted < m.game_number:  # the game in play is not in the records yet
        kept = [a + b for a, b in zip(kept, game, strict=True)]
    names = state.names
    match = ""  # while the match is its first game, that game's table says it all
    if m.game_number > 1:
        whole = captions.whole_caption(state.options.length == 0)
        match = _scope(whole, names, tally(m.record.games))
    return (
        f'<section class="dice"><h3>{say.DICE}</h3><p class="muted">{say.SOURCE}</p>'
        + _scope(captions.game_caption(m.game_number), names, game)
        + match
        + _scope(say.ALL_TIME, names, kept)
        + f'<p class="muted">{say.NOTE}</p></section>'
    )
