"""Intents about what outlives a game: settings, player statistics, saves
and files, and start-up (which reads them back)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from web.control.session import Part
from web.model.actions import Act
from web.model.options import SettingChange, Settings
from web.model.records import PlayerRecords
from web.model.savefile import SavedGame
from web.model.state import Dialog, Saves
from web.model.storage import AUTOSAVE, SETTINGS, STATS
from web.words import game as words
from web.words.play import corrupt_text, import_error_text, storage_warning

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.intents import CopyAsk, Handler, Intent, SettingAsk, Text


class Storage(Part):
    """See the module docs.  Export and import are the analysis board's intents
    (:class:`~web.control.analysis.AnalysisBoard`), which read match files and
    hand saved games here."""

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import CopyAsk, SettingAsk, Text, typed

        return {
            Act.STATS_OPEN: self._on_stats_open,
            Act.STATS_RESET: self._on_stats_reset,
            Act.SETTINGS_OPEN: self._on_settings_open,
            Act.SETTING: typed(SettingAsk, self._on_setting),
            Act.SAVES_OPEN: self._on_saves_open,
            Act.SAVE_SLOT: typed(Text, self._on_save_slot),
            Act.SAVE_OVERWRITE: typed(Text, self._on_save_overwrite),
            Act.UNREADABLE_DOWNLOAD: typed(Text, self._on_unreadable_download),
            Act.UNREADABLE_DISCARD: typed(Text, self._on_unreadable_discard),
            Act.LOAD_SLOT: typed(Text, self._on_load_slot),
            Act.DELETE_SLOT: typed(Text, self._on_delete_slot),
            Act.COPY_IDS: self._on_copy_ids,
            Act.POSITION_OPEN: self._on_position_open,
            Act.COPY_ID: typed(CopyAsk, self._on_copy_id),
        }

    def boot(self) -> None:
        """Load settings, statistics and the autosaved match (or ask for a new one)."""
        settings = Settings.from_json(self.session.store.read(SETTINGS))
        records, bad_records = self.session.store.read_checked(STATS, PlayerRecords.from_json)
        loaded, bad_save = self.session.store.read_checked(AUTOSAVE, SavedGame.from_json)
        problems = []
        if bad_save is not None:
            paused = words.SAVING_PAUSED
            problems.append(corrupt_text(words.SAVED_MATCH, bad_save, paused=paused))
        if bad_records is not None:
            problems.append(corrupt_text(words.PLAYER_STATISTICS, bad_records))
        self._set(
            settings=settings,
            records=records if isinstance(records, PlayerRecords) else self.state.records,
            notice=" ".join(problems) or storage_warning(self.session.store.problem),
            saves=self._saves(),  # the notice offers to download what could not be kept
        )
        if isinstance(loaded, SavedGame):
            self.session.install(loaded)
            self.session.saved = self.state.match
            self._set(message=words.WELCOME_BACK)
        else:
            self.session.open_new_game(can_cancel=False)
        self._advance()
        self._render()

    def _on_stats_open(self, intent: Intent) -> None:
        self._open(Dialog.STATS)

    def _on_stats_reset(self, intent: Intent) -> None:
        self._set(records=PlayerRecords())
        self.session.store.write(STATS, self.state.records.to_json())
        self._open(Dialog.STATS)
        self._say(words.STATS_RESET)

    def _on_settings_open(self, intent: Intent) -> None:
        self._open(Dialog.SETTINGS)

    def _on_setting(self, ask: SettingAsk) -> None:
        """A settings control changed."""
        self.change_setting(ask.change)

    def change_setting(self, change: SettingChange) -> None:
        """A setting changed, and is remembered."""
        self._set(settings=self.state.settings.changed(change))
        self.session.store.write(SETTINGS, self.state.settings.to_json())

    def remember_players(self, names: tuple[str, str]) -> None:
        """Pass-and-play's names, offered by the New game dialog next time."""
        settings = replace(self.state.settings, name0=names[0], name1=names[1])
        if settings != self.state.settings:
            self._set(settings=settings)
            self.session.store.write(SETTINGS, settings.to_json())

    def _on_saves_open(self, intent: Intent) -> None:
        self._open_saves()

    def _saves(self, overwrite: str = "") -> Saves:
        store = self.session.store
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

    def _on_save_slot(self, ask: Text) -> None:
        name = ask.text  # tidied (clean_slot_name)
        if not name:
            self._set(message=words.NAME_THE_SAVE)
            return
        if name in self.session.store.slot_names():
            # The same name, or one that became it once tidied: ask first.
            self._open_saves(overwrite=name)
            return
        self._save_slot(name)

    def _on_save_overwrite(self, ask: Text) -> None:
        """The player confirmed saving over the slot named."""
        if ask.text:
            self._save_slot(ask.text)

    def _save_slot(self, name: str) -> None:
        # On the analysis board, an analysed match is kept whole with its analysis.
        saved = self.session.analysed_save() or self.session.saved_game()
        if self.session.store.write_slot(name, saved.to_json()):
            self._say(words.saved_as(name))
        else:
            self._set(notice=storage_warning(self.session.store.problem))
        self._open_saves()

    def _on_load_slot(self, ask: Text) -> None:
        name = ask.text
        loaded, bad = self.session.store.read_checked(
            self.session.store.slot_key(name), SavedGame.from_json
        )
        if bad is not None:
            self._set(notice=corrupt_text(words.the_save(name), bad))
            self._open_saves()
            return
        if isinstance(loaded, SavedGame) and self.session.open_analysed(loaded):
            # The game in progress is put aside, not lost: nothing to confirm.
            if self.state.analysis is not None:  # else the board said why it cannot open
                self._say(words.loaded(name))
            return
        if isinstance(loaded, SavedGame) and self.session.may_abandon(ask):
            self.session.install(loaded)
            self._say(words.loaded(name))
            self._autosave()

    def _on_delete_slot(self, ask: Text) -> None:
        self.session.store.delete_slot(ask.text)
        self._say(words.deleted(ask.text))
        self._open_saves()

    def _on_unreadable_download(self, ask: Text) -> None:
        """Hand the player text that could not be read, as it is stored."""
        key = ask.text
        text = self.session.store.text(key) if key in self.session.store.unreadable() else None
        if text is None:
            self._open_saves()  # gone meanwhile: show what there is
            return
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", key).strip("-")
        self.session.view.download(f"backgammon-unreadable-{name}.json", text)

    def _on_unreadable_discard(self, ask: Text) -> None:
        """Delete text that could not be read; saving resumes where it was held."""
        key = ask.text
        if key in self.session.store.unreadable():
            held = key in self.session.store.held()
            self.session.store.remove(key)
            self._say(words.DISCARDED)
            if held:
                self._set(notice="")  # it was about this, and is no longer true
                if key == AUTOSAVE:
                    self.session.saved = None
                    self._autosave()
                elif key == STATS:
                    self.session.store.write(STATS, self.state.records.to_json())
        self._open_saves()

    def on_export(self) -> None:
        n = self.state.match.game_number
        text = json.dumps(self.session.saved_game().to_json(), indent=1)
        self.session.view.download(f"backgammon-game-{n}.json", text)

    def on_import(self, file: Text) -> None:
        """A file the player chose to import, its text."""
        try:
            loaded = SavedGame.from_json(json.loads(file.text))
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            # Said where the player is looking: the Saves dialog the file came from.
            text = import_error_text(file.text, exc)
            self._set(**{"dialog_error" if self.state.dialog else "notice": text})
            return
        if not self.session.may_abandon(file):
            return
        self.session.install(loaded)
        self._say(words.IMPORTED_SAVE)
        self._autosave()

    # -- identifiers and the clipboard --------------------------------------------------

    def _on_position_open(self, intent: Intent) -> None:
        self._open(Dialog.POSITION)

    def _on_copy_id(self, ask: CopyAsk) -> None:
        from web.model.intents import IdKind

        m = self.state.match
        kind = ask.kind
        if kind is IdKind.POSITION:
            self.session.copy(kind, m.position_id)
        elif kind is IdKind.MATCH:
            self.session.copy(kind, m.match_id)
        elif kind is IdKind.XGID and not m.is_over:  # a finished match has no XGID
            self.session.copy(kind, m.xgid())

    def _on_copy_ids(self, intent: Intent) -> None:
        m = self.state.match
        self.session.copy("ids", f"Position ID: {m.position_id}\nMatch ID: {m.match_id}")
