from playwright.sync_api import Browser
from e2e.helpers import PHONE_PORTRAIT, open_game, SCREENSHOTS
from scripts.page_driver import AI_TIMEOUT_MS, new_game
from e2e.test_analyse_match import _import, SHORT


def test_debug(browser: Browser, site_url: str) -> None:
    loaded = open_game(browser, site_url, query="seed=1&anim=off", **PHONE_PORTRAIT)
    page = loaded.page
    new_game(page, "human", 3)
    _import(page, SHORT)
    page.click("#analysis [data-action='match-analyse']")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=an-progress]')"
        ".textContent.includes('Match analysed')",
        timeout=AI_TIMEOUT_MS * 2,
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("[data-testid='equity-graph']").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dbg-phone-graph.png"))
    page.locator("[data-testid='an-stats']").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dbg-phone-stats.png"))
    print(
        "BOX",
        page.locator("[data-testid='equity-graph']").bounding_box(),
        page.evaluate("getComputedStyle(document.getElementById('analysis')).overflow"),
    )
