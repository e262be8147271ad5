"""What the page shows, as plain values: :func:`screen` of a :class:`UiState`.

A pure function: the same state always draws the same screen, so the
page's drawing is tested under CPython by looking at values.  The only
inputs that are not state are the checkers' motions and the sounds, which
describe the last change rather than where things are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import Action, Phase
from engine.names import DecisionKind
from engine.position import Position
from engine.record import OpeningRoll, Played
from web.board.motion import Motion
from web.board.svg import BoardView, CubeView, DiceView
from web.model.actions import Act
from web.model.options import Home
from web.model.presence import Link
from web.model.sound import Sound
from web.model.state import ReviewView, UiState
from web.model.tutor import can_hint
from web.view.dialog import dialog_view
from web.view.frame import Button, Panel, Screen, Waiting, board_words
from web.view.score_sheet import HistoryRow, game_rows, history_html
from web.words import status as say
from web.words.dialogs import duration_words
from web.words.status import FRIEND_NOTES as FRIEND_NOTES

if TYPE_CHECKING:
    from web.view.review import ReviewFrame


def screen(
    state: UiState, motions: tuple[Motion, ...] = (), sounds: tuple[Sound, ...] = ()
) -> Screen:
    m = state.match
    frame = reviewed_frame(state)  # once a draw: the best play's board replays its moves
    top, bottom = _panels(state, frame)
    history, games, index = _history(state)
    actor = m.actor
    if m.is_game_over or (actor is None and m.phase is not Phase.OPENING):
        waiting = Waiting.NONE
    elif state.is_ai(actor):
        waiting = Waiting.AI
    else:
        waiting = Waiting.HUMAN
    shown = Screen(
        board=board_view(state, frame),
        motions=motions,
        motion_ms=state.pace[0],
        sounds=sounds if state.settings.sound else (),
        sound_on=state.settings.sound,
        top=top,
        bottom=bottom,
        title=state.theme.title,
        match_line=_match_line(state),
        status=_review_status(state, frame) if frame is not None else _status(state),
        message="" if frame is not None else state.message,
        controls=_controls(state),
        dialog=dialog_view(state),
        history_html=history,
        hint_html="" if frame is not None or not state.advice.shown else _hint(state),
        history_games=games,
        history_index=index,
        notation_enabled=state.human_to_move,
        notice=state.notice,
        announcement=state.announcement,
        announce_id=state.announce_id,
        theme=state.settings.theme,
        mode=state.settings.mode.value,
        phase="over" if m.is_game_over else m.phase.value,
        actor=waiting,
        busy=state.busy,
        awaiting=state.busy and state.thinking,
        position_id=m.position_id,
        match_id=m.match_id,
        turn=m.turn if m.turn is not None else 0,
        viewer=frame.player if frame is not None else state.viewer,
        vs_ai=state.options.vs_ai,
        play_text_failed=state.play_refused,
    )
    if state.analysis is not None:
        # The analysis board's own view makes this screen over (it imports this module).
        from web.view.analysis import analysis_screen

        return analysis_screen(state, shown)
    return shown


# -- the board --------------------------------------------------------------------------


def board_position(state: UiState) -> Position:
    """The game's board as the viewer sees it."""
    return state.match.board_for(state.viewer)


def _hint(state: UiState) -> str:
    # Imported once advice is shown: a first board never needs the hint's views.
    from web.view.hint import hint_html

    return hint_html(state)


def reviewed_frame(state: UiState) -> ReviewFrame | None:
    """The reviewed decision the board shows, if any."""
    r = state.reviewing
    if r.review is None or r.at is None:
        return None
    from web.view.review import review_frame  # a review's: not needed before one

    return review_frame(r.review, r.at, r.view, _review_names(state))


def _review_names(state: UiState) -> tuple[str, str]:
    names = state.names
    return (say.YOU, names[1]) if state.options.vs_ai else names


def board_view(state: UiState, frame: ReviewFrame | None = None) -> BoardView:
    if frame is not None:
        return _review_board(state, frame)
    sel = state.selection
    highlights = state.destinations(sel.selected) if sel.selected is not None else frozenset()
    top = state.mover_on_top  # the places are then the top side's, its checkers marked
    names = state.names
    viewer = state.viewer
    me_word = say.YOUR if state.options.vs_ai else say.possessive(names[viewer])
    opp_word = say.possessive(names[1 - viewer])
    position = board_position(state)
    pips = position.pips()
    label = say.board_label(names[viewer], names[1 - viewer], pips)
    return BoardView(
        position=position,
        me_colour="light" if viewer == 0 else "dark",
        highlights=highlights,
        movable=state.movable,
        selected=sel.selected,
        lifted=sel.lifted,
        dice=_dice_view(state),
        cube=_cube_view(state),
        words=board_words(state.theme, me_word, opp_word),
        cube_style=state.theme.cube_style,
        label=label,
        last=_last_play_marks(state),
        mark_movable=state.settings.show_movable,
        home_left=state.settings.home is Home.LEFT,
        top=top,
    )


def _review_board(state: UiState, frame: ReviewFrame) -> BoardView:
    names = state.names
    me, opp = frame.player, 1 - frame.player
    me_word = say.YOUR if state.options.vs_ai else say.possessive(names[me])
    dice = None
    if frame.dice is not None:
        a, b = frame.dice
        values = (a, b) if a != b else (a,) * 4
        dice = DiceView(
            values, side="me", used=(frame.view is not ReviewView.BEFORE,) * len(values)
        )
    pips = frame.position.pips()
    label = say.review_board_label(frame.caption, names[me], names[opp], pips)
    return BoardView(
        position=frame.position,
        me_colour="light" if me == 0 else "dark",
        dice=dice,
        cube=frame.cube,
        words=board_words(state.theme, me_word, say.possessive(names[opp])),
        cube_style=state.theme.cube_style,
        label=label,
        last=frame.marks,
        home_left=state.settings.home is Home.LEFT,
    )


def _dice_view(state: UiState) -> DiceView | None:
    m = state.match
    viewer = state.viewer
    if m.phase is Phase.OPENING:
        last = m.events[-1] if m.events else None
        if isinstance(last, OpeningRoll):
            dice = (last.die0, last.die1) if viewer == 0 else (last.die1, last.die0)
            return DiceView(dice, opening=True)
        return None
    turn = m.moves
    if turn is None or m.dice is None:
        return None
    side = "me" if m.turn == viewer else "opp"
    all_dice = list(turn.dice)
    remaining = list(m.remaining_dice)
    if len(all_dice) == 2 and state.selection.swapped:
        all_dice.reverse()
    used = []
    left = list(remaining)
    for d in all_dice:
        if d in left:
            left.remove(d)
            used.append(False)
        else:
            used.append(True)
    if len(all_dice) == 4:  # used dice first, so the unused ones stay together
        n_used = used.count(True)
        used = [True] * n_used + [False] * (4 - n_used)
    owners: tuple[str, ...] = ()
    if state.opening_move and len(all_dice) == 2:
        # The opening roll: one die each, the winner playing both.
        loser = "opp" if side == "me" else "me"
        owners = tuple(side if d == max(all_dice) else loser for d in all_dice)
    swappable = (
        state.human_to_move
        and len(all_dice) == 2
        and len(remaining) == 2
        and all_dice[0] != all_dice[1]
    )
    return DiceView(
        tuple(all_dice), side=side, used=tuple(used), swappable=swappable, owners=owners
    )


def _cube_view(state: UiState) -> CubeView | None:
    m = state.match
    if not m.rules.cube:
        return None
    cube = m.cube

    def rel(player: int | None) -> str | None:
        if player is None:
            return None
        return "me" if player == state.viewer else "opp"

    offered = rel(m.offer.doubler) if m.offer is not None else None
    value = cube.value * 2 if offered else cube.value
    return CubeView(value, rel(cube.owner), offered, resting=not m.cube_enabled)


def _last_play_marks(state: UiState) -> frozenset[int]:
    """The points the other side's last play touched, while the viewer has
    not moved since, so a player sees what the opponent just did."""
    m = state.match
    last = next((e for e in reversed(m.events) if isinstance(e, Played)), None)
    viewer = state.viewer
    if last is None or last.player == viewer:
        return frozenset()
    if m.moves is not None and m.moves.done:
        return frozenset()
    # The record is in the mover's numbering; the viewer's is the mirror.
    return frozenset(25 - p for move in last.moves for p in move if 0 < p < 25)


# -- the words and controls around it -------------------------------------------------------


def _status(state: UiState) -> str:
    if state.online.claimed:
        return state.online.claimed
    if state.message:
        return state.message
    m = state.match
    names = state.names
    if m.is_game_over:
        return say.MATCH_OVER if m.is_over else say.GAME_OVER
    away = _friend_away(state)
    if away:
        return away
    if state.online.post_waiting:
        from web.view.post_board import status  # by messages: online play's archive is loaded

        return status(state)
    friend = state.online.remote_seat
    if state.thinking and friend is not None:
        return say.friend_playing(names[friend])
    if state.thinking:
        if (
            m.phase is Phase.CUBE
        ):  # the AI answers a double (web.control.controller gives it a beat)
            return say.ai_considering_double(names[1])
        return say.ai_thinking(names[1])
    actor, phase = m.actor, m.phase
    if phase is Phase.OPENING:
        return say.ROLL_TO_START
    if actor is None:
        return ""
    who = say.YOU if state.options.vs_ai and actor == 0 else names[actor]
    if phase is Phase.ROLL:
        if state.is_ai(actor):
            return say.turn_status(who, "to-roll")
        if Action.DOUBLE in m.legal_actions():
            return say.turn_status(who, "roll", double=state.theme.double)
        return say.turn_status(who, "roll")
    if phase is Phase.MOVE:
        if state.is_ai(actor) and state.opening_move:  # its dice are shown a beat first
            dice = "\u2011".join(str(d) for d in m.remaining_dice)
            return say.won_opening(who, dice)
        if state.is_ai(actor):
            return say.turn_status(who, "moving")
        if Action.CONFIRM in m.legal_actions():
            return say.turn_status(who, "confirm")
        dice = "\u2011".join(str(d) for d in m.remaining_dice)  # a hyphen that never breaks
        if state.opening_move:
            return say.turn_status(who, "opening", dice=dice)
        return say.turn_status(who, "move", dice=dice)
    if phase is Phase.CUBE:
        return say.turn_status(who, "cube")
    if phase is Phase.RESIGNATION:
        return say.turn_status(who, "resignation")
    return ""


def _friend_away(state: UiState) -> str:
    """The status line while the friend online is gone: waiting, and when the
    game may be claimed."""
    online = state.online
    if online.remote_seat is None or state.match.is_game_over:
        return ""
    name = state.names[online.remote_seat]
    return say.friend_away(
        name,
        duration_words(online.claim_after),
        link=online.friend_link,
        on_clock=online.clock_seat is not None,
        their_clock=online.clock_seat == online.remote_seat,
    )


def _review_status(state: UiState, frame: ReviewFrame) -> str:
    review, index = state.reviewing.review, state.reviewing.at
    assert review is not None and index is not None
    flagged = review.flagged()
    place = (flagged.index(index) + 1, len(flagged)) if index in flagged else None
    return say.review_status(frame.caption, frame.view, place)


def _controls(state: UiState) -> tuple[Button, ...]:
    r = state.reviewing
    review, at = r.review, r.at
    browsing = review is not None and at is not None
    flagged = review.flagged() if review is not None else ()
    pos = flagged.index(at) if at in flagged else -1
    play = review is not None and at is not None and review.items[at].kind == DecisionKind.PLAY
    view = r.view
    browse = (
        Button(Act.REVIEW_PREV, "‹", pos > 0, browsing, "ArrowLeft"),
        Button(Act.REVIEW_BEFORE, say.REVIEW_BEFORE, play and view is not ReviewView.BEFORE, play),
        Button(Act.REVIEW_PLAYED, say.REVIEW_PLAYED, play and view is not ReviewView.PLAYED, play),
        Button(Act.REVIEW_BEST, say.REVIEW_BEST, play and view is not ReviewView.BEST, play),
        Button(Act.REVIEW_NEXT, "›", 0 <= pos < len(flagged) - 1, browsing, "ArrowRight"),
        Button(Act.REVIEW_LIST, say.REVIEW_LIST, browsing, browsing),
    )
    game = _game_controls(state)
    if browsing:
        return browse + tuple(Button(b.action, b.label, False, False, b.key) for b in game)
    return browse + game


def _game_controls(state: UiState) -> tuple[Button, ...]:
    m = state.match
    # By messages, nothing is played here while the friend's link is awaited
    # (a roll would only wait for their part of the dice).
    mine = not state.is_ai(m.actor) and not state.busy and not state.online.post_waiting
    acts = m.legal_actions() if mine else frozenset()
    moving = m.phase is Phase.MOVE and not state.is_ai(m.turn)
    over = m.is_game_over
    words = state.theme
    return (
        Button(Act.ROLL, say.ROLL, Action.ROLL in acts, not moving and not over, "R"),
        Button(
            Act.DOUBLE,
            words.double,
            Action.DOUBLE in acts,
            not moving and not over and m.cube_enabled,
            "D",
            why_no_double(state),
        ),
        Button(Act.UNDO, say.UNDO, Action.UNDO in acts, moving, "U"),
        Button(Act.REDO, say.REDO, Action.REDO in acts, moving, "Y"),
        Button(Act.CONFIRM, say.DONE, Action.CONFIRM in acts, moving, "Enter"),
        Button(Act.HINT, say.HINT, can_hint(state), not over and not state.online.playing, "H"),
        Button(Act.RESIGN_OPEN, say.RESIGN, Action.RESIGN in acts, not over, ""),
        Button(Act.NEXT_GAME, say.NEXT_GAME, Action.NEXT_GAME in acts, Action.NEXT_GAME in acts),
        Button(Act.REMATCH, say.REMATCH, m.is_over, m.is_over),
        Button(Act.CLAIM, say.CLAIM, claimable(state), claimable(state)),
        *_switch(state),
    )


def _switch(state: UiState) -> tuple[Button, Button]:
    """Play by messages, for a live game whose friend is not connected, and
    Play live now, for a game by messages (the page's shell leaves them
    blank; their words come with online play)."""
    o = state.online
    # Neither shows before the game has a presence or a link: so too while a
    # saved one is reopened, online play's archive still on its way.
    if not o.playing or (o.friend_link is None and not o.post_link):
        return (Button(Act.POST_SWITCH, "", False, False), Button(Act.POST_LIVE, "", False, False))
    from web.view.post_board import live, switch  # (online play's archive: loaded)

    return (switch(state), live(state))


def why_no_double(state: UiState) -> str:
    """Why this page's player, on roll, may not double (the engine's reason), in
    words; "" when they may, or it is not their roll."""
    m = state.match
    if m.phase is not Phase.ROLL or m.turn is None or state.is_ai(m.turn) or state.busy:
        return ""
    why = m.why_not_double()
    return say.no_double(state.theme.double, why) if why else ""


def claimable(state: UiState) -> bool:
    """Whether the player may claim the online game now (the friend gone the stated time)."""
    return state.online.claimable and not state.match.is_game_over


def _panels(state: UiState, frame: ReviewFrame | None) -> tuple[Panel, Panel]:
    m = state.match
    names = state.names
    viewer = state.viewer
    pips = m.pips()
    if frame is not None:  # the reviewed board's pip counts, from its player's side
        viewer = frame.player
        mine, theirs = frame.position.pips()
        pips = (mine, theirs) if viewer == 0 else (theirs, mine)
    score = m.score
    owner = m.cube.owner
    actor = m.actor
    result = m.result

    def panel(player: int) -> Panel:
        note = ""
        link = state.online.friend_link
        online = player == state.online.remote_seat
        if online and state.online.claimed:
            note = say.CLAIMED_NOTE
        elif online and link is Link.CLAIMABLE and state.online.clock_seat is not None:
            note = say.OUT_OF_TIME_NOTE
        elif online and link in (Link.WAITING, Link.CLAIMABLE, Link.CONNECTING):
            note = FRIEND_NOTES[link]
        elif online and state.online.post_waiting:
            from web.words.post import LINK_NOTE  # by messages: its archive is loaded

            note = LINK_NOTE
        elif state.is_ai(player) and state.thinking:
            note = say.PLAYING_NOTE if online else say.THINKING_NOTE
        elif result is not None and result.winner == player:
            note = say.WINS_NOTE
        elif online and link is Link.CONNECTED:
            note = FRIEND_NOTES[Link.CONNECTED]
        clock = state.online
        if (
            clock.clock_seat == player
            and clock.clock_left  # out of time: the note says the game may be claimed
            and not m.is_game_over
            and not (online and link is Link.CLAIMABLE)
        ):
            # The move clock of whoever owes an action, beside their name.
            left = say.clock_note(clock.clock_left)
            note = f"{note} · {left}" if note else left
        return Panel(
            name=names[player],
            colour="light" if player == 0 else "dark",
            pips=pips[player],
            score=str(score[player]),
            on_roll=actor == player and not m.is_game_over and not state.online.claimed,
            note=note,
            owns_cube=owner == player,
        )

    return panel(1 - viewer), panel(viewer)


def _match_line(state: UiState) -> str:
    m = state.match
    return say.match_line(
        m.match_length,
        m.game_number,
        crawford=m.is_crawford_game,
        post_crawford=m.is_post_crawford,
        jacoby=m.rules.jacoby_active,
        cube=m.rules.cube,
    )


def _history(state: UiState) -> tuple[str, tuple[tuple[int, str], ...], int]:
    records = state.match.record.games
    index = state.history_index if state.history_index is not None else len(records) - 1
    index = min(index, len(records) - 1)
    mark = None
    r = state.reviewing
    if r.review is not None and r.at is not None and index == r.review.game:
        mark = r.review.items[r.at].event  # the decision on the board
    rows: list[HistoryRow] = game_rows(records[index], state.theme, state.names, mark)
    games = tuple((i, say.game_name(i + 1)) for i in range(len(records)))
    return history_html(rows, state.names), games, index
