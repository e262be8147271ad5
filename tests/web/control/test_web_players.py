"""Pass-and-play's players by name (issue #46): given in the New game dialog,
tidied, shown escaped on the name plates, the score sheet and the statistics,
written in saves and ``.mat`` files, and offered again next time."""

from __future__ import annotations

import json

from web_fakes import Rig

from engine.formats.mat import MatFile
from web.model.savefile import SavedGame
from web.model.storage import MemoryStorage

ANN = "  Ann   <b>&  "  # as typed: spaces to tidy, markup to escape
BOB = "Bob: the " + "x" * 40  # a colon (no .mat name has one), and far too long


def _named(storage: MemoryStorage | None = None) -> Rig:
    rig = Rig([3, 1], storage=storage).boot()
    rig.start("human", 3, name0=ANN, name1=BOB)
    return rig


def test_the_names_are_tidied_and_shown_escaped_everywhere() -> None:
    rig = _named()
    bob = "Bob: the " + "x" * 15  # cut to 24 characters
    assert rig.c.state.names == ("Ann <b>&", bob)
    screen = rig.act("roll")  # Ann won the opening roll with 3-1
    assert {screen.top.name, screen.bottom.name} == {"Ann <b>&", bob}
    assert "Ann <b>&" in screen.status  # the page sets it as text
    assert "Ann &lt;b&gt;&amp;" in screen.history_html and "<b>" not in screen.history_html
    stats = rig.act("stats-open").dialog
    assert stats is not None
    assert "<th>Ann &lt;b&gt;&amp;</th>" in stats.html and "<b>" not in stats.html


def test_an_empty_name_is_the_colours_and_an_ai_game_keeps_its_own() -> None:
    rig = Rig([3, 1]).boot()
    rig.start("human", 3, name0="   ", name1="Bob")
    assert rig.c.state.names == ("White", "Bob")
    rig.start("hard", 3, name0="Ann", name1="Bob")
    assert rig.c.state.names == ("You", "King Tubby")


def test_saves_and_match_files_carry_the_names() -> None:
    rig = _named()
    rig.act("roll")
    saved = rig.c.session.saved_game()
    text = json.dumps(saved.to_json())
    assert SavedGame.from_json(json.loads(text)).options.names == rig.c.state.options.names
    rig.act("export", "mat")
    name, mat = rig.view.downloads[-1]
    assert name.endswith(".mat")
    assert MatFile.parse(mat).names == ("Ann <b>&", "Bob the " + "x" * 15)


def test_the_names_are_offered_next_time() -> None:
    storage = MemoryStorage()
    _named(storage)
    again = Rig(storage=storage).boot()
    settings = again.c.state.settings
    assert (settings.name0, settings.name1) == ("Ann <b>&", "Bob: the " + "x" * 15)
    dialog = again.act("new-open").dialog
    assert dialog is not None
    assert 'name="name0"' in dialog.html and 'value="Ann &lt;b&gt;&amp;"' in dialog.html
    assert 'placeholder="Black"' in dialog.html
