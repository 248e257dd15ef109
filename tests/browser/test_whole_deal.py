"""A whole deal played through the visible controls at 1280x800, 1366x768 and 360x640: every
move of yours (draws, buys and passes, melds, lay-offs, joker swaps, discards) is a click or
tap on a control found by its role and accessible name; then "Next deal" deals the next hand.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.person import play_as_person
from tests.browser.table import hinted, screenshot, settle

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_whole_deal_through_what_a_person_sees(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules G8, C6, C9, C10, C13: a contract deal for three, to its end and into the next."""
    page = sized_page(width, height)
    boot(page, f"{site_url}?variant=contract&players=3&seed=7&pace=instant&lang=en")
    page.get_by_role("button", name="Start new game").click()
    kinds: list[str] = []
    for _ in range(300):
        phase = settle(page)
        if phase == "deal_over":
            break
        action = hinted(page)
        kinds.append(action["type"])
        play_as_person(page, action)
    else:
        raise AssertionError(f"the deal did not end: {kinds}")
    assert {"draw", "discard", "meld"} <= set(kinds), kinds
    print(f"{width}x{height}: {len(kinds)} moves of yours: " + ", ".join(sorted(set(kinds))))
    screenshot(page, f"whole-deal-over-{width}x{height}")
    play_as_person(page, {"type": "next_deal"})
    expect(page.locator("#deal-info")).to_contain_text("Deal 2 of 7")
