"""eXtreme Gammon's ``.xg`` match files, read: the binary format eXtreme Gammon
publishes (https://www.extremegammon.com/xgformat.aspx).

A file is a container: a 8,232-byte header that starts ``RGMH`` and a
thumbnail, then a zlib archive of four files, of which ``temp.xg`` holds the
match as fixed 2,560-byte records (the others hold comments, rollouts and an
index, which we do not need).  The archive is read from its end: its last 36
bytes say how many files it holds and how long its registry (zlib-compressed,
532 bytes a file: name, sizes, offset, CRC) and its data are; every CRC is
checked.

Each record starts with two pointers and its type: a match header (the
players, the length, the rules), a game header (the score, the Crawford
game), a cube action (who doubled, taken, dropped or beavered), a move (who,
the dice, up to four ``(from, to)`` moves counted from the mover's side,
0-based, 24 the bar, -2 off, -1 the end), a game footer (the winner and the
points) and a match footer.  Cube and move records also hold the board before
the decision, always as player 1 numbers it (checked on real files: it is the
board our replay reaches before every play); when a file's first decision is
not at the opening position (a position saved as an ``.xgp``, or a match set
up from a position), that board, its cube and the player on roll start the
game.  The records become the ``.mat`` reader's cells and are replayed the
same way (:func:`engine.formats.mat_read.replay_scanned`), with
the same repairs and notes; the value read is a
:class:`~engine.formats.mat.MatFile`.

Offsets below are those of the published record layouts (Delphi records,
little-endian, fields on their natural boundaries).
"""

from __future__ import annotations

import struct
import zlib

from engine.errors import InvalidPositionError, MatFileError, XgError
from engine.formats.mat import MatFile
from engine.formats.mat_parts import DEFAULT_NAMES
from engine.formats.mat_read import Cell, GameText, Scanned, replay_scanned
from engine.position import Position
from engine.rules import MAX_MATCH_LENGTH

MAGIC = b"RGMH"
RECORD = 2560
_ARCHIVE_TAIL = 36  # crc, file count, version, registry size, data size, registry compressed
_FILE_ENTRY = 532  # name[256], path[256], original size, stored size, offset, crc, stored flag
MATCH_HEADER, GAME_HEADER, CUBE, MOVE, GAME_FOOTER, MATCH_FOOTER = range(6)
UNLIMITED = 99999
"""The match length eXtreme Gammon writes for a money session."""


def _crc(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


def archive_files(data: bytes) -> dict[str, bytes]:
    """The files of an ``.xg`` container's archive, by name; raises :class:`XgError`."""
    if not data.startswith(MAGIC):
        raise XgError("not an eXtreme Gammon file: it does not start with RGMH", code="xg_not_xg")
    if len(data) < 8232 + _ARCHIVE_TAIL:
        raise XgError("the file is cut short", code="xg_short")
    end = len(data) - _ARCHIVE_TAIL
    crc, count, _, registry_size, data_size, compressed = struct.unpack_from("<6l", data, end)
    start = end - registry_size - data_size
    if not (0 <= count <= 64 and registry_size >= 0 and 0 <= start < end):
        raise XgError("the archive at the end of the file is damaged")
    if _crc(data[start:end]) != crc & 0xFFFFFFFF:
        raise XgError("the archive's checksum is wrong: the file is damaged")
    registry = data[end - registry_size : end]
    try:
        if compressed:
            registry = zlib.decompress(registry)
    except zlib.error as exc:
        raise XgError(f"the archive's index cannot be read ({exc})") from exc
    files: dict[str, bytes] = {}
    for k in range(count):
        entry = registry[k * _FILE_ENTRY : (k + 1) * _FILE_ENTRY]
        if len(entry) < _FILE_ENTRY:
            raise XgError("the archive's index is cut short")
        name = entry[1 : 1 + entry[0]].decode("latin-1")
        _, stored, offset, file_crc = struct.unpack_from("<4l", entry, 512)
        raw = data[start + offset : start + offset + stored]
        try:
            body = zlib.decompress(raw) if entry[528] == 0 else raw  # 0: compressed
        except zlib.error as exc:
            raise XgError(f"{name} in the archive cannot be read ({exc})") from exc
        if _crc(body) != file_crc & 0xFFFFFFFF:
            raise XgError(f"{name} in the archive is damaged (its checksum is wrong)")
        files[name] = body
    return files


def _short_string(raw: bytes) -> str:
    """A Delphi ``string[n]``: a length byte, then ANSI text."""
    # latin-1, not Windows-1252: the page ships without the legacy code pages
    return raw[1 : 1 + min(raw[0], len(raw) - 1)].decode("latin-1").strip()


def _wide_string(raw: bytes) -> str:
    """A zero-ended UTF-16 string."""
    text = raw.decode("utf-16-le", "replace")
    return text.split("\0", 1)[0].strip()


def _player(active: int) -> int:
    """XG's player 1 (``1``) is our player 0; its player 2 (``-1``) our player 1."""
    return 0 if active == 1 else 1


def _point(index: int) -> int:
    """A 0-based point of the mover's, as we number it: 24 the bar, negative off."""
    if index >= 24:
        return 25
    return 0 if index < 0 else index + 1


def _moves(raw: tuple[int, ...]) -> str:
    """Up to four ``(from, to)`` pairs as move text, ``-1`` ending them."""
    out: list[str] = []
    for k in range(0, 8, 2):
        src, dst = raw[k], raw[k + 1]
        if src == -1:
            break
        out.append(f"{_point(src)}/{_point(dst)}")
    return " ".join(out)


def board(raw: bytes, active: int) -> Position:
    """A record's board (26 signed counts: player 1's bar at 25, player 2's at 0,
    points 1 to 24 as player 1 numbers them, player 1's checkers positive), as
    the player ``active`` (1 or -1) sees it; raises :class:`XgError`."""
    counts = struct.unpack("<26b", raw)
    points, bar, opp_bar = list(counts[1:25]), counts[25], -counts[0]
    if active == -1:
        points, bar, opp_bar = [-n for n in reversed(points)], opp_bar, bar
    try:
        return Position.from_points(points, bar=bar, opp_bar=opp_bar)
    except InvalidPositionError as exc:
        raise XgError(f"a board that cannot be: {exc}", code="no_board") from exc


def _setup(r: bytes, crawford: bool) -> str | None:
    """The ``Setup`` tag of a game whose first record (a cube action or a move,
    ``r``) is not at the opening position: a position saved from eXtreme
    Gammon (``.xgp``), or a match it was told to start there.  ``None`` when it
    starts at the opening."""
    if r[8] == CUBE:
        (active,) = struct.unpack_from("<l", r, 12)
        raw, (cube,) = r[36:62], struct.unpack_from("<l", r, 32)
    else:
        (active,) = struct.unpack_from("<l", r, 64)
        raw, (cube,) = r[9:35], struct.unpack_from("<l", r, 108)
    if active not in (1, -1) or not any(raw):  # no board recorded
        return None
    position = board(raw, active)
    if position == Position.start():
        return None
    # the cube: its value as a power of two, positive when player 1 holds it
    if abs(cube) > 6:
        raise XgError(
            f"a cube at {1 << abs(cube)}: the cube stops at 64", code="cube_limit", limit=64
        )
    owner = "-" if cube == 0 else ("0" if cube > 0 else "1")
    return f"{position.id} {_player(active)} {1 << abs(cube)} {owner} {int(crawford)}"


def scan(data: bytes) -> Scanned:
    """An ``.xg`` file as the cells of its games, for the ``.mat`` reader's replay."""
    files = archive_files(data)
    body = files.get("temp.xg")
    if body is None:
        raise XgError("the file holds no match (no temp.xg in its archive)", code="xg_no_match")
    tags: list[tuple[int, str, str]] = []
    games: list[GameText] = []
    unread: list[tuple[int, str]] = []
    names = DEFAULT_NAMES
    length = 0
    cells: list[Cell] = []
    head: tuple[int, tuple[int, int], bool] | None = None  # number, score, Crawford
    first = False  # the first game's first decision is still to come

    def close() -> None:
        if head is not None:
            number, score, crawford = head
            games.append(GameText(number, number, names, score, number, tuple(cells), crawford))

    for k in range(len(body) // RECORD):
        r = body[k * RECORD : (k + 1) * RECORD]
        kind = r[8]
        at = k + 1  # the record's number stands for a line in notes
        if kind in (CUBE, MOVE) and first and head is not None:
            first = False
            setup = _setup(r, head[2])
            if setup is not None:
                tags.append((at, "Setup", setup))
        if kind == MATCH_HEADER:
            names = (_short_string(r[9:50]) or names[0], _short_string(r[50:91]) or names[1])
            (version,) = struct.unpack_from("<l", r, 552)
            if version >= 24:  # the names in Unicode as well
                wide = (_wide_string(r[880:1138]), _wide_string(r[1138:1396]))
                names = (wide[0] or names[0], wide[1] or names[1])
            (length,) = struct.unpack_from("<l", r, 92)
            length = 0 if length >= UNLIMITED else length
            if length > MAX_MATCH_LENGTH or length < 0:
                raise XgError(
                    f"a match to {length} points: not one this program plays",
                    code="match_length",
                    limit=MAX_MATCH_LENGTH,
                )
            crawford, jacoby, beaver = r[100], r[101], r[102]
            if length and not crawford:
                tags.append((at, "Crawford", "Off"))
            if not length:
                tags.append((at, "Jacoby", "On" if jacoby else "Off"))
                tags.append((at, "Beaver", "On" if beaver else "Off"))
        elif kind == GAME_HEADER:
            close()
            score1, score2 = struct.unpack_from("<ll", r, 12)
            (number,) = struct.unpack_from("<l", r, 48)
            head = (len(games) + 1 if number <= 0 else number, (score1, score2), bool(r[20]))
            cells = []
            first = not games  # a position to start from: the first game only
        elif kind == CUBE:
            active, doubled, take = struct.unpack_from("<3l", r, 12)
            if doubled == 1 and active in (1, -1):
                doubler = _player(active)
                cells.append(Cell(at, doubler, "double", number=len(cells) // 2 + 1))
                answer = {0: "drop", 1: "take", 2: "beaver"}.get(take)
                if answer is not None:
                    cells.append(Cell(at, 1 - doubler, answer, number=len(cells) // 2 + 1))
        elif kind == MOVE:
            (active,) = struct.unpack_from("<l", r, 64)
            moves = struct.unpack_from("<8l", r, 68)
            d1, d2 = struct.unpack_from("<2l", r, 100)
            if active not in (1, -1) or not (1 <= d1 <= 6 and 1 <= d2 <= 6):
                unread.append((at, f"a move record with player {active} and dice {d1}{d2}"))
                continue
            player = _player(active)
            # XG writes a roll whose play it does not know (the loser's last roll
            # before a resignation; its .mat export shows it as ``???``) with
            # every move 0/0, a move no checker can make.
            hidden = moves[0] == moves[1] == 0
            text = "" if hidden else _moves(moves)
            number = len(cells) // 2 + 1
            cells.append(
                Cell(at, player, "roll", (d1, d2), text, number=number, text=text, hidden=hidden)
            )
        elif kind == GAME_FOOTER:
            winner, points = struct.unpack_from("<2l", r, 24)
            if winner in (1, -1) and points > 0:
                cells.append(Cell(at, _player(winner), "wins", value=points))
        elif kind == MATCH_FOOTER:
            pass
        else:
            unread.append((at, f"a record of type {kind}"))
    close()
    if not games:
        raise XgError("the file holds no game", code="no_games")
    return Scanned(tuple(tags), length, tuple(games), tuple(unread))


def read(data: bytes) -> MatFile:
    """Read an eXtreme Gammon ``.xg`` match as we read a ``.mat`` (the repairs in
    its ``notes``, a note's line being the record's number); raises
    :class:`XgError` for a file that is not one."""
    try:
        record, names, tags, notes = replay_scanned(scan(data))
    except MatFileError as exc:
        raise XgError(
            f"record {exc.line}: {exc.reason}" if exc.line else exc.reason,
            code=exc.code,
            **exc.values,
        ) from exc
    try:
        return MatFile(record, names, tags, notes)
    except ValueError:
        return MatFile(record, DEFAULT_NAMES, tags, notes)
