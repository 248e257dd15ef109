"""A redraw changes only what differs: a control that looks as it did keeps its node, so the
keyboard stays on it, and a player's name goes in as text (``browser.dom`` and the page's builder,
``rommiFill`` in ``js/dom.mjs``). Found by role and accessible name, at laptop and phone sizes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.table import pass_offers

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
HOSTILE = "<img src=x onerror=pwned=1>"  # within the name's 32 characters


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_redraw_keeps_the_controls_that_did_not_change_and_your_focus(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    page = sized_page(width, height)
    boot(page, f"{site_url}?variant=contract&players=3&seed=21&pace=instant&lang=en")
    page.get_by_label("Your name").fill(HOSTILE)
    page.get_by_role("button", name="Start new game").click()
    pass_offers(page)  # a computer player drew first: you are offered its pile card
    hint = page.locator("#actions").get_by_role("button", name="Hint")
    stock = page.get_by_role("button", name="Stock")
    # Mark the nodes as they are now (a property of the node, not an attribute, which a redraw
    # would set as drawn): a node made anew would not carry the mark.
    hint.evaluate("node => { node.seen = 'before'; }")
    stock.evaluate("node => { node.seen = 'before'; }")
    hint.focus()
    card = page.locator("#hand").get_by_role("button").first
    # Select a card without moving the keyboard (as a screen reader's click does): the dock is
    # redrawn, since the selection's words and what the bar offers change.
    card.dispatch_event("click")
    expect(page.locator("#selection")).to_contain_text("Selected:")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(hint).to_be_focused()
    assert hint.evaluate("node => node.seen") == "before"
    assert stock.evaluate("node => node.seen") == "before"
    card.dispatch_event("click")  # and back: the dock is redrawn again
    expect(page.locator("#selection")).not_to_contain_text("Selected:")
    expect(hint).to_be_focused()
    assert hint.evaluate("node => node.seen") == "before"
    stock.click()  # the piles change: the drawn card arrives, and the stock's count goes down
    expect(page.locator("#hand").get_by_role("button")).to_have_count(11)
    # The name is shown as the characters typed, never run as markup.
    expect(page.locator("#mine .seat-name")).to_have_text(HOSTILE)
    assert page.locator("#mine img").count() == 0
    assert page.evaluate('typeof window.pwned === "undefined"')
