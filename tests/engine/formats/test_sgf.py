"""GNU Backgammon's ``.sgf`` match files: its own (with its analysis) read as the
same match as the ``.mat`` it exported of that match, ours written and read back,
and text that is not a match refused with the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from repo_paths import DATA
from test_matfile import random_match
from test_real_match_files import UNFAITHFUL

from engine.cli import main
from engine.errors import FormatError, SgfError
from engine.formats import sgf
from engine.formats.mat import MatFile
from engine.formats.match_file import kind_of, read_match_file
from engine.match import Match, replay
from engine.position import Position
from engine.record import Conceded, Event, MatchRecord, Played, ResignOffered, Roll


def test_gnubg_s_sgf_with_its_analysis_is_the_match_its_mat_export_holds(
    gnubg_written: list[tuple[Path, Path, Path]],
) -> None:
    for _, exported, saved in gnubg_written:
        text = saved.read_text()
        assert "DA[" in text and "A[" in text  # GNU Backgammon's analysis is in it
        ours = sgf.read(text)
        theirs = MatFile.parse(exported.read_text())
        assert ours.names == theirs.names
        assert ours.match().score == theirs.match().score, saved.name
        if exported.name in UNFAITHFUL:
            continue  # gnubg's two files of it disagree with each other (see there)
        assert ours.notes == (), saved.name
        # every roll, play, cube action and result
        assert _as_saved(ours.record) == _as_saved(theirs.record), saved.name


def _as_saved(record: MatchRecord) -> list[tuple[Event, ...]]:
    """Each game's events, but a roll its player resigned after instead of
    playing: gnubg's .mat writes that roll, its .sgf does not."""
    games = []
    for game in record.games:
        ev = game.events
        games.append(
            tuple(
                e
                for e, after in zip(ev, (*ev[1:], None), strict=True)
                if not (isinstance(e, Roll) and isinstance(after, (ResignOffered, Conceded)))
            )
        )
    return games


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("length", [0, 3, 7])
def test_our_matches_write_and_read_back(seed: int, length: int) -> None:
    m = random_match(seed, length)
    mat = MatFile.from_match(m, ("Ann", "Ben"))
    back = sgf.read(sgf.write(mat))
    assert back.names == ("Ann", "Ben")
    mine = [g.result and (g.result.winner, g.result.points) for g in m.record.games]
    read = [g.result and (g.result.winner, g.result.points) for g in back.record.games]
    assert read == mine and back.match().score == m.score
    plays = [e for g in m.record.games for e in g.events if isinstance(e, Played)]
    again = [e for g in back.record.games for e in g.events if isinstance(e, Played)]
    assert again == plays
    assert replay(back.record) == back.match()


def test_a_resignation_is_the_root_s_result() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 4)).resign(2).accept_resignation()
    text = sgf.write(MatFile.from_match(m))
    assert "RE[W+2]" in text and ";B[64])" in text  # rolled, then resigned
    back = sgf.read(text).match()
    assert back.score == (2, 0) and back.result is not None and back.result.winner == 0


def test_an_illegal_play_in_an_sgf_is_kept_and_noted() -> None:
    text = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[A]PB[B]\n;W[31hdfe]\n;B[21abac])"
    mat = sgf.read(text)
    assert [str(n) for n in mat.notes] == [
        "Game 1, move 1: A's 8/4 6/5 is not a legal play of 31; kept as recorded"
    ]
    assert mat.notes[0].line == 2


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", 0, "no game"),
        ("(;FF[4]GM[1]MI[length:3])", 1, "not backgammon"),
        ("(;FF[4]GM[6]\n;W[31", 2, "']' is missing"),
        ("(;FF[4]GM[6]\n;W[31hefe]", 2, "')' is missing"),
        ("hello", 1, "expected '('"),
    ],
)
def test_text_that_is_not_an_sgf_match_says_where(text: str, line: int, words: str) -> None:
    with pytest.raises(SgfError) as info:
        sgf.read(text)
    assert info.value.line == line and words in str(info.value)
    assert isinstance(info.value, FormatError)


def test_any_match_file_by_what_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mat = DATA / "mat" / "selfplay_5pt.mat"
    data = sgf.write(MatFile.parse(mat.read_text())).encode()
    assert kind_of(data) == "sgf" and kind_of(mat.read_bytes()) == "mat"
    assert read_match_file(data).record == sgf.read(data.decode()).record
    with pytest.raises(FormatError, match="cut short"):  # an .xg, but not a whole one
        read_match_file(b"RGMH" + bytes(100))
    short = tmp_path / "short.sgf"
    m = Match.new(1).roll((3, 1)).play("8/5 6/5").roll((6, 4)).play("24/14")
    short.write_text(sgf.write(MatFile.from_match(m, ("Ann", "Ben"))))
    assert main(["review", str(short)]) == 0
    out = capsys.readouterr().out
    assert "1-point match: Ann 0, Ben 0 (1 game)" in out


# As GNU Backgammon 1.1 saves a match whose board was set (``set board``,
# ``set turn``, ``set dice``) before its first play: a setup node empties the
# board (AE) and puts each checker back (AW, AB), every letter as White counts.
SET_UP = """(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.1.0a16]MI[length:5][game:0][ws:0][bs:0]
PW[gnubg]PB[root]RU[Crawford]
;PL[B]DI[54]
;PL[B]AE[a:y]AW[f][f][f][f][f][h][h][h][h][m][m][m][m][m][x]AB[s][s][s][s][s][q][q][q][l][l][l][l][l][a][a]
;W[31hefe]
;PL[B]DI[61]
;B[16])
"""


def test_a_game_gnubg_set_up_from_a_board_starts_there() -> None:
    mat = sgf.read(SET_UP)
    assert mat.notes == ()
    game = mat.record.games[0]
    assert game.setup is not None and game.setup.turn == 0  # White (gnubg) plays first
    white = game.setup.position.me
    assert (white[6], white[8], white[13], white[24]) == (5, 4, 5, 1)
    assert game.setup.position.opp == Position.start().opp
    plays = [e.notation for e in game.events if isinstance(e, Played)]
    assert plays == ["8/5 6/5"]


def test_a_board_edited_during_a_game_is_noted_and_not_read() -> None:
    edited = SET_UP.replace(";PL[B]DI[61]", ";AE[x]AW[w]")
    mat = sgf.read(edited)
    assert [n.text for n in mat.notes] == ["cannot read 'a board edited during the game'; left out"]


def test_a_beaver_played_says_beavers_were_on() -> None:
    """GNU Backgammon's ``RU`` names no beavers even for a session that had them
    (it writes a beaver as a double answering a double): the beaver is read."""
    m = Match.new(0, beavers=True).roll((3, 1)).play("8/5 6/5").double().beaver().take()
    ours = sgf.write(MatFile.from_match(m))
    assert "RU[Beavers]" in ours and ";W[beaver]" in ours
    as_gnubg = ours.replace("RU[Beavers]", "RU[Jacoby]").replace(";W[beaver]", ";W[double]")
    back = sgf.read(as_gnubg)
    assert back.notes == () and back.match().cube.value == 4 and back.match().rules.beavers
