"""What the analysis board shows: the page's :class:`~web.view.frame.Screen` made
over for the mode (:func:`analysis_screen`), the editor's board, and the
panel beside the board: the editor's tools and set-up form, or the analysis
with its steps.  Pure functions of the state, like :func:`web.view.screen.screen`.

>>> from web.model.state import UiState
>>> from web.model.analysis import Analysis
>>> from web.model.editor import Editor
>>> s = UiState(analysis=Analysis(editor=Editor()))
>>> html = panel_html(s)
>>> 'data-action="edit-tool"' in html and 'data-action="analyse"' in html
True
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import EngineError
from engine.game import Action, Phase
from engine.position import BAR, Position
from engine.position_setup import PositionSetup
from engine.record import Roll
from web.board.escape import escape
from web.board.svg import BoardView, CubeView, DiceView
from web.coach.hint import DOUBTFUL
from web.coach.report import moment
from web.model import movelist as ml
from web.model.actions import Act
from web.model.analysis import Analysis, Grades
from web.model.analysis_link import share_link
from web.model.editor import Editor, Tool, problem
from web.model.intents import IdKind
from web.model.options import AI_NAMES, BY_HAND, Home
from web.model.state import UiState
from web.view.frame import Button, Panel, Screen, Waiting, board_words
from web.view.match_analysis import kept_match_html, match_analysis_html
from web.view.parts import button
from web.view.report import report_html
from web.view.rollout import rollout_html
from web.view.score_sheet import game_rows
from web.words import analysis as say
from web.words.refusals import refusal
from web.words.status import game_name, possessive

MAX_LENGTH_CHOICE = 25
"""The longest match the set-up form offers (longer ones come in by pasting an ID)."""


def _names(state: UiState) -> tuple[str, str]:
    return state.theme.colour_names


# -- the editor's board ------------------------------------------------------------------


def editor_board(state: UiState, editor: Editor) -> BoardView:
    """The set-up on the board, seen from player 0 (the bottom), every place tappable."""
    s = editor.setup
    position = Position(s.sides[0], s.sides[1])
    dice = None
    if s.dice is not None:
        a, b = s.dice
        dice = DiceView((a, b) if a != b else (a,) * 4, side="me" if s.turn == 0 else "opp")
    rel = {None: None, 0: "me", 1: "opp"}
    cube = CubeView(
        s.cube * 2 if s.doubled else s.cube,
        rel[s.owner],
        rel[s.turn] if s.doubled else None,
    )
    names = _names(state)
    pips = position.pips()
    label = say.editor_label(names, pips)
    return BoardView(
        position=position,
        me_colour="light",
        movable=frozenset(range(1, BAR + 1)),
        dice=dice,
        cube=cube,
        words=board_words(state.theme, possessive(names[0]), possessive(names[1])),
        cube_style=state.theme.cube_style,
        label=label,
        mark_movable=False,
        home_left=state.settings.home is Home.LEFT,
    )


def _editor_panels(state: UiState, setup: PositionSetup) -> tuple[Panel, Panel]:
    names = _names(state)
    pips = Position(setup.sides[0], setup.sides[1]).pips()

    def panel(player: int) -> Panel:
        off = setup.counts(player)[2]
        return Panel(
            name=names[player],
            colour="light" if player == 0 else "dark",
            pips=pips[player],
            score=str(setup.score[player]) if setup.length else "–",
            on_roll=setup.turn == player,
            note=say.off_note(off),
            owns_cube=setup.owner == player,
        )

    return panel(1), panel(0)


# -- the panel beside the board ---------------------------------------------------------------


def _select(name: str, label: str, options: list[tuple[str, str]], current: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return (
        f'<label class="an-field"><span>{escape(label)}</span>'
        f'<select name="{name}" data-action="{Act.EDIT_SET}">{opts}</select></label>'
    )


def _box(name: str, label: str, on: bool) -> str:
    return (
        f'<label class="an-check"><input type="checkbox" name="{name}" '
        f'data-action="{Act.EDIT_SET}"{" checked" if on else ""}> {escape(label)}</label>'
    )


def _score(name: str, label: str, value: int) -> str:
    return (
        f'<label class="an-field an-score"><span>{escape(label)}</span>'
        f'<input type="number" name="{name}" min="0" max="63" inputmode="numeric" '
        f'value="{value}" data-action="{Act.EDIT_SET}"></label>'
    )


def _setup_form(setup: PositionSetup, names: tuple[str, str]) -> str:
    dice_choices = [("roll", say.NOT_ROLLED), ("double", say.DOUBLED)]
    dice_choices += [(f"{a}{b}", f"{a}-{b}") for a in range(6, 0, -1) for b in range(a, 0, -1)]
    if setup.doubled:
        dice = "double"
    elif setup.dice is not None:
        dice = f"{max(setup.dice)}{min(setup.dice)}"
    else:
        dice = "roll"
    lengths = [("0", say.MONEY_GAME)] + [
        (str(n), say.match_to(n)) for n in range(1, MAX_LENGTH_CHOICE + 1)
    ]
    if setup.length > MAX_LENGTH_CHOICE:
        lengths.append((str(setup.length), say.match_to(setup.length)))
    owner = "" if setup.owner is None else str(setup.owner)
    parts = [
        _select("turn", say.TO_ACT, [("0", names[0]), ("1", names[1])], str(setup.turn)),
        _select("dice", say.DICE, dice_choices, dice),
        _select("cube", say.CUBE, [(str(1 << k), str(1 << k)) for k in range(7)], str(setup.cube)),
        _select("owner", say.OWNER, [("", say.CENTRED), ("0", names[0]), ("1", names[1])], owner),
        _select("length", say.PLAY, lengths, str(setup.length)),
    ]
    if setup.length:
        parts += [
            _score("score0", say.score_of(names[0]), setup.score[0]),
            _score("score1", say.score_of(names[1]), setup.score[1]),
            _box("crawford", say.CRAWFORD_GAME, setup.crawford),
        ]
    else:
        parts += [
            _box("jacoby", say.JACOBY_RULE, setup.jacoby),
            _box("beavers", say.BEAVERS, setup.beavers),
        ]
    return f'<form class="an-setup" autocomplete="off">{"".join(parts)}</form>'


def _copy(value: str, label: str, copied: str) -> str:
    """A copy button, which says so once the clipboard took its text (until the next action)."""
    done = copied == value
    aria = say.copy_aria(value, copied=done)
    return button(
        Act.ANALYSIS_COPY, say.COPIED if done else label, value=value, extra=f' aria-label="{aria}"'
    )


def _ids_html(ids: tuple[str, str, str] | None, xgid: str, link: str, copied: str) -> str:
    def row(key: str, name: str, value: str) -> str:
        if not value:
            return (
                f'<div class="id-row"><dt>{name}</dt><dd><span class="muted">'
                f"{say.NO_ID_YET}</span></dd></div>"
            )
        return (
            f'<div class="id-row"><dt>{name}</dt><dd><code data-testid="an-{key}">'
            f"{escape(value)}</code>{_copy(key, say.COPY, copied)}</dd></div>"
        )

    position_id, match_id = (ids[0], ids[1]) if ids is not None else ("", "")
    return (
        '<dl class="ids copyable an-ids">'
        + row(IdKind.POSITION, say.POSITION_ID, position_id)
        + row(IdKind.MATCH, say.MATCH_ID, match_id)
        + row(IdKind.XGID, say.XGID, xgid)
        + (
            f'<div class="id-row"><dt>{say.LINK}</dt><dd>'
            f'<a class="an-link" href="{escape(link)}" data-testid="an-link">{say.SHARE_LINK}</a>'
            f"{_copy('link', say.COPY_LINK, copied)}</dd></div>"
            if link
            else ""
        )
        + "</dl>"
    )


def _paste_form() -> str:
    return (
        f'<form class="an-paste" data-submit="{Act.EDIT_PASTE}" autocomplete="off">'
        f'<label for="an-id">{say.PASTE_LABEL}</label>'
        '<span class="an-paste-row"><input id="an-id" name="id" spellcheck="false" maxlength="120" '
        f'placeholder="{say.PASTE_PLACEHOLDER}">'
        f'<button type="submit">{say.SET_UP}</button></span></form>'
    )


def _tools(editor: Editor, names: tuple[str, str]) -> str:
    labels = ((Tool.LIGHT, names[0]), (Tool.DARK, names[1]), (Tool.ERASE, say.REMOVE))
    buttons = "".join(
        f'<button type="button" class="an-tool {tool.value}" data-action="{Act.EDIT_TOOL}" '
        f'data-value="{tool.value}" aria-pressed="{"true" if editor.tool is tool else "false"}">'
        f'<span class="an-chip {tool.value}" aria-hidden="true"></span>{escape(label)}</button>'
        for tool, label in labels
    )
    # The dock: beside the board, or on a phone held upright fixed under it (public/style.css).
    return (
        f'<div class="an-dock an-tools" role="group" aria-label="{say.TOOLS_ARIA}">{buttons}</div>'
    )


def editor_html(state: UiState, editor: Editor, page_url: str) -> str:
    setup = editor.setup
    names = _names(state)
    trouble = problem(editor)
    why = "" if trouble is None else refusal(trouble)
    ids = None if why else setup.ids()
    try:
        xgid = setup.xgid
    except EngineError:  # a score past the length, an owned cube at 1: no XGID holds those
        xgid = ""
    ready = (
        f'<p class="an-problem" role="alert" data-testid="an-problem">{escape(why)}</p>'
        if why
        else f'<p class="an-ready">{say.READY}</p>'
    )
    return (
        f'<h2 class="an-title">{say.SET_UP_TITLE}</h2>'
        + _tools(editor, names)
        + f'<p class="an-help">{say.EDITOR_HELP}</p>'
        + '<div class="an-row">'
        + button(Act.EDIT_START, say.START_POSITION)
        + button(Act.EDIT_CLEAR, say.CLEAR)
        + button(Act.EDIT_SWAP, say.SWAP_SIDES)
        + "</div>"
        + _setup_form(setup, names)
        + ready
        + '<div class="an-row">'
        + button(Act.ANALYSE, say.ANALYSE, primary=True, enabled=not why)
        + button(Act.ANALYSIS_CLOSE, say.LEAVE)
        + "</div>"
        + kept_match_html(state)
        + _paste_form()
        + _ids_html(ids, xgid, share_link(page_url, xgid) if xgid else "", state.copied)
    )


def _played(a: Analysis) -> str:
    """The play the line made at the moment rolled out ("" none): the hint's own
    notation for it, which is the rollout's label for the same play."""
    plays, rollout = a.report.plays, a.rollout
    if plays is None or rollout is None or rollout.key != a.report.key:
        return ""
    return plays.played


def analysis_html(state: UiState, a: Analysis) -> str:
    m = state.match
    names = state.names
    turn = m.turn if m.turn is not None else 0
    players = [(BY_HAND, say.BY_HAND)] + [(key, say.against(name)) for key, name in AI_NAMES]
    opts = "".join(
        f'<option value="{k}"{" selected" if k == a.opponent else ""}>{escape(t)}</option>'
        for k, t in players
    )
    try:
        xgid = m.xgid()
        ids: tuple[str, str, str] | None = (m.position_id, m.match_id, xgid)
    except EngineError:
        xgid, ids = "", None
    where = say.decision_of(a.at + 1, len(a.trail))
    ready = a.report.key == moment(m) and not a.report.pending and not state.busy
    if m.is_game_over:
        body = f'<p class="an-over">{say.GAME_OVER}</p>' + button(
            Act.REVIEW, say.REVIEW_GAME, primary=True
        )
    else:
        body = report_html(a.report, names, turn)
    answer = ""
    if m.phase is Phase.CUBE and not state.is_ai(m.actor) and not state.busy:
        taker = names[m.actor] if m.actor is not None else ""
        legal = m.legal_actions()
        answer = (
            f'<div class="an-row an-answer"><span>{escape(taker)}:</span>'
            + button(Act.TAKE, state.theme.take, primary=True)
            + button(Act.DROP, state.theme.drop)
            + (button(Act.BEAVER, say.BEAVER) if Action.BEAVER in legal else "")
            + "</div>"
        )
    return (
        f'<h2 class="an-title">{say.ANALYSIS}</h2>'
        f'<div class="an-dock an-steps" role="group" aria-label="{say.STEPS_ARIA}">'
        + button(Act.ANALYSIS_FIRST, say.FIRST, enabled=a.can_back, extra=_aria(say.FIRST_ARIA))
        + button(Act.ANALYSIS_BACK, say.BACK, enabled=a.can_back)
        + f'<span class="an-at" data-testid="an-at">{where}</span>'
        + button(Act.ANALYSIS_FORWARD, say.FORWARD, enabled=a.can_forward)
        + button(Act.ANALYSIS_LAST, say.LAST, enabled=a.can_forward, extra=_aria(say.LAST_ARIA))
        + "</div>"
        + _games_and_errors(state, a)
        + match_analysis_html(state, a)
        + answer
        + _waiting(state, a, names)
        + f'<section class="an-report" aria-live="polite" data-testid="an-report">{body}</section>'
        + (
            '<section class="an-rollout" data-testid="an-rollout">'
            + rollout_html(a.rollout, ready=ready, played=_played(a))
            + "</section>"
            if not m.is_game_over
            else ""
        )
        + f'<label class="an-field an-opponent"><span>{say.PLAY_ON}</span>'
        f'<select data-action="{Act.ANALYSIS_OPPONENT}" name="opponent">{opts}</select></label>'
        + '<div class="an-row">'
        + button(Act.EDIT_OPEN, say.EDIT_POSITION)
        + button(Act.ANALYSIS_CLOSE, say.LEAVE)
        + "</div>"
        + (_ids_compact(xgid, share_link(a.page_url, xgid), state.copied) if ids else "")
    )


def _aria(label: str) -> str:
    return f' aria-label="{escape(label)}" title="{escape(label)}"'


def _games_and_errors(state: UiState, a: Analysis) -> str:
    """The line's games (when it has more than one) and, once decisions are
    graded, the way to the next or previous error of either player or one."""
    line = ml.keys(a.trail)
    games = line[-1][0] - line[0][0] + 1 if line else 0
    parts = []
    if games > 1:
        game = line[a.at][0]
        parts.append(
            button(Act.ANALYSIS_GAME_PREV, say.GAME_PREV, enabled=a.at > 0,
                   extra=_aria(say.GAME_PREV_ARIA))
            + f'<span class="an-at" data-testid="an-game">{say.game_of(game + 1, line[-1][0] + 1)}'
            "</span>"
            + button(Act.ANALYSIS_GAME_NEXT, say.GAME_NEXT, enabled=game < line[-1][0],
                     extra=_aria(say.GAME_NEXT_ARIA))
        )  # fmt: skip
    if any(loss >= DOUBTFUL for _, loss in _grades(state, a).values()):
        names = state.names
        who = [("", say.EITHER_PLAYER), ("0", names[0]), ("1", names[1])]
        parts.append(
            '<form class="an-errors" autocomplete="off">'
            + f'<select name="who" aria-label="{say.ERRORS_OF}">'
            + "".join(f'<option value="{v}">{escape(t)}</option>' for v, t in who)
            + "</select>"
            + button(Act.ANALYSIS_ERROR, say.ERROR_PREV, value="prev")
            + button(Act.ANALYSIS_ERROR, say.ERROR_NEXT, value="next")
            + "</form>"
        )
    return "".join(f'<div class="an-row an-games">{p}</div>' for p in parts)


def _grades(state: UiState, a: Analysis) -> Grades:
    return ml.with_review(a.grades, state.reviewing.review)


def moves_html(state: UiState, a: Analysis) -> tuple[str, tuple[tuple[int, str], ...], int]:
    """The Moves list on the analysis board: the game on the board, each move and
    cube action a button to its decision, marked by its grade; and the game picker's
    games (every game of the line) and the one shown."""
    line = ml.keys(a.trail)
    full = (state.match if a.at_end or not a.trail else a.trail[-1]).record.games
    game, event = ml.key(state.match)
    game = min(max(game, 0), len(full) - 1)
    record = full[game]
    grades = _grades(state, a)
    names = state.names
    picker = tuple((i, game_name(i + 1)) for i in range(len(full)))

    def mark(e: int, prefix: str = "") -> str:
        judged = grades.get((game, e))
        grade = ml.grade(judged[1]) if judged is not None else ""
        if judged is None or not grade:
            return ""
        return (
            f' <span class="an-grade {grade}" title="{say.graded_title(grade, judged[1])}">'
            f"{prefix}{say.MARKS[grade]} <small>{say.lost(judged[1])}</small></span>"
        )

    def cell(text: str, e: int, marked: bool) -> str:
        current = ' class="marked" aria-current="step"' if marked else ""
        if e < 0 or not text:
            return f"<td{current}>{escape(text)}</td>"
        before = record.events[e - 1] if e > 0 else None
        cube = mark(e - 1, say.NO_DOUBLE) if isinstance(before, Roll) else ""
        return (
            f'<td{current}><button type="button" class="mv" data-action="{Act.ANALYSIS_GO}"'
            f' data-value="{ml.step_of(line, game, e)}">{escape(text)}{mark(e)}{cube}</button></td>'
        )

    body = []
    for row in game_rows(record, state.theme, names, mark=event):
        if row.note:
            body.append(f'<tr class="note"><td colspan="3">{escape(row.note)}</td></tr>')
            continue
        cells = "".join(cell(row.cells[c], row.events[c], row.marked == c) for c in (0, 1))
        body.append(f"<tr><td>{row.number})</td>{cells}</tr>")
    head = (
        f'<tr><th scope="col">#</th><th scope="col">{escape(names[0])}</th>'
        f'<th scope="col">{escape(names[1])}</th></tr>'
    )
    html = f'<table class="history-table an-moves">{head}{"".join(body)}</table>'
    return html, picker, game


def _waiting(state: UiState, a: Analysis, names: tuple[str, str]) -> str:
    """At the AI's turn inside the line, stepped back to: it waits there (the line
    can be read through) until asked to play on, which starts a new line."""
    m = state.match
    actor = m.actor
    if a.at_end or actor is None or not state.is_ai(actor) or m.is_game_over or state.busy:
        return ""
    return (
        '<div class="an-row an-answer" data-testid="an-waiting">'
        f"<span>{escape(say.waits_here(names[actor]))}</span>"
        + button(Act.ANALYSIS_PLAY_ON, say.plays_on(names[actor]))
        + "</div>"
    )


def _ids_compact(xgid: str, link: str, copied: str) -> str:
    """The analysed position's XGID, and a copy button for each identifier and the link."""
    return (
        f'<p class="an-xgid"><code data-testid="an-xgid">{escape(xgid)}</code></p>'
        f'<div class="an-row an-copy"><span class="an-copy-label">{say.COPY}</span>'
        + _copy(IdKind.POSITION, say.POSITION_ID, copied)
        + _copy(IdKind.MATCH, say.MATCH_ID, copied)
        + _copy(IdKind.XGID, say.XGID, copied)
        + _copy(IdKind.LINK, say.LINK, copied)
        + "</div>"
        + f'<a class="an-link" href="{escape(link)}" data-testid="an-link">{say.SHARE_LINK}</a>'
    )


def panel_html(state: UiState) -> str:
    a = state.analysis
    if a is None:
        return ""
    if a.editor is not None:
        return editor_html(state, a.editor, a.page_url)
    return analysis_html(state, a)


# -- the screen -------------------------------------------------------------------------------

_HIDDEN_IN_ANALYSIS = frozenset({Act.NEXT_GAME, Act.REMATCH, Act.RESIGN_OPEN})


def analysis_screen(state: UiState, shown: Screen) -> Screen:
    """``shown`` (the game's screen of ``state``) made over for the analysis board."""
    a = state.analysis
    if a is None:
        return shown
    html = panel_html(state)
    if a.editor is None:
        controls = tuple(
            replace(b, visible=False, enabled=False) if b.action in _HIDDEN_IN_ANALYSIS else b
            for b in shown.controls
        )
        shown = replace(
            shown,
            match_line=say.analysis_line(shown.match_line),
            controls=controls,
            analysis_html=html,
            analysis_mode="analyse",
        )
        if a.trail:
            history, games, index = moves_html(state, a)
            shown = replace(shown, history_html=history, history_games=games, history_index=index)
        return shown
    setup = a.editor.setup
    top, bottom = _editor_panels(state, setup)
    try:
        ids = setup.ids()
    except EngineError:
        ids = ("", "", "")
    return replace(
        shown,
        board=editor_board(state, a.editor),
        motions=(),
        top=top,
        bottom=bottom,
        match_line=say.SETTING_UP_LINE,
        status=state.message or say.SETTING_UP_STATUS,
        controls=tuple(Button(b.action, b.label, False, False, b.key) for b in shown.controls),
        hint_html="",
        notation_enabled=False,
        phase="edit",
        actor=Waiting.HUMAN,
        busy=False,
        position_id=ids[0],
        match_id=ids[1],
        turn=setup.turn,
        viewer=0,
        analysis_html=html,
        analysis_mode="edit",
    )
