"""Sound and motion in the real page: a sliding checker travels above the
stacks it passes, and the game's sounds start only after the player's first
gesture, and never when muted (Web Audio stubbed to count what is played)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, open_game
from scripts.page_driver import click_place, new_game, play_turn, wait_for_player

# Records, for every slide, how many checkers are drawn after the sliding one
# (SVG paints later elements on top) while it slides and once it has landed.
SLIDES = """
window.__slides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const el = this;
  const record = {side: el.dataset.side, point: el.dataset.point};
  window.__slides.push(record);
  const look = () => {
    const all = el.ownerSVGElement ? [...el.ownerSVGElement.querySelectorAll('.checker')] : [];
    return {running: el.getAnimations().length > 0, after: all.length - 1 - all.indexOf(el)};
  };
  const animation = animate.apply(this, args);
  setTimeout(() => { record.during = look(); }, 0);
  animation.finished.then(() => setTimeout(() => { record.landed = look(); }, 0));
  return animation;
};
"""

# Web Audio, stubbed: counts contexts made and sources started.
AUDIO = """
window.__audio = {contexts: 0, starts: 0};
const param = (value) => ({value, setValueAtTime() {}, linearRampToValueAtTime() {},
                           exponentialRampToValueAtTime() {}});
const node = (extra) => Object.assign({connect() {}, disconnect() {}}, extra);
const started = () => { window.__audio.starts += 1; };
class FakeAudioContext {
  constructor() {
    window.__audio.contexts += 1;
    this.state = 'running'; this.currentTime = 0; this.sampleRate = 8000;
    this.destination = node({});
  }
  resume() { return Promise.resolve(); }
  createGain() { return node({gain: param(1)}); }
  createOscillator() {
    return node({type: 'sine', frequency: param(440), start: started, stop() {}});
  }
  createBufferSource() { return node({buffer: null, start: started, stop() {}}); }
  createBiquadFilter() { return node({type: '', frequency: param(350), Q: param(1)}); }
  createBuffer(channels, length) {
    const data = new Float32Array(length);
    return {getChannelData: () => data};
  }
}
window.AudioContext = FakeAudioContext;
window.webkitAudioContext = FakeAudioContext;
"""


def test_a_sliding_checker_is_drawn_above_the_stacks_it_passes(
    browser: Browser, site_url: str
) -> None:
    # Animations on (no anim=off): White wins the opening 3-1 and plays 8/5 over the 6 point.
    game = open_game(browser, site_url, query="seed=2&dice=3,1", init_script=SLIDES, **DESKTOP)
    page = game.page
    new_game(page, "human", 1)
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    click_place(page, 8)
    click_place(page, 5)
    page.wait_for_function(
        "() => window.__slides.some(s => s.point === '5' && s.landed !== undefined)"
    )
    slides: list[dict[str, Any]] = page.evaluate("() => window.__slides")
    [slide] = [s for s in slides if s["side"] == "me" and s["point"] == "5"]
    assert slide["during"] == {"running": True, "after": 0}  # on top of every checker
    assert slide["landed"]["after"] > 0  # back in its place once landed
    assert game.errors == [] and game.failures == []
    game.context.close()


def audio(page: Page) -> dict[str, int]:
    return dict(page.evaluate("() => window.__audio"))


def test_sounds_start_after_a_gesture_and_never_when_muted(browser: Browser, site_url: str) -> None:
    game = open_game(
        browser, site_url, query="seed=2&anim=off&dice=3,1", init_script=AUDIO, **DESKTOP
    )
    page = game.page
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    # A script's clicks are no gesture of the player's: the game starts and rolls in silence.
    page.evaluate(
        """() => {
             const d = document.getElementById('dialog');
             d.querySelector("input[name='opponent'][value='human']").click();
             d.querySelector("[data-action='start']").click();
             document.querySelector("#controls [data-action='roll']").click();
           }"""
    )
    assert wait_for_player(page)["phase"] == "move"
    assert audio(page) == {"contexts": 0, "starts": 0}
    # The player's own clicks: the checkers are heard, then the next roll.
    click_place(page, 8)
    click_place(page, 5)
    page.wait_for_function("() => window.__audio.starts > 0")
    play_turn(page)
    before = audio(page)
    page.click("#controls [data-action='roll']")
    page.wait_for_function("(n) => window.__audio.starts > n", arg=before["starts"])
    assert audio(page)["contexts"] == 1
    # Muted: a whole turn and a roll without a sound, and it stays muted on the next visit.
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    wait_for_player(page)
    muted = audio(page)["starts"]
    play_turn(page)
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    assert audio(page)["starts"] == muted
    page.reload()
    page.wait_for_selector('#board[data-ready="true"]')
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    assert game.errors == [] and game.failures == []
    game.context.close()
