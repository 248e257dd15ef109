"""Think harder: after a hint, the expert weighs your move (in basic rummy, about a second of
search, ``rommi.bots.expert``) and its hint takes the hard player's place; meanwhile the page says
it is thinking it over (``browser.botloop.deeper_hint``). Found by role and accessible name, at
laptop and phone sizes. How long it takes, and that no long task holds the page meanwhile, is
measured by ``make bench-hint`` (``tools/bench/bench_hint.py``), not asserted here.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.browser.person import button
from tests.browser.table import pass_offers, screenshot

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_think_harder_gives_the_experts_hint_and_the_page_answers_meanwhile(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """rules G8, B4: with a card drawn you must discard; the hint names one, and thinking harder
    tries hard's best discards out in sampled deals before naming the expert's."""
    page = sized_page(width, height)
    boot(page, f"{site_url}?variant=basic&players=2&seed=6&pace=instant&lang=en")
    button(page, "Start new game").click()
    pass_offers(page)
    expect(page.get_by_text("Your turn", exact=True)).to_be_visible()
    # Drawn: now a discard, a choice the expert weighs.
    page.get_by_role("button", name=re.compile("^Stock")).click()
    expect(page.locator("#hand").get_by_role("button")).to_have_count(11)
    button(page, "Hint").click()
    said = page.get_by_role("status")  # the hint by the action bar, and what the page is doing
    expect(said.filter(has_text=re.compile(r"^Hint: "))).to_be_visible()
    harder = button(page, "Think harder")
    harder.scroll_into_view_if_needed()
    harder.click()
    stronger = said.filter(has_text=re.compile(r"^Stronger hint: "))
    thinking = said.filter(has_text=re.compile("^Thinking it over"))
    expect(stronger.or_(thinking).first).to_be_visible()
    screenshot(page, f"hint-thinking-{width}x{height}")
    expect(stronger).to_be_visible(timeout=20_000)
    expect(thinking).to_have_count(0)
    expect(harder).to_have_count(0)  # the expert's is the strongest hint there is
    stronger.scroll_into_view_if_needed()
    screenshot(page, f"hint-stronger-{width}x{height}")
    # The hint is a move you can make: its card is marked in your hand, and Discard plays it.
    marked = page.locator("#hand .hinted")
    expect(marked).to_have_count(1)
    marked.click()
    discard = page.get_by_role("button", name=re.compile(r"^Discard (?!pile)"))
    discard.click()
    expect(page.locator("#hand").get_by_role("button")).to_have_count(10)
