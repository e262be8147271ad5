"""Test hooks, in the test build only: the e2e tests set the game's dice and
its animations from the page's URL, and queue more dice as they go.

- ``?seed=N``: the dice come from ``engine.dice.seeded_random(N)`` instead of
  the system's random source, so a game plays the same every time;
- ``?dice=6,5,...``: faces queued in front of them (the opening roll's two dice
  first), in the game's own code path;
- ``?anim=off`` (or ``fast``, ``normal``): overrides the player's animation
  setting;
- ``window.backgammonQueueDice([3, 1])``: queues more faces at any time;
- ``?relay=ws://...``: online games meet through this relay (``&tracker=ws://...``:
  and this tracker when no peer comes; no tracker otherwise), with no STUN
  server, and ``window.backgammonOnlineCheat()`` sends the friend an illegal
  play (:mod:`e2e.site.online`);
- ``?claim=S``: a friend gone online may be claimed after ``S`` seconds (at
  least 6) instead of two minutes.

Anything else in the query, or a value it does not understand, is ignored:
the page always starts.  ``scripts.build_site.build(test_hooks=True)`` ships
this module and ``e2e/site/main.py``; the published build has neither, so a
player cannot choose the dice.

>>> hooks = read_hooks("?seed=7&dice=6,5%203-1&anim=off&junk&relay=ws://127.0.0.1:7447&claim=20")
>>> hooks.seed, hooks.faces, hooks.animation, hooks.relays, hooks.claim_after
(7, [6, 5, 3, 1], 'off', ('ws://127.0.0.1:7447',), 20.0)
>>> read_hooks("?relay=ws://127.0.0.1:1&tracker=ws://127.0.0.1:8000").trackers
('ws://127.0.0.1:8000',)
>>> read_hooks("?seed=x&dice=9&anim=sideways&relay=file:///&claim=1")
Hooks(seed=None, faces=[], animation=None, relays=(), trackers=(), claim_after=None)
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from e2e.site.dice import QueuedDice, parse_faces
from e2e.site.online import cheat, read_claim_after, read_relays
from engine.dice import seeded_random, system_random
from web.app import start as start_app
from web.dom.page import Page
from web.model.options import ANIMATIONS


def parse_seed(text: str) -> int | None:
    """An integer seed, or ``None`` for anything else.

    >>> parse_seed("-3"), parse_seed(" 12 "), parse_seed("1e3"), parse_seed("²")
    (-3, 12, None, None)
    """
    text = text.strip()
    if not text.removeprefix("-").isascii() or not text.removeprefix("-").isdigit():
        return None
    return int(text)


@dataclass(frozen=True)
class Hooks:
    """What the URL asks of the test build; the defaults change nothing."""

    seed: int | None = None
    faces: list[int] = field(default_factory=list)
    animation: str | None = None
    relays: tuple[str, ...] = ()
    trackers: tuple[str, ...] = ()
    claim_after: float | None = None


def read_hooks(search: str) -> Hooks:
    """The hooks in a URL's query string (``location.search``); junk is ignored."""
    params = dict(parse_qsl(search.removeprefix("?"), keep_blank_values=True))
    animation = params.get("anim", "")
    return Hooks(
        seed=parse_seed(params.get("seed", "")),
        faces=parse_faces(params.get("dice", "")),
        animation=animation if animation in ANIMATIONS else None,
        relays=read_relays(params.get("relay", "")),
        trackers=read_relays(params.get("tracker", "")),
        claim_after=read_claim_after(params.get("claim", "")),
    )


def start(document: Any, window: Any) -> Page:
    """Start the game as ``public/main.py`` does, with the hooks the URL asks for."""
    from pyodide.ffi import create_proxy  # in the browser only

    hooks = Hooks()
    with contextlib.suppress(Exception):
        hooks = read_hooks(str(window.location.search or ""))
    fallback = seeded_random(hooks.seed) if hooks.seed is not None else system_random()
    dice = QueuedDice(fallback, hooks.faces)
    # A proxy, so that JavaScript may call it for as long as the page lives.
    window.backgammonQueueDice = create_proxy(lambda faces: dice.push(int(f) for f in faces))
    relays = hooks.relays or None
    page = start_app(
        document,
        window,
        dice=dice,
        animation=hooks.animation,
        relays=relays,
        # On the bench's private network: its tracker, if any, and no public one; no STUN.
        trackers=hooks.trackers if relays else None,
        ice_servers=() if relays else None,
        claim_after=hooks.claim_after,
    )
    window.backgammonOnlineCheat = create_proxy(
        lambda: cheat(page.controller.online.link if page.controller is not None else None)
    )
    return page
