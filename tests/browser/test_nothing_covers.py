"""Nothing at the table lies under anything else, at laptop, desktop and phone sizes.

For each thing a player must see or press (the buy prompt and its buttons, a
refusal, the piles, your melds, the action bar), the test scrolls it into view
as a person would, no further than needed, and asks the browser which element
is on top at its centre and near its corners: it must be that thing or a part
of it, never a bar or panel drawn over it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, screenshot, settings_with, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (390, 844), (360, 640)]
HAND = ["7H", "7S", "7D", "7C", "9C", "9H", "9S", "9D", "KS", "2C"]

# The element is scrolled only as far as needed (as a person scrolls: just until it shows), then
# its centre and four points near its corners must all be the element itself or inside it.
ON_TOP = """el => {
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const box = el.getBoundingClientRect();
  const inset = Math.min(4, box.width / 4, box.height / 4);
  const points = [[box.left + box.width / 2, box.top + box.height / 2],
                  [box.left + inset, box.top + inset], [box.right - inset, box.top + inset],
                  [box.left + inset, box.bottom - inset], [box.right - inset, box.bottom - inset]];
  for (const [x, y] of points) {
    const top = document.elementFromPoint(x, y);
    if (!(top === el || el.contains(top))) return top ? top.outerHTML.slice(0, 120) : "nothing";
  }
  return "";
}"""


def uncovered(page: Page, selector: str) -> None:
    nodes = page.locator(selector)
    assert nodes.count() > 0, f"nothing matches {selector}"
    for i in range(nodes.count()):
        over = nodes.nth(i).evaluate(ON_TOP)
        assert not over, f"{selector} #{i} is under {over}"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_buy_prompt_a_refusal_the_piles_and_your_melds_are_never_covered(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules C6, C7: offered a card to buy, then refused a lay-down, then down with two sets."""
    page = sized_page(width, height)
    game = new_game("contract", 3, [HAND, [], []], "8D", ["5C"], dealer=0)  # asked about the 8♦:
    game.apply({"type": "draw", "player": 1, "source": "stock"})  # a run, which the Hint says does
    game.apply({"type": "pass", "player": 2})  # not help two sets, so "fits" would pass it
    preload(page, save_of(game, ["easy", "easy"]), settings_with(buy_prompt="always"))
    boot(page, site_url + "?pace=instant&lang=en")
    panel = page.locator("#buy-panel")
    expect(panel).to_be_visible()
    for selector in ("#buy-panel button", "#buy-panel select", "#centre .pile", "#actions button"):
        uncovered(page, selector)
    screenshot(page, f"covers-buy-{width}x{height}")
    page.get_by_role("button", name="Pass").click()
    settle(page)
    while page.locator("#table").get_attribute("data-phase") != "draw":
        page.get_by_role("button", name="Pass").click()
        settle(page)
    page.get_by_role("button", name="Stock").click()
    settle(page)
    # A lay-down the engine refuses (one set is not the contract): the reason must show.
    for card in ("7H", "7S", "7D"):
        page.locator(f'#hand button.card[data-card="{card}"]').first.click()
    page.get_by_role("button", name="New meld").click()
    page.get_by_role("button", name="Lay down").click(force=True)  # unavailable, but says why
    expect(page.locator("#area-status")).to_be_visible()
    uncovered(page, "#area-status")
    uncovered(page, "#actions button")
    screenshot(page, f"covers-refused-{width}x{height}")
    for card in ("9C", "9H", "9S"):
        page.locator(f'#hand button.card[data-card="{card}"]').first.click()
    page.get_by_role("button", name="New meld").click()
    page.get_by_role("button", name="Lay down").click()
    expect(page.locator("#mine .meld")).to_have_count(2)
    # The hand is checked as a whole: its cards overlap each other by design (a fan).
    for selector in ("#mine .meld", "#centre .pile", "#actions button", "#hand"):
        uncovered(page, selector)
