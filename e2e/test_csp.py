"""The page, its AI worker and its service worker run under the page's
Content-Security-Policy (a ``<meta>``: GitHub Pages cannot send headers), and
the policy holds: nothing it allows is reported, what it forbids is refused."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, READY_TIMEOUT_MS
from e2e.service_worker import wait_until_offline_ready
from scripts.page_driver import board_state, new_game, play_turn, wait_for_player

# Installed before any of the page's scripts: every violation the document sees.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
});
"""


def violations(page: Any) -> list[str]:
    return [str(v) for v in page.evaluate("() => window.__cspViolations")]


def test_the_game_its_worker_and_its_service_worker_run_under_the_policy(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(**DESKTOP)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    # Chromium's own record of policy problems (those of the page and its workers).
    issues: list[str] = []
    cdp = context.new_cdp_session(page)
    cdp.on(
        "Audits.issueAdded",
        lambda event: (
            issues.append(json.dumps(event["issue"]))
            if event["issue"]["code"] == "ContentSecurityPolicyIssue"
            else None
        ),
    )
    cdp.send("Audits.enable")
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    try:
        page.goto(site_url + "?seed=3&anim=off")
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        policy = page.evaluate(
            """() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')
                     ?.getAttribute("content") ?? null"""
        )
        assert policy is not None, "the page has no Content-Security-Policy"
        assert "default-src 'self'" in policy

        # The AI's worker (a blob: worker running Pyodide) answers under the policy.
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_TIMEOUT_MS)
        new_game(page, "hard", 0)
        for _ in range(4):  # roll until it is the player's move (the AI may open)
            state = wait_for_player(page)
            if state["phase"] == "move":
                break
            page.click("#controls [data-action='roll']")
        assert state["phase"] == "move", state
        play_turn(page, "tap")
        after_mine = page.locator("#history").inner_text()
        wait_for_player(page)
        assert page.locator("#history").inner_text() != after_mine, "the AI did not play"
        assert board_state(page)["ai"] == "ready"

        # The service worker installs, precaches and answers.
        assert wait_until_offline_ready(page)

        csp_console = [m for m in console if "Content Security Policy" in m]
        assert violations(page) == [] and csp_console == [] and issues == [], (
            violations(page),
            csp_console,
            issues,
        )

        # And the policy is in force: an injected inline script and a request to
        # another origin are refused.
        page.evaluate(
            """() => { const s = document.createElement("script");
                       s.textContent = "window.__injected = true"; document.head.append(s); }"""
        )
        refused = page.evaluate(
            """() => fetch("https://example.com/").then(() => false, () => true)"""
        )
        page.wait_for_function("() => window.__cspViolations.length >= 2")
        assert page.evaluate("() => window.__injected === undefined")
        assert refused
        seen = " ".join(violations(page))
        assert "script-src-elem inline" in seen and "connect-src https://example.com" in seen
    finally:
        context.close()
