"""What a player chose: the opponent and rules of a match (:class:`MatchOptions`)
and how the page behaves (:class:`Settings`), with forgiving JSON round trips.

>>> Settings.from_json({"auto_roll": True, "theme": "??"}).theme
'classic'
>>> MatchOptions(Rival.HARD, 5).rules().match_length
5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from engine.names import AI_LEVELS, AiLevel
from engine.rules import Rules
from web.model.themes import THEMES, Mode


class Rival(StrEnum):
    """Who a match is played against: one of the AI's levels (:class:`~engine.names.AiLevel`,
    the same words), a second human on this device, or a friend in another browser
    (:mod:`web.online`).  The members are the words saves carry.

    >>> Rival("hard").level, Rival.HUMAN.level
    (<AiLevel.HARD: 'hard'>, None)
    """

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    HUMAN = "human"
    ONLINE = "online"

    @property
    def level(self) -> AiLevel | None:
        """The AI's level this rival is (None: a person)."""
        return AiLevel(self.value) if self.value in AI_LEVELS else None


AI_NAMES: tuple[tuple[AiLevel, str], ...] = tuple((AiLevel(k), v) for k, v in AI_LEVELS.items())
RIVALS: tuple[Rival, ...] = tuple(Rival)
BY_HAND = Rival.HUMAN  # the analysis board's: playing both sides on from a position
MATCH_LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15)  # 0: money play
# The move clock of an online game, in seconds (0: none), as the New game dialog
# offers it: whoever owes an action past it may be claimed against (web.online).
MOVE_CLOCKS = (120, 600, 0)
POST_CLOCKS = (0, 1, 3, 7)  # days a move by messages (web.control.post)
DEFAULT_MOVE_CLOCK = 120


class Animation(StrEnum):
    """How fast the checkers move (the pace of each: web.model.state.PACE)."""

    NORMAL = "normal"
    FAST = "fast"
    OFF = "off"


ANIMATIONS: tuple[Animation, ...] = tuple(Animation)


class Bottom(StrEnum):
    """Who the analysis board shows at the bottom: the first player, the second, or
    the player on roll (the board turns to each as the line is stepped through)."""

    FIRST = "0"
    SECOND = "1"
    TURN = "turn"

    @property
    def seat(self) -> int | None:
        """The player kept at the bottom (None: whoever is on roll)."""
        return None if self is Bottom.TURN else int(self.value)


BOTTOMS: tuple[Bottom, ...] = tuple(Bottom)


class Home(StrEnum):
    """The side of every board the home boards are drawn on."""

    RIGHT = "right"
    LEFT = "left"


ANALYSIS_PLIES = ("1", "2")
"""How deep King Tubby looks for hints and reviews, as the Settings dialog
offers it (:data:`web.ai.protocol.ANALYSIS_PLIES`); it always plays at 1-ply."""
NAME_LENGTH = 24  # the longest player's name: pass-and-play's, and one an invite carries


def clean_name(text: str) -> str:
    """A player's name as typed, tidied: spaces collapsed and trimmed, cut to
    :data:`NAME_LENGTH` ("": no name, the colour's is used).

    >>> clean_name("  Ann   Lee ") , len(clean_name("x" * 99))
    ('Ann Lee', 24)
    """
    return " ".join(text.split())[:NAME_LENGTH].rstrip()


def ai_name(level: str) -> str:
    """The name players see for an AI level (short: panels, announcements).

    >>> ai_name(AiLevel.HARD)
    'King Tubby'
    """
    return AI_LEVELS.get(level, level)


def _flag(value: object) -> bool:
    return value in (True, "on", "true", "1", 1)


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """The match a player asked for."""

    opponent: Rival = Rival.MEDIUM
    length: int = 5
    cube: bool = True
    jacoby: bool = True
    crawford: bool = True
    beavers: bool = False  # money play: a doubled player may take and redouble at once
    move_clock: int = DEFAULT_MOVE_CLOCK  # online play only: seconds a move (0: none)
    # Pass-and-play: the players' names as given, "" for the colour's (UiState.names).
    names: tuple[str, str] = ("", "")

    @property
    def vs_ai(self) -> bool:
        return self.opponent.level is not None

    @property
    def online(self) -> bool:
        """A friend in another browser (web.online)."""
        return self.opponent is Rival.ONLINE

    @classmethod
    def online_with(cls, rules: Rules, move_clock: int = DEFAULT_MOVE_CLOCK) -> MatchOptions:
        """The options of an online match under an invite's ``rules`` and clock.

        >>> MatchOptions.online_with(Rules(3)).rules() == Rules(3)
        True
        """
        return cls(Rival.ONLINE, rules.match_length, rules.cube, rules.jacoby, rules.crawford,
                   rules.beavers, move_clock)  # fmt: skip

    def rules(self) -> Rules:
        return Rules(
            match_length=self.length,
            cube=self.cube,
            crawford=self.crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
        )

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, raw: object) -> MatchOptions:
        """A setup from saved data; raises ``ValueError`` on anything odd
        (a save with a strange setup is as suspect as one with a strange record)."""
        if not isinstance(raw, Mapping):
            raise ValueError("setup must be an object")
        length = raw.get("length")
        word = raw.get("opponent")
        if word not in RIVALS:
            raise ValueError(f"unknown opponent {word!r}")
        opponent = Rival(str(word))
        if not isinstance(length, int) or isinstance(length, bool) or length not in MATCH_LENGTHS:
            raise ValueError(f"match length must be one of {MATCH_LENGTHS}, got {length!r}")
        flags = {}
        for name in ("cube", "jacoby", "crawford"):
            value = raw.get(name)
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false")
            flags[name] = value
        beavers = raw.get("beavers", False)  # saves from before beavers were offered
        if not isinstance(beavers, bool):
            raise ValueError("beavers must be true or false")
        flags["beavers"] = beavers
        clock = raw.get("move_clock", DEFAULT_MOVE_CLOCK)  # saves from before the clock
        if type(clock) is not int or not 0 <= clock <= 7 * 24 * 3600:
            raise ValueError(f"a move clock is a number of seconds, not {clock!r}")
        names = raw.get("names", ("", ""))  # saves from before players were named
        if not isinstance(names, list | tuple) or [*map(type, names)] != [str, str]:
            raise ValueError(f"names are two pieces of text, not {names!r}")
        names = (clean_name(names[0]), clean_name(names[1]))
        return cls(opponent, length, **flags, move_clock=clock, names=names)


class Setting(StrEnum):
    """What the Settings dialog (and the header's sound toggle) can change."""

    AUTO_ROLL = "auto_roll"
    AUTO_FORCED = "auto_forced"
    MANUAL_DICE = "manual_dice"
    TUTOR = "tutor"
    SHOW_MOVABLE = "show_movable"
    ANIMATION = "animation"
    SOUND = "sound"
    THEME = "theme"
    MODE = "mode"
    BOTTOM = "bottom"  # who sits at the bottom of the analysis board: BOTTOMS
    HOME = "home"  # where the home boards are: "right" or "left"
    ANALYSIS_PLIES = "analysis_plies"  # hints' and reviews' depth: ANALYSIS_PLIES


class UnknownSettingError(ValueError):
    """A control named a setting there is none of."""


@dataclass(frozen=True, slots=True)
class SettingChange:
    """One setting's new value: on or off, or a choice (checked by
    :meth:`Settings.changed`).

    >>> SettingChange.parse("tutor", "true")
    SettingChange(setting=<Setting.TUTOR: 'tutor'>, value=True)
    >>> SettingChange.parse("theme", "backyamon").value
    'backyamon'
    """

    setting: Setting
    value: bool | str

    @classmethod
    def parse(cls, name: str, text: str) -> SettingChange:
        """The change a control asks for: its setting's name and its value as text."""
        try:
            setting = Setting(name)
        except ValueError:
            raise UnknownSettingError(f"no setting is called {name!r}") from None
        choices = (
            Setting.ANIMATION,
            Setting.THEME,
            Setting.MODE,
            Setting.BOTTOM,
            Setting.HOME,
            Setting.ANALYSIS_PLIES,
        )
        return cls(setting, text if setting in choices else _flag(text))


@dataclass(frozen=True, slots=True)
class Settings:
    """Page behaviour, kept across matches."""

    auto_roll: bool = False
    auto_forced: bool = True
    manual_dice: bool = False
    tutor: bool = False  # warn of a doubtful play before it is confirmed
    show_movable: bool = True  # mark the checkers that can move once the dice are rolled
    animation: Animation = Animation.NORMAL
    sound: bool = True  # the game's sounds (the header's toggle mutes them)
    theme: str = "classic"
    mode: Mode = Mode.DARK
    bottom: Bottom = Bottom.FIRST  # the analysis board's side at the bottom, kept while stepping
    home: Home = Home.RIGHT  # the home boards' side of every board (left: mirrored)
    analysis_plies: int = 1  # how deep hints and reviews look (1 or 2); play stays at 1-ply
    # The names last given to pass-and-play's players (tidied as the New game form is
    # read: web.model.intents), offered next time.
    name0: str = ""
    name1: str = ""

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, raw: object) -> Settings:
        """Settings from saved data, keeping the default for anything unusable."""
        if not isinstance(raw, Mapping):
            return cls()
        default = cls()
        values: dict[str, object] = {}
        for f in dataclasses.fields(cls):
            kept = getattr(default, f.name)
            value = raw.get(f.name, kept)
            if isinstance(kept, StrEnum):
                value = _member(type(kept), value, kept)
            elif not isinstance(value, type(kept)):
                value = kept
            values[f.name] = value
        settings = cls(**values)  # type: ignore[arg-type]
        return settings.checked()

    def checked(self) -> Settings:
        """The same settings with any unknown choice set back to its default."""
        default = Settings()
        return dataclasses.replace(
            self,
            animation=_member(Animation, self.animation, default.animation),
            theme=self.theme if self.theme in {t.key for t in THEMES} else default.theme,
            mode=_member(Mode, self.mode, default.mode),
            bottom=_member(Bottom, self.bottom, default.bottom),
            home=_member(Home, self.home, default.home),
            analysis_plies=(
                self.analysis_plies
                if str(self.analysis_plies) in ANALYSIS_PLIES and type(self.analysis_plies) is int
                else default.analysis_plies
            ),
        )

    def changed(self, change: SettingChange) -> Settings:
        """The settings with ``change`` made (a choice there is none of: the default)."""
        on, choice = _flag(change.value), str(change.value)
        replace = dataclasses.replace
        match change.setting:
            case Setting.AUTO_ROLL:
                return replace(self, auto_roll=on)
            case Setting.AUTO_FORCED:
                return replace(self, auto_forced=on)
            case Setting.MANUAL_DICE:
                return replace(self, manual_dice=on)
            case Setting.TUTOR:
                return replace(self, tutor=on)
            case Setting.SHOW_MOVABLE:
                return replace(self, show_movable=on)
            case Setting.SOUND:
                return replace(self, sound=on)
            case Setting.ANIMATION:
                return replace(self, animation=_member(Animation, choice, Animation.NORMAL))
            case Setting.THEME:
                return replace(self, theme=choice).checked()
            case Setting.MODE:
                return replace(self, mode=_member(Mode, choice, Mode.DARK))
            case Setting.BOTTOM:
                return replace(self, bottom=_member(Bottom, choice, Bottom.FIRST))
            case Setting.HOME:
                return replace(self, home=_member(Home, choice, Home.RIGHT))
            case Setting.ANALYSIS_PLIES:
                plies = int(choice) if choice in ANALYSIS_PLIES else 0
                return replace(self, analysis_plies=plies).checked()

    def with_value(self, name: str, value: str) -> Settings:
        """The settings with the setting ``name`` set from a control's text
        (unchanged if there is no such setting)."""
        try:
            return self.changed(SettingChange.parse(name, value))
        except UnknownSettingError:
            return self


E = TypeVar("E", bound=StrEnum)


def _member(kind: type[E], value: object, default: E) -> E:
    """The member of ``kind`` whose word is ``value`` (saved data, a control's
    text), or ``default`` for anything else.

    >>> _member(Home, "left", Home.RIGHT), _member(Home, "up", Home.RIGHT)
    (<Home.LEFT: 'left'>, <Home.RIGHT: 'right'>)
    """
    if not isinstance(value, str):
        return default
    try:
        return kind(value)
    except ValueError:
        return default
