"""Moving checkers one die at a time inside a turn, with undo and redo.

A UI moves single checkers by single dice (a drag).  :class:`TurnState` keeps
those steps and accepts only sequences that can still be completed into one
of the roll's legal plays.  Plays are compared by the position they reach, as
the move generator deduplicates them: a sequence of steps is legal exactly
when some continuation of it ends on the result of a legal play.

Positions here are seen from the player moving, never swapped mid-turn.

>>> from engine.position import Position
>>> turn = TurnState.begin(Position.start(), (3, 1))
>>> turn.remaining_dice
(3, 1)
>>> turn = turn.move(8, 5).move(6, 5)
>>> turn.is_complete, str(turn.play)
(True, '8/5 6/5')
>>> turn.undo().remaining_dice
(1,)
>>> [str(s) for s in TurnState.begin(Position.start(), (6, 1)).destinations(13)[6]]
['13/7', '7/6']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import IllegalActionError
from engine.movegen import Play, legal_plays
from engine.notation import point_name
from engine.position import BAR, OFF, Move, Position


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die: ``src`` to ``dst`` (25 is the bar, 0 is off)."""

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.src)}/{point_name(self.dst)}{'*' if self.hit else ''}"


def raw_moves(position: Position, die: int) -> list[Move]:
    """Single-die moves allowed by the board alone, ignoring the rest of the roll.

    Mirrors the move generator: the bar first, landing on at most one enemy
    checker, and bearing off only when all checkers are home, from the exact
    point or, with a higher die, from the highest occupied point.

    >>> raw_moves(Position.start(), 6)
    [(24, 18), (13, 7), (8, 2)]
    """
    me, opp = position.me, position.opp
    if me[BAR]:
        return [(BAR, BAR - die)] if opp[die] < 2 else []
    moves: list[Move] = []
    highest = 0
    for p in range(24, 0, -1):
        if me[p]:
            highest = p
            break
    for src in range(24, 0, -1):
        if not me[src]:
            continue
        dst = src - die
        if dst > 0:
            if opp[25 - dst] < 2:
                moves.append((src, dst))
        elif highest <= 6 and (dst == 0 or src == highest):
            moves.append((src, OFF))
    return moves


def apply_move(position: Position, move: Move) -> tuple[Position, bool]:
    """The position after one single-die move, and whether it hit a blot."""
    src, dst = move
    me = list(position.me)
    opp = list(position.opp)
    me[src] -= 1
    hit = False
    if dst == OFF:
        me[OFF] += 1
    else:
        me[dst] += 1
        if opp[25 - dst] == 1:
            opp[25 - dst] = 0
            opp[BAR] += 1
            hit = True
    # A legal move keeps the board valid, so skip re-validating it (the hot path).
    return Position._trusted(tuple(me), tuple(opp)), hit


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


class _Solver:
    """Everything derived from one position and roll, shared by all states of a turn.

    ``viable`` memoizes which partial positions can still be completed; the
    memo is a private cache, so sharing it between immutable states is safe.
    """

    __slots__ = ("_memo", "_steps", "dice", "plays", "start", "targets")

    def __init__(self, start: Position, dice: tuple[int, int]) -> None:
        self.start = start
        d1, d2 = dice
        self.dice: tuple[int, ...] = (d1,) * 4 if d1 == d2 else tuple(sorted(dice, reverse=True))
        self.plays = tuple(legal_plays(start, dice))
        self.targets: dict[Position, Play] = {p.result.swap(): p for p in self.plays}
        self._memo: dict[tuple[Position, tuple[int, ...]], bool] = {}
        self._steps: dict[tuple[Position, tuple[int, ...]], tuple[Step, ...]] = {}

    def viable(self, position: Position, remaining: tuple[int, ...]) -> bool:
        """Whether some continuation with ``remaining`` dice reaches a legal play."""
        if position in self.targets:
            return True
        if not remaining:
            return False
        key = (position, remaining)
        known = self._memo.get(key)
        if known is not None:
            return known
        result = any(
            self.viable(apply_move(position, move)[0], _without(remaining, die))
            for die in sorted(set(remaining), reverse=True)
            for move in raw_moves(position, die)
        )
        self._memo[key] = result
        return result

    def steps(self, position: Position, remaining: tuple[int, ...]) -> tuple[Step, ...]:
        """The legal next steps: higher dice first, then higher starting points."""
        key = (position, remaining)
        known = self._steps.get(key)
        if known is None:
            known = self._steps[key] = tuple(self._find_steps(position, remaining))
        return known

    def _find_steps(self, position: Position, remaining: tuple[int, ...]) -> list[Step]:
        found: list[Step] = []
        for die in sorted(set(remaining), reverse=True):
            rest = _without(remaining, die)
            for move in raw_moves(position, die):
                after, hit = apply_move(position, move)
                if self.viable(after, rest):
                    found.append(Step(move[0], move[1], die, hit))
        return found


class TurnState:
    """The checkers moved so far in one turn, with an undo/redo history.

    ``steps`` holds every step made, including undone ones that can be
    redone; the first ``cursor`` of them are on the board.  States are
    immutable: each action returns a new one.  Equality ignores caches.
    """

    __slots__ = ("_positions", "_solver", "cursor", "steps")

    steps: tuple[Step, ...]
    cursor: int

    def __init__(self, solver: _Solver, steps: tuple[Step, ...], cursor: int,
                 positions: tuple[Position, ...]) -> None:  # fmt: skip
        self._solver = solver
        self.steps = steps
        self.cursor = cursor
        self._positions = positions

    @classmethod
    def begin(cls, position: Position, dice: tuple[int, int]) -> TurnState:
        """A fresh turn: ``position`` seen by the player to move, ``dice`` rolled."""
        solver = _Solver(position, dice)
        return cls(solver, (), 0, (position,))

    # -- what the roll allows -------------------------------------------------

    @property
    def start(self) -> Position:
        """The position before any checker moved."""
        return self._solver.start

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice to play: two, or four for doubles (higher first)."""
        return self._solver.dice

    @property
    def plays(self) -> tuple[Play, ...]:
        """All legal plays of the roll, one per distinct result."""
        return self._solver.plays

    @property
    def can_move(self) -> bool:
        """False when the roll cannot be played at all (the turn is forfeit)."""
        return bool(self._solver.plays)

    @property
    def forced_play(self) -> Play | None:
        """The only legal play, when there is exactly one (a UI may auto-play it)."""
        plays = self._solver.plays
        return plays[0] if len(plays) == 1 else None

    # -- where the turn stands ----------------------------------------------

    @property
    def done(self) -> tuple[Step, ...]:
        """The steps currently on the board, in the order made."""
        return self.steps[: self.cursor]

    @property
    def position(self) -> Position:
        """The board after the steps made so far."""
        return self._positions[self.cursor]

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """Dice not used yet, higher first (after a complete play, dice that could not be used)."""
        remaining = self._solver.dice
        for step in self.done:
            remaining = _without(remaining, step.die)
        return remaining

    @property
    def is_complete(self) -> bool:
        """Whether the board now shows a complete legal play, ready to confirm."""
        return self.position in self._solver.targets

    @property
    def play(self) -> Play | None:
        """The legal play the board now shows, once complete."""
        return self._solver.targets.get(self.position)

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.steps)

    def legal_steps(self) -> list[Step]:
        """Every single-die step that keeps the turn completable."""
        return list(self._solver.steps(self.position, self.remaining_dice))

    def movable_points(self) -> list[int]:
        """The points (25 = bar) a checker may be picked up from now, highest first."""
        return sorted({s.src for s in self.legal_steps()}, reverse=True)

    def routes(self, src: int) -> list[tuple[Step, ...]]:
        """Every way to move one checker from ``src``, by one or more dice.

        Routes are distinct by the position they reach; shorter routes come
        first, and among routes to the same point, higher dice first.
        """
        found: list[tuple[Step, ...]] = []
        seen: set[Position] = set()

        def walk(state: TurnState, at: int, path: tuple[Step, ...]) -> None:
            for step in state.legal_steps():
                if step.src != at:
                    continue
                nxt = state._push(step)
                route = (*path, step)
                if nxt.position not in seen:
                    seen.add(nxt.position)
                    found.append(route)
                if step.dst != OFF:
                    walk(nxt, step.dst, route)

        walk(self, src, ())
        found.sort(key=len)
        return found

    def destinations(self, src: int) -> dict[int, tuple[Step, ...]]:
        """Where a checker on ``src`` may go, each with the steps to get there.

        Includes moves by several dice (``13/6`` with 6-1, through a point
        that is open); when several routes reach a point, the first of
        :meth:`routes` is given.
        """
        result: dict[int, tuple[Step, ...]] = {}
        for route in self.routes(src):
            result.setdefault(route[-1].dst, route)
        return result

    # -- actions ---------------------------------------------------------------

    def _push(self, step: Step) -> TurnState:
        after, _ = apply_move(self.position, (step.src, step.dst))
        return TurnState(
            self._solver,
            (*self.done, step),
            self.cursor + 1,
            (*self._positions[: self.cursor + 1], after),
        )

    def move(self, src: int, dst: int, die: int | None = None) -> TurnState:
        """Move one checker from ``src`` to ``dst``.

        A single step when one die does it (``die`` picks which when two
        could, as when bearing off; by default the exact die, else the
        smaller); otherwise the first route of
        :meth:`routes`.  Raises :class:`IllegalActionError` if no legal
        continuation does it.  Any undone steps are forgotten.
        """
        matching = [
            s
            for s in self.legal_steps()
            if s.src == src and s.dst == dst and (die is None or s.die == die)
        ]
        if matching:
            # Bearing off, two dice may do: use the exact one, else the smaller.
            step = min(matching, key=lambda s: (s.die != s.src - s.dst, s.die))
            return self._push(step)
        if die is None:
            route = self.destinations(src).get(dst)
            if route is not None:
                return self.extend(route)
        with_die = f" with a {die}" if die is not None else ""
        raise IllegalActionError(
            f"cannot move {point_name(src)}/{point_name(dst)}{with_die} here; legal: "
            + (", ".join(f"{s} ({s.die})" for s in self.legal_steps()) or "nothing")
        )

    def extend(self, steps: Iterable[Step]) -> TurnState:
        """Make several steps in order (each checked as by :meth:`move`)."""
        state = self
        for step in steps:
            state = state.move(step.src, step.dst, step.die)
        return state

    def follow(self, moves: Sequence[Move]) -> TurnState | None:
        """The state after ``(from, to)`` moves, choosing the dice; ``None`` if illegal.

        Where two dice could make the same move (bearing off), each choice
        is tried, so any replayable order of a legal play is followed.
        """

        def go(state: TurnState, i: int) -> TurnState | None:
            if i == len(moves):
                return state
            src, dst = moves[i]
            for step in state.legal_steps():
                if step.src == src and step.dst == dst:
                    found = go(state._push(step), i + 1)
                    if found is not None:
                        return found
            return None

        return go(self, 0)

    def follow_play(self, moves: Sequence[Move]) -> TurnState | None:
        """The turn from its start with the complete play ``moves`` made; ``None`` if
        they are not a legal play of the roll.

        ``moves`` are single-die ``(from, to)`` moves (25 is the bar, 0 is off)
        in any order that can be played; steps made so far are ignored and the
        result has no redo history.  A hint's, an AI's or a forced play's
        moves become the engine's steps this way.

        >>> from engine.position import Position
        >>> turn = TurnState.begin(Position.start(), (6, 1))
        >>> [str(s) for s in turn.follow_play([(13, 7), (8, 7)]).done]
        ['13/7', '8/7']
        >>> turn.follow_play([(13, 7)]) is None  # a legal start, not a whole play
        True
        """
        followed = self.fresh().follow(moves)
        return followed if followed is not None and followed.is_complete else None

    def fresh(self) -> TurnState:
        """The turn as it started, with no steps and no history."""
        return TurnState(self._solver, (), 0, (self._solver.start,))

    def undo(self) -> TurnState:
        """Take back the last step; it can be redone."""
        if not self.can_undo:
            raise IllegalActionError("no checker move to undo")
        return TurnState(self._solver, self.steps, self.cursor - 1, self._positions)

    def redo(self) -> TurnState:
        """Make the last undone step again."""
        if not self.can_redo:
            raise IllegalActionError("no checker move to redo")
        return TurnState(self._solver, self.steps, self.cursor + 1, self._positions)

    def reset(self) -> TurnState:
        """Take back every step (they can all be redone)."""
        return TurnState(self._solver, self.steps, 0, self._positions)

    # -- value semantics -----------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnState):
            return NotImplemented
        return (
            self.start == other.start
            and self._solver.dice == other._solver.dice
            and self.steps == other.steps
            and self.cursor == other.cursor
        )

    def __hash__(self) -> int:
        return hash((self.start, self._solver.dice, self.steps, self.cursor))

    def __repr__(self) -> str:
        done = " ".join(str(s) for s in self.done) or "-"
        redo = " ".join(str(s) for s in self.steps[self.cursor :])
        extra = f", redo {redo}" if redo else ""
        dice = "".join(str(d) for d in self._solver.dice[:2])
        return f"<TurnState {self.start.id} dice {dice}: {done}{extra}>"
