"""Two tabs of one game: when one saves a move, the other stops playing and says so plainly,
with "Play here" to take the game over; the moves made in the first are never overwritten.

Both tabs are pages of one browser context, so they share ``localStorage`` as two tabs do.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.browser.table import preload, save_of, saved, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]
NOTICE = "This game is being played in another tab of this browser."


def draw(page: Page) -> None:
    page.get_by_role("button", name=re.compile("^Stock")).click()


def test_one_tab_plays_the_other_watches_and_can_take_over(
    context: BrowserContext, site_url: str, boot
) -> None:
    first = context.new_page()
    preload(first, save_of(new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2), ["easy", "easy"]))
    url = site_url + "?pace=instant&lang=en"
    boot(first, url)
    second = context.new_page()
    boot(second, url)
    assert settle(first) == "draw" and settle(second) == "draw"
    draw(first)  # the first tab moves and saves: the second steps aside
    settle(first)
    notice = second.get_by_role("alert").filter(has_text=NOTICE)
    expect(notice).to_be_visible()
    expect(second.locator("#table")).to_have_attribute("inert", "")
    moved = saved(first)["game"]
    # The second tab's table does nothing now, and nothing it had is saved over the first's.
    second.locator("#centre .pile.stock").click(force=True)
    assert saved(first)["game"] == moved
    assert len(second.locator("#hand").get_by_role("button").all()) == len(HAND)  # its own old view
    # Play here: the second tab reads the first's game and the first steps aside in turn.
    notice.get_by_role("button", name="Play here").click()
    expect(notice).to_be_hidden()
    expect(second.locator("#hand").get_by_role("button")).to_have_count(len(HAND) + 1)
    expect(first.get_by_role("alert").filter(has_text=NOTICE)).to_be_visible()
    second.locator("#hand").get_by_role("button", name=re.compile(", new$")).click()
    second.locator("#actions").get_by_role("button", name=re.compile("^Discard ")).click()
    settle(second)
    after = saved(second)["game"]
    assert len(after["history"]) > len(moved["history"]), "the second tab went on from the first's move"
