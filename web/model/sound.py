"""The game's sounds: which there are, and which a change of the match makes.

A change is read off what the engine reports, never judged here: the
record's new events (a roll, a double, a play with its hits), the steps of
the turn in progress (:attr:`engine.turn.Step.hit`, a step to ``OFF``) and
the game's result.  The controller asks once per draw, with the match it
last drew, so the screen carries the sounds of exactly what it shows new;
the page plays them (:mod:`web.dom.audio`).

>>> from engine.match import Match
>>> from engine.rules import Rules
>>> start = Match.from_rules(Rules(match_length=3))
>>> rolled = start.roll((3, 1))
>>> sounds_between(start, rolled)
(<Sound.DICE: 'dice'>,)
>>> sounds_between(rolled, rolled.move(8, 5, 3))
(<Sound.PLACE: 'place'>,)
>>> sounds_between(rolled, rolled.play("8/5 6/5"))  # a typed play: one sound for it
(<Sound.PLACE: 'place'>,)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from engine.match import Match
from engine.position import OFF
from engine.record import Beavered, Doubled, Event, OpeningRoll, Played, Roll


class Sound(StrEnum):
    DICE = "dice"  # the dice are rolled
    PLACE = "place"  # a checker is put down
    HIT = "hit"  # ...on a blot, which goes to the bar
    BEAR_OFF = "bear-off"  # ...off the board
    DOUBLE = "double"  # the cube is offered (or beavered)
    WIN = "win"  # a game won by a player at this device
    LOSE = "lose"  # a game won by the AI


def _new_events(before: Match, after: Match) -> tuple[Event, ...]:
    """The events ``after`` added to ``before``'s game (none if it is another game)."""
    old, new = before.events, after.events
    if after.game_number != before.game_number or new[: len(old)] != old:
        return ()
    return new[len(old) :]


def _checker_sound(moves: Sequence[tuple[int, bool]]) -> list[Sound]:
    """One sound for checkers put down together (``(destination, hit)`` each):
    a hit above a bear-off above a plain move."""
    if any(hit for _, hit in moves):
        return [Sound.HIT]
    if any(dst == OFF for dst, _ in moves):
        return [Sound.BEAR_OFF]
    return [Sound.PLACE] if moves else []


def sounds_between(before: Match, after: Match, ai: int | None = None) -> tuple[Sound, ...]:
    """The sounds of the change from ``before`` to ``after`` (the same match),
    in the order it happened.

    A play's checkers make one sound however many there are (a typed play,
    say); those of a turn in progress were heard as each was put down, and
    are not heard again when it is confirmed.  An undo is silent.  The
    game's end is a :data:`Sound.WIN` unless the ``ai`` seat won it.
    """
    sounds: list[Sound] = []
    heard = before.moves.done if before.moves is not None else ()
    for event in _new_events(before, after):
        if isinstance(event, (Roll, OpeningRoll)):
            sounds.append(Sound.DICE)
            heard = ()  # a turn begun since
        elif isinstance(event, Played):
            # It confirms the turn in progress, whose first steps were heard.
            moves = list(zip(event.moves, event.hits, strict=True))[len(heard) :]
            sounds += _checker_sound([(dst, hit) for (_, dst), hit in moves])
            heard = ()
        elif isinstance(event, (Doubled, Beavered)):
            sounds.append(Sound.DOUBLE)
    if after.moves is not None:
        done = after.moves.done
        if done[: len(heard)] == heard:  # else an undo
            sounds += _checker_sound([(step.dst, step.hit) for step in done[len(heard) :]])
    result = after.result
    if result is not None and not before.is_game_over and after.game_number == before.game_number:
        sounds.append(Sound.LOSE if result.winner == ai else Sound.WIN)
    return tuple(sounds)
