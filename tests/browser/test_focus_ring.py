"""The focus ring stands out, and "Think harder" is one of the action buttons (issue 42).

The ring was the yellow of the piles' and the main buttons' borders, so a focused pile looked
like any live pile. Now it is white on the felt (3:1 at least against the table's background)
with a near-black edge that sets it off from the yellow (3:1 at least too). "Think harder" was a
bare browser button; it now has the looks of the Hint button beside it. At laptop sizes; the
axe checks of ``test_access`` cover the colours of the rest.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, screenshot, settle

from rommi import Game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768)]
FELT = ("#1d5a3c", "#154630")  # the table's background, its centre and its edge
ACCENT = "#f2c14e"  # the piles' and main buttons' yellow


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb`` or ``rgb(r, g, b)``."""
    if colour.startswith("#"):
        parts = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        parts = [int(float(x)) for x in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def at_your_draw(page: Page, site_url: str, boot: Any) -> None:
    preload(page, save_of(Game.new("basic", players=2, seed=3, dealer=1)))
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_focus_ring_is_not_the_yellow_and_stands_out_on_the_felt(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    at_your_draw(page, site_url, boot)
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    for _ in range(60):  # Tab, as a person does, until the stock has the focus
        page.keyboard.press("Tab")
        if stock.evaluate("el => el === document.activeElement"):
            break
    expect(stock).to_be_focused()
    ring = stock.evaluate(
        """el => { const s = getComputedStyle(el);
          return {outline: s.outlineColor, width: parseFloat(s.outlineWidth), style: s.outlineStyle,
                  border: s.borderTopColor, edge: s.boxShadow}; }"""
    )
    assert ring["style"] == "solid" and ring["width"] >= 2, ring
    assert contrast(ring["border"], ACCENT) < 1.05, ring  # a live pile: the yellow border
    assert contrast(ring["outline"], ring["border"]) > 1.5, f"the ring is the border's yellow: {ring}"
    for felt in FELT:
        assert contrast(ring["outline"], felt) >= 3, (ring, felt)
    edge = re.match(r"rgba?\([^)]*\)", ring["edge"])
    assert edge is not None, ring
    assert contrast(edge.group(0), ACCENT) >= 3, ring
    assert contrast(edge.group(0), ring["outline"]) >= 3, ring
    screenshot(page, f"focus-ring-{width}x{height}")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_think_harder_looks_like_the_other_action_buttons(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    at_your_draw(page, site_url, boot)
    hint = page.locator("#actions").get_by_role("button", name="Hint", exact=True)
    hint.click()
    harder = page.locator("#actions").get_by_role("button", name="Think harder")
    expect(harder).to_be_visible()
    looks = """el => { const s = getComputedStyle(el);
      return [s.fontWeight, s.fontSize, s.paddingTop, s.paddingLeft, s.borderTopWidth, s.borderTopStyle,
              s.borderTopColor, s.borderTopLeftRadius, s.backgroundColor, s.color]; }"""
    assert harder.evaluate(looks) == hint.evaluate(looks)
    screenshot(page, f"think-harder-{width}x{height}")
