"""The analysis board's editor: setting up a position on the shared board.

:class:`Editor` is the editor's whole state, a value: the position being set
up (the engine's :class:`~engine.position_setup.PositionSetup`, which keeps
the checkers counted to 15 a side and says why a set-up cannot be played) and
the tool in hand, a colour to place or the eraser.  The functions here turn
the player's gestures and the set-up form into a new editor; a refused edit
raises the engine's error or an :class:`EditRefusedError` (below), which
``web.words.analysis.edit_refused`` says to the player.

Places are the board's (:mod:`web.board.geometry`), seen from player 0 at the
bottom: points 1..24, :data:`BAR`, :data:`OFF`.

>>> e = Editor()
>>> e = tap(e, 3)  # White has all 15 on the board: the first tap is refused
Traceback (most recent call last):
...
engine.errors.CheckerCountError: All 15 of White’s checkers are on the board already
>>> e = tap(with_tool(Editor(), Tool.ERASE), 6)  # one off White's 6 point...
>>> e = tap(with_tool(e, Tool.LIGHT), 3)  # ...onto its 3 point
>>> e.setup.at(6), e.setup.at(3)
((4, 0), (1, 0))
>>> drag(e, 3, None).setup.counts(0)  # dragged off the board: borne off
(14, 0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.errors import EngineError, InvalidSetupError
from engine.position import BAR, OFF
from engine.position_setup import PositionSetup
from engine.rules import MAX_MATCH_LENGTH


class EditRefusedError(InvalidSetupError):
    """An edit the editor itself refuses (the engine refuses the others)."""


class OffIsNotAPlaceError(EditRefusedError):
    """A checker placed on the bear-off tray: checkers get there by leaving the board."""

    def __init__(self) -> None:
        super().__init__("checkers are borne off from the board, not placed off")


class NoCheckerError(EditRefusedError):
    """A tap with the eraser, or a drag, where there is no checker."""

    def __init__(self, *, moving: bool) -> None:
        self.moving = moving
        super().__init__(f"no checker here to {'move' if moving else 'take off'}")


class FieldNumberError(EditRefusedError):
    """A set-up form field that is not a whole number."""

    def __init__(self, field: str, text: str) -> None:
        self.field = field  # the form's name: length, cube, score0, score1
        self.text = text[:12]
        super().__init__(f"{field} is a whole number, not {self.text!r}")


class MatchTooLongError(EditRefusedError):
    def __init__(self) -> None:
        self.limit = MAX_MATCH_LENGTH
        super().__init__(f"a match is at most {MAX_MATCH_LENGTH} points")


class Tool(StrEnum):
    """What a tap on the board does: place a checker of a colour, or take one off."""

    LIGHT = "light"  # player 0's checkers
    DARK = "dark"  # player 1's
    ERASE = "erase"

    @property
    def player(self) -> int | None:
        return {Tool.LIGHT: 0, Tool.DARK: 1}.get(self)


@dataclass(frozen=True, slots=True)
class Editor:
    """The position editor: the position set up so far and the tool in hand."""

    setup: PositionSetup = field(default_factory=PositionSetup)
    tool: Tool = Tool.LIGHT


def with_tool(editor: Editor, tool: Tool) -> Editor:
    return replace(editor, tool=tool)


def _owner_at(setup: PositionSetup, place: int, prefer: int | None) -> int | None:
    """Whose checker a tap or drag at ``place`` takes: on a point, the only side
    there; on the bar, ``prefer``'s when it has one there, else the other's."""
    if not 1 <= place <= BAR:
        return None
    counts = setup.at(place)
    order = (prefer, 1 - prefer) if prefer is not None else (0, 1)
    return next((p for p in order if counts[p]), None)


def tap(editor: Editor, place: int | None) -> Editor:
    """A tap on ``place``: the colour in hand adds a checker there, the eraser
    takes one off.  Raises the engine's reason when that cannot be."""
    setup = editor.setup
    if place is None:
        return editor
    if place == OFF:
        raise OffIsNotAPlaceError
    player = editor.tool.player
    if player is not None:
        return replace(editor, setup=setup.add(player, place))
    owner = _owner_at(setup, place, None)
    if owner is None:
        raise NoCheckerError(moving=False)
    return replace(editor, setup=setup.remove(owner, place))


def liftable(editor: Editor, place: int) -> bool:
    """Whether a drag may start at ``place``: a checker is there."""
    return _owner_at(editor.setup, place, editor.tool.player) is not None


def drag(editor: Editor, src: int, dst: int | None) -> Editor:
    """A checker dragged from ``src`` to ``dst`` (None or a tray: off the board,
    borne off).  A drop where it may not go is refused as a whole."""
    setup = editor.setup
    owner = _owner_at(setup, src, editor.tool.player)
    if owner is None:
        raise NoCheckerError(moving=True)
    lifted = setup.remove(owner, src)
    if dst is None or dst == OFF:
        return replace(editor, setup=lifted)
    if dst == src:
        return editor
    return replace(editor, setup=lifted.add(owner, dst))


@dataclass(frozen=True, slots=True)
class SetupForm:
    """The set-up form, read: who acts, the dice, the cube, the match, the score."""

    # A number left blank (None) keeps the set-up's; one that is not a whole
    # number is kept in ``bad`` with its text, and refused when the form is
    # applied (with_form), in the order the form is read.

    turn: int = 0
    dice: tuple[int, int] | None = None
    doubled: bool = False  # "double": a double offered
    owner: int | None = None
    length: int | None = None
    cube: int | None = None
    score: tuple[int | None, int | None] = (None, None)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    bad: tuple[tuple[str, str], ...] = ()  # (field, text): not a whole number

    @classmethod
    def read(cls, fields: Mapping[str, str]) -> SetupForm:
        """The form's fields as it sends them (checkboxes are absent when off)."""
        bad: list[tuple[str, str]] = []

        def number(name: str) -> int | None:
            text = fields.get(name, "").strip()
            if text and not text.isdigit():
                bad.append((name, text))
            return int(text) if text.isdigit() else None

        dice, doubled = _dice(fields.get("dice", ""))
        owner = fields.get("owner", "")
        return cls(
            turn=1 if fields.get("turn") == "1" else 0,
            dice=dice,
            doubled=doubled,
            owner=int(owner) if owner in ("0", "1") else None,
            length=number("length"),
            cube=number("cube"),
            score=(number("score0"), number("score1")),
            crawford="crawford" in fields,
            jacoby="jacoby" in fields,
            beavers="beavers" in fields,
            bad=tuple(bad),
        )


def _number(form: SetupForm, name: str, given: int | None, default: int) -> int:
    for field_name, text in form.bad:
        if field_name == name:
            raise FieldNumberError(name, text)
    return default if given is None else given


def _dice(text: str) -> tuple[tuple[int, int] | None, bool]:
    """The dice field: ``roll`` (not rolled: a cube decision), ``double`` (a
    double offered), or two digits."""
    if text == "double":
        return None, True
    if len(text) == 2 and all(c in "123456" for c in text):
        return (int(text[0]), int(text[1])), False
    return None, False


def with_form(editor: Editor, form: SetupForm) -> Editor:
    """The set-up form applied to the set-up.  Whether the result can be played
    is the engine's :meth:`~PositionSetup.check`, asked separately.

    >>> fields = {"turn": "1", "dice": "52", "length": "7", "score0": "6", "score1": "3",
    ...           "crawford": "on", "cube": "1", "owner": ""}
    >>> s = with_form(Editor(), SetupForm.read(fields)).setup
    >>> s.turn, s.dice, s.length, s.score, s.crawford
    (1, (5, 2), 7, (6, 3), True)
    """
    s = editor.setup
    length = _number(form, "length", form.length, s.length)
    if length > MAX_MATCH_LENGTH:
        raise MatchTooLongError
    money = length == 0
    setup = replace(
        s,
        turn=form.turn,
        dice=form.dice,
        doubled=form.doubled,
        cube=_number(form, "cube", form.cube, s.cube),
        owner=form.owner,
        length=length,
        score=(0, 0)
        if money
        else (
            _number(form, "score0", form.score[0], s.score[0]),
            _number(form, "score1", form.score[1], s.score[1]),
        ),
        crawford=not money and form.crawford,
        jacoby=money and form.jacoby,
        beavers=money and form.beavers,
    )
    return replace(editor, setup=setup)


def pasted(editor: Editor, text: str) -> Editor:
    """A pasted XGID, ``PositionID:MatchID`` or Position ID, read by the engine
    (its error says what is wrong with the text)."""
    names = editor.setup.names
    return replace(editor, setup=PositionSetup.from_text(text, names))


def problem(editor: Editor) -> EngineError | None:
    """Why the set-up cannot be analysed now (the words say it), or None when it can."""
    try:
        editor.setup.check()
    except EngineError as exc:
        return exc
    return None
