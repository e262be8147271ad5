"""Saved data in the browser's ``localStorage``: the running match, named
save slots, player statistics and settings.

Storage is given as an object with ``getItem``/``setItem``/``removeItem``/
``key``/``length`` (the browser's ``localStorage``, or a dict-backed fake in
tests), or ``None`` where the browser refuses it.  Nothing here raises:
a full or disabled storage becomes a warning, and text that cannot be
read is moved aside under a ``corrupt:`` key instead of being destroyed.

>>> store = Store(MemoryStorage())
>>> store.write("autosave", {"a": 1})
>>> store.read("autosave")
{'a': 1}
>>> store.slot_names()
[]
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

PREFIX = "backgammon:"
AUTOSAVE = "autosave"
SETTINGS = "settings"
STATS = "stats"
SLOT = "slot:"
CORRUPT = "corrupt:"
MAX_SLOT_NAME = 40


class KeyValueStorage(Protocol):
    """The Web Storage API, as far as it is used here."""

    @property
    def length(self) -> int: ...

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...

    def key(self, index: int) -> str | None: ...


class MemoryStorage:
    """A dict-backed stand-in for ``localStorage``; ``quota`` bytes of room."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("QuotaExceededError: the storage is full")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


@dataclass(frozen=True, slots=True)
class Corrupt:
    """Saved text that could not be read, and where it was moved."""

    reason: str
    kept_as: str


class Store:
    """Our keys in one storage.  ``warning`` says why saving last failed."""

    def __init__(
        self, storage: KeyValueStorage | None, clock: Callable[[], float] | None = None
    ) -> None:
        self._storage = storage
        self._clock = clock or (lambda: 0.0)
        self.warning = (
            ""
            if storage is not None
            else "This browser does not allow saving (private mode?): games will not be kept."
        )

    @property
    def available(self) -> bool:
        return self._storage is not None

    # -- raw text ------------------------------------------------------------------

    def _get(self, key: str) -> str | None:
        if self._storage is None:
            return None
        try:
            value = self._storage.getItem(PREFIX + key)
        except Exception:  # the browser may refuse storage at any time
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, text: str) -> bool:
        if self._storage is None:
            return False
        try:
            self._storage.setItem(PREFIX + key, text)
        except Exception as exc:
            self.warning = (
                "Could not save: the browser's storage is full or disabled "
                f"({_short(exc)}). Export the game to keep it."
            )
            return False
        self.warning = ""
        return True

    def remove(self, key: str) -> None:
        if self._storage is None:
            return
        with contextlib.suppress(Exception):
            self._storage.removeItem(PREFIX + key)

    def keys(self) -> list[str]:
        """Our keys, without the prefix."""
        if self._storage is None:
            return []
        found = []
        try:
            for i in range(int(self._storage.length)):
                key = self._storage.key(i)
                if isinstance(key, str) and key.startswith(PREFIX):
                    found.append(key[len(PREFIX) :])
        except Exception:
            return []
        return found

    # -- JSON ------------------------------------------------------------------------

    def write(self, key: str, data: object) -> None:
        self._set(key, json.dumps(data, separators=(",", ":")))

    def read(self, key: str) -> Any:
        """The JSON stored under ``key``, or ``None`` if absent or unreadable."""
        text = self._get(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            return None

    def read_checked(
        self, key: str, load: Callable[[Any], object]
    ) -> tuple[object | None, Corrupt | None]:
        """Load ``key`` with ``load``; anything wrong moves the text aside.

        Returns ``(loaded, None)``, ``(None, None)`` when there is nothing
        saved, or ``(None, Corrupt(...))``.
        """
        text = self._get(key)
        if text is None:
            return None, None
        try:
            return load(json.loads(text)), None
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            kept = self.keep_aside(key, text)
            return None, Corrupt(_short(exc), kept)

    def keep_aside(self, key: str, text: str) -> str:
        """Move ``text`` from ``key`` to a new ``corrupt:`` key, returning that key."""
        stamp = int(self._clock() * 1000)
        aside = f"{CORRUPT}{key}:{stamp}"
        n = 1
        while self._get(aside) is not None:
            n += 1
            aside = f"{CORRUPT}{key}:{stamp}-{n}"
        if self._set(aside, text):
            self.remove(key)
        return aside

    # -- save slots ---------------------------------------------------------------------

    def slot_names(self) -> list[str]:
        return sorted(k[len(SLOT) :] for k in self.keys() if k.startswith(SLOT))

    def write_slot(self, name: str, data: object) -> bool:
        return self._set(SLOT + name, json.dumps(data, separators=(",", ":")))

    def slot_key(self, name: str) -> str:
        return SLOT + name

    def delete_slot(self, name: str) -> None:
        self.remove(SLOT + name)


def clean_slot_name(name: str) -> str:
    """A slot name as stored: trimmed, single-spaced, at most 40 characters.

    >>> clean_slot_name("  my   game ")
    'my game'
    """
    return " ".join(name.split())[:MAX_SLOT_NAME]


def _short(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."
