"""Whole-match analysis time in the browser (issue #47): "Analyse match" on the
analysis board, timed in Chromium at each analysis depth, side by side.

    .venv/bin/python -m bench.analysis_time [--plies 1,2] [--checkpoint FILE]
        [--max-minutes 40] [--decisions N] [--file MATCH] [--no-build] [--report]

It builds and serves the published site (``make build``'s ``build/site/``,
under /backgammon/ as GitHub Pages would), and for each depth of ``--plies``,
in a fresh browser context of one Debian Chromium: sets "Analysis depth" in
Settings, imports the match (by default :data:`DEFAULT`, a 7-point match of
650 decisions) and times "Analyse match" from the click to the progress line
"Match analysed: N decisions." (the page's two AI workers share the work, as
they do for a player).  It then prints, per depth, the decisions analysed,
the seconds, the seconds per decision and the ratio of each depth's seconds
per decision to the first's.

A run longer than ``--max-minutes`` is stopped (or one past ``--decisions``,
to compare depths over the same decisions), and its row gives the
decisions done by then (from the progress line "Analysing: N of M
decisions"), their seconds and their rate, marked partial.  ``--checkpoint``
keeps every row as it goes (a partial one updated at each step of the
progress line): a run stopped (Ctrl+C, ``kill``) leaves its figures there,
``--report`` prints the table from it without running anything, and a later
run skips the depths the file already holds complete, so a long run can be
resumed depth by depth (a depth cut short is measured again from its start:
the page cannot resume an analysis).

A benchmark, not a test: timings on a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "tests" / "data" / "mat" / "selfplay_7pt_long.mat"
GAME_PATH = "/backgammon/"
READY_MS = 180_000
POLL_S = 2.0

_ANALYSING = re.compile(r"Analysing: (\d+) of (\d+) decisions")
_FINISHED = re.compile(r"Match analysed: (\d+) decisions\.")


@dataclass(frozen=True, slots=True)
class Run:
    """One depth's figures: ``done`` of ``total`` decisions in ``seconds``."""

    plies: int
    done: int
    total: int
    seconds: float
    complete: bool

    @property
    def per_decision(self) -> float:
        """Seconds per decision (0 when none was done).

        >>> Run(1, 10, 650, 5.0, False).per_decision
        0.5
        """
        return self.seconds / self.done if self.done else 0.0


class ProgressError(ValueError):
    """The progress line says neither how far the analysis is nor that it finished."""


def progress(text: str) -> tuple[int, int, bool] | None:
    """Decisions done, their total and whether the analysis finished, read off
    the page's progress line; ``None`` before the first step.

    >>> progress("Analysing: 120 of 652 decisions")
    (120, 652, False)
    >>> progress("Match analysed: 652 decisions.")
    (652, 652, True)
    >>> progress("Analysing the whole match: 652 decisions.") is None
    True
    """
    if m := _FINISHED.search(text):
        return int(m[1]), int(m[1]), True
    if m := _ANALYSING.search(text):
        return int(m[1]), int(m[2]), False
    if text.startswith("Analysing the whole match") or not text.strip():
        return None
    raise ProgressError(f"unexpected progress line: {text!r}")


def parse_plies(text: str) -> tuple[int, ...]:
    """``--plies``: depths separated by commas, each 1 or 2.

    >>> parse_plies("1,2")
    (1, 2)
    """
    plies = tuple(int(p) for p in text.split(",") if p.strip())
    if not plies or any(p not in (1, 2) for p in plies):
        raise argparse.ArgumentTypeError(f"depths are 1 or 2, not {text!r}")
    return plies


def table(match: str, runs: Sequence[Run]) -> list[str]:
    """The printed table; the ratio is each depth's seconds per decision over
    the first row's.

    >>> print("\\n".join(table("m.mat", [Run(1, 650, 650, 325.0, True),
    ...                                  Run(2, 100, 650, 500.0, False)])))
    m.mat: whole-match analysis in Chromium (two AI workers)
    plies  decisions   seconds  s/decision   ratio
        1        650     325.0       0.500    1.00
        2    100/650     500.0       5.000   10.00  partial
    """
    lines = [
        f"{match}: whole-match analysis in Chromium (two AI workers)",
        f"{'plies':>5}{'decisions':>11}{'seconds':>10}{'s/decision':>12}{'ratio':>8}",
    ]
    base = runs[0].per_decision if runs else 0.0
    for r in runs:
        decisions = str(r.done) if r.complete else f"{r.done}/{r.total}"
        ratio = f"{r.per_decision / base:>8.2f}" if base else f"{'-':>8}"
        line = f"{r.plies:>5}{decisions:>11}{r.seconds:>10.1f}{r.per_decision:>12.3f}{ratio}"
        lines.append(line + ("" if r.complete else "  partial"))
    return lines


def load_checkpoint(path: Path | None) -> dict[int, Run]:
    """The rows a checkpoint holds, by depth (none without one).

    >>> load_checkpoint(None)
    {}
    """
    if path is None or not path.is_file():
        return {}
    rows = json.loads(path.read_text())["runs"]
    return {int(r["plies"]): Run(**r) for r in rows}


def save_checkpoint(path: Path | None, match: str, runs: dict[int, Run]) -> None:
    if path is None:
        return
    data = {"match": match, "runs": [asdict(runs[p]) for p in sorted(runs)]}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.replace(path)


def _measure(
    browser: Browser,
    url: str,
    match: Path,
    plies: int,
    limit_s: float,
    keep: Callable[[Run], None],
    stop_at: int | None = None,
) -> Run:
    """One depth, in a fresh context, cut short after ``limit_s`` seconds or
    ``stop_at`` decisions; ``keep(run)`` is told each step."""
    from scripts.page_driver import new_game

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_MS)
        new_game(page, "human", 7)
        page.click(".menu [data-action='settings-open']")
        depth = page.locator("dialog select[data-name='analysis_plies']")
        depth.select_option(str(plies))
        page.wait_for_function(
            "p => document.querySelector(\"dialog select[data-name='analysis_plies']\")"
            ".value === p",
            arg=str(plies),
        )
        page.click("dialog [data-action='close']")
        page.wait_for_function("() => !document.getElementById('dialog').open")
        page.click(".menu [data-action='saves-open']")
        page.set_input_files("dialog#dialog input[type='file']", str(match))
        page.wait_for_selector("#analysis [data-action='match-analyse']")
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_MS)
        line = page.locator("[data-testid='an-progress']")
        start = time.perf_counter()
        page.click("#analysis [data-action='match-analyse']")
        run = Run(plies, 0, 0, 0.0, False)
        while True:
            page.wait_for_timeout(POLL_S * 1000)
            now = time.perf_counter() - start
            seen = progress(line.inner_text()) if line.count() else None
            if seen is not None:
                done, total, complete = seen
                if complete or done != run.done:
                    # The time of the last step, so that a partial row's rate
                    # counts only the decisions whose time it has.
                    run = Run(plies, done, total, now, complete)
                    keep(run)
                if complete:
                    return run
            if now > limit_s or (stop_at is not None and run.done >= stop_at):
                page.click("#analysis [data-action='match-analyse-cancel']")
                return run
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT, help="the match (.mat, .sgf, .xg)")
    ap.add_argument("--plies", type=parse_plies, default=(1, 2), help="depths, e.g. 1,2")
    ap.add_argument("--checkpoint", type=Path, default=None, help="a JSON file of the rows")
    ap.add_argument("--max-minutes", type=float, default=40.0, help="a depth's run at most")
    ap.add_argument(
        "--decisions", type=int, default=None, help="cut each depth short after N decisions"
    )
    ap.add_argument("--no-build", action="store_true", help="serve build/site/ as it is")
    ap.add_argument("--report", action="store_true", help="print the checkpoint's table only")
    args = ap.parse_args(argv)
    runs = load_checkpoint(args.checkpoint)
    if not args.report:
        _run_all(args, runs)
    print("\n".join(table(args.file.name, [runs[p] for p in sorted(runs)])))
    return 0


def _run_all(args: argparse.Namespace, runs: dict[int, Run]) -> None:
    from playwright.sync_api import sync_playwright

    from bench.load import CHROMIUM_ARGS
    from scripts import build_site, serve

    site = build_site.DEFAULT_OUT if args.no_build else build_site.build()
    server, url = serve.start(site, prefix=GAME_PATH)

    def keep(run: Run) -> None:
        runs[run.plies] = run
        save_checkpoint(args.checkpoint, args.file.name, runs)
        if run.done % 50 and not run.complete:
            return  # every step is in the checkpoint; a line now and then is enough here
        print(f"  {run.plies}-ply: {run.done}/{run.total} in {run.seconds:.0f} s", flush=True)

    try:
        with sync_playwright() as pw:
            chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # as e2e/conftest.py
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for plies in args.plies:
                if plies in runs and runs[plies].complete:
                    print(f"{plies}-ply: complete in the checkpoint, skipped", file=sys.stderr)
                    continue
                limit_s = args.max_minutes * 60
                keep(_measure(browser, url, args.file, plies, limit_s, keep, args.decisions))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
