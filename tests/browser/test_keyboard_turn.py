"""A plain turn by keyboard alone in at most 8 keypresses, at laptop sizes: the piles have
the focus when your turn comes, Enter draws, the card drawn gets the focus, the arrow keys
move within the hand (one tab stop), Enter selects, one Tab reaches Discard, Enter
discards. "Your turn" is announced in the live region. Keys you press in your hand while the others
answer the buy window keep the focus where they put it, on a phone too.

Keys only: no clicks. The focused element is checked by role and accessible name.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, screenshot, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768)]
HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]


class Keys:
    """The keyboard, counting every key pressed."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.count += 1
        self.page.keyboard.press(key)


def focused(page: Page) -> str:
    return str(
        page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.innerText")
    )


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_plain_turn_takes_at_most_8_keypresses(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules G8, C6: draw from the stock, discard a card, then the next turn the same way."""
    page = sized_page(width, height)
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"
    hand = page.locator("#hand").get_by_role("button")
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    for turn in range(2):
        keys = Keys(page)
        expect(stock).to_be_focused()
        keys.press("Enter")  # draw
        expect(hand).to_have_count(len(HAND) + 1)
        new_card = page.locator("#hand").get_by_role("button", name=re.compile(", new$"))
        settle(page)  # the others answer the buy window first
        expect(new_card).to_be_focused()
        if turn:  # the other way round: keep the new card, throw the one before it
            keys.press("ArrowLeft")
            expect(new_card).not_to_be_focused()
            assert page.locator("#hand [tabindex='0']").count() == 1, "the hand is one tab stop"
        keys.press("Enter")  # select
        chosen = page.locator("#hand button.card[aria-pressed='true']")
        expect(chosen).to_have_count(1)
        expect(chosen).to_be_focused()
        card = chosen.get_attribute("data-card")
        keys.press("Tab")
        discard = page.locator("#actions").get_by_role("button", name=re.compile("^Discard "))
        expect(discard).to_be_focused()
        keys.press("Enter")  # discard
        expect(hand).to_have_count(len(HAND))
        assert keys.count <= 8, f"turn {turn + 1}: {keys.count} keys"
        print(f"turn {turn + 1}: {keys.count} keys, discarded {card}")
        while settle(page) == "buy":  # a computer drew from the stock: you are offered its discard
            expect(page.locator("#buy-panel").get_by_role("button", name="Pass")).to_be_focused()
            page.keyboard.press("Enter")
        expect(page.locator("#live")).to_contain_text("Your turn.")


@pytest.mark.parametrize(
    ("width", "height"), [*SIZES, (360, 640)], ids=[f"{w}x{h}" for w, h in [*SIZES, (360, 640)]]
)
def test_a_card_you_arrow_to_while_the_others_answer_keeps_the_focus(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rule C6: after your draw from the stock the others may buy the discard first, and the card
    drawn arrives when they have answered. Keys pressed in your hand meanwhile are yours: the page
    does not pull the focus to the new card when it comes (it did, and the arrow keys then moved
    from there)."""
    page = sized_page(width, height)
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, f"{site_url}?pace=slow&lang=en")
    assert settle(page) == "draw"
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    expect(stock).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    third = page.locator("#hand button.card").nth(2)
    expect(third).to_be_focused()
    code = third.get_attribute("data-card")
    # still answering: the card drawn has not come, so the keys above came first
    assert page.locator("#hand button.card").count() == len(HAND)
    assert page.locator("#table").get_attribute("data-human") == "false"
    settle(page)
    expect(page.locator("#hand button.card")).to_have_count(len(HAND) + 1)
    expect(page.locator("#hand").get_by_role("button", name=re.compile(", new$"))).not_to_be_focused()
    expect(page.locator(f'#hand button.card[data-card="{code}"]')).to_be_focused()
    screenshot(page, f"keys-kept-{width}x{height}")
