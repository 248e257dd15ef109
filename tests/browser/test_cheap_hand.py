"""Your hand is a layer of its own (issue 41: what a meld costs the mover's page).

A card you point at or select rises, its transform gliding for 0.12 s; for the glide Chromium
gives the card a layer of its own and takes it back at the end. With the hand in the page's
layer, each of those changes made Chromium raster again some two dozen tiles of the page's
layer, twice a click: over a meld's nine clicks, 346 raster tasks (159 ms) of the page's, and
about a fifth of its CPU. With ``will-change: transform`` on the hand only the hand's layer is
rastered again (145 tasks, 73 ms).

What a person sees is the same: the hand's picture, a card selected, as in the page's layer but
for a pixel's rounding here and there; a selected card still rises; a card dragged over the log
looks as it did. (The hand, a stacking context now, is raised while a card is dragged, as the
card was, for the seats' reactions, which are raised too; over the log the card shows as before
with or without that: checked once, not here.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import play_move, preload, save_of, screenshot, settle
from tests.browser.test_cheap_log import TWO_FRAMES, differences, layers_of
from tests.stacking import new_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (360, 640)]
HAND = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
ROUNDING = 400  # pixels of the hand's picture that may differ by rounding alone (172 measured)


def your_turn(page: Page, site_url: str, boot: Any) -> None:
    """Perusrommi for two, your turn after the draw: ten cards and the one drawn in your hand."""
    preload(page, save_of(new_game("basic", 2, [HAND, []], "2S", ["KD"], dealer=1), ["normal"]))
    boot(page, site_url + "?pace=instant&lang=en")
    settle(page)
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    assert settle(page) == "play"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hand_has_a_layer_of_its_own_and_a_selected_card_still_rises(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    your_turn(page, site_url, boot)
    assert layers_of(page, "#hand"), "the hand is painted in the page's layer"
    card = page.locator('#hand button.card[data-card="8C"]')
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(  # the rise has glided to its end
        "e => !e.getAnimations().length", arg=card.element_handle()
    )
    lifted = card.evaluate("e => e.getBoundingClientRect().top")
    other = page.locator('#hand button.card[data-card="8D"]').evaluate("e => e.getBoundingClientRect().top")
    assert lifted < other - 8, (lifted, other)  # 0.9rem: about 14 px
    screenshot(page, f"cheap-hand-{width}x{height}")


def test_the_hand_looks_as_it_did_in_the_pages_layer(sized_page: Any, site_url: str, boot: Any) -> None:
    """At 1280x800 (a device scale of 1), the hand's picture with a card selected is the same in a
    layer of its own as in the page's layer, but for rounding: measured, 172 of its 147,264
    pixels more than 1 of 255 apart, along the cards' edges and in one card's upside-down corner
    (drawn a pixel higher: the hand's top is at a fraction of a pixel, its layer at a whole one).
    Text drawn otherwise (another antialiasing) would change thousands."""
    page: Page = sized_page(1280, 800)
    your_turn(page, site_url, boot)
    page.locator('#hand button.card[data-card="8C"]').click()
    expect(page.locator('#hand button.card[data-card="8C"]')).to_have_attribute("aria-pressed", "true")
    page.mouse.move(0, 0)  # no card pointed at
    box = page.locator(".hand-box")
    own_layer = box.screenshot(animations="disabled")
    page.add_style_tag(content="#hand { will-change: auto !important; }")  # as before
    assert not layers_of(page, "#hand")
    in_page_layer = box.screenshot(animations="disabled")
    apart = differences(page, own_layer, in_page_layer)
    assert apart["size"] and apart["beyond"] <= ROUNDING, apart


AS_BEFORE = (  # the hand in the page's layer, and no stacking context of its own while dragging
    "#hand { will-change: auto !important; }"
    " #hand:has(> .card.dragging) { position: static !important; z-index: auto !important; }"
)


STILL = "() => !document.getElementById('hand').getAnimations({ subtree: true }).length"


def dragged_over_the_log(page: Page) -> bytes:
    """A card of your hand dragged (not let go) over the middle of the log: the picture there.
    Let go there, it goes to the hand's end: the hand is awaited still before the next drag."""
    settle(page)
    page.wait_for_function(STILL)
    card = page.locator('#hand button.card[data-card="JS"]')
    start, log = card.bounding_box(), page.locator("#log").bounding_box()
    assert start is not None and log is not None
    x, y = log["x"] + log["width"] / 2, log["y"] + log["height"] / 2
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"], start["y"] - 30, steps=3)
    page.mouse.move(x, y, steps=6)
    expect(card).to_have_class(re.compile(r"\bdragging\b"))
    page.evaluate(TWO_FRAMES)
    picture = page.screenshot(
        clip={"x": x - 40, "y": y - 40, "width": 80, "height": 80}, animations="disabled"
    )
    page.mouse.up()  # over no pile and no meld: the card goes back
    expect(card).not_to_have_class(re.compile(r"\bdragging\b"))
    return picture


def test_a_dragged_card_still_goes_over_the_log(sized_page: Any, site_url: str, boot: Any) -> None:
    """Over the log (sticky, after the hand in the page), a dragged card's picture is as it was
    with the hand in the page's layer."""
    page: Page = sized_page(1280, 800)
    your_turn(page, site_url, boot)
    own_layer = dragged_over_the_log(page)
    page.add_style_tag(content=AS_BEFORE)
    in_page_layer = dragged_over_the_log(page)
    apart = differences(page, own_layer, in_page_layer)
    assert apart["size"] and apart["beyond"] <= 20, apart
