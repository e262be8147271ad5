"""Referee players from the gnubg-nn package (bench/tests only; never imported from engine/).

Boards for gnubg_nn are ``[not-on-roll side, on-roll side]``, 25 entries each
(points 1..24, then the bar).
"""

from __future__ import annotations

import gnubg_nn

from engine import Play, Position, legal_plays


def board(pos: Position) -> list[list[int]]:
    return [list(pos.opp[1:]), list(pos.me[1:])]


def _apply(pos: Position, moves: list[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    me = list(pos.me)
    opp = list(pos.opp)
    for f, t in moves:
        me[f] -= 1
        me[t] += 1
        if t > 0 and opp[25 - t] == 1:
            opp[25 - t] = 0
            opp[25] += 1
    return tuple(me), tuple(opp)


def _match(pos: Position, dice: tuple[int, int], moves: list[tuple[int, int]]) -> Play | None:
    plays = legal_plays(pos, dice)
    if not plays:
        return None
    me, opp = _apply(pos, moves)
    for pl in plays:
        if pl.result.opp == me and pl.result.me == opp:
            return pl
    raise RuntimeError(f"gnubg move {moves} not legal in {pos.id} {dice}")


def gnubg_play(pos: Position, dice: tuple[int, int], plies: int = 0) -> Play | None:
    """GNU Backgammon's choice at ``plies`` (None when the roll cannot be played)."""
    mv = gnubg_nn.best_move(board(pos), dice[0], dice[1], plies)
    return _match(pos, dice, [(int(f), int(t)) for f, t in mv])


def gnubg1_play(pos: Position, dice: tuple[int, int]) -> Play | None:
    """GNU Backgammon 1-ply's choice: a calibration referee, stronger than 0-ply."""
    return gnubg_play(pos, dice, 1)


def gnubg2_play(pos: Position, dice: tuple[int, int]) -> Play | None:
    """GNU Backgammon 2-ply's choice: the strongest calibration referee (slow)."""
    return gnubg_play(pos, dice, 2)


def pubeval_play(pos: Position, dice: tuple[int, int]) -> Play | None:
    """Tesauro's pubeval's choice; its move list is flat and 0-based (bar 24, off -1)."""
    flat = gnubg_nn.pub_best_move(board(pos), dice[0], dice[1])
    moves = [(int(flat[i]) + 1, max(int(flat[i + 1]) + 1, 0)) for i in range(0, len(flat), 2)]
    return _match(pos, dice, moves)
