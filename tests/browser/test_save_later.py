"""The game is saved in a task of its own, right after the move (``browser.page.save_game``), so a
click is not one long task with the save; and nothing is lost by that: a save still waiting is
written when the page is left or hidden (``pagehide``, ``visibilitychange``), so a reload
at once after a move finds the move. Found by role and accessible name, at laptop and phone sizes.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from tests.browser.table import pass_offers, saved

from ui.records.stores import GAME

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
CODES = "nodes => nodes.map(n => n.dataset.card)"  # the hand's cards in G2 notation

# In one task of the page: the save before, the click on the Stock, the save right after the
# click (still the old one: its write waits for a task of its own), then the page is hidden
# (as when it is left) and the save is read again.
CLICK_THEN_HIDE = (
    "stock => {"
    f" const read = () => localStorage.getItem({json.dumps(GAME.key)});"
    " const before = read();"
    " stock.click();"
    " const after = read();"
    " window.dispatchEvent(new Event('pagehide'));"
    " return [before, after, read()];"
    "}"
)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_move_is_saved_after_its_click_and_before_the_page_goes(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    page = sized_page(width, height)
    boot(page, f"{site_url}?variant=contract&players=3&seed=21&pace=instant&lang=en")
    page.get_by_role("button", name="Start new game").click()
    pass_offers(page)
    hand = page.locator("#hand").get_by_role("button")
    expect(hand).to_have_count(10)
    before_draw = saved(page)
    stock = page.get_by_role("button", name="Stock")
    before, after, left = stock.evaluate(CLICK_THEN_HIDE)
    expect(hand).to_have_count(11)  # the card drawn is shown at once
    assert json.loads(before) == before_draw
    assert after == before, "the save waits for a task of its own"
    assert left != before, "the page going away writes the save still waiting"
    old, new = json.loads(before)["game"]["history"], json.loads(left)["game"]["history"]
    assert new[: len(old)] == old
    assert len(new) > len(old) and new[len(old)]["player"] == 0, new[len(old) :]  # your draw's first event
    # A reload at once after the next move (no wait for anything): the move is there.
    code = hand.first.get_attribute("data-card")
    held = hand.evaluate_all(CODES).count(code)
    hand.first.click()
    page.locator("#actions").get_by_role("button", name=re.compile(r"^Discard ")).click()
    page.reload()
    boot(page)
    page.get_by_role("button", name="Continue the game in progress").click()  # the link's form comes first
    pass_offers(page)
    cards = hand.evaluate_all(CODES)
    assert len(cards) == 10 and cards.count(code) == held - 1, (code, cards)
