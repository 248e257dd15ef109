"""Closed loops at the table: take back a lay-down before you discard, and deal the next
hand from the table once the score sheet is closed, at laptop and phone sizes.

Controls are found by role and accessible name, as a person finds them. A
screenshot of each step is written to ``.pytest_cache/rommi/screens/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.table import compose, preload, save_of, screenshot, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
HAND = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
MELDS = [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_undo_a_lay_down_then_go_out_and_deal_the_next_hand(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules B4, B6, G8: melds can be taken back until you discard; after the deal, Next deal."""
    page = sized_page(width, height)
    game = new_game("basic", 2, [HAND, []], "2S", ["KD"], dealer=1)
    preload(page, save_of(game, ["normal"]))
    boot(page, site_url + "?pace=instant&lang=en")
    hand = page.locator("#hand").get_by_role("button")
    page.get_by_role("button", name="Stock").click()
    expect(hand).to_have_count(11)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)  # nothing to take back yet
    compose(page, MELDS, None)
    page.get_by_role("button", name="Lay down").click()
    expect(page.locator("#mine .meld")).to_have_count(3)
    expect(hand).to_have_count(1)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_visible()
    screenshot(page, f"undo-offered-{width}x{height}")
    undo.click()
    expect(page.locator("#mine .meld")).to_have_count(0)
    expect(hand).to_have_count(11)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    assert "laid down" not in page.locator("#log").inner_text()  # no trace in the history

    compose(page, MELDS, None)
    page.get_by_role("button", name="Lay down").click()
    page.locator("#hand").get_by_role("button", name="king of diamonds").click()
    page.locator("#actions").get_by_role("button", name="Discard").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    # Every hand laid open with what it counts (B8): yours is empty, Aino's ten cards count.
    left = dialog.get_by_role("list", name="Cards left in each hand")
    expect(left.get_by_role("listitem")).to_have_count(2)
    expect(left.get_by_role("listitem").first).to_have_text("You: no cards left")
    expect(left.get_by_role("listitem").last).to_contain_text("points)")
    screenshot(page, f"deal-over-{width}x{height}")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    next_deal = page.get_by_role("button", name="Next deal")
    expect(next_deal).to_be_visible()
    expect(next_deal).to_be_focused()  # the keyboard goes back to the table's next move
    screenshot(page, f"next-deal-{width}x{height}")
    page.get_by_role("button", name="Scores").click()
    expect(dialog).to_be_visible()
    for _ in range(12):  # Tab goes round the dialog's controls and never leaves it
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('sheet-dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(next_deal).to_be_focused()
    next_deal.click()
    settle(page)
    expect(page.locator("#deal-info")).to_have_text("Deal 2: first to 100 points")
