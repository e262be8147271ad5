"""Saved data in the browser's ``localStorage``: the running match, named
save slots, player statistics and settings.

Storage is given as an object with ``getItem``/``setItem``/``removeItem``/
``key``/``length`` (the browser's ``localStorage``, or a dict-backed fake in
tests), or ``None`` where the browser refuses it.  Nothing here raises:
a full or disabled storage becomes a problem the store keeps, and text that cannot be
read is moved aside under a ``corrupt:`` key instead of being destroyed.
When there is no room to move it, it stays where it is and the store
*holds* that key: nothing is written over it until it is discarded or
there is room to move it aside (a save it could not keep is never lost).

>>> store = Store(MemoryStorage())
>>> store.write("autosave", {"a": 1})
True
>>> store.read("autosave")
{'a': 1}
>>> store.slot_names()
[]

**One origin, many deployments.**  ``localStorage`` belongs to an origin,
and every copy of this page on ``USER.github.io`` shares one.  So each
deployment keeps its keys under the directory of its page
(:func:`namespace_for`): ``backgammon@/backgammon/:autosave``.  Earlier
versions used bare ``backgammon:`` keys, which say nothing of the page that
wrote them; the first namespaced deployment to start on an origin adopts
them all (:meth:`Store.adopt_legacy`) and leaves a mark, so that no other
deployment takes them afterwards, nor anything an old copy still writes.
"""

from __future__ import annotations

import contextlib
import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

PREFIX = "backgammon:"  # the keys of earlier versions, before namespaces (and of tests)
ADOPTED = PREFIX + "adopted-by"  # which namespace took the keys under PREFIX
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
    """Saved text that could not be read: under ``key``, and where it was
    moved (``kept_as``), or ``""`` if there was no room to move it; then it is
    still under ``key``, which the store holds (see :meth:`Store.held`)."""

    reason: str
    kept_as: str
    key: str = ""
    error: Exception | None = None
    """What reading it raised, which the page says in its words (``reason`` is
    its text, for a developer)."""

    @property
    def kept(self) -> bool:
        return bool(self.kept_as)


def namespace_for(pathname: str) -> str:
    """The prefix of a deployment's keys: the directory of its page.

    ``:`` is escaped so that no prefix is the start of another's.

    >>> namespace_for("/backgammon/")
    'backgammon@/backgammon/:'
    >>> namespace_for("/backgammon/index.html") == namespace_for("/backgammon/")
    True
    >>> namespace_for("/a:b/"), namespace_for("")
    ('backgammon@/a%3Ab/:', 'backgammon@/:')
    """
    directory = pathname[: pathname.rfind("/") + 1] or "/"
    return f"backgammon@{directory.replace(':', '%3A')}:"


class Trouble(Enum):
    """Why the store cannot keep what it is given (``web.words.play.storage_warning``
    says it to the player)."""

    NO_STORAGE = "no-storage"  # the browser refuses storage (private mode?)
    HELD = "held"  # an unreadable save there, and no room to set it aside
    FULL = "full"  # the browser refused the write


@dataclass(frozen=True, slots=True)
class StoreProblem:
    """Why saving last failed, and the browser's own words for it where it gave some."""

    trouble: Trouble
    detail: str = ""


class Store:
    """Our keys in one storage.  ``problem`` says why saving last failed.

    ``site`` is the page's path (``location.pathname``): its directory
    names this deployment's keys (:func:`namespace_for`).  Without it, the
    store uses the bare ``backgammon:`` keys of earlier versions.
    """

    def __init__(
        self,
        storage: KeyValueStorage | None,
        clock: Callable[[], float] | None = None,
        *,
        site: str | None = None,
    ) -> None:
        self._storage = storage
        self._clock = clock or (lambda: 0.0)
        self.prefix = PREFIX if site is None else namespace_for(site)
        # Keys whose unreadable text could not be moved aside: never written over.
        self._held: set[str] = set()
        self.problem: StoreProblem | None = (
            None if storage is not None else StoreProblem(Trouble.NO_STORAGE)
        )

    @property
    def available(self) -> bool:
        return self._storage is not None

    # -- raw text ------------------------------------------------------------------

    def _get(self, key: str) -> str | None:
        if self._storage is None:
            return None
        try:
            value = self._storage.getItem(self.prefix + key)
        except Exception:  # the browser may refuse storage at any time
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, text: str) -> bool:
        if self._storage is None:
            return False
        if key in self._held and not self._release(key):
            self.problem = StoreProblem(Trouble.HELD)
            return False
        try:
            self._storage.setItem(self.prefix + key, text)
        except Exception as exc:
            self.problem = StoreProblem(Trouble.FULL, _short(exc))
            return False
        self.problem = None
        return True

    def text(self, key: str) -> str | None:
        """The text stored under ``key`` as it is (to download what could not be read)."""
        return self._get(key)

    def remove(self, key: str) -> None:
        """Delete ``key`` (a held key too: this is how its text is discarded)."""
        self._held.discard(key)
        if self._storage is None:
            return
        with contextlib.suppress(Exception):
            self._storage.removeItem(self.prefix + key)

    def keys(self) -> list[str]:
        """Our keys, without the prefix."""
        return self._keys(self.prefix)

    def _keys(self, prefix: str) -> list[str]:
        if self._storage is None:
            return []
        found = []
        try:
            for i in range(int(self._storage.length)):
                key = self._storage.key(i)
                if isinstance(key, str) and key.startswith(prefix):
                    found.append(key[len(prefix) :])
        except Exception:
            return []
        return found

    # -- JSON ------------------------------------------------------------------------

    def write(self, key: str, data: object) -> bool:
        """Store ``data`` as JSON; whether it was (else see :attr:`problem`)."""
        return self._set(key, json.dumps(data, separators=(",", ":")))

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
        saved, or ``(None, Corrupt(...))``.  When the text cannot be moved
        aside, the key is held: nothing is written over it.
        """
        text = self._get(key)
        if text is None:
            return None, None
        try:
            return load(json.loads(text)), None
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            kept = self.keep_aside(key, text)
            if not kept:
                self._held.add(key)
            return None, Corrupt(_short(exc), kept, key, exc)

    def keep_aside(self, key: str, text: str) -> str:
        """Move ``text`` from ``key`` to a new ``corrupt:`` key, returning that
        key, or ``""`` if there was no room for it (then ``key`` is untouched)."""
        stamp = int(self._clock() * 1000)
        aside = f"{CORRUPT}{key}:{stamp}"
        n = 1
        while self._get(aside) is not None:
            n += 1
            aside = f"{CORRUPT}{key}:{stamp}-{n}"
        if not self._set(aside, text):
            return ""
        self.remove(key)
        return aside

    def _release(self, key: str) -> bool:
        """Try again to move a held key's text aside: whether ``key`` is free."""
        text = self._get(key)
        if text is not None and not self.keep_aside(key, text):
            return False
        self._held.discard(key)
        return True

    def held(self) -> list[str]:
        """Keys holding text that could not be read nor moved aside."""
        return sorted(self._held)

    def unreadable(self) -> list[str]:
        """Every key holding text that could not be read: held, then kept aside."""
        return self.held() + sorted(k for k in self.keys() if k.startswith(CORRUPT))

    # -- save slots ---------------------------------------------------------------------

    def slot_names(self) -> list[str]:
        return sorted(k[len(SLOT) :] for k in self.keys() if k.startswith(SLOT))

    def write_slot(self, name: str, data: object) -> bool:
        return self._set(SLOT + name, json.dumps(data, separators=(",", ":")))

    def slot_key(self, name: str) -> str:
        return SLOT + name

    def delete_slot(self, name: str) -> None:
        self.remove(SLOT + name)

    # -- the keys of earlier versions ----------------------------------------------------

    def adopt_legacy(self) -> list[str]:
        """Move the bare ``backgammon:`` keys of earlier versions under this
        store's namespace, if no deployment on this origin did before; the
        keys moved.

        Such a key cannot say which page wrote it, so the first deployment
        to start takes them all, and marks that it did (:data:`ADOPTED`),
        even when there is nothing to take: keys an old copy of the page
        writes later stay that copy's.  Each is moved by removing it and
        writing it anew, which needs no room that it did not take already;
        one that cannot be written is put back and stays where it was.
        """
        storage = self._storage
        if storage is None or self.prefix == PREFIX:
            return []
        try:
            # A string, not "not None": Pyodide gives JavaScript's null as JsNull.
            if isinstance(storage.getItem(ADOPTED), str):
                return []
        except Exception:
            return []
        moved = []
        for key in self._keys(PREFIX):
            old = PREFIX + key
            if old == ADOPTED:
                continue
            try:
                text = storage.getItem(old)
                if not isinstance(text, str) or self._get(key) is not None:
                    continue  # never over a key of ours
                storage.removeItem(old)
            except Exception:
                continue
            try:
                storage.setItem(self.prefix + key, text)
                moved.append(key)
            except Exception:
                with contextlib.suppress(Exception):
                    storage.setItem(old, text)  # the room it just freed
        with contextlib.suppress(Exception):
            storage.setItem(ADOPTED, self.prefix)
        return moved


def clean_slot_name(name: str) -> str:
    """A slot name as stored: trimmed, single-spaced, at most 40 characters,
    in one Unicode form (names that look alike are one name).

    >>> clean_slot_name("  my   game ")
    'my game'
    >>> clean_slot_name("a" * 39 + " b")  # cut to 40 characters, no space left at the end
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
    """
    name = unicodedata.normalize("NFC", name)
    return " ".join(name.split())[:MAX_SLOT_NAME].rstrip()


def _short(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."
