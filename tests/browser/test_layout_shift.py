"""Nothing moves by itself on a first visit (issue 42: a cumulative layout shift of 0.127).

The page opens on the setup form at first paint, Start is pressed before Python runs (its
WebAssembly held back, ``Hold``), and the table comes when Python does, well over the 500 ms
after the click in which the browser counts a shift as the player's own. A ``layout-shift``
observer, set before the page loads, names every element that moved; there must be none, from
the first paint to the table waiting for you. ``make bench-load`` prints the figure itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.browser.table import settle
from tests.browser.test_first_paint import Hold

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (1280, 720), (360, 640)]

# Every shift the player did not cause, with the elements that moved (before and after).
WATCH = """
window.moved = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.moved.push({
      value: entry.value,
      ready: document.documentElement.dataset.ready === "true",
      nodes: entry.sources.map((s) => {
        const n = s.node;
        const name = !n ? "?" : n.nodeType === 1 ? n.tagName + (n.id ? "#" + n.id : "") + "." + n.className
          : "text in " + (n.parentElement ? n.parentElement.tagName + "#" + n.parentElement.id : "?");
        return `${name} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}`;
      }),
    });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_nothing_moves_when_the_table_comes_after_start_was_pressed_at_first_paint(
    sized_page: Any, site_url: str, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    page.add_init_script(WATCH)
    hold = Hold(page)
    page.goto(f"{site_url}?pace=instant&seed=2&lang=en")
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    page.get_by_role("button", name="Start new game").click()
    expect(page.locator("#live")).to_have_text("The game starts as soon as Python is running.")
    # Past the 500 ms after the click in which the browser takes a shift for the player's own.
    clicked = page.evaluate("performance.now()")
    page.wait_for_function(f"performance.now() > {clicked} + 500")
    hold.release()
    expect(page.locator("#table")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    settle(page)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    moved = page.evaluate("window.moved")
    assert moved == [], "\n".join(f"{m['value']:.4f} (ready {m['ready']}): {m['nodes']}" for m in moved)
