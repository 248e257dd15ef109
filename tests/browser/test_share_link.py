"""A shared deal, played as a person: copying its link, the share sheet, and playing its cards
(issue 42, points 1 and 14). Controls are found by role and accessible name.

The matches are real seeded matches played in CPython by the computer players (rule G9:
options, seed and actions make the match); the page opens their links.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.conftest import boot_page
from tests.browser.table import screenshot
from tests.matches import played

from rommi.replay import MatchRecord, Replay
from ui.records.links import encode
from ui.records.replayview import LINK_PREFIX

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
IDS = [f"{w}x{h}" for w, h in SIZES]
# A browser that refuses to copy, as one does in a frame from another site without the
# embedder's allow="clipboard-write".
REFUSING = """
Object.defineProperty(Clipboard.prototype, "writeText", {configurable: true, value: () =>
  Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"))});
"""
# A browser with a system share sheet (Chromium on Linux has none): it keeps what it was given.
SHEET = """
Object.defineProperty(Navigator.prototype, "share", {configurable: true, value: (data) => {
  window.sharedData = data; return Promise.resolve(); }});
"""


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    """A whole seven-deal Sitoumusrommi match for three (seed 8), played by the computer players."""
    found = played("contract", 3, 8).record()
    assert found is not None
    return found


def open_shared(page: Page, site_url: str, record: MatchRecord, deal: int) -> None:
    boot_page(page, f"{site_url}?pace=instant{LINK_PREFIX}{encode(record, deal)}")
    expect(page.get_by_role("heading", name=f"Replay of deal {deal} of {deal}", exact=False)).to_be_visible()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_copy_link_puts_the_link_on_the_clipboard_and_says_so(
    sized_page: Any, site_url: str, record: MatchRecord, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_shared(page, site_url, record, 2)
    page.get_by_role("button", name="Share this deal").click()
    link = page.get_by_role("textbox", name="Link to this deal").input_value()
    assert LINK_PREFIX + "r1." in link
    copy = page.get_by_role("button", name="Copy link")
    copy.click()
    expect(page.get_by_role("status").filter(has_text="Copied to the clipboard.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link
    expect(copy).to_be_focused()  # the redraw that says "Copied" leaves the keyboard where it was
    copy.scroll_into_view_if_needed()
    screenshot(page, f"share-copied-{width}x{height}")
    assert_accessible(page)


def test_where_the_browser_will_not_copy_the_link_is_selected_for_ctrl_c(
    page: Page, site_url: str, record: MatchRecord
) -> None:
    page.add_init_script(REFUSING)
    open_shared(page, site_url, record, 2)
    page.get_by_role("button", name="Share this deal").click()
    page.get_by_role("button", name="Copy link").click()
    said = page.get_by_role("status").filter(has_text="press Ctrl+C to copy it")
    expect(said).to_have_text("The link is selected: press Ctrl+C to copy it (⌘C on a Mac).")
    field = page.get_by_role("textbox", name="Link to this deal")
    expect(field).to_be_focused()
    whole = "(f => f.selectionStart === 0 && f.selectionEnd === f.value.length)(document.activeElement)"
    page.wait_for_function(whole)


def test_send_the_link_is_offered_only_with_a_share_sheet_and_hands_it_the_link(
    page: Page, site_url: str, record: MatchRecord
) -> None:
    open_shared(page, site_url, record, 2)
    page.get_by_role("button", name="Share this deal").click()
    has_sheet = page.evaluate("'share' in navigator")
    expect(page.get_by_role("button", name="Send the link…")).to_have_count(1 if has_sheet else 0)
    page.add_init_script(SHEET)
    page.reload()
    boot_page(page)
    page.get_by_role("button", name="Share this deal").click()
    link = page.get_by_role("textbox", name="Link to this deal").input_value()
    page.get_by_role("button", name="Send the link…").click()
    page.wait_for_function("window.sharedData !== undefined")
    assert page.evaluate("window.sharedData") == {"title": "Rommi: deal 2", "url": link}


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_play_these_cards_deals_the_shared_deal_and_says_which(
    sized_page: Any, site_url: str, record: MatchRecord, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    open_shared(page, site_url, record, 3)
    page.get_by_role("button", name="Play these cards").click()
    expect(page.locator("#table")).to_be_visible()
    deal = page.locator("#deal-info")
    expect(deal).to_contain_text("Deal 3 of 7")
    expect(deal).to_contain_text("shared, not in your statistics")
    dealt = Replay(record).deal(3).face_up()["hands"][0]
    expect(page.locator("#hand button.card")).to_have_count(len(dealt))
    shown = [c.get_attribute("data-card") for c in page.locator("#hand button.card").all()]
    assert sorted(shown) == sorted(dealt)  # the sharer's deal-3 hand, not deal 1's
    assert "#replay=" not in page.url
    screenshot(page, f"shared-deal-3-{width}x{height}")
