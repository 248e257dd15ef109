"""Shortcuts with the pointer, with the engine's checks: drag a card onto a meld to lay it
off, onto the discard pile to discard it; double-click (on a phone double-tap) a card to
discard it. Cards, melds and piles are found by role and accessible name.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.table import preload, save_of, settle
from tests.stacking import new_game

from ui.words.i18n import card_name

pytestmark = pytest.mark.browser

HAND = ["7H", "7S", "7D", "9C", "9H", "9S", "7C", "KS", "2C", "4D"]
LAPTOPS = [(1280, 800), (1366, 768)]


def open_table(sized_page, site_url: str, boot, width: int, height: int) -> Page:
    page = sized_page(width, height)
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"
    return page


def card(page: Page, code: str) -> Locator:
    return page.locator("#hand").get_by_role("button", name=card_name(code)).first


def drag(page: Page, what: Locator, onto: Locator) -> None:
    """Press on ``what``, move in small steps to the middle of ``onto``, let go. Both are first
    waited for to stand still (a card dropped where it does not go slides back to its place)."""
    what.scroll_into_view_if_needed()
    onto.scroll_into_view_if_needed()
    start, end = what.bounding_box(), onto.bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 20)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()


@pytest.mark.parametrize(("width", "height"), LAPTOPS, ids=[f"{w}x{h}" for w, h in LAPTOPS])
def test_drag_a_card_onto_a_meld_and_onto_the_discard_pile(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules C9, C10, G8: a lay-off and a discard by dragging, each checked by the engine."""
    page = open_table(sized_page, site_url, boot, width, height)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    settle(page)
    for cards in (["7H", "7S", "7D"], ["9C", "9H", "9S"]):
        for code in cards:
            card(page, code).click()
        page.locator("#actions").get_by_role("button", name="New meld").click()
    page.get_by_role("button", name="Lay down", exact=True).click()
    sevens = page.locator("#mine").get_by_role("button", name=re.compile("set of sevens"))
    expect(sevens).to_be_visible()
    nines = page.locator("#mine").get_by_role("button", name=re.compile("set of nines"))
    drag(page, card(page, "7C"), nines)  # does not fit: refused, nothing moves
    expect(page.get_by_role("alert")).to_be_visible()
    expect(card(page, "7C")).to_be_visible()
    drag(page, card(page, "7C"), sevens)
    expect(sevens).to_have_accessible_name(re.compile(card_name("7C")))
    expect(page.locator("#hand").get_by_role("button", name=card_name("7C"))).to_have_count(0)
    pile = page.get_by_role("button", name=re.compile("^Discard pile"))
    drag(page, card(page, "KS"), pile)
    expect(page.locator("#log").get_by_text("You discarded the K♠.")).to_have_count(1)
    expect(page.locator("#hand").get_by_role("button", name=card_name("KS"))).to_have_count(0)


@pytest.mark.parametrize(("width", "height"), [*LAPTOPS, (360, 640)], ids=["1280x800", "1366x768", "360x640"])
def test_a_double_click_or_double_tap_discards_a_card(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rule G8: before drawing it is refused and said; after drawing it discards."""
    page = open_table(sized_page, site_url, boot, width, height)
    phone = width < 600

    def double(target: Locator) -> None:
        if phone:
            # Both taps at one spot, as a finger does: two ``tap()`` calls would each wait for the
            # card to settle after the first tap's redraw, and on a busy machine drift apart
            # by more than a double tap's 400 ms.
            target.scroll_into_view_if_needed()
            box = target.bounding_box()
            assert box is not None
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.touchscreen.tap(x, y)
            page.touchscreen.tap(x, y)
        else:
            target.dblclick()

    double(card(page, "KS"))
    expect(page.locator("#actions").get_by_role("alert")).to_have_text("Not allowed: Draw a card first.")
    expect(page.locator("#hand").get_by_role("button")).to_have_count(len(HAND))
    page.get_by_role("button", name=re.compile("^Stock")).click()
    settle(page)
    double(card(page, "2C"))
    expect(page.locator("#log").get_by_text("You discarded the 2♣.")).to_have_count(1)
    expect(page.locator("#hand").get_by_role("button")).to_have_count(len(HAND))
