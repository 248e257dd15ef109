"""Cards travel: at the fast pace a picture of each card moved glides from where it was to
where it went (stock to your hand, your hand to the discard pile, the computer players'
draws and discards), within the pause between moves; with reduced motion nothing moves.

Each travelling picture is recorded as it appears (a MutationObserver), with the places it
goes between, its animation's length and where it starts on the screen.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, settle
from tests.stacking import new_game

from ui.model.settings import PACE_SECONDS
from ui.words.i18n import card_name

pytestmark = pytest.mark.browser

HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]
WATCH = """(() => {
  window.travels = [];
  new MutationObserver(changes => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!(node instanceof Element) || !node.classList.contains("travel")) continue;
      const animation = node.getAnimations()[0];
      const box = node.getBoundingClientRect();
      window.travels.push({
        start: node.dataset.start, end: node.dataset.end, hidden: node.getAttribute("aria-hidden"),
        ms: animation ? animation.effect.getTiming().duration : 0,
        x: box.left + box.width / 2, y: box.top + box.height / 2,
      });
    }
  }).observe(document, { childList: true, subtree: true });
})()"""


def play_a_turn(page: Page, site_url: str, boot) -> list[dict[str, Any]]:
    """Draw from the stock, discard the K♠, let the computer players move; what travelled."""
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    page.add_init_script(WATCH)
    boot(page, f"{site_url}?pace=fast&lang=en")
    assert settle(page) == "draw"
    page.get_by_role("button", name=re.compile("^Stock")).click()
    settle(page)
    page.locator("#hand").get_by_role("button", name=card_name("KS")).click()
    page.locator("#actions").get_by_role("button", name="Discard K♠").click()
    settle(page)
    expect(page.locator(".travel")).to_have_count(0)  # each picture goes once it has arrived
    return list(page.evaluate("window.travels"))


def test_cards_travel_for_you_and_the_computer_players(sized_page, site_url: str, boot) -> None:
    """rules G8, C6: your draw and discard, and each computer player's, are seen moving."""
    page = sized_page(1280, 800)
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    travels = play_a_turn(page, site_url, boot)
    ways = [(t["start"], t["end"]) for t in travels]
    assert ways[:2] == [("stock", "seat:0"), ("seat:0", "discard")], ways
    assert any(start in ("stock", "discard") and end == "seat:1" for start, end in ways), ways
    assert ("seat:1", "discard") in ways and ("seat:2", "discard") in ways, ways
    pause_ms = PACE_SECONDS["fast"] * 1000
    assert all(0 < t["ms"] <= pause_ms and t["hidden"] == "true" for t in travels), travels
    box = stock.bounding_box()
    assert box is not None
    first = travels[0]  # the card drawn starts on the stock
    assert abs(first["x"] - (box["x"] + box["width"] / 2)) < box["width"], (first, box)
    assert abs(first["y"] - (box["y"] + box["height"] / 2)) < box["height"], (first, box)


def test_nothing_travels_with_reduced_motion(sized_page, site_url: str, boot) -> None:
    page = sized_page(1280, 800)
    page.emulate_media(reduced_motion="reduce")
    assert play_a_turn(page, site_url, boot) == []
