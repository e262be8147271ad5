"""Jellyfish ``.mat`` files: GNU Backgammon's own files read and written back byte
for byte, our matches exported and read back as the same record, and malformed
files refused with the line and the reason.

The files in ``tests/data/mat`` were written by GNU Backgammon (``export match
mat``): matches it played against itself, and matches driven move by move with
doubles, beavers and resignations (``python -m bench.gnubg_mat tests/data/mat``).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from repo_paths import DATA

from engine.formats.mat import Aside, MatFile, MatFileError, dumps, loads
from engine.game import Action, Phase
from engine.match import Match, replay
from engine.position import Position
from engine.record import (
    Beavered,
    Conceded,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
)
from engine.scoring import EndReason, WinType

DATA = DATA / "mat"
FILES = sorted(DATA.glob("*.mat"))


def test_the_gnubg_files_are_there() -> None:
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_gnubg_file_reads_and_writes_back_byte_for_byte(path: Path) -> None:
    text = path.read_text()
    mat = MatFile.parse(text)
    assert str(mat) == text
    assert MatFile.parse(str(mat)) == mat
    assert replay(mat.record) == mat.match()
    assert mat.tags == (("EventDate", "2026.01.01"),)


def test_a_gnubg_self_play_match_as_read() -> None:
    mat = MatFile.parse((DATA / "selfplay_7pt.mat").read_text())
    m = mat.match()
    assert mat.names == ("Alice", "Bob")
    assert m.rules.match_length == 7 and m.is_over
    assert max(m.score) >= 7
    games = mat.record.games
    # The score line of each game is the score the engine reached.
    assert [g.score for g in games] == [(0, 0), (2, 0), (3, 0), (3, 1), (3, 3)]
    assert m.score == (9, 3)  # "Wins 6 points" at the end: a gammon at 3
    # The Crawford game is the first after a player reached 6 (none here reached it
    # before the last game): the engine works it out, the file does not say it.
    assert [g.crawford for g in games] == [False] * 5
    first = games[0].events
    assert isinstance(first[0], OpeningRoll) and isinstance(first[1], Played)
    assert first[1].notation == "24/14"  # gnubg's "64: 24/18 18/14"


def test_gnubg_beavers_and_implicit_takes() -> None:
    mat = MatFile.parse((DATA / "scripted_money.mat").read_text())
    assert mat.record.rules.is_money and mat.record.rules.beavers
    events = [e for g in mat.record.games for e in g.events]
    assert sum(isinstance(e, Beavered) for e in events) == 6
    first = mat.record.games[0]
    assert first.result is not None and first.result.reason is EndReason.DROPPED
    assert first.result.points == 2  # the beaver was dropped: the cube before it


def test_gnubg_resignations_are_inferred_from_the_points() -> None:
    mat = MatFile.parse((DATA / "selfplay_5pt.mat").read_text())
    resigned = [g for g in mat.record.games if g.result and g.result.reason is EndReason.RESIGNED]
    assert resigned
    for game in resigned:
        offer, accept = game.events[-2:]
        assert isinstance(offer, ResignOffered) and isinstance(accept, ResignAccepted)
        assert game.result is not None and offer.player == 1 - game.result.winner


# -- our matches, exported and read back ---------------------------------------------


def random_match(seed: int, length: int, **rules: object) -> Match:
    """A match played with random legal actions, every kind of event included."""
    rng = random.Random(seed)
    m = Match.new(length, **rules)  # type: ignore[arg-type]
    for _ in range(4000):
        if m.is_over or (not length and len(m.games) == 3 and m.is_game_over):
            return m
        acts = m.legal_actions()
        r = rng.random()
        if Action.NEXT_GAME in acts:
            m = m.next_game()
        elif m.phase is Phase.OPENING:
            m = m.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif m.phase is Phase.RESIGNATION:
            m = m.accept_resignation() if r < 0.5 else m.reject_resignation()
        elif Action.RESIGN in acts and r < 0.01 and m.game.can_resign(v := rng.randint(1, 3)):
            m = m.resign(v)
        elif m.phase is Phase.ROLL and Action.DOUBLE in acts and r < 0.12:
            m = m.double()
        elif m.phase is Phase.ROLL:
            m = m.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif m.phase is Phase.CUBE and Action.BEAVER in acts and r < 0.4:
            m = m.beaver()
        elif m.phase is Phase.CUBE:
            m = m.take() if r < 0.7 else m.drop()
        else:
            m = m.play(rng.choice(m.game.legal_plays))
    raise AssertionError("the match did not end")


CASES = [
    (3, {}),
    (5, {}),
    (7, {"crawford": False}),
    (1, {}),
    (0, {}),
    (0, {"jacoby": True, "beavers": True}),
    (0, {"auto_doubles": 2, "jacoby": True}),
    (5, {"cube": False}),
]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("length", "rules"), CASES)
def test_our_matches_export_losslessly(seed: int, length: int, rules: dict[str, object]) -> None:
    m = random_match(seed, length, **rules)
    mat = MatFile.from_match(m, ("You", "King Tubby"), [("Site", "backgammon")])
    text = str(mat)
    back = MatFile.parse(text)
    assert back == mat
    assert back.record == m.record
    assert back.match() == m
    assert str(back) == text
    assert loads(dumps(m)) == m


def test_what_the_columns_cannot_hold_goes_aside() -> None:
    m = Match.new(0, jacoby=True, auto_doubles=1).roll((4, 4)).roll((3, 1)).play("8/5 6/5")
    m = m.resign(1).reject_resignation().roll((6, 6))
    m = m.resign(WinType.GAMMON).accept_resignation()  # centred cube, Jacoby: 1 point... of 2
    text = dumps(m, ("A", "B"))
    assert '; [Aside "1 0 opening 44"]' in text
    assert '; [Aside "1 3 resign 1 1"]' in text and '; [Aside "1 4 reject 0"]' in text
    # A gammon resigned under the Jacoby rule scores as a single game: the points
    # cannot tell which, so the resignation is written aside too.
    assert '; [Aside "1 6 resign 1 2"]' in text and '; [Aside "1 7 accept 0"]' in text
    assert '; [Jacoby "On"]' in text and '; [AutoDoubles "1"]' in text
    assert loads(text) == m


def test_a_game_set_up_from_a_position_round_trips() -> None:
    m = Match.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:1:3:0:5:10")
    m = m.play(m.legal_plays[0]).roll((3, 1))
    text = dumps(m, ("X", "O"))
    assert "; [Setup " in text
    assert loads(text) == m


def test_a_roll_then_a_resignation() -> None:
    m = Match.new(3).roll((3, 1)).play("8/5 6/5").roll((6, 4)).resign(1).accept_resignation()
    text = dumps(m, ("A", "B"))
    assert "  1) 31: 8/5 6/5                 64: \n      Wins 1 point\n" in text
    back = loads(text)
    assert back == m
    assert isinstance(back.game.events[-3], Roll)


def test_an_unfinished_match_round_trips() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5").double()
    assert loads(dumps(m)) == m
    m = Match.new(5).roll((1, 3)).play("24/21 24/23")
    assert loads(dumps(m)) == m


def test_aside_text_round_trips() -> None:
    for event in (OpeningRoll(3, 3), ResignOffered(1, WinType.BACKGAMMON), ResignRejected(0)):
        a = Aside(2, 7, event)
        assert Aside.parse(str(a)) == a
    with pytest.raises(ValueError):
        Aside.parse("1 2 resign 3 1")


def test_names_must_be_writable() -> None:
    m = Match.new(3)
    for bad in (("A:B", "C"), ("", "C"), (" A", "C"), ("A", "A"), ("A\nB", "C")):
        with pytest.raises(ValueError):
            MatFile.from_match(m, bad)


# -- malformed files -----------------------------------------------------------------

GOOD = (
    '; [Site "here"]\n\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n'
    "  1) 31: 8/5 6/5                 64: 24/18 13/9 \n"
    "  2)  Doubles => 2                Takes\n"
    "  3) 52: 13/8 13/11              \n"
)


def test_the_good_file_is_good() -> None:
    mat = MatFile.parse(GOOD)
    assert mat.names == ("Alice", "Bob") and mat.tags == (("Site", "here"),)
    assert mat.match().cube.value == 2


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        (" 3 point match", " three point match", 3, "expected the match length"),
        ("Bob : 0", "Bob : 3", 6, "score 0-3 is not a score before a game to 3"),
    ],
)
def test_text_that_is_not_a_match_says_where_and_what(
    old: str, new: str, line: int, words: str
) -> None:
    assert old in GOOD
    with pytest.raises(MatFileError) as info:
        MatFile.parse(GOOD.replace(old, new, 1))
    assert info.value.line == line
    assert words in str(info.value)
    assert str(info.value).startswith(f"line {line}: ")


@pytest.mark.parametrize(
    ("old", "new", "line", "words", "flagged"),
    [
        ("31: 8/5 6/5", "31: 8/5 6/4", 7, "Alice's 8/5 6/4 is not a legal play of 31", True),
        (" Game 1", " Game 2", 5, "numbered 2, read as game 1", False),
        ("Doubles => 2", "Doubles => 4", 8, "doubles to 4, but the cube goes to 2", False),
        ("  3) 52:", "  3) 55:", 9, "Alice's 13/8 13/11 is not a legal play of 55", True),
        ("                Takes", "                Takes   61: 13/7 8/7", 8, "cannot read", False),
        ("31: 8/5 6/5", "33: 8/5 6/5", 7, "the opening roll cannot be a double", False),
        ("  2)  Doubles", "  2) 21: 6/5 6/4 \n  3)  Doubles", 9, "but it is Bob's turn", False),
        ("  3) 52", "  3) 52: 13/8 13/11\n xyzzy\n  4) 52", 10, "cannot read 'xyzzy'", False),
    ],
)
def test_one_bad_cell_never_loses_the_file(
    old: str, new: str, line: int, words: str, flagged: bool
) -> None:
    """What cannot be read as written is repaired or left out, and noted with
    its line, in a player's words; the rest of the file is read."""
    assert old in GOOD
    mat = MatFile.parse(GOOD.replace(old, new, 1))
    notes = [n for n in mat.notes if n.line == line and words in str(n)]
    assert len(notes) == 1, [str(n) for n in mat.notes]
    assert notes[0].flagged is flagged
    assert mat.names == ("Alice", "Bob")
    assert len(mat.record.games[0].events) >= 3


def test_a_file_may_start_part_way_through_a_match() -> None:
    """As GNU Backgammon reads it: the first game starts at the score it gives."""
    mat = MatFile.parse(GOOD.replace("Bob : 0", "Bob : 1", 1))
    assert mat.notes == () and mat.record.games[0].score == (0, 1)
    assert MatFile.parse(str(mat)) == mat and replay(mat.record) == mat.match()


def test_the_good_file_has_no_notes() -> None:
    assert MatFile.parse(GOOD).notes == ()
    for path in FILES:
        assert MatFile.parse(path.read_text()).notes == (), path.name


def test_a_result_the_board_contradicts_is_noted() -> None:
    m = random_match(1, 3)
    text = dumps(m, ("A", "B"))
    assert "Wins" in text
    lines = text.splitlines(keepends=True)
    k = next(i for i, s in enumerate(lines) if "Wins" in s)
    wrong = re.sub(r"Wins \d+ points?", "Wins 63 points", lines[k])
    mat = MatFile.parse("".join([*lines[:k], wrong, *lines[k + 1 :]]))
    assert [n.line for n in mat.notes] == [k + 1]
    assert "wins 63 points, but" in mat.notes[0].text
    assert mat.match().score == m.score  # read as the board ends the game


def test_a_file_that_is_not_a_match() -> None:
    for text in ("", "hello\n", "; just a comment\n"):
        with pytest.raises(MatFileError):
            MatFile.parse(text)
    with pytest.raises(MatFileError, match="no games"):
        MatFile.parse(" 5 point match\n")


def test_a_game_that_stops_before_the_next() -> None:
    text = GOOD + "\n Game 2\n Alice : 0                      Bob : 0\n  1) 31: 8/5 6/5\n"
    mat = MatFile.parse(text)
    assert len(mat.record.games) == 1 and mat.record.games[0].result is None
    assert "nothing says who won it" in str(mat.notes[-1])
    # When the next game's score says who won, the game ends so.
    won = text.replace(
        " Game 2\n Alice : 0                      Bob : 0",
        " Game 2\n Alice : 0                      Bob : 2",
    )
    assert won != text
    m = MatFile.parse(won).match()
    assert m.game_number == 2 and m.score == (0, 2)


def test_standard_notation_and_jellyfish_habits_are_read() -> None:
    text = (
        " 0 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1) 61: 13/7 8/7                 64: 24/14\n"
        "  2) 44: 24/20(2) 13/9(2)         31: Cannot Move\n"
    )
    m = MatFile.parse(text).match()
    plays = [e for e in m.game.events if isinstance(e, Played)]
    assert [p.notation for p in plays] == ["13/7 8/7", "24/14", "24/20(2) 13/9(2)"]


def test_crawford_notes_are_read_and_checked() -> None:
    m = Match.new(3).roll((3, 1)).play("8/5 6/5").resign(2).accept_resignation().next_game()
    assert m.is_crawford_game
    text = dumps(m, ("A", "B"))
    noted = text.replace(" Game 2\n", " Game 2 (Crawford)\n")
    assert noted != text and loads(noted) == m
    score_line = next(line for line in text.splitlines() if line.startswith(" A : 2"))
    assert loads(text.replace(score_line, score_line + " (Crawford)")) == m
    wrong = text.replace(" Game 1\n", " Game 1 (Crawford)\n")
    assert MatFile.parse(wrong).match() == m  # a wrong note changes nothing


# -- what other programs and people write ---------------------------------------------

GALAXY = """; [Site "BackgammonGalaxy"]
; [Player 1 Elo "1,00/0"]
; [CubeLimit "1024"]

 3 point match

 Game 1
 nori,1823 : 0                   Bob : 0
  1)                             41: 13/9 24/23
  2) 31: 8/5 6/5                 41: 6/5 9/5
  3) 31: 24/21 6/5                Doubles => 2
  4)  Drops
  5)  Losses 1 point             Wins 1 point

 Game 2
 nori,1823 : 0                   Bob : 1
  1) 31: 8/5 6/5                 41: 13/9 24/23
  2) 62: 24/18 13/11
  3)  Losses 6 point              Wins 6 point

 Game 3
 nori,1823 : 0                   Bob : 3
"""


def test_galaxy_losses_lines_and_a_game_named_after_the_end() -> None:
    mat = MatFile.parse(GALAXY)
    assert mat.names == ("nori,1823", "Bob")
    games = mat.record.games
    assert [(g.result.winner, g.result.points) for g in games if g.result] == [(1, 1), (1, 3)]
    # "Wins 6 point" at cube 1 is read as GNU Backgammon reads it: a backgammon, 3 points.
    assert len(games) == 2 and mat.match().score == (0, 4) and mat.match().is_over
    assert [n.game for n in mat.notes] == [2]
    assert "read as a backgammon (3 points)" in str(mat.notes[0])


GALAXY_FORFEIT = """; [Site "BackgammonGalaxy"]
; [Player 1 "Ann"]
; [Player 2 "Bob"]

3 point match

 Game 1
 Ann : 0                         Bob : 0
  1)                              Losses 3 point

      Wins 3 point and the match
"""


def test_a_match_won_before_its_first_roll_is_read_as_gnubg_reads_it() -> None:
    """Galaxy writes a match forfeited at the start as a Wins line in a game with
    no roll; GNU Backgammon reads that game without a result, and so do we."""
    mat = MatFile.parse(GALAXY_FORFEIT)
    game = mat.record.games[0]
    assert game.result is None and game.events == () and mat.match().score == (0, 0)
    assert ["before the game's first roll" in n.text for n in mat.notes] == [True]


def test_resigns_in_the_losers_column_and_wins_out_of_turn() -> None:
    text = (
        " 5 point match\n\n Game 1\n Ann : 0                         Ben : 0\n"
        "  1) 31: 8/5 6/5                 41: 13/9 24/23\n"
        "  2) 62: 24/18 13/11             Resigns\n"
        "      Wins 2 points\n\n"
        " Game 2\n Ann : 2                         Ben : 0\n"
        "  1) 31: 8/5 6/5                 41: 13/9 24/23\n"
        "  2) 62: 24/18 13/11\n"
        "                                 Wins 2 points\n"
    )
    mat = MatFile.parse(text)
    g1, g2 = mat.record.games
    assert (g1.result.winner, g1.result.points) == (0, 2)  # type: ignore[union-attr]
    # Ben won while on roll himself: Ann's resignation came out of turn.
    assert (g2.result.winner, g2.result.points) == (1, 2)  # type: ignore[union-attr]
    assert g2.events[-1] == Conceded(0, WinType.GAMMON)
    assert mat.notes == () and mat.match().score == (2, 2)
    assert MatFile.parse(str(mat)) == mat


def test_a_money_session_that_ends_with_and_the_match() -> None:
    text = (
        "\ufeff 0 point match\r\n\r\n Game 1\r\n Ann : 0      Bén : 0\r\n"
        "  1) 31: 8/5 6/5                 41: 13/9 24/23\r\n"
        "      Wins 1 point and the match\r\n"
    )
    mat = MatFile.parse(text)
    assert mat.names == ("Ann", "Bén") and mat.match().score == (1, 0) and mat.notes == ()


def test_an_illegal_play_is_kept_as_recorded_flagged_and_not_reviewed() -> None:
    from engine.review import decisions

    text = (
        " 3 point match\n\n Game 1\n Ann : 0                         Ben : 0\n"
        "  1) 31: 8/5 6/5                 41: 13/9 24/23\n"
        "  2) 62: 13/4                    52: 13/8 13/11\n"  # 13/4 is 9 pips for a 62
        "  3) 43: 24/20 24/21             Illegal play (0;0;0)\n"
    )
    mat = MatFile.parse(text)
    played = [e for e in mat.record.games[0].events if isinstance(e, Played)]
    assert [p.recorded for p in played] == [False, False, True, False, False]
    assert played[2].moves == ((13, 4),)  # the position follows the file
    assert mat.match().board_for(0).me[4] == 1
    notes = [str(n) for n in mat.notes]
    assert notes == [
        "Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded",
        "Game 1, move 3: the file notes 'Illegal play (0;0;0)'; left out",
    ]
    assert mat.notes[0].flagged and not mat.notes[1].flagged
    judged = [(d.player, d.chosen) for d in decisions(mat.record) if d.kind == "play"]
    assert (0, "13/4") not in judged and (1, "13/11 13/8") in judged


def test_xg_habits_hidden_plays_and_lines_without_their_space() -> None:
    text = (
        "3 point match\n\nGame 1\nAnn : 0                          Ben : 0\n"
        "1) 31: 8/5 6/5                   64: 24/18 13/9\n"
        "2) 66: Bar/18 Bar/18 24/18 24/18 ????\n"
    )
    mat = MatFile.parse(text)  # the 66 cannot be played from the bar: nobody is on it
    assert len(mat.record.games) == 1 and len(mat.notes) <= 2
    hidden = (
        " 3 point match\n\n Game 1\n Ann : 0                         Ben : 0\n"
        "  1) 31: 8/5 6/5                 64: ????\n"
        "  2) 62: 24/18 13/11\n"
    )
    mat = MatFile.parse(hidden)
    assert [str(n) for n in mat.notes] == [
        "Game 1, move 1: the file hides Ben's play of 64; the board is kept as it was"
    ]
    assert mat.match().board_for(1).me == Position.start().me  # Ben's checkers did not move


def test_other_words_for_the_cube() -> None:
    """Redoubles, Accepts, Refuses: what some programs write for the cube."""
    text = (
        " 3 point match\n\n Game 1\n Ann : 0                         Ben : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "  2)  Doubles => 2               Accepts\n"
        "  3) 62: 24/18 13/11              Redoubles => 4\n"
        "  4)  Refuses\n"
        "                                 Wins 2 points\n"
    )
    mat = MatFile.parse(text)
    assert mat.notes == () and mat.match().score == (0, 2)


HEADER_SCORES = """ 5 point match

 Game 1
 Ann : 0                         Bob : 0
  1) 31: 8/5 6/5                 41: 13/9 24/23
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 Ann : 3                         Bob : 0
  1) 31: 8/5 6/5                 41: 13/9 24/23
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 3
 Ann : 4                         Bob : 0
  1) 31: 8/5 6/5
"""


def test_a_game_starts_at_the_score_its_header_gives_as_gnubg_reads_it() -> None:
    """A header score the results before it do not give (a transcriber's slip, an
    excerpt) is kept, as GNU Backgammon keeps it, and noted; the Crawford game
    follows from it."""
    mat = MatFile.parse(HEADER_SCORES)
    games = mat.record.games
    assert [g.score for g in games] == [(0, 0), (3, 0), (4, 0)]
    assert [g.crawford for g in games] == [False, False, True]
    assert mat.match().score == (4, 0)
    assert [n.game for n in mat.notes] == [2]
    assert "read as 3-0, as GNU Backgammon reads it" in mat.notes[0].text
    assert MatFile.parse(str(mat)) == mat  # and it writes back as read


def test_a_header_score_no_game_can_start_at_is_read_from_the_results() -> None:
    mat = MatFile.parse(HEADER_SCORES.replace("Ann : 3 ", "Ann : 7 "))
    assert [g.score for g in mat.record.games] == [(0, 0), (1, 0), (4, 0)]
    assert "cannot start a game of this match; read as 1-0" in mat.notes[0].text


def test_a_line_glued_to_the_next_is_read_as_two() -> None:
    """GNU Backgammon's export glues the next line onto one whose right column
    is a roll without a play (``62:   4) 55: ...``); it reads it as two lines."""
    from engine.formats.mat_read import scan

    glued = (
        " 0 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"
        "  3) 62: 13/7 6/4                62:   4) 55: 13/8 8/3 8/3 8/3        41: 10/6 4/3 \n"
    )
    cells = scan(glued).games[0].cells
    assert [(c.number, c.player, c.dice, c.moves) for c in cells] == [
        (3, 0, (6, 2), "13/7 6/4"),
        (3, 1, (6, 2), ""),
        (4, 0, (5, 5), "13/8 8/3 8/3 8/3"),
        (4, 1, (4, 1), "10/6 4/3"),
    ]
    assert scan(glued).unread == ()


def test_a_number_glued_after_a_play_is_left_unread_as_gnu_backgammon_leaves_it() -> None:
    from engine.formats.mat_read import scan

    galaxy = (
        " 3 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"
        " 24) 43: 21/18 18/14              24)  Losses 2 point        Wins 2 point and the match\n"
    )
    scanned = scan(galaxy)
    assert [c.kind for c in scanned.games[0].cells] == ["roll"]
    assert scanned.unread == ((5, "24)  Losses 2 point        Wins 2 point and the match"),)
