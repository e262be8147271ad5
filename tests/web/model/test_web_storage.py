"""localStorage wrapper: never raises, keeps unreadable data aside."""

from __future__ import annotations

from typing import cast

import pytest

from web.model.storage import ADOPTED, CORRUPT, PREFIX, MemoryStorage, Store, clean_slot_name
from web.words.play import storage_warning


class Refusing(MemoryStorage):
    def getItem(self, key: str) -> str | None:
        raise OSError("SecurityError: access denied")

    def setItem(self, key: str, value: str) -> None:
        raise OSError("SecurityError: access denied")


def test_json_round_trip_and_slots() -> None:
    store = Store(MemoryStorage())
    store.write("settings", {"theme": "backyamon"})
    assert store.read("settings") == {"theme": "backyamon"}
    assert store.write_slot("b", {"x": 1}) and store.write_slot("a", {})
    assert store.slot_names() == ["a", "b"]
    store.delete_slot("a")
    assert store.slot_names() == ["b"]
    assert store.read("missing") is None


def test_unreadable_data_is_moved_aside_not_destroyed() -> None:
    storage = MemoryStorage()
    storage.setItem(PREFIX + "autosave", "{broken")
    store = Store(storage, clock=lambda: 12.5)
    loaded, bad = store.read_checked("autosave", lambda raw: raw)
    assert loaded is None and bad is not None
    assert bad.kept_as == f"{CORRUPT}autosave:12500"
    assert storage.items == {PREFIX + bad.kept_as: "{broken"}
    storage.setItem(PREFIX + "autosave", "[]")

    def reject(raw: object) -> object:
        raise ValueError("not a save")

    _, again = store.read_checked("autosave", reject)
    assert again is not None and again.reason == "not a save"
    assert again.kept_as != bad.kept_as and len(storage.items) == 2


def test_a_full_storage_warns_and_recovers() -> None:
    storage = MemoryStorage(quota=40)
    store = Store(storage)
    store.write("autosave", "x" * 100)
    assert "full" in storage_warning(store.problem)
    store.write("autosave", "small")
    assert storage_warning(store.problem) == ""


@pytest.mark.parametrize("storage", [None, Refusing()], ids=["absent", "refusing"])
def test_disabled_storage_never_raises(storage: MemoryStorage | None) -> None:
    store = Store(storage)
    store.write("autosave", {"a": 1})
    assert store.read("autosave") is None
    assert store.read_checked("autosave", lambda raw: raw) == (None, None)
    assert store.slot_names() == [] and not store.write_slot("x", {})
    assert storage_warning(store.problem)


def test_slot_names_are_tidied() -> None:
    assert clean_slot_name("  a \n b  ") == "a b"
    assert len(clean_slot_name("x" * 100)) == 40


def test_a_name_cut_to_40_characters_keeps_no_space_at_its_end() -> None:
    assert clean_slot_name("a" * 39 + " b") == "a" * 39
    assert clean_slot_name("Cafe\u0301") == clean_slot_name("Caf\u00e9")  # one name, one key


# -- unreadable data that cannot be kept aside -------------------------------------------


def full_of_unreadable() -> tuple[MemoryStorage, Store]:
    """A storage with room for one copy of an unreadable autosave, not two."""
    bad = '{"app": "backgammon-web", "version": 99, ' + '"x": 0, ' * 20 + "}"
    storage = MemoryStorage(quota=len(PREFIX) * 2 + len(bad) + 40)
    storage.setItem(PREFIX + "autosave", bad)
    return storage, Store(storage, clock=lambda: 12.5)


def reject(raw: object) -> object:
    raise ValueError("from a newer version")


def test_unreadable_data_without_room_to_keep_it_aside_is_never_written_over() -> None:
    storage, store = full_of_unreadable()
    bad = storage.items[PREFIX + "autosave"]
    loaded, corrupt = store.read_checked("autosave", reject)
    assert loaded is None and corrupt is not None
    assert not corrupt.kept and corrupt.kept_as == "" and corrupt.key == "autosave"
    assert store.held() == ["autosave"] and store.unreadable() == ["autosave"]
    assert not store.write("autosave", {"a": 1})  # small enough to fit: still refused
    assert storage.items == {PREFIX + "autosave": bad}
    warning = storage_warning(store.problem)
    assert "could not be read" in warning and "Download or discard" in warning
    assert store.text("autosave") == bad  # to download


def test_a_held_key_is_moved_aside_once_there_is_room_or_freed_when_discarded() -> None:
    storage, store = full_of_unreadable()
    bad = storage.items[PREFIX + "autosave"]
    store.read_checked("autosave", reject)
    storage.quota = None  # say, a slot was deleted
    assert store.write("autosave", {"a": 1})
    assert storage.items == {PREFIX + "corrupt:autosave:12500": bad, PREFIX + "autosave": '{"a":1}'}
    assert store.held() == [] and store.unreadable() == ["corrupt:autosave:12500"]

    storage, store = full_of_unreadable()
    store.read_checked("autosave", reject)
    store.remove("autosave")  # the player discarded it
    assert store.held() == [] and store.write("autosave", {"a": 1})


# -- one origin, many deployments -------------------------------------------------------


def test_deployments_on_one_origin_keep_to_their_own_keys() -> None:
    storage = MemoryStorage()
    a = Store(storage, site="/backgammon/index.html")
    b = Store(storage, site="/backgammon-dev/")
    assert a.write("autosave", {"a": 1}) and a.write_slot("mine", {})
    assert b.read("autosave") is None and b.slot_names() == []
    b.write("autosave", [1, 2, 3])  # not a save, to the app
    _, corrupt = b.read_checked("autosave", reject)
    assert corrupt is not None and corrupt.kept
    assert a.read("autosave") == {"a": 1} and a.unreadable() == []  # a's untouched
    assert sorted(storage.items) == [
        "backgammon@/backgammon-dev/:corrupt:autosave:0",
        "backgammon@/backgammon/:autosave",
        "backgammon@/backgammon/:slot:mine",
    ]
    b.delete_slot("mine")
    assert a.slot_names() == ["mine"]


def test_the_first_deployment_to_start_adopts_the_keys_of_earlier_versions() -> None:
    storage = MemoryStorage()
    old = Store(storage)  # the bare keys of earlier versions
    old.write("autosave", {"a": 1})
    old.write_slot("kept", {"b": 2})
    first = Store(storage, site="/backgammon/")
    assert sorted(first.adopt_legacy()) == ["autosave", "slot:kept"]
    assert first.read("autosave") == {"a": 1} and first.slot_names() == ["kept"]
    assert old.read("autosave") is None  # moved, not copied
    second = Store(storage, site="/other/")
    assert second.adopt_legacy() == [] and second.read("autosave") is None
    old.write("autosave", {"c": 3})  # an old copy of the page, still served, keeps its own
    assert first.adopt_legacy() == [] and Store(storage, site="/x/").adopt_legacy() == []
    assert old.read("autosave") == {"c": 3} and first.read("autosave") == {"a": 1}


def test_adopting_needs_no_spare_room() -> None:
    storage = MemoryStorage()
    Store(storage).write("autosave", {"a": "x" * 200})
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 60
    new = Store(storage, site="/backgammon/")
    assert new.adopt_legacy() == ["autosave"] and new.read("autosave") == {"a": "x" * 200}
    storage = MemoryStorage()
    Store(storage).write("autosave", {"a": "x" * 200})
    storage.quota = sum(
        len(k) + len(v) for k, v in storage.items.items()
    )  # the longer key won't fit
    new = Store(storage, site="/backgammon/")
    assert new.adopt_legacy() == [] and Store(storage).read("autosave") == {"a": "x" * 200}


def test_the_page_names_its_keys_by_its_directory() -> None:
    from types import SimpleNamespace

    from web.dom.browser import page_path

    window = SimpleNamespace(location=SimpleNamespace(pathname="/backgammon/index.html"))
    assert Store(MemoryStorage(), site=page_path(window)).prefix == "backgammon@/backgammon/:"
    assert page_path(SimpleNamespace()) == "/"  # no location: the origin's root


class JsNullStorage(MemoryStorage):
    """Pyodide's localStorage: a missing key is JavaScript's null (JsNull), not None."""

    def getItem(self, key: str) -> str | None:
        value = super().getItem(key)
        return value if value is not None else cast(str, object())


def test_adopting_through_pyodide_where_a_missing_key_is_not_none() -> None:
    storage = JsNullStorage()
    Store(storage).write("autosave", {"a": 1})
    new = Store(storage, site="/backgammon/")
    assert new.adopt_legacy() == ["autosave"] and new.read("autosave") == {"a": 1}
    assert storage.items[ADOPTED] == "backgammon@/backgammon/:"
