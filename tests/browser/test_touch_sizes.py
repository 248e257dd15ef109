"""On a phone every control is big enough for a finger: at least 44 px tall, check boxes
with a 44 px row to press, at 360x640 and 390x844, on the setup screen, at the table
and in the buy prompt."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, settings_with
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (390, 844)]
SMALL = """() => [...document.querySelectorAll("#app button, #app select, #app .check, #pagebar select")]
  .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height > 0)
  .filter(el => el.getBoundingClientRect().height < 43.5)
  .map(el => (el.getAttribute("data-act") || el.id || el.className) + " "
             + Math.round(el.getBoundingClientRect().height))"""


def too_small(page: Page) -> list[str]:
    return list(page.evaluate(SMALL))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_control_is_at_least_44_px_on_a_phone(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    page = sized_page(width, height)
    hand = ["7H", "7S", "7D", "7C", "9C", "9H", "9S", "9D", "KS", "2C"]
    game = new_game("contract", 3, [hand, [], []], "8D", ["5C"], dealer=0)  # asked about the 8♦
    game.apply({"type": "draw", "player": 1, "source": "stock"})
    game.apply({"type": "pass", "player": 2})
    preload(page, save_of(game, ["easy", "easy"]), settings_with(buy_prompt="always"))
    boot(page, site_url + "?pace=instant&lang=en")
    expect(page.locator("#buy-panel")).to_be_visible()
    assert too_small(page) == [], "the table with the buy prompt"
    page.get_by_role("button", name="New game").first.tap()
    expect(page.locator("#setup-form")).to_be_visible()
    assert too_small(page) == [], "the setup screen"
