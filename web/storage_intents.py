"""Intents about what outlives a game: settings, player statistics, saves
and files, and start-up (which reads them back)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from types import MappingProxyType

from web.actions import Act
from web.messages import corrupt_text, import_error_text
from web.options import Settings
from web.player_records import PlayerRecords
from web.savefile import SavedGame
from web.session import Fields, Session
from web.state import Dialog, Saves
from web.storage import AUTOSAVE, SETTINGS, STATS, clean_slot_name

# What each copy button copies, as the announcement names it.
COPIED_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "position": "Position ID",
        "match": "Match ID",
        "xgid": "XGID",
        "ids": "Position ID and Match ID",
    }
)


class StorageIntents(Session):
    def boot(self) -> None:
        """Load settings, statistics and the autosaved match (or ask for a new one)."""
        settings = Settings.from_json(self.store.read(SETTINGS))
        records, bad_records = self.store.read_checked(STATS, PlayerRecords.from_json)
        loaded, bad_save = self.store.read_checked(AUTOSAVE, SavedGame.from_json)
        problems = []
        if bad_save is not None:
            paused = "your games are not being saved"
            problems.append(corrupt_text("Your saved match", bad_save, paused=paused))
        if bad_records is not None:
            problems.append(corrupt_text("Your player statistics", bad_records))
        self._set(
            settings=settings,
            records=records if isinstance(records, PlayerRecords) else self.state.records,
            notice=" ".join(problems) or self.store.warning,
            saves=self._saves(),  # the notice offers to download what could not be kept
        )
        if isinstance(loaded, SavedGame):
            self._install(loaded)
            self._saved = self.state.match
            self._set(message="Welcome back: your match was restored.")
        else:
            self._open_new_game(can_cancel=False)
        self._advance()
        self._render()

    def _on_stats_open(self, value: str, fields: Fields) -> None:
        self._open(Dialog.STATS)

    def _on_stats_reset(self, value: str, fields: Fields) -> None:
        self._set(records=PlayerRecords())
        self.store.write(STATS, self.state.records.to_json())
        self._open(Dialog.STATS)
        self._say("Player statistics were reset.")

    def _on_settings_open(self, value: str, fields: Fields) -> None:
        self._open(Dialog.SETTINGS)

    def _on_setting(self, value: str, fields: Fields) -> None:
        name, _, text = value.partition("=")
        self._set(settings=self.state.settings.with_value(name, text))
        self.store.write(SETTINGS, self.state.settings.to_json())

    def _on_saves_open(self, value: str, fields: Fields) -> None:
        self._open_saves()

    def _saves(self, overwrite: str = "") -> Saves:
        store = self.store
        return Saves(
            tuple(store.slot_names()),
            store.available,
            overwrite,
            tuple(store.unreadable()),
            tuple(store.held()),
        )

    def _open_saves(self, overwrite: str = "") -> None:
        self._set(saves=self._saves(overwrite))
        self._open(Dialog.SAVES)

    def _on_save_slot(self, value: str, fields: Fields) -> None:
        name = clean_slot_name(fields.get("name", "") or value)
        if not name:
            self._set(message="Give the save a name.")
            return
        if name in self.store.slot_names():
            # The same name, or one that became it once tidied: ask first.
            self._open_saves(overwrite=name)
            return
        self._save_slot(name)

    def _on_save_overwrite(self, value: str, fields: Fields) -> None:
        """The player confirmed saving over the slot ``value``."""
        name = clean_slot_name(value)
        if name:
            self._save_slot(name)

    def _save_slot(self, name: str) -> None:
        if self.store.write_slot(name, self._saved_game().to_json()):
            self._say(f"Saved as “{name}”.")
        else:
            self._set(notice=self.store.warning)
        self._open_saves()

    def _on_load_slot(self, value: str, fields: Fields) -> None:
        loaded, bad = self.store.read_checked(self.store.slot_key(value), SavedGame.from_json)
        if bad is not None:
            self._set(notice=corrupt_text(f"The save “{value}”", bad))
            self._open_saves()
            return
        if isinstance(loaded, SavedGame) and self._may_abandon(Act.LOAD_SLOT, value, fields):
            self._install(loaded)
            self._say(f"Loaded “{value}”.")
            self._autosave()

    def _on_delete_slot(self, value: str, fields: Fields) -> None:
        self.store.delete_slot(value)
        self._say(f"Deleted “{value}”.")
        self._open_saves()

    def _on_unreadable_download(self, value: str, fields: Fields) -> None:
        """Hand the player text that could not be read, as it is stored."""
        text = self.store.text(value) if value in self.store.unreadable() else None
        if text is None:
            self._open_saves()  # gone meanwhile: show what there is
            return
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", value).strip("-")
        self.view.download(f"backgammon-unreadable-{name}.json", text)

    def _on_unreadable_discard(self, value: str, fields: Fields) -> None:
        """Delete text that could not be read; saving resumes where it was held."""
        if value in self.store.unreadable():
            held = value in self.store.held()
            self.store.remove(value)
            self._say("Discarded the save that could not be read.")
            if held:
                self._set(notice="")  # it was about this, and is no longer true
                if value == AUTOSAVE:
                    self._saved = None
                    self._autosave()
                elif value == STATS:
                    self.store.write(STATS, self.state.records.to_json())
        self._open_saves()

    def _on_export(self, value: str, fields: Fields) -> None:
        n = self.state.match.game_number
        text = json.dumps(self._saved_game().to_json(), indent=1)
        self.view.download(f"backgammon-game-{n}.json", text)

    def _on_import(self, value: str, fields: Fields) -> None:
        """A file the player chose to import (its text is the value)."""
        try:
            loaded = SavedGame.from_json(json.loads(value))
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            # Said where the player is looking: the Saves dialog the file came from.
            text = import_error_text(value, exc)
            self._set(**{"dialog_error" if self.state.dialog else "notice": text})
            return
        if not self._may_abandon(Act.IMPORT, value, fields):
            return
        self._install(loaded)
        self._say("Imported the game from the file.")
        self._autosave()

    # -- identifiers and the clipboard --------------------------------------------------

    _copying = ""  # what the page is copying: its answer comes back to copy_done

    def _on_position_open(self, value: str, fields: Fields) -> None:
        self._open(Dialog.POSITION)

    def _on_copy_id(self, value: str, fields: Fields) -> None:
        m = self.state.match
        if value == "position":
            self._copy(value, m.position_id)
        elif value == "match":
            self._copy(value, m.match_id)
        elif value == "xgid" and not m.is_over:  # a finished match has no XGID
            self._copy(value, m.xgid())

    def _on_copy_ids(self, value: str, fields: Fields) -> None:
        m = self.state.match
        self._copy("ids", f"Position ID: {m.position_id}\nMatch ID: {m.match_id}")

    def _copy(self, what: str, text: str) -> None:
        """Hand ``text`` to the clipboard; "Copied" waits for the page's answer
        (:meth:`copy_done`), since a browser may refuse."""
        self._copying = what
        self.view.copy(text)

    def copy_done(self, ok: bool) -> None:
        """The page's answer to the last copy: whether the clipboard took the text."""
        what, self._copying = self._copying, ""
        if not what:
            return
        if ok:
            self._set(copied=what)
            self._say(f"Copied the {COPIED_NAMES.get(what, what)}.")
        else:
            refused = "The browser did not allow copying: select the text and copy it yourself."
            self._set(copied="", **{"dialog_error" if self.state.dialog else "message": refused})
        self._render()
