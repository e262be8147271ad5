"""localStorage wrapper: never raises, keeps unreadable data aside."""

from __future__ import annotations

import pytest

from web.storage import CORRUPT, PREFIX, MemoryStorage, Store, clean_slot_name


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
    assert "full" in store.warning
    store.write("autosave", "small")
    assert store.warning == ""


@pytest.mark.parametrize("storage", [None, Refusing()], ids=["absent", "refusing"])
def test_disabled_storage_never_raises(storage: MemoryStorage | None) -> None:
    store = Store(storage)
    store.write("autosave", {"a": 1})
    assert store.read("autosave") is None
    assert store.read_checked("autosave", lambda raw: raw) == (None, None)
    assert store.slot_names() == [] and not store.write_slot("x", {})
    assert store.warning


def test_slot_names_are_tidied() -> None:
    assert clean_slot_name("  a \n b  ") == "a b"
    assert len(clean_slot_name("x" * 100)) == 40
