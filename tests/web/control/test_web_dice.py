"""The Stats dialog's Dice section through the controller: the rolls of the game,
the match and all time, kept with the player statistics across reloads and
older statistics; rolls typed in from real dice marked and left out."""

from __future__ import annotations

import json
import re

from web_fakes import Rig

from engine.dice_stats import add, tally
from engine.game import Phase
from engine.record import Roll
from web.model.storage import AUTOSAVE, PREFIX, STATS, MemoryStorage


def _finish_game(rig: Rig) -> None:
    c = rig.c
    for _ in range(400):
        if c.state.match.game.is_over:
            return
        if c.state.match.phase in (Phase.OPENING, Phase.ROLL):
            rig.act("roll")
        else:
            rig.play_greedy()
    raise AssertionError("the game did not end")


def _tables(html: str) -> dict[str, dict[str, list[str]]]:
    """Each Dice table by its caption: each row's cells by the row's name."""
    section = html[html.index("<h3>Dice</h3>") : html.index("<h3>Players</h3>")]
    out: dict[str, dict[str, list[str]]] = {}
    for caption, body in re.findall(r"<caption>(.*?)</caption>(.*?)</table>", section):
        rows = re.findall(r"<tr><th>(.*?)</th>(.*?)</tr>", body)
        out[caption] = {name: re.findall(r"<t[dh]>(.*?)</t[dh]>", cells) for name, cells in rows}
    return out


def _stats(rig: Rig) -> str:
    screen = rig.act("stats-open")
    assert screen.dialog is not None and screen.dialog.kind == "stats"
    return screen.dialog.html


def test_a_finished_game_keeps_its_dice_with_the_statistics() -> None:
    rig = Rig(seed=11).boot()
    rig.start("easy", 1)
    _finish_game(rig)
    record = rig.c.state.match.game.record
    kept = json.loads(rig.storage.items[PREFIX + STATS])["dice"]["easy"]
    assert kept == add(None, record, 0) == tally([record])
    assert kept[0] >= 15 and kept[9] >= 15  # enough rolls each to be judged
    tables = _tables(_stats(rig))
    assert list(tables) == ["Game 1", "All time"]  # a match of one game: no table of its own
    game, all_time = tables.values()
    # Counted once: the game is in the records now, and all time is that game.
    assert game == all_time
    assert all_time["Rolls"] == [str(kept[0]), str(kept[9]), ""]
    assert all_time[""] == ["You", "Beach Bum", "Fair dice"]
    sixes = kept[8]
    assert all_time["6s"][0] == f"{sixes / (2 * kept[0]):.1%}"
    assert all_time["Doubles"][2] == "16.7%"
    html = _stats(rig)
    for name in ("You", "Beach Bum"):
        assert re.search(
            name + r": these (look like|are unusual for|are very unusual for) fair", html
        )
    assert "happens" in html and "of the time" in html and "entered by hand" not in html
    # A reload reads them back, and the next game adds to them.
    again = Rig(storage=rig.storage, seed=5).boot()
    assert list(again.c.state.records.dice["easy"]) == kept
    again.start("easy", 1)
    again.act("roll")
    now = tally([again.c.state.match.game.record])
    all_time_now = _tables(_stats(again))["All time"]
    assert all_time_now["Rolls"][:2] == [str(kept[0] + now[0]), str(kept[9] + now[9])]


def test_rolls_typed_in_are_marked_and_left_out() -> None:
    rig = Rig().boot()
    rig.start("easy", 3)
    rig.act("setting", "true", name="manual_dice")
    rig.act("roll")
    rig.act("dice-set", d1="3", d2="1")  # the opening roll: left out in any case
    rig.act("play-text", text="8/5 6/5")
    rig.act("dice-set", d1="6", d2="6")  # Beach Bum's roll, read out from real dice
    rolls = [e for e in rig.c.state.match.game.events if isinstance(e, Roll)]
    assert rolls and all(r.by_hand for r in rolls)
    assert '"by_hand":true' in rig.storage.items[PREFIX + AUTOSAVE]
    html = _stats(rig)
    assert html.count("1 roll entered by hand is not counted.") == 2  # this game, all time
    assert _tables(html)["Game 1"]["Rolls"] == ["0", "0", ""]
    # Rolled here again, they count.
    rig.act("close")
    rig.act("setting", "false", name="manual_dice")
    if rig.c.state.match.phase is Phase.ROLL:
        rig.act("roll")
    assert _tables(_stats(rig))["Game 1"]["Rolls"][0] == "1"


def test_statistics_kept_before_the_dice_are_read_and_added_to() -> None:
    storage = MemoryStorage()
    row = {"games": 4, "wins": 3, "losses": 1, "points_won": 3, "points_lost": 1}
    storage.items[PREFIX + STATS] = json.dumps({"rows": {"easy": row}})
    rig = Rig(storage=storage, seed=11).boot()
    assert rig.c.state.records.rows["easy"].games == 4 and not rig.c.state.records.dice
    rig.start("easy", 1)
    _finish_game(rig)
    saved = json.loads(storage.items[PREFIX + STATS])
    assert saved["rows"]["easy"]["games"] == 5
    assert saved["dice"]["easy"] == tally([rig.c.state.match.game.record])


def test_unreadable_dice_start_again_and_keep_the_rest() -> None:
    storage = MemoryStorage()
    stats = {"rows": {"easy": {"games": 1, "wins": 1}}, "dice": {"easy": [1, 2, "x"]}}
    storage.items[PREFIX + STATS] = json.dumps(stats)
    rig = Rig(storage=storage).boot()
    assert rig.c.state.records.rows["easy"].games == 1
    rig.start("easy", 3)
    assert _tables(_stats(rig))["All time"]["Rolls"] == ["0", "0", ""]


def test_resetting_the_statistics_resets_the_dice() -> None:
    rig = Rig(seed=11).boot()
    rig.start("easy", 1)
    _finish_game(rig)
    rig.act("stats-open")
    rig.act("stats-reset")
    assert json.loads(rig.storage.items[PREFIX + STATS]) == {"rows": {}, "dice": {}}


def test_pass_and_play_shows_both_sides_by_name() -> None:
    rig = Rig([3, 1, 6, 6]).boot()
    rig.start("human", 3)
    rig.act("roll")
    rig.act("play-text", text="8/5 6/5")
    rig.act("roll")
    names = rig.c.state.names
    table = _tables(_stats(rig))["Game 1"]
    assert table[""] == [*names, "Fair dice"]
    assert table["Rolls"] == ["0", "1", ""] and table["Doubles"][1] == "100.0%"
    assert table["6s"] == ["–", "100.0%", "16.7%"]
    assert f"{names[1]}: too few rolls yet to judge." in _stats(rig)


def test_from_the_second_game_the_match_has_a_table_of_its_own() -> None:
    rig = Rig(seed=4).boot()
    rig.start("human", 3)
    for _ in range(2):  # the opening roll, then a roll of a turn
        rig.act("roll")
        rig.play_greedy()
    rig.act("double")
    rig.act("drop")  # game 1 over, for a point
    rig.act("next-game")
    for _ in range(3):
        rig.act("roll")
        rig.play_greedy()
    m = rig.c.state.match
    tables = _tables(_stats(rig))
    assert list(tables) == ["Game 2", "Match", "All time"]
    whole = tally(m.record.games)
    assert tables["Match"]["Rolls"] == [str(whole[0]), str(whole[9]), ""]
    assert tables["Game 2"]["Rolls"] != tables["Match"]["Rolls"]
    # Game 1 is in the records (a finished game against a friend); game 2 is added.
    assert tables["All time"] == tables["Match"]
