"""XGID (eXtreme Gammon position ID) import and export.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`` is ten fields:

1. the board, 26 characters from the bottom player X's side: character 0 is
   O's bar, 1..24 are X's points 1..24, 25 is X's bar; ``A``..``O`` count X's
   checkers, ``a``..``o`` O's, ``-`` is empty;
2. the cube as a power of two; 3. its position (1 X owns, -1 O owns, 0 centred);
4. the side to act (1 X, -1 O); 5. the dice (``00`` to roll, ``D`` doubled,
   ``B`` beavered, ``R`` raccooned, else two digits);
6, 7. X's and O's score; 8. Crawford game (match) or Jacoby + 2 x beavers
   (money); 9. the match length (0 for money); 10. the cube limit, as a power
   of two.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cube import MAX_CUBE
from engine.errors import InvalidPositionError, InvalidXgidError, quoted
from engine.position import BAR, CHECKERS, Position
from engine.rules import MAX_MATCH_LENGTH

_PREFIX = "XGID="
_CUBE_ACTIONS = frozenset({"D", "B", "R"})
# The cube limit every XGID written here gives: the engine's own (64, as in GNU
# Backgammon), so that the same position reads the same from any part of the page.
CUBE_LIMIT_LOG2 = MAX_CUBE.bit_length() - 1


@dataclass(frozen=True, slots=True)
class Xgid:
    """A parsed XGID.  ``position`` is seen from the side to act, like all positions.

    >>> x = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    >>> x.position == Position.start(), x.turn, x.dice
    (True, 1, '00')
    >>> str(x)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
    """

    position: Position
    turn: int = 1
    cube_log2: int = 0
    cube_position: int = 0
    dice: str = "00"
    score_x: int = 0
    score_o: int = 0
    crawford_jacoby: int = 0
    match_length: int = 0
    max_cube_log2: int = CUBE_LIMIT_LOG2

    def __post_init__(self) -> None:
        if self.turn not in (1, -1):
            raise InvalidXgidError(f"turn must be 1 or -1, got {self.turn}")
        if self.cube_position not in (1, 0, -1):
            raise InvalidXgidError(f"cube position must be 1, 0 or -1, got {self.cube_position}")
        if not 0 <= self.cube_log2 <= 15 or not 0 <= self.max_cube_log2 <= 15:
            raise InvalidXgidError("cube out of range")
        if self.cube_log2 == 0 and self.cube_position != 0:
            # The cube is owned only once it has been turned: at 1 it is centred.
            raise InvalidXgidError(
                "a cube at 1 has no owner: it is centred until the first double",
                code="cube_owned_at_1",
            )
        d = self.dice
        if not (d == "00" or d in _CUBE_ACTIONS or (len(d) == 2 and all(c in "123456" for c in d))):
            raise InvalidXgidError(f"bad dice field {d!r}")
        if min(self.score_x, self.score_o, self.match_length, self.crawford_jacoby) < 0:
            raise InvalidXgidError("negative number")
        if self.match_length > MAX_MATCH_LENGTH:
            # The engine's rules and match equity stop there, as GNU Backgammon's do.
            raise InvalidXgidError(
                f"matches go up to {MAX_MATCH_LENGTH} points, not {quoted(self.match_length, 8)}",
                code="match_length",
                limit=MAX_MATCH_LENGTH,
            )
        if self.match_length and max(self.score_x, self.score_o) >= self.match_length:
            raise InvalidXgidError("a score has reached the match length", code="score_at_length")

    @property
    def x_side(self) -> tuple[int, ...]:
        """X's 26 counts (off, points 1..24, bar) in X's numbering."""
        return self.position.me if self.turn == 1 else self.position.opp

    @property
    def o_side(self) -> tuple[int, ...]:
        return self.position.opp if self.turn == 1 else self.position.me

    @classmethod
    def parse(cls, text: str) -> Xgid:
        if not isinstance(text, str):
            raise InvalidXgidError(f"expected text, got {quoted(text)}")
        body = text.strip()
        if body.upper().startswith(_PREFIX):
            body = body[len(_PREFIX) :]
        fields = body.split(":")
        if len(fields) != 10:
            raise InvalidXgidError(f"{quoted(text)}: expected 10 fields, got {len(fields)}")
        board = fields[0]
        if len(board) != 26:
            raise InvalidXgidError(f"{quoted(text)}: the board needs 26 characters")
        x = [0] * 26
        o = [0] * 26
        for i, ch in enumerate(board):
            if ch == "-":
                continue
            if "A" <= ch <= "O":
                if i == 0:
                    raise InvalidXgidError(f"{quoted(text)}: X checkers on O's bar")
                x[i] = ord(ch) - ord("A") + 1
            elif "a" <= ch <= "o":
                if i == BAR:
                    raise InvalidXgidError(f"{quoted(text)}: O checkers on X's bar")
                o[25 - i] = ord(ch) - ord("a") + 1  # O's bar (char 0) lands on index 25
            else:
                raise InvalidXgidError(f"{quoted(text)}: bad board character {ch!r}")
        for side in (x, o):
            if sum(side) > CHECKERS:
                raise InvalidXgidError(
                    f"{quoted(text)}: more than {CHECKERS} checkers for one side",
                    code="too_many",
                    count=sum(side),
                )
            side[0] = CHECKERS - sum(side)
        if x[0] == o[0] == CHECKERS:
            # The game ends when the first side is done: the second never is.
            raise InvalidXgidError(
                f"{quoted(text)}: both sides have borne off all their checkers", code="both_off"
            )
        try:
            numbers = [int(f) for i, f in enumerate(fields) if i not in (0, 4)]
        except ValueError as exc:
            raise InvalidXgidError(f"{quoted(text)}: a numeric field is not a number") from exc
        cube_log2, cube_position, turn, score_x, score_o, cj, length, max_cube = numbers
        if turn not in (1, -1):
            raise InvalidXgidError(f"{quoted(text)}: turn must be 1 or -1")
        try:
            position = Position(x, o) if turn == 1 else Position(o, x)
        except InvalidPositionError as exc:
            raise InvalidXgidError(f"{quoted(text)}: {exc}", code="no_board") from exc
        return cls(
            position=position,
            turn=turn,
            cube_log2=cube_log2,
            cube_position=cube_position,
            dice=fields[4].upper() if fields[4].isalpha() else fields[4],
            score_x=score_x,
            score_o=score_o,
            crawford_jacoby=cj,
            match_length=length,
            max_cube_log2=max_cube,
        )

    def __str__(self) -> str:
        x, o = self.x_side, self.o_side
        chars = ["-"] * 26
        for i in range(1, 26):
            if x[i]:
                chars[i] = chr(ord("A") + x[i] - 1)
        for j in range(1, 26):
            if o[j]:
                chars[25 - j] = chr(ord("a") + o[j] - 1)
        fields = [
            "".join(chars),
            self.cube_log2,
            self.cube_position,
            self.turn,
            self.dice,
            self.score_x,
            self.score_o,
            self.crawford_jacoby,
            self.match_length,
            self.max_cube_log2,
        ]
        return _PREFIX + ":".join(str(f) for f in fields)
