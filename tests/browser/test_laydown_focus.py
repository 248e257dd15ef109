"""The lay-down area from the keyboard and on a phone (issue 42), played as a person.

Put here, New meld and Clear the area once left the focus on the page (the button pressed went
away or was disabled under it); Put here on a slot that is already a whole meld took a hasty
card and spoiled it; on a phone New meld opened the drawer's slots scrolled off above the hand.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.person import button, hand_card, press, select
from tests.browser.table import preload, save_of, screenshot, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]


def slot(page: Page, n: int) -> Locator:
    """The ``n``-th contract slot of deal 1 (two sets: both are named "Contract: Set")."""
    return page.get_by_role("group", name="Contract: Set").nth(n)


def in_view(page: Page, locator: Locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_lay_down_area_keeps_the_focus_and_a_whole_meld(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    """rules G3, C7: three sevens through New meld, a king pressed onto them by mistake, then the
    area cleared; the keyboard always stays on a control that is there."""
    page: Page = sized_page(width, height)
    game = new_game("contract", 4, [HAND, [], [], []], "QD", ["5C"], dealer=3)
    preload(page, save_of(game, ["normal", "easy", "hard"]))
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"
    press(page, page.get_by_role("button", name=re.compile("^Stock")))
    settle(page)
    select(page, ["7H", "7S", "7D"])
    new_meld = page.locator("#actions").get_by_role("button", name="New meld")
    new_meld.focus()
    page.keyboard.press("Enter")
    first = slot(page, 0)
    expect(first.get_by_text("✓ A set of sevens.")).to_be_visible()
    put_first = button(first, "Put here")
    expect(put_first).to_be_focused()  # New meld is unavailable now: its slot's Put here has the keys
    assert in_view(page, first), "the slot New meld filled is on screen (a phone's drawer above the hand)"
    screenshot(page, f"laydown-new-meld-{width}x{height}")

    press(page, hand_card(page, "KS"))
    expect(put_first).to_have_attribute("aria-disabled", "true")
    expect(put_first).to_have_accessible_description(
        "This meld is complete, and the selected cards would spoil it: "
        "A set is cards of one rank; 7♥ 7♠ 7♦ K♠ mixes ranks."
    )
    put_first.focus()
    page.keyboard.press("Enter")  # the hasty press: said, and the set stays whole
    expect(page.get_by_role("alert")).to_contain_text("This meld is complete")
    expect(first.get_by_text("✓ A set of sevens.")).to_be_visible()
    expect(put_first).to_be_focused()

    second = slot(page, 1)
    put_second = button(second, "Put here")
    expect(put_second).not_to_have_attribute("aria-disabled", "true")
    put_second.focus()
    page.keyboard.press("Enter")
    expect(second.get_by_role("button", name="King of spades")).to_be_visible()
    expect(put_second).to_be_focused()  # stays where it was pressed (unavailable now: nothing selected)
    expect(put_second).to_have_accessible_description("Select cards in your hand first, then put them here.")

    clear = page.get_by_role("button", name="Clear the area")
    clear.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hand button.card")).to_have_count(len(HAND) + 1)
    if width < 600:  # the drawer closes: nothing selected, so New meld is unavailable too: the hand
        expect(page.locator('#hand button.card[tabindex="0"]')).to_be_focused()
    else:
        expect(button(slot(page, 0), "Put here")).to_be_focused()
    assert page.evaluate("document.activeElement !== document.body")
    screenshot(page, f"laydown-cleared-{width}x{height}")
