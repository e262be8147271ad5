"""The page itself: puts :class:`~web.control.controller.Screen` values into the DOM and
turns DOM events into controller calls.  Browser-only (Pyodide); everything
with logic in it lives in the pure modules it wires together.

Pyodide's ``js`` and ``pyodide.ffi`` are imported inside functions so that
this module still imports under CPython (the unit tests import every module).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any

from engine.position import BAR, OFF
from web.board.geometry import CHECKER_R, LANDSCAPE, PORTRAIT, PORTRAIT_MEDIA, Geometry
from web.board.gestures import DoubleTap, Drop, Follow, Gesture, Gestures, Lift, Tap
from web.board.svg import render_board
from web.control.controller import Controller
from web.dom.audio import Speaker
from web.dom.browser import spawn
from web.model.actions import KEYS, Act
from web.view.frame import Screen
from web.words import online_play as words

# How far above a finger a dragged checker rides (viewBox units: a checker and a bit).
TOUCH_LIFT = 1.2 * CHECKER_R
# The dialogs that ask about the position on the board, placed beside it (style.css).
DECISIONS = ("cube", "resign-answer", "over", "tutor")
# style.css's phone held upright, where those dialogs sit above the board.
UPRIGHT_PHONE = "(max-width: 600px) and (max-aspect-ratio: 3/4)"

# How long news stays over the board: long enough to read a sentence.
TOAST_MS = 4000
LINE_KEYS = frozenset(
    {Act.ANALYSIS_FIRST, Act.ANALYSIS_LAST, Act.ANALYSIS_GAME_PREV, Act.ANALYSIS_GAME_NEXT}
)
"""Keys that step the analysis board's line there, and would scroll the page too."""


def _js(value: Any) -> Any:
    """A DOM value, or ``None`` for JavaScript's ``null`` (Pyodide's ``JsNull``)."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def _proxy(fn: Callable[..., Any]) -> Any:
    from pyodide.ffi import create_proxy

    return create_proxy(fn)


class Page:
    """Implements the controller's view; owns the DOM event listeners."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self.board = document.getElementById("board")
        self.dialog = document.getElementById("dialog")
        self.controller: Controller | None = None
        self.gestures: Gestures | None = None
        self._lift = 0.0  # how far above the pointer the dragged checker rides
        self.last: Screen | None = None
        self.svg_html = ""
        self._keep: list[Any] = []  # proxies must outlive their listeners
        self._tasks: set[asyncio.Future[None]] = set()
        # The board's layout: upright on a phone held upright (the media query
        # public/style.css lays the page out by), and turned with the phone.
        self._portrait = window.matchMedia(PORTRAIT_MEDIA)
        self.geometry: Geometry = PORTRAIT if self._portrait.matches else LANDSCAPE
        self.speaker = Speaker(window)
        self._toast_timer = 0

    # -- wiring ----------------------------------------------------------------------

    def attach(self, controller: Controller) -> None:
        self.controller = controller
        self.gestures = Gestures(controller.can_lift)
        board, doc = self.board, self.document
        for name, handler in (
            ("pointerdown", self._pointer_down),
            ("pointermove", self._pointer_move),
            ("pointerup", self._pointer_up),
            ("pointercancel", self._pointer_cancel),
            ("lostpointercapture", self._pointer_cancel),
            ("keydown", self._board_key),
        ):
            self._listen(board, name, handler)
        self._listen(doc, "click", self._click)
        self._listen(doc, "change", self._change)
        self._listen(doc, "submit", self._submit)
        self._listen(doc, "keydown", self._key)
        self._listen(self.dialog, "cancel", self._dialog_cancel)
        self._listen(self.dialog, "click", self._backdrop_click)
        # A <details> says it opened to itself only (toggle does not bubble): caught
        # on its way down.
        unfolded = _proxy(self._unfolded)
        self._keep.append(unfolded)
        self.dialog.addEventListener("toggle", unfolded, True)
        self._listen(self._portrait, "change", self._relayout)
        # The player's gestures let sound start (the autoplay policy).  On the
        # window, capturing, so a key that rolls the dice is heard the first time;
        # pointerup too, as a touch counts as a gesture only when it ends.
        for name in ("pointerdown", "pointerup", "keydown"):
            proxy = _proxy(self._gesture)
            self._keep.append(proxy)
            self.window.addEventListener(name, proxy, True)

    def _unfolded(self, event: Any) -> None:
        """A folded part of a dialog (a link's QR code) opened: brought into
        sight, where a phone held sideways leaves it below the dialog's fold."""
        target = _js(event.target)
        if target is not None and str(target.tagName) == "DETAILS" and bool(target.open):
            self._reveal(target, smooth=True)

    def _gesture(self, event: Any) -> None:
        if event.isTrusted:  # a script's synthetic click is not the player's
            self.speaker.allow()

    def _listen(self, target: Any, name: str, handler: Callable[[Any], None]) -> None:
        proxy = _proxy(handler)
        self._keep.append(proxy)
        target.addEventListener(name, proxy)

    @property
    def c(self) -> Controller:
        assert self.controller is not None
        return self.controller

    # -- pointer input ------------------------------------------------------------------

    def _svg_point(self, event: Any) -> tuple[float, float]:
        svg = _js(self.board.querySelector("svg"))
        if svg is None:
            return -1.0, -1.0
        rect = svg.getBoundingClientRect()
        if not rect.width or not rect.height:
            return -1.0, -1.0
        x = (event.clientX - rect.left) * self.geometry.view_w / rect.width
        y = (event.clientY - rect.top) * self.geometry.view_h / rect.height
        return x, y

    def _top(self) -> bool:
        return self.last is not None and self.last.board.top

    def _place(self, event: Any) -> int | None:
        x, y = self._svg_point(event)
        return self.geometry.place_at(x, y, self._top())

    def _drop_place(self, event: Any) -> int | None:
        """Where a dragged checker lands: under it, which a finger carries above
        itself (see :data:`TOUCH_LIFT`)."""
        x, y = self._svg_point(event)
        return self.geometry.place_at(x, max(y - self._lift, 1.0), self._top())

    def _relayout(self, event: Any) -> None:
        """The phone was turned: the board is drawn again in the layout that fits."""
        geometry = (PORTRAIT if event.matches else LANDSCAPE).home_left(self.geometry.mirrored)
        if geometry == self.geometry:
            return
        self.geometry = geometry
        if self.last is not None:
            self._draw_board(dataclasses.replace(self.last, motions=()))

    def _pointer_down(self, event: Any) -> None:
        if event.button != 0 and event.pointerType == "mouse":
            return
        target = _js(event.target)
        if target is not None and _js(target.closest("[data-action]")) is not None:
            return  # the dice: a click, handled with the other buttons
        assert self.gestures is not None
        if self.gestures.active:
            return
        self.board.setPointerCapture(event.pointerId)
        # A checker dragged by a finger rides above it, where the finger hides nothing.
        self._lift = TOUCH_LIFT if str(event.pointerType) == "touch" else 0.0
        now = self.window.performance.now() / 1000
        self._run(
            self.gestures.down(
                event.pointerId, event.clientX, event.clientY, self._place(event), now
            )
        )
        if self.c.can_lift(self._place(event) or -1):
            event.preventDefault()  # no text selection or scrolling from a checker

    def _pointer_move(self, event: Any) -> None:
        assert self.gestures is not None
        if not self.gestures.active:
            return
        x, y = self._svg_point(event)
        self._run(
            self.gestures.move(event.pointerId, event.clientX, event.clientY, x, y - self._lift)
        )

    def _pointer_up(self, event: Any) -> None:
        assert self.gestures is not None
        if not self.gestures.active:
            return
        now = self.window.performance.now() / 1000
        place = self._drop_place(event)  # a tap's place is the press's (web.board.gestures)
        self._run(self.gestures.up(event.pointerId, event.clientX, event.clientY, place, now))

    def _pointer_cancel(self, event: Any) -> None:
        assert self.gestures is not None
        self._run(self.gestures.cancel(event.pointerId))

    def _run(self, gestures: list[Gesture]) -> None:
        for intent in gestures:
            if isinstance(intent, Tap):
                self.c.tap(intent.place)
            elif isinstance(intent, DoubleTap):
                self.c.double_tap(intent.place)
            elif isinstance(intent, Lift):
                self.c.lift(intent.place)
                self._float(intent.place)
            elif isinstance(intent, Follow):
                self._follow(intent.x, intent.y)
            elif isinstance(intent, Drop):
                dropped = self._floating_xy()
                self._unfloat()
                if not self.c.drop(intent.src, intent.dst) and dropped is not None:
                    self._snap_back(intent.src, dropped)

    def _float(self, place: int) -> None:
        """A loose checker under the pointer; the stack keeps a ghost where it came from."""
        svg = _js(self.board.querySelector("svg"))
        if svg is None:
            return
        viewer = self.last.viewer if self.last is not None else 0
        colour = "light" if viewer == 0 else "dark"
        board = self.last.board.position if self.last is not None else None
        if self._top() or (
            board is not None and (board.bar if place == BAR else board.me[place]) == 0
        ):
            # Not the viewer's checker: the top side's on roll, or either in the editor.
            colour = "dark" if colour == "light" else "light"
        svg.insertAdjacentHTML(
            "beforeend",
            f'<use class="checker floating me {colour}" href="#bg-checker-{colour}" '
            'x="-100" y="-100" pointer-events="none"/>',
        )

    def _floating(self) -> Any:
        return _js(self.board.querySelector(".floating"))

    def _follow(self, x: float, y: float) -> None:
        el = self._floating()
        if el is not None:
            el.setAttribute("x", f"{x:.1f}")
            el.setAttribute("y", f"{y:.1f}")

    def _floating_xy(self) -> tuple[float, float] | None:
        el = self._floating()
        if el is None:
            return None
        return float(el.getAttribute("x")), float(el.getAttribute("y"))

    def _unfloat(self) -> None:
        el = self._floating()
        if el is not None:
            el.remove()

    def _snap_back(self, src: int, start: tuple[float, float]) -> None:
        """An illegal drop: the checker slides home from where it was let go."""
        if self.last is None or self._top():  # the top side's checker stayed where it was
            return
        board = self.last.board.position  # as drawn: no round trip to the controller
        count = board.bar if src == BAR else (board.off if src == OFF else board.me[src])
        if count <= 0:
            return
        el = _js(
            self.board.querySelector(
                f'.checker[data-side="me"][data-point="{src}"][data-index="{count - 1}"]'
            )
        )
        if el is None:
            return
        x, y = self.geometry.checker_xy("me", src, count - 1, count)
        self._slide(el, start[0] - x, start[1] - y, 180)

    def _slide(self, el: Any, dx: float, dy: float, ms: int) -> None:
        from pyodide.ffi import create_once_callable, to_js

        if ms <= 0:
            return
        frames = to_js(
            [
                {"transform": f"translate({dx:.1f}px, {dy:.1f}px)"},
                {"transform": "translate(0px, 0px)"},
            ],
            dict_converter=self.window.Object.fromEntries,
        )
        options = to_js(
            {"duration": ms, "easing": "cubic-bezier(.3,.7,.4,1)"},
            dict_converter=self.window.Object.fromEntries,
        )
        back = self._raise(el)
        el.animate(frames, options).onfinish = create_once_callable(back)

    def _raise(self, el: Any) -> Callable[..., None]:
        """Draw a sliding checker above every stack it passes until its slide
        ends; returns what puts it back.

        SVG has no z-index: what comes later in the document is drawn on top.
        The checker goes just before the hit areas (which must stay topmost for
        the pointer) and back to its place after, under its stack's count label.
        """
        parent, anchor = _js(el.parentNode), _js(el.nextSibling)
        if parent is None:
            return lambda *_: None
        top = _js(parent.querySelector(":scope > .hits"))
        if top is None:
            parent.appendChild(el)
        elif not top.isSameNode(el.nextSibling):
            parent.insertBefore(el, top)

        def back(*_: Any) -> None:
            # Not if the board was drawn again meanwhile: the element is gone then.
            home = _js(anchor.parentNode) if anchor is not None else None
            if home is not None and home.isSameNode(parent) and parent.isConnected:
                parent.insertBefore(el, anchor)

        return back

    # -- keyboard -----------------------------------------------------------------------

    def _board_key(self, event: Any) -> None:
        target = _js(event.target)
        key = str(event.key)
        point = _js(target.getAttribute("data-point")) if target is not None else None
        if key in ("Enter", " ") and point is not None and target.classList.contains("hit"):
            event.preventDefault()
            event.stopPropagation()
            self.c.act(Act.SELECT, str(point))
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            hits = list(self.board.querySelectorAll(".hit"))
            if not hits:
                return
            event.preventDefault()
            event.stopPropagation()
            index = next((i for i, h in enumerate(hits) if h == target), -1)
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            hits[(index + step) % len(hits)].focus()

    def _key(self, event: Any) -> None:
        if event.defaultPrevented or event.ctrlKey or event.metaKey or event.altKey:
            if event.ctrlKey and str(event.key).lower() == "z" and not self._typing(event):
                self.c.act(Act.UNDO)
            return
        if self._typing(event) or self.dialog.open:
            return
        key = str(event.key)
        if key == "Enter" and event.target != self.document.body:
            return  # Enter on a focused control is that control's
        action = KEYS.get(key) or KEYS.get(key.lower())
        if action is not None:
            stepping = self.document.body.getAttribute("data-analysis") == "analyse"
            if stepping and action in LINE_KEYS:
                event.preventDefault()  # Home, End, PgUp, PgDn step the line: the page stays
            self.c.act(action, "none" if action is Act.SELECT else "")

    def _typing(self, event: Any) -> bool:
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        return tag in ("input", "select", "textarea")

    # -- buttons, forms and dialogs -------------------------------------------------------

    def _fields(self, element: Any) -> dict[str, str]:
        form = _js(element.closest("form")) if _js(element) is not None else None
        if form is None:
            return {}
        fields: dict[str, str] = {}
        for el in form.elements:
            name = str(el.name or "")
            if not name or el.disabled:
                continue
            kind = str(el.type or "")
            if kind in ("checkbox", "radio"):
                if el.checked:
                    fields[name] = str(el.value)
            elif kind != "file":
                fields[name] = str(el.value)
        return fields

    def _read(self, control: Any) -> tuple[Act, str, dict[str, str]]:
        """What a control with a ``data-action`` sends: its action, its value (a
        button's ``data-value``; a checkbox's state, a list's choice) and the fields
        of its form (with the setting a control names, ``data-name``), as text for
        the controller to read into an intent (:func:`web.model.intents.parse`)."""
        act = Act.parse(str(control.getAttribute("data-action")))
        fields = self._fields(control)
        if str(control.tagName).lower() in ("input", "select"):
            checkbox = str(control.type or "") == "checkbox"
            value = str(control.checked).lower() if checkbox else str(control.value)
            named = _js(control.getAttribute("data-name"))
            if named is not None:
                fields["name"] = str(named)
        else:
            value = str(_js(control.getAttribute("data-value")) or "")
        return act, value, fields

    def _click(self, event: Any) -> None:
        target = (
            _js(event.target.closest("[data-action]")) if _js(event.target) is not None else None
        )
        if target is None:
            return
        tag = str(target.tagName).lower()
        if tag == "input" or (tag == "select"):
            return  # handled on change
        act, value, fields = self._read(target)
        event.preventDefault()
        self.c.act(act, value, fields)
        if act is Act.HINT_PLAY:  # the play goes onto the board: show it there,
            # the whole table from the opponent's panel down (a phone scrolled to the hint)
            table = _js(self.document.querySelector(".table")) or self.board
            smooth = self.last is not None and self.last.motion_ms > 0
            above = table.getBoundingClientRect().top < 0  # its top scrolled out of sight
            self._reveal(table, smooth, block="start" if above else "nearest")

    def _change(self, event: Any) -> None:
        target = _js(event.target)
        if target is not None and str(target.name or "") == "length":
            # New game: Jacoby and beavers are money-game rules, off for a match.
            match = str(target.value) != "0"
            for box in _js(target.form.querySelectorAll(".money-only input")) or []:
                box.disabled = match
        if target is None or _js(target.getAttribute("data-action")) is None:
            return
        act, value, fields = self._read(target)
        if act is Act.IMPORT:  # a file: read first (the controller gets its text)
            files = _js(target.files)
            if files is not None and files.length:
                spawn(self._tasks, self._import(files.item(0)))
            target.value = ""
        else:
            self.c.act(act, value, fields)

    async def _import(self, file: Any) -> None:
        if str(file.name).lower().endswith((".xg", ".xgp")):
            # eXtreme Gammon's files are binary: their bytes, one character each
            # (the engine reads them back as bytes), not text decoded as UTF-8.
            from js import Uint8Array

            buffer = await file.arrayBuffer()
            text = bytes(Uint8Array.new(buffer).to_py()).decode("latin-1")
        else:
            text = str(await file.text())
        self.c.import_text(text)

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        form = event.target
        action = _js(form.getAttribute("data-submit"))
        if action:
            act = Act.parse(str(action))
            fields = self._fields(form.elements.item(0)) if form.elements.length else {}
            self.c.act(act, "", fields)
            if act is Act.PLAY_TEXT and self.last is not None and not self.last.play_text_failed:
                form.reset()  # a refused play stays in the box to be corrected

    def _dialog_cancel(self, event: Any) -> None:
        event.preventDefault()  # the controller decides whether it may close
        self.c.act(Act.CLOSE)

    def _backdrop_click(self, event: Any) -> None:
        """A tap beside a dialog closes it, as its × does, unless it is a decision
        that must be made, or the player has typed into it (kept safe)."""
        dialog = self.dialog
        shown = self.last.dialog if self.last is not None else None
        if _js(event.target) is None or event.target != dialog or shown is None:
            return
        box = dialog.getBoundingClientRect()
        inside = box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom
        if inside or not shown.dismissible:
            return
        for field in dialog.querySelectorAll("input, textarea"):
            if str(field.type or "") not in ("checkbox", "radio", "hidden", "file") and (
                str(field.value) != str(field.defaultValue)
            ):
                return
        self.c.act(Act.CLOSE)

    # -- drawing ---------------------------------------------------------------------------

    def _set_text(self, element_id: str, text: str) -> None:
        el = _js(self.document.getElementById(element_id))
        if el is not None and el.textContent != text:
            el.textContent = text

    def show(self, screen: Screen) -> None:
        last = self.last
        doc = self.document
        root = doc.documentElement
        if last is None or (last.theme, last.mode) != (screen.theme, screen.mode):
            root.setAttribute("data-theme", screen.theme)
            root.setAttribute("data-mode", screen.mode)
        self._set_text("title", screen.title)
        if doc.title != screen.title:
            doc.title = screen.title
        self._draw_board(screen)
        self._draw_panels(screen)
        self._set_text("match-line", screen.match_line)
        self._set_text("status", screen.status)
        if last is not None and screen.message and screen.message != last.message:
            self._toast(screen.message)
        self._draw_controls(screen)
        self._draw_dialog(screen)
        if last is None or last.hint_html != screen.hint_html:
            hint = doc.getElementById("hint")
            hint.innerHTML = screen.hint_html
            hint.hidden = not screen.hint_html
            asking = screen.dialog is not None and screen.dialog.kind in DECISIONS
            if last is not None and not asking:  # a question shows the board itself
                # On a phone the advice lies below the board, out of sight: a
                # Hint tapped, or the tutor's warning, would change nothing the
                # player sees.  Bring it up as it comes, the board back as it goes.
                self._reveal(hint if screen.hint_html else self.board, screen.motion_ms > 0)
        if last is None or last.analysis_html != screen.analysis_html:
            panel = doc.getElementById("analysis")
            panel.innerHTML = screen.analysis_html
            panel.hidden = not screen.analysis_html
            doc.body.setAttribute("data-analysis", screen.analysis_mode)
        if last is None or last.history_html != screen.history_html:
            doc.getElementById("history").innerHTML = screen.history_html
            self._scroll_to_marked_move()
        elif last.hint_html != screen.hint_html:  # the advice took the sheet's room, or gave it
            self._scroll_to_marked_move()
        if (
            last is None
            or last.history_games != screen.history_games
            or (last.history_index != screen.history_index)
        ):
            options = "".join(
                f'<option value="{i}"{" selected" if i == screen.history_index else ""}>'
                f"{label}</option>"
                for i, label in screen.history_games
            )
            doc.getElementById("history-game").innerHTML = options
        notation = doc.getElementById("notation")
        notation.disabled = not screen.notation_enabled
        doc.getElementById("notation-play").disabled = not screen.notation_enabled
        notice = doc.getElementById("notice")
        if last is None or last.notice != screen.notice:
            doc.getElementById("notice-text").textContent = screen.notice
            notice.hidden = not screen.notice
        if last is None or last.announce_id != screen.announce_id:
            doc.getElementById("announce").textContent = screen.announcement
        if last is None or last.sound_on != screen.sound_on:
            toggle = _js(doc.getElementById("sound-toggle"))
            if toggle is not None:
                toggle.setAttribute("aria-pressed", "true" if screen.sound_on else "false")
        self.speaker.play(screen.sounds)
        b = self.board
        b.setAttribute("data-phase", screen.phase)
        b.setAttribute("data-actor", screen.actor)
        b.setAttribute("data-busy", "true" if screen.busy else "false")
        b.setAttribute("data-awaiting", "true" if screen.awaiting else "false")
        b.setAttribute("data-turn", str(screen.turn))
        b.setAttribute("data-viewer", str(screen.viewer))
        # Read by the loading toast (public/progress.js): no wait for an AI that
        # this game, with a friend here or online, does not use.
        b.setAttribute("data-opponent", "ai" if screen.vs_ai else "human")
        b.setAttribute("data-position-id", screen.position_id)
        b.setAttribute("data-match-id", screen.match_id)
        doc.body.setAttribute("data-dialog", screen.dialog.kind if screen.dialog else "")
        self.last = screen

    def _draw_board(self, screen: Screen) -> None:
        self.geometry = self.geometry.home_left(screen.board.home_left)
        html = render_board(screen.board, geometry=self.geometry)
        if html == self.svg_html:
            return
        active = _js(self.document.activeElement)
        focused = None
        if active is not None and self.board.contains(active):
            focused = _js(active.getAttribute("data-point"))
        self.board.innerHTML = html
        self.svg_html = html
        if screen.motions and screen.motion_ms > 0:
            for motion in screen.motions:
                selector = (
                    f'.checker[data-side="{motion.side}"][data-point="{motion.dst}"]'
                    f'[data-index="{motion.index}"]'
                )
                el = _js(self.board.querySelector(selector))
                # Slides are planned in the landscape layout; shown in this one.
                g = self.geometry
                start = g.moved_from(LANDSCAPE, motion.side, motion.src, motion.start)
                end = g.moved_from(LANDSCAPE, motion.side, motion.dst, motion.end)
                if el is not None and start is not None and end is not None:
                    dx, dy = start[0] - end[0], start[1] - end[1]
                    self._slide(el, dx, dy, screen.motion_ms)
        if focused is not None:
            hit = _js(self.board.querySelector(f'.hit[data-point="{focused}"]')) or _js(
                self.board.querySelector(".hit.selected, .hit.target, .hit")
            )
            if hit is not None:
                hit.focus()

    def _draw_panels(self, screen: Screen) -> None:
        for slot, panel in (("top", screen.top), ("bottom", screen.bottom)):
            el = self.document.getElementById(f"player-{slot}")
            el.querySelector(".name").textContent = panel.name
            el.querySelector(".pips output").textContent = str(panel.pips)
            el.querySelector(".score output").textContent = panel.score
            el.querySelector(".note").textContent = panel.note
            el.querySelector(".swatch").setAttribute("data-colour", panel.colour)
            el.classList.toggle("on-roll", panel.on_roll)
            el.classList.toggle("owns-cube", panel.owns_cube)
            if panel.on_roll:
                el.setAttribute("aria-current", "true")
            else:
                el.removeAttribute("aria-current")

    def _toast(self, text: str) -> None:
        """Show news over the board for a few seconds, if the status line that
        says it is out of sight (below the board on a phone)."""
        from pyodide.ffi import create_once_callable

        status = self.document.getElementById("status").getBoundingClientRect()
        if status.top >= 0 and status.bottom <= self.window.innerHeight:
            return
        toast = self.document.getElementById("toast")
        toast.textContent = text
        toast.hidden = False
        self.window.clearTimeout(self._toast_timer)

        def hide(*_: Any) -> None:
            toast.hidden = True  # the last news's timer: the earlier ones were cleared

        self._toast_timer = self.window.setTimeout(create_once_callable(hide), TOAST_MS)

    def _show_board_beside(self) -> None:
        """On a phone held upright a decision's dialog sits at the top (style.css):
        the board is scrolled to the bottom of the screen, so that the dialog
        covers the header rather than the position it asks about."""
        from pyodide.ffi import to_js

        if not self.window.matchMedia(UPRIGHT_PHONE).matches:
            return
        options = {"block": "end", "inline": "nearest", "behavior": "auto"}
        self.board.scrollIntoView(to_js(options, dict_converter=self.window.Object.fromEntries))

    def _reveal(self, el: Any, smooth: bool, block: str = "nearest") -> None:
        """Scroll the least that shows all of ``el`` (nothing if it is in sight), or
        (``block="start"``) bring its top to the top of the screen."""
        from pyodide.ffi import to_js

        behavior = "smooth" if smooth else "auto"
        options = {"block": block, "inline": "nearest", "behavior": behavior}
        el.scrollIntoView(to_js(options, dict_converter=self.window.Object.fromEntries))

    def _scroll_to_marked_move(self) -> None:
        """Bring the move a review shows into the middle of the score sheet's own
        scroll area (scrollIntoView would scroll the page, and the board, too);
        with none, the newest move (the sheet grows at its foot)."""
        doc = self.document
        cell = _js(doc.querySelector("#history .marked"))
        scroller = _js(doc.querySelector(".history-scroll"))
        if scroller is None:
            return
        if cell is None:
            scroller.scrollTop = scroller.scrollHeight
            return
        delta = cell.getBoundingClientRect().top - scroller.getBoundingClientRect().top
        scroller.scrollTop = max(0, scroller.scrollTop + delta - scroller.clientHeight / 2)

    def _draw_controls(self, screen: Screen) -> None:
        for button in screen.controls:
            el = _js(self.document.querySelector(f'#controls [data-action="{button.action}"]'))
            if el is None:
                continue
            # Writes only on change: even an unchanged value is a DOM mutation
            # (observers fire, style is recomputed) on every redraw.
            if bool(el.hidden) != (not button.visible):
                el.hidden = not button.visible
            if bool(el.disabled) != (not button.enabled):
                el.disabled = not button.enabled
            if el.textContent != button.label:
                el.textContent = button.label
            if button.key and el.getAttribute("aria-keyshortcuts") != button.key:
                el.setAttribute("aria-keyshortcuts", button.key)
            if (el.getAttribute("title") or "") != button.why:
                if button.why:
                    el.setAttribute("title", button.why)
                else:
                    el.removeAttribute("title")

    def _draw_dialog(self, screen: Screen) -> None:
        dialog = self.dialog
        last = self.last.dialog if self.last is not None else None
        wanted = screen.dialog
        if wanted is None:
            if dialog.open:
                dialog.close()
            dialog.innerHTML = ""
            return
        if last is None or last.html != wanted.html or not dialog.open:
            # The same dialog drawn again (a status, "Copied ✓"): what the player
            # opened, typed and had focus on stays as it was.
            same = last is not None and last.kind == wanted.kind and dialog.open
            kept = _kept(dialog, self.document) if same else None
            dialog.innerHTML = wanted.html
            dialog.setAttribute("data-kind", wanted.kind)
            dialog.setAttribute("aria-labelledby", "dlg-title")
            if not dialog.open:
                dialog.showModal()
            if kept is not None:
                kept.restore(dialog)
                return
            if wanted.kind in DECISIONS and not same:
                self._show_board_beside()
            primary = _js(dialog.querySelector("button.primary"))
            # Where Enter answers at once (a decision, the dice, "keep playing").
            if primary is not None and wanted.kind in (*DECISIONS, "dice", "abandon"):
                primary.focus()

    def download(self, filename: str, text: str) -> None:
        from pyodide.ffi import to_js

        window = self.window
        blob = window.Blob.new(
            to_js([text]),
            to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = filename
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard and tell the controller whether it
        took: a browser may refuse (no permission, not a secure page), and the
        page must not say "Copied" then.  The text stays on screen to copy by hand."""
        try:
            # Asked at once, while the click still counts as the player's gesture.
            promise = self.window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard at all (a page that is not secure)
            self.c.copy_done(False)
            return
        spawn(self._tasks, self._copied(promise))

    def share(self, url: str) -> None:
        """Hand ``url`` to the device's share sheet (``navigator.share``: a
        phone's messengers); where there is none, copy it instead."""
        try:
            from pyodide.ffi import to_js

            data = {"title": words.SHARE_TITLE, "text": words.SHARE_TEXT, "url": url}
            promise = self.window.navigator.share(
                to_js(data, dict_converter=self.window.Object.fromEntries)
            )
        except Exception:  # no share sheet here
            self.copy(url)
            return
        spawn(self._tasks, self._shared(promise))

    async def _shared(self, promise: Any) -> None:
        with contextlib.suppress(Exception):  # the player closed the sheet: nothing to say
            await promise

    async def _copied(self, promise: Any) -> None:
        try:
            await promise
        except Exception:  # refused: no permission, or the page had no focus
            self.c.copy_done(False)
        else:
            self.c.copy_done(True)


@dataclasses.dataclass(frozen=True)
class _Kept:
    """What the player did in an open dialog that its HTML does not say: the
    ``<details>`` opened (by their summary's text), the fields edited (by name)
    and the control with the focus (by name, or by action and value)."""

    opened: frozenset[str]
    edited: tuple[tuple[str, str], ...]
    focus: str | None

    def restore(self, dialog: Any) -> None:
        for summary in dialog.querySelectorAll("details > summary"):
            if str(summary.textContent) in self.opened:
                summary.parentElement.open = True
        for name, value in self.edited:
            field = _js(dialog.querySelector(f'[name="{name}"]'))
            if field is not None:
                field.value = value
        if self.focus is not None:
            target = _js(dialog.querySelector(self.focus))
            if target is not None:
                target.focus()


def _kept(dialog: Any, document: Any) -> _Kept | None:
    try:
        opened = frozenset(
            str(s.textContent) for s in dialog.querySelectorAll("details[open] > summary")
        )
        edited = tuple(
            (str(field.name), str(field.value))
            for field in dialog.querySelectorAll("input[name], textarea[name]")
            if str(field.type) not in ("checkbox", "radio", "hidden")
            and field.value != field.defaultValue
        )
        return _Kept(opened, edited, _focus_selector(dialog, document.activeElement))
    except Exception:  # a browser without one of these: draw it afresh
        return None


def _focus_selector(dialog: Any, active: Any) -> str | None:
    """A selector for the dialog's control with the focus, to find it drawn again."""
    if _js(active) is None or not dialog.contains(active):
        return None
    name = str(active.getAttribute("name") or "")
    if name:
        return f'[name="{name}"]'
    action = str(active.getAttribute("data-action") or "")
    if not action:
        return None
    value = str(active.getAttribute("data-value") or "")
    return f'[data-action="{action}"]' + (f'[data-value="{value}"]' if value else "")
