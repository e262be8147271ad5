"""What a control sends, read once (web.model.intents): every act's intent and
its payload, text that means none refused, and every handler of the controller
typed for exactly the intent the parser makes for its act."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from typing import get_type_hints

import pytest
from web_fakes import Rig

from web.model import intents
from web.model.actions import Act
from web.model.editor import SetupForm, Tool
from web.model.intents import (
    CopyAsk,
    DiceAsk,
    ErrorStep,
    ExportAsk,
    ExportFormat,
    IdKind,
    Index,
    Intent,
    Join,
    LinkAsk,
    LinkKind,
    MalformedIntentError,
    NewMatch,
    RolloutAsk,
    SettingAsk,
    SetUp,
    Tap,
    Text,
    ToolPick,
    _narrowed,
    parse,
)
from web.model.options import MatchOptions, Rival, Setting, SettingChange

NO_TURN = ("", "", "")

# Every act with text its control sends and the intent it means.
SENT: dict[Act, tuple[str, Mapping[str, str], Intent]] = {
    Act.SELECT: ("7", {}, Tap(Act.SELECT, 7)),
    Act.RESIGN: ("2", {}, Index(Act.RESIGN, 2)),
    Act.HINT_PLAY: ("0", {}, Index(Act.HINT_PLAY, 0)),
    Act.REVIEW_SHOW: ("12", {}, Index(Act.REVIEW_SHOW, 12)),
    Act.CHAT: ("3", {}, Index(Act.CHAT, 3)),
    Act.ANALYSIS_GO: ("4", {}, Index(Act.ANALYSIS_GO, 4)),
    Act.ANALYSIS_GAME: ("1", {}, Index(Act.ANALYSIS_GAME, 1)),
    Act.ANALYSIS_PLAY: ("2", {}, Index(Act.ANALYSIS_PLAY, 2)),
    Act.HISTORY_GAME: ("-1", {}, Index(Act.HISTORY_GAME, -1)),
    Act.PLAY_TEXT: ("", {"text": " 8/5 6/5 "}, Text(Act.PLAY_TEXT, "8/5 6/5")),
    Act.EDIT_PASTE: ("", {"id": " XGID=x "}, Text(Act.EDIT_PASTE, "XGID=x")),
    Act.MANUAL_ANSWER: ("", {"answer": " a.b "}, Text(Act.MANUAL_ANSWER, "a.b")),
    Act.SAVE_SLOT: ("", {"name": "  my   game "}, Text(Act.SAVE_SLOT, "my game")),
    Act.SAVE_OVERWRITE: ("my  game", {}, Text(Act.SAVE_OVERWRITE, "my game")),
    Act.LOAD_SLOT: (" a ", {}, Text(Act.LOAD_SLOT, " a ")),  # a slot's key, as stored
    Act.DELETE_SLOT: ("a", {}, Text(Act.DELETE_SLOT, "a")),
    Act.UNREADABLE_DOWNLOAD: ("k", {}, Text(Act.UNREADABLE_DOWNLOAD, "k")),
    Act.UNREADABLE_DISCARD: ("k", {}, Text(Act.UNREADABLE_DISCARD, "k")),
    Act.IMPORT: (' {"a": 1}\n', {}, Text(Act.IMPORT, ' {"a": 1}\n')),  # a file, untouched
    Act.POST_OPEN: ("room", {}, Text(Act.POST_OPEN, "room")),
    Act.POST_LIVE: ("go", {}, Text(Act.POST_LIVE, "go")),  # "": asked first
    Act.ANALYSIS_OPPONENT: ("hard", {}, intents.RivalPick(Act.ANALYSIS_OPPONENT, Rival.HARD)),
    Act.EDIT_TOOL: ("erase", {}, ToolPick(Act.EDIT_TOOL, Tool.ERASE)),
    Act.EDIT_SET: ("", {"turn": "1", "length": "7"}, SetUp(Act.EDIT_SET, SetupForm(1, length=7))),
    Act.COPY_ID: ("xgid", {}, CopyAsk(Act.COPY_ID, IdKind.XGID)),
    Act.ANALYSIS_COPY: ("link", {}, CopyAsk(Act.ANALYSIS_COPY, IdKind.LINK)),
    Act.COPY_CODE: ("answer", {}, LinkAsk(Act.COPY_CODE, LinkKind.ANSWER)),
    Act.SHARE_LINK: ("invite", {}, LinkAsk(Act.SHARE_LINK, LinkKind.INVITE)),
    Act.EXPORT: ("mat", {}, ExportAsk(Act.EXPORT, ExportFormat.MAT)),
    Act.ANALYSIS_ERROR: (
        "next",
        {"who": "1"},
        ErrorStep(Act.ANALYSIS_ERROR, True, 1),
    ),
    Act.SETTING: (
        "true",
        {"name": "tutor"},
        SettingAsk(Act.SETTING, SettingChange(Setting.TUTOR, True)),
    ),
    Act.ROLLOUT: ("", {"trials": "432", "truncate": "0"}, RolloutAsk(Act.ROLLOUT, 432, 0)),
    Act.DICE_SET: ("", {"d1": "6", "d2": "5"}, DiceAsk(Act.DICE_SET, (6, 5))),
    Act.JOIN_ACCEPT: (
        "",
        {"name": " Ann ", "turn_url": "turn:x"},
        Join(Act.JOIN_ACCEPT, "Ann", ("turn:x", "", "")),
    ),
    Act.START: (
        "",
        {"opponent": "online", "length": "3", "name": "Bo", "post": "on"},
        NewMatch(
            Act.START,
            "Bo",
            NO_TURN,
            MatchOptions(Rival.ONLINE, 3, cube=False, jacoby=False, crawford=False),
            True,
        ),
    ),
}
PLAIN = set(Act) - set(SENT)
"""The acts whose controls send nothing more."""


@pytest.mark.parametrize("act", list(Act))
def test_every_act_is_read_into_its_intent(act: Act) -> None:
    value, fields, intent = SENT.get(act, ("", {}, Intent(act)))
    assert parse(act, value, fields) == intent
    assert parse(act, value, fields).act is act


def test_an_act_that_carries_nothing_ignores_what_came_with_it() -> None:
    assert parse(Act.ROLL, "x", {"a": "b"}) == Intent(Act.ROLL)
    assert {Act.ROLL, Act.CONFIRM, Act.ANALYSE, Act.CLOSE} <= PLAIN


@pytest.mark.parametrize(
    ("act", "value", "fields"),
    [
        (Act.RESIGN, "two", {}),
        (Act.RESIGN, "-1", {}),  # a count: never negative
        (Act.HINT_PLAY, "", {}),
        (Act.CHAT, "1.5", {}),
        (Act.HISTORY_GAME, "last", {}),
        (Act.EDIT_TOOL, "pencil", {}),
        (Act.COPY_ID, "everything", {}),
        (Act.COPY_CODE, "", {}),
        (Act.EXPORT, "pdf", {}),
        (Act.ANALYSIS_ERROR, "sideways", {}),
        (Act.ANALYSIS_OPPONENT, "grandmaster", {}),
        (Act.SETTING, "true", {"name": "no-such-setting"}),
        (Act.SETTING, "true", {}),
    ],
)
def test_text_that_means_nothing_for_its_act_is_malformed(
    act: Act, value: str, fields: dict[str, str]
) -> None:
    with pytest.raises(MalformedIntentError, match=str(act)):
        parse(act, value, fields)
    assert issubclass(MalformedIntentError, ValueError)


def test_payloads_with_a_meaning_for_what_is_missing() -> None:
    assert parse(Act.SELECT, "none") == Tap(Act.SELECT, None)  # Escape: let go
    assert parse(Act.DICE_SET, "", {"d1": "3"}) == DiceAsk(Act.DICE_SET, None)  # said to choose
    assert parse(Act.SAVE_SLOT, "   ") == Text(Act.SAVE_SLOT, "")  # said to name it
    assert parse(Act.SAVE_SLOT, "from value") == Text(Act.SAVE_SLOT, "from value")
    assert parse(Act.PLAY_TEXT, " 13/7 ") == Text(Act.PLAY_TEXT, "13/7")  # the value, else
    assert parse(Act.EXPORT) == ExportAsk(Act.EXPORT, ExportFormat.JSON)  # the plain button
    assert parse(Act.ANALYSIS_ERROR, "prev") == ErrorStep(Act.ANALYSIS_ERROR, False, None)
    assert parse(Act.ROLLOUT, "", {"trials": "7"}) == RolloutAsk(Act.ROLLOUT, 144, 10)
    assert parse(Act.SETTING, "backyamon", {"name": "theme"}) == SettingAsk(
        Act.SETTING, SettingChange(Setting.THEME, "backyamon")
    )
    start = parse(Act.START, "", {"opponent": "human", "length": "0", "cube": "on"})
    assert isinstance(start, NewMatch) and not start.post and start.turn == NO_TURN
    assert start.options == MatchOptions(Rival.HUMAN, 0, cube=True, jacoby=False, crawford=False)
    terms = {"opponent": "online", "length": "x", "clock": "600", "name0": "  Ann  Lee "}
    start = parse(Act.START, "", terms)
    assert isinstance(start, NewMatch)  # what the form does not offer is the default
    assert (start.options.length, start.options.move_clock) == (5, 600)
    assert start.options.names == ("Ann Lee", "")


def test_the_set_up_form_is_read_whole_and_keeps_what_is_not_a_number() -> None:
    read = parse(
        Act.EDIT_SET,
        "",
        {"turn": "0", "dice": "double", "owner": "1", "length": "x", "score0": " 3 ",
         "cube": "", "crawford": "on"},
    )  # fmt: skip
    assert isinstance(read, SetUp)
    form = read.form
    assert (form.turn, form.dice, form.doubled, form.owner) == (0, None, True, 1)
    assert (form.length, form.cube, form.score, form.crawford) == (None, None, (3, None), True)
    assert form.bad == (("length", "x"),)  # refused when applied, as the editor says


def _handler(c: Callable[[Intent], None]) -> tuple[type[Intent], Callable[..., None]]:
    """The kind of intent a table's entry narrows to, and the handler it calls."""
    if isinstance(c, partial) and c.func is _narrowed:
        kind, handler = c.args
        return kind, handler
    return Intent, c


def test_every_handler_takes_exactly_the_intent_the_parser_makes_for_its_act() -> None:
    handlers = Rig().c.handlers
    assert set(handlers) == set(Act)
    for act, entry in handlers.items():
        value, fields, _ = SENT.get(act, ("", {}, Intent(act)))
        made = type(parse(act, value, fields))
        kind, handler = _handler(entry)
        assert kind is made, act
        function = getattr(handler, "__func__", handler)
        (first, *rest) = [p for p in inspect.signature(handler).parameters]
        assert not rest, act
        hints = get_type_hints(function, localns=vars(intents))  # theirs for type checkers
        assert hints[first] is made, (act, handler)


def test_a_typed_intent_is_done_as_the_control_would_and_a_wrong_one_fails_loudly() -> None:
    typed, sent = Rig([3, 1]).boot(), Rig([3, 1]).boot()
    for rig in (typed, sent):
        rig.start("human", 0)
        rig.act("roll")
    before = typed.c.state.match
    typed.c.intend(Text(Act.PLAY_TEXT, "8/5 6/5"))
    sent.act("play-text", text="8/5 6/5")
    assert typed.c.state.match != before
    assert typed.c.state.match.position_id == sent.c.state.match.position_id
    assert typed.view.last == sent.view.last
    rig = typed
    with pytest.raises(TypeError, match="Text"):
        rig.c.intend(Index(Act.PLAY_TEXT, 3))


def test_the_intent_that_waits_for_the_players_word_is_kept_typed() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("hard", 5)
    rig.act("roll")
    rig.c.act(Act.START, "", {"opponent": "human", "length": "3"})
    pending = rig.c.state.pending
    assert isinstance(pending, NewMatch)
    assert pending.options == MatchOptions(Rival.HUMAN, 3, cube=False, jacoby=False, crawford=False)
    rig.act("abandon")
    assert rig.c.state.pending is None and rig.c.state.options.opponent == "human"


def test_a_malformed_value_changes_nothing_but_clears_the_last_message() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 0)
    rig.act("roll")
    rig.c.session.set(message="old news")
    before = rig.c.state.match
    rig.act("resign", "all of it")
    assert rig.c.state.match is before and rig.c.state.dialog is None
    assert rig.c.state.message == ""
