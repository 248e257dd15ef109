"""The action bar asks the engine: a move the engine would refuse looks unavailable
(``aria-disabled``), and pressing it anyway says why, at laptop and phone sizes.

Everything is found by role and accessible name, as a person sees it. A
screenshot of each size is written to ``.pytest_cache/rommi/screens/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.browser.table import pass_offers, screenshot

from ui.words.i18n import card_name

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_discard_is_offered_only_when_the_engine_allows_it(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rule G8: before drawing, Discard is unavailable and says "Draw a card first."; after, it plays."""
    page = sized_page(width, height)
    boot(page, f"{site_url}?variant=contract&players=3&seed=21&pace=instant&lang=en")
    page.get_by_role("button", name="Start new game").click()
    pass_offers(page)  # a computer player drew first: you are offered its pile card
    expect(page.locator("#table")).to_have_attribute("data-phase", "draw")
    hand = page.locator("#hand").get_by_role("button")
    held = hand.count()
    name = card_name(hand.last.get_attribute("data-card") or "")  # "7 of hearts", as it is read out
    chosen = page.locator("#hand").get_by_role("button", name=name).last
    chosen.click()
    expect(chosen).to_have_attribute("aria-pressed", "true")
    discard = page.locator("#actions").get_by_role("button", name="Discard")
    expect(discard).to_have_attribute("aria-disabled", "true")
    lay_off = page.locator("#actions").get_by_role("button", name="Lay off…")
    expect(lay_off).to_have_attribute("aria-disabled", "true")
    expect(lay_off).to_have_accessible_description(re.compile("fits no meld on the table"))
    expect(discard).to_have_accessible_description("Draw a card first.")
    # A person can still press it; Playwright itself will not click an aria-disabled button.
    discard.click(force=True)
    refusal = page.get_by_role("alert").filter(has_text="Draw a card first.")
    expect(refusal).to_be_visible()
    # Said beside the button pressed: just below the action bar, not by the piles.
    bar, said = discard.bounding_box(), refusal.bounding_box()
    assert bar and said and 0 <= said["y"] - (bar["y"] + bar["height"]) < 120, (bar, said)
    refusal.scroll_into_view_if_needed()
    screenshot(page, f"action-bar-refused-{width}x{height}")
    page.get_by_role("button", name="Stock").click()
    expect(hand).to_have_count(held + 1)
    page.get_by_role("button", name="Clear selection").click()
    page.locator("#hand").get_by_role("button", name=re.compile(", new$")).click()  # the card drawn
    expect(discard).not_to_have_attribute("aria-disabled", "true")
    expect(discard).to_have_accessible_description("")
    screenshot(page, f"action-bar-ready-{width}x{height}")
    discard.click()
    expect(hand).to_have_count(held)
