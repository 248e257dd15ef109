"""The setup form at first paint: usable before Python runs, taken over as it is when Python does.

Python cannot start while its WebAssembly is held back (``Hold``), so whatever the
page shows and does before ``release`` is the plain page (index.html and its
inline scripts), never Python.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS, boot_page
from tests.browser.table import screenshot

from ui.records.stores import GAME, PAINT, SETTINGS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
WASM = "**/vendor/pyodide/pyodide.asm.wasm"


class Hold:
    """Holds back every request for ``pattern`` until ``release``; later ones go straight through."""

    def __init__(self, page: Page, pattern: str = WASM) -> None:
        self.routes: list[Route] = []
        self.open = False
        page.route(pattern, self._route)

    def _route(self, route: Route) -> None:
        if self.open:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.open = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def not_ready(page: Page) -> None:
    assert page.evaluate("document.documentElement.dataset.ready") is None, "Python must not be running yet"


def shifted(page: Page) -> float:
    """The page's cumulative layout shift so far (shifts not caused by the player)."""
    return float(page.evaluate("window.rommiPerf.shifts.reduce((sum, [, value]) => sum + value, 0)"))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_you_can_choose_and_start_before_python_runs_and_the_game_starts_when_it_does(
    sized_page: Any, site_url: str, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    hold = Hold(page)
    page.goto(f"{site_url}?pace=instant")
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    not_ready(page)
    screenshot(page, f"first-paint-{width}x{height}")
    page.get_by_role("radio", name="Perusrommi").check()
    expect(page.get_by_role("combobox", name="Cards")).to_be_visible()  # Perusrommi's house rules
    page.get_by_role("textbox", name="Your name").fill("Aino")
    page.get_by_role("combobox", name="Players", exact=True).select_option("3")
    page.get_by_role("button", name="Start new game").click()
    expect(page.locator("#live")).to_have_text("The game starts as soon as Python is running.")
    not_ready(page)

    hold.release()
    expect(page.locator("#table")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#deal-info")).to_contain_text("first to 100 points")  # Perusrommi
    expect(page.locator("#opponents .seat")).to_have_count(2)
    saved = json.loads(page.evaluate("key => localStorage.getItem(key)", SETTINGS.key))
    assert (saved["variant"], saved["name"], saved["players"]["basic"]) == ("basic", "Aino", 3)


def test_a_repeat_visit_shows_your_choices_at_first_paint_and_python_keeps_that_form(
    page: Page, site_url: str
) -> None:
    boot_page(page, site_url)
    expect(page.locator("#setup")).to_have_attribute("data-taken", "kept")  # the build's form was Python's
    page.get_by_role("radio", name="Perusrommi").check()
    page.get_by_role("textbox", name="Your name").fill("Aino")
    page.get_by_role("button", name="Start new game").click()
    expect(page.locator("#table")).to_be_visible()
    page.evaluate("key => localStorage.removeItem(key)", GAME.key)  # no game in progress: it opens on setup

    hold = Hold(page)
    page.reload()
    expect(page.get_by_role("radio", name="Perusrommi")).to_be_checked()
    expect(page.get_by_role("textbox", name="Your name")).to_have_value("Aino")
    not_ready(page)
    page.evaluate("document.getElementById('setup-form').rommiMark = 'first paint'")
    hold.release()
    boot_page(page)
    expect(page.locator("#setup")).to_have_attribute("data-taken", "kept")
    assert page.evaluate("document.getElementById('setup-form').rommiMark") == "first paint"  # the same form
    assert shifted(page) < 0.05
    expect(page.get_by_role("combobox", name="Language")).to_be_enabled()


def test_in_finnish_the_first_paint_is_finnish(page: Page, site_url: str) -> None:
    hold = Hold(page)
    page.goto(f"{site_url}?lang=fi")
    expect(page.get_by_role("heading", name="Uusi peli")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    not_ready(page)
    hold.release()
    boot_page(page)
    expect(page.locator("#setup")).to_have_attribute("data-taken", "kept")


def test_a_tampered_kept_form_is_not_shown_and_runs_nothing(page: Page, site_url: str) -> None:
    boot_page(page, site_url)
    build = page.evaluate("document.documentElement.dataset.build")
    hostile = (
        '<form id="setup-form"><h2>New game</h2><img src="x" onerror="window.hacked = 1">'
        '<button type="button" data-act="start" onclick="window.hacked = 2">Start new game</button></form>'
    )
    kept = json.dumps({"build": build, "lang": "en", "html": hostile})
    page.evaluate(f"localStorage.setItem({json.dumps(PAINT.key)}, {json.dumps(kept)})")
    hold = Hold(page)
    page.reload()
    expect(page.get_by_role("radio", name="Sitoumusrommi")).to_be_visible()  # the build's own form
    expect(page.locator("#setup")).to_have_attribute("data-painted", "built")
    page.get_by_role("button", name="Start new game").click()
    assert page.evaluate("window.hacked") is None
    hold.release()
    expect(page.locator("#table")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def test_a_game_in_progress_or_chosen_by_the_address_waits_for_python(page: Page, site_url: str) -> None:
    hold = Hold(page)
    page.goto(f"{site_url}?variant=basic")
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()  # Python presets the form from the address
    hold.release()
    boot_page(page)
    expect(page.get_by_role("radio", name="Perusrommi")).to_be_checked()
