"""Playing the game's sounds: each :class:`~web.model.sound.Sound` is synthesised
with Web Audio from a recipe of tones and noise bursts (our own sounds, no
files), by :class:`Speaker`, which the page owns.

Browsers start no sound before the player's first gesture (the autoplay
policy), so the :class:`AudioContext` is made only after one, when a sound is
first played; a muted player never gets one.  Browser-only in
:meth:`Speaker.play` (``js`` is imported there); the recipes are plain data.

>>> all(0 < RECIPES[s].length_ms <= 400 for s in Sound)
True
>>> RECIPES[Sound.WIN].length_ms
320
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from web.model.sound import Sound


@dataclass(frozen=True, slots=True)
class Tone:
    """An oscillator gliding from ``freq`` to ``to_freq`` Hz, with a quick
    attack and an exponential decay."""

    start_ms: int
    length_ms: int
    freq: float
    to_freq: float
    gain: float
    wave: str = "sine"

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.length_ms


@dataclass(frozen=True, slots=True)
class Noise:
    """A burst of white noise through a band-pass filter (clicks, rattles)."""

    start_ms: int
    length_ms: int
    band_hz: float
    gain: float
    q: float = 1.5

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.length_ms


@dataclass(frozen=True, slots=True)
class Recipe:
    """A sound: the tones and noises that make it, each with its own timing."""

    parts: tuple[Tone | Noise, ...]

    @property
    def length_ms(self) -> int:
        return max(part.end_ms for part in self.parts)


def _tock(start: int, pitch: float, gain: float) -> tuple[Tone | Noise, ...]:
    """A checker on wood: a short knock and its click."""
    return (
        Tone(start, 90, pitch, pitch * 0.6, gain, "triangle"),
        Noise(start, 25, 2400, gain * 0.5),
    )


RECIPES: Mapping[Sound, Recipe] = MappingProxyType(
    {
        # Dice rattling in the cup and landing: clicks at uneven gaps.
        Sound.DICE: Recipe(
            (
                Noise(0, 30, 3200, 0.55, 4),
                Noise(45, 30, 2600, 0.55, 4),
                Noise(80, 30, 3600, 0.55, 4),
                Noise(150, 45, 1800, 0.7, 3),
                Noise(205, 35, 2200, 0.5, 3),
            )
        ),
        Sound.PLACE: Recipe(_tock(0, 190, 0.6)),
        # A hit: a harder knock, then the hit checker clacking onto the bar.
        Sound.HIT: Recipe(_tock(0, 260, 0.85) + _tock(110, 150, 0.55)),
        # Borne off: a knock and a small rising note.
        Sound.BEAR_OFF: Recipe((*_tock(0, 210, 0.5), Tone(40, 160, 520, 780, 0.25))),
        # The cube: two bell notes, the second a fifth higher.
        Sound.DOUBLE: Recipe((Tone(0, 160, 660, 660, 0.3), Tone(110, 220, 990, 990, 0.28))),
        Sound.WIN: Recipe(
            (
                Tone(0, 120, 523, 523, 0.3),
                Tone(90, 120, 659, 659, 0.3),
                Tone(180, 140, 784, 784, 0.32),
            )
        ),
        Sound.LOSE: Recipe(
            (
                Tone(0, 130, 392, 392, 0.3),
                Tone(100, 130, 330, 330, 0.3),
                Tone(200, 160, 262, 247, 0.3),
            )
        ),
    }
)
"""What each sound is made of (a test checks every :class:`Sound` has one)."""

GAP_MS = 60  # between sounds drawn together, e.g. the last checker off and the win
VOLUME = 0.5
NOISE_S = 0.5  # one buffer of noise, made once and shared by every burst


def schedule(sounds: Sequence[Sound]) -> list[tuple[int, Sound]]:
    """When each of the sounds of one draw starts (ms), one after the other.

    >>> schedule([Sound.DICE, Sound.DOUBLE])
    [(0, <Sound.DICE: 'dice'>), (300, <Sound.DOUBLE: 'double'>)]
    """
    at, out = 0, []
    for sound in sounds:
        out.append((at, sound))
        at += RECIPES[sound].length_ms + GAP_MS
    return out


class Speaker:
    """Plays sounds through one lazily made ``AudioContext``; see the module docs."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self._context: Any = None
        self._master: Any = None
        self._noise: Any = None
        self._allowed = False  # the player has made a gesture

    def allow(self) -> None:
        """The player's first gesture (or any later one): sound may start."""
        self._allowed = True
        if self._context is not None and str(self._context.state) == "suspended":
            with contextlib.suppress(Exception):
                self._context.resume()

    def play(self, sounds: Sequence[Sound]) -> None:
        if not sounds or not self._allowed:
            return
        # A browser without Web Audio, or one that refuses it, is a silent game.
        with contextlib.suppress(Exception):
            ctx = self._ensure_context()
            if ctx is None:
                return
            now = float(ctx.currentTime) + 0.02
            for at, sound in schedule(sounds):
                for part in RECIPES[sound].parts:
                    self._part(ctx, part, now + (at + part.start_ms) / 1000)

    def _ensure_context(self) -> Any:
        if self._context is None:
            from pyodide.ffi import to_js

            constructor = getattr(self.window, "AudioContext", None) or getattr(
                self.window, "webkitAudioContext", None
            )
            if constructor is None:
                return None
            ctx = constructor.new()
            master = ctx.createGain()
            master.gain.value = VOLUME
            master.connect(ctx.destination)
            rate = int(ctx.sampleRate)
            noise = ctx.createBuffer(1, int(rate * NOISE_S), rate)
            rng = random.Random(7)
            noise.getChannelData(0).set(
                to_js([rng.uniform(-1, 1) for _ in range(int(rate * NOISE_S))])
            )
            self._context, self._master, self._noise = ctx, master, noise
        if str(self._context.state) == "suspended":
            self._context.resume()
        return self._context

    def _envelope(self, ctx: Any, t0: float, length: float, gain: float) -> Any:
        amp = ctx.createGain()
        amp.gain.setValueAtTime(0.0001, t0)
        amp.gain.linearRampToValueAtTime(gain, t0 + 0.004)
        amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length)
        amp.connect(self._master)
        return amp

    def _part(self, ctx: Any, part: Tone | Noise, t0: float) -> None:
        length = part.length_ms / 1000
        amp = self._envelope(ctx, t0, length, part.gain)
        if isinstance(part, Tone):
            osc = ctx.createOscillator()
            osc.type = part.wave
            osc.frequency.setValueAtTime(part.freq, t0)
            if part.to_freq != part.freq:
                osc.frequency.exponentialRampToValueAtTime(part.to_freq, t0 + length)
            osc.connect(amp)
            osc.start(t0)
            osc.stop(t0 + length + 0.02)
        else:
            src = ctx.createBufferSource()
            src.buffer = self._noise
            band = ctx.createBiquadFilter()
            band.type = "bandpass"
            band.frequency.value = part.band_hz
            band.Q.value = part.q
            src.connect(band)
            band.connect(amp)
            # A different stretch of the noise each time, so clicks differ.
            offset = random.uniform(0, NOISE_S - length - 0.01)
            src.start(t0, max(offset, 0.0), length + 0.02)
