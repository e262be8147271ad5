"""The dialog a state has open, drawn afresh from the state at every draw:
:func:`dialog_view` picks the dialog's HTML function from a table by kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.game import Action, Phase
from web.board.escape import escape
from web.coach.hint import CubeHint
from web.model.actions import Act
from web.model.options import AI_NAMES, Rival
from web.model.presence import Link
from web.model.state import Dialog, UiState
from web.model.themes import Theme
from web.model.tutor import cube_advice
from web.view.dialogs import (
    cube_answer_html,
    describe_win,
    dice_entry_html,
    game_over_html,
    new_game_html,
    resign_answer_html,
    resign_choice_html,
    review_dialog_html,
)
from web.view.parts import action_row, button, dialog_form
from web.view.score_sheet import wins
from web.words import dialogs as say
from web.words.chat import PHRASES
from web.words.dialogs import ai_label
from web.words.status import YOU


@dataclass(frozen=True, slots=True)
class DialogView:
    """A dialog as drawn: its kind and its HTML."""

    kind: str
    html: str
    dismissible: bool = True


def dialog_view(state: UiState) -> DialogView | None:
    """The dialog ``state`` has open, its HTML computed afresh."""
    kind = state.dialog
    if kind is None:
        return None
    html = _DIALOGS[kind](state)
    # Problems the page shows in its banner are shown here too: the banner is
    # behind a modal dialog, where its × cannot be reached.
    extra = ""
    if state.dialog_error:
        extra += f'<p class="dialog-error" role="alert">{escape(state.dialog_error)}</p>'
    if state.notice:
        # What could not be kept aside may be downloaded from the notice (the
        # Saves dialog lists it anyway).
        held = () if kind is Dialog.SAVES else state.saves.held
        downloads = "".join(
            button(Act.UNREADABLE_DOWNLOAD, say.DOWNLOAD_IT, value=key) for key in held
        )
        extra += (
            f'<p class="dialog-error" role="alert">{escape(state.notice)} '
            + downloads
            + button(Act.DISMISS_NOTICE, say.DISMISS)
            + "</p>"
        )
    if extra and html.endswith("</form>"):
        html = html[: -len("</form>")] + extra + "</form>"
    dismissible = not state.dialog_needed and (kind is not Dialog.NEW or state.new_can_cancel)
    if dismissible and html.startswith("<form"):
        # A way out a finger can see (Escape is a keyboard's): the × in the corner.
        close = (
            f'<button type="button" class="dlg-close" data-action="{Act.CLOSE}" '
            f'aria-label="{escape(say.CLOSE)}">×</button>'
        )
        opened = html.index(">") + 1
        html = html[:opened] + close + html[opened:]
    return DialogView(kind.value, html, dismissible)


def _new(state: UiState) -> str:
    online = state.online
    players = ((state.settings.name0, state.settings.name1), state.theme.colour_names)
    return new_game_html(
        state.options, state.new_can_cancel, online.player_name, online.turn, players
    )


def _cube(state: UiState) -> str:
    m, words = state.match, state.theme
    offer = m.offer
    if offer is None:  # answered meanwhile; the dialog closes on the next step
        return ""
    if offer.beavered:  # the doubler answers the beaver: 4x the cube, or lose 2x
        beaverer = state.names[1 - offer.doubler]
        title = say.beavers(beaverer, words.cube, m.cube.value * 4)
        return cube_answer_html(
            title, m.cube.value * 2, words.take, words.drop, words.cube,
            can_hint=False, beavered=True,
        )  # fmt: skip
    hint = cube_advice(state)
    return cube_answer_html(
        words.offer_title(state.names[offer.doubler], m.cube.value * 2),
        m.cube.value,
        words.take,
        words.drop,
        words.cube,
        hint_html=_cube_hint(hint, words) if hint is not None else "",
        hint_pending=state.advice.pending,
        beaver=Action.BEAVER in m.legal_actions(),
    )


def _abandon(state: UiState) -> str:
    from web.model.intents import Text

    m, pending = state.match, state.pending
    if pending is None:
        return ""
    if isinstance(pending, Text) and pending.act is Act.LOAD_SLOT:
        doing = say.load_slot(pending.text)
    else:
        doing = {Act.START: say.START_NEW, Act.IMPORT: say.IMPORT_FILE}.get(pending.act, say.GO_ON)
    begun = bool(m.events) and not m.is_game_over
    if state.options.vs_ai and begun:
        kind, points = m.abandon_value(0)
        note = say.abandon_cost(state.names[1], state.theme.win_name(int(kind)), points)
    else:
        note = say.MATCH_LOST
    inner = f'<h2 id="dlg-title">{say.ABANDON_TITLE}</h2><p>{escape(note)}</p>' + action_row(
        button(Act.ABANDON, say.abandon(doing)),
        button(Act.CLOSE, say.KEEP_PLAYING, primary=True),
    )
    return dialog_form("abandon", inner)


def _resign(state: UiState) -> str:
    return resign_choice_html(
        [
            (int(v), state.theme.win_name(int(v)), points)
            for v, points in state.match.resign_choices()
        ]
    )


def _resign_answer(state: UiState) -> str:
    m = state.match
    offer = m.resignation
    if offer is None:  # answered meanwhile; the dialog closes on the next step
        return ""
    value = int(offer.value)
    return resign_answer_html(
        state.names[offer.player], state.theme.win_name(value), m.resignation_points(value)
    )


def _over(state: UiState) -> str:
    m = state.match
    result = m.result
    if result is None:
        return ""
    names, words = state.names, state.theme
    winner = names[result.winner]
    if state.options.vs_ai:
        headline = say.YOU_WIN if result.winner == 0 else say.ai_wins(winner)
    else:  # online, one seat is "You"
        headline = say.exclaim(wins(winner))
    if words.headline_win:
        headline = say.win_headline(words.win_name(int(result.win_type)), headline)
    detail = describe_win(words, int(result.win_type), result.points) + result.reason.note
    score_line = say.score_line(names, m.score, m.match_length)
    match_line = ""
    if m.is_over:
        assert m.winner is not None
        match_line = (
            say.YOU_WIN_MATCH
            if state.options.vs_ai and m.winner == 0
            else say.wins_match(wins(names[m.winner]))
        )
    return game_over_html(headline, detail, score_line, m.is_over, match_line)


def _review(state: UiState) -> str:
    review = state.reviewing.review
    if review is None:
        return ""
    names = state.names
    if state.options.vs_ai:
        names = (YOU, names[1])
    from web.view.review import review_html  # a review's: not needed before one

    body = review_html(review, names, say.review_title(review.game + 1))
    return review_dialog_html(body, state.match.is_over)


def _dice(state: UiState) -> str:
    opening = state.match.phase is Phase.OPENING
    names = state.names
    first = say.YOUR_DIE if state.options.vs_ai else say.die_of(names[0])
    labels = (first, say.die_of(names[1])) if opening else say.DIE_LABELS
    title = ""
    if not opening and state.is_ai(state.match.turn):
        title = say.dice_of(names[1])
    return dice_entry_html(opening, labels, title)


def _saves(state: UiState) -> str:
    from web.view.menus import saves_html  # opened from the menu, not at start

    m = state.match
    saves = state.saves
    return saves_html(
        saves.slots,
        m.position_id,
        m.match_id,
        saves.available,
        overwrite=saves.overwrite,
        unreadable=saves.unreadable,
        held=saves.held,
        copied=state.copied == "ids",
    )


def _position(state: UiState) -> str:
    from web.view.menus import position_html  # opened from the menu, not at start

    m = state.match
    xgid = "" if m.is_over else m.xgid()
    return position_html(m.position_id, m.match_id, xgid, state.copied)


def _chat(state: UiState) -> str:
    from web.view.online_dialogs import chat_html  # with online play's protocol

    return chat_html(PHRASES)


def _join(state: UiState) -> str:
    from web.view.online_dialogs import join_html  # with online play's protocol

    o = state.online
    if o.join_post:  # a friend's first link: no relay, no TURN server
        from web.view.online_dialogs import post_join_html

        return post_join_html(o.join_from, o.join_terms, o.player_name)
    return join_html(o.join_from, o.join_terms, o.player_name, o.turn)


def _claim(state: UiState) -> str:
    from web.view.online_dialogs import claim_html  # with online play's protocol

    m, friend = state.match, state.online.remote_seat
    if friend is None or m.is_game_over:
        return ""
    kind, points = m.abandon_value(friend)
    win = state.theme.win_name(int(kind))
    clock = state.online.clock_seat is not None  # the move clock ran out (else: gone)
    return claim_html(state.names[friend], state.online.claim_after, win, points, clock=clock)


def _invite(state: UiState) -> str:
    from web.view.online_dialogs import invite_html  # with online play's protocol

    o = state.online
    return invite_html(
        o.invite_link,
        o.link_status,
        state.copied,
        offer_link=o.offer_link,
        connected=o.friend_link is Link.CONNECTED,
        can_share=o.can_share,
    )


def _answer(state: UiState) -> str:
    from web.view.online_dialogs import answer_html  # with online play's protocol

    o = state.online
    return answer_html(o.friend_name, o.answer_code, o.link_status, state.copied == "answer")


def _post(state: UiState) -> str:
    from web.view.online_dialogs import send_html  # playing by messages, when it is played

    o = state.online
    first = not state.match.events and state.match.game_number == 1
    return send_html(o.post_link, state.copied == "post", o.can_share, first=first, why=o.post_why)


def _post_live(state: UiState) -> str:
    from web.view.online_dialogs import post_live_html  # a game by messages: loaded

    o = state.online
    friend = "" if o.remote_seat is None else state.names[o.remote_seat]
    link = "" if o.post_link else o.invite_link
    return post_live_html(friend, link, o.link_status, state.copied == "invite", o.can_share)


def _post_games(state: UiState) -> str:
    from web.view.post_dialogs import games_html  # when asked for from the menu

    return games_html(state.online.post_games, state.online.post_link)


def _help(state: UiState) -> str:
    from web.view.help import help_html  # How to play, when asked

    return help_html(state.theme)


def _stats(state: UiState) -> str:
    from web.view.menus import (  # opened from the menu, not at start
        records_table,
        stats_html,
        stats_table,
    )

    m, names = state.match, state.names
    game = stats_table(say.game_caption(m.game_number), names, m.game_stats())
    whole = say.whole_caption(state.options.length == 0)
    match = stats_table(whole, names, m.stats())
    opponents: dict[str, str] = {
        **{key: ai_label(key) for key, _ in AI_NAMES},
        Rival.HUMAN: say.FRIEND_AS_PLAYER_1,
        Rival.ONLINE: say.FRIENDS_ONLINE,
    }
    from web.view.dice import dice_html

    return stats_html(game, match, records_table(state.records, opponents), dice_html(state))


def _settings(state: UiState) -> str:
    from web.view.menus import settings_html  # opened from the menu, not at start

    return settings_html(state.settings)


def _cube_hint(hint: CubeHint, words: Theme) -> str:
    from web.view.hint import cube_hint_html  # when asked for: not at the page's start

    return cube_hint_html(hint, words)


def _cut(state: UiState) -> str:
    from web.words import analysis_board as words  # the analysis board's: not at the start

    a = state.analysis
    steps = len(a.trail) - 1 - a.at if a is not None else 0
    inner = (
        f'<h2 id="dlg-title">{words.CUT_TITLE}</h2><p>{escape(words.cut_note(steps))}</p>'
        + action_row(
            button(Act.ANALYSIS_CUT, words.CUT_GO),
            button(Act.CLOSE, words.CUT_KEEP, primary=True),
        )
    )
    return dialog_form("cut", inner)


def _tutor(state: UiState) -> str:
    from web.view.tutor import tutor_html  # when the tutor asks

    return tutor_html(state)


_DIALOGS: Mapping[Dialog, Callable[[UiState], str]] = MappingProxyType(
    {
        Dialog.NEW: _new,
        Dialog.CUBE: _cube,
        Dialog.RESIGN: _resign,
        Dialog.RESIGN_ANSWER: _resign_answer,
        Dialog.OVER: _over,
        Dialog.REVIEW: _review,
        Dialog.DICE: _dice,
        Dialog.SAVES: _saves,
        Dialog.STATS: _stats,
        Dialog.SETTINGS: _settings,
        Dialog.ABANDON: _abandon,
        Dialog.POSITION: _position,
        Dialog.HELP: _help,
        Dialog.INVITE: _invite,
        Dialog.JOIN: _join,
        Dialog.CHAT: _chat,
        Dialog.CLAIM: _claim,
        Dialog.ANSWER: _answer,
        Dialog.TUTOR: _tutor,
        Dialog.CUT: _cut,
        Dialog.POST: _post,
        Dialog.POST_GAMES: _post_games,
        Dialog.POST_LIVE: _post_live,
    }
)
