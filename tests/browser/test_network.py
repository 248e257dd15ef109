"""No request leaves localhost: not while booting, not while playing; and the guard would see one."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_booting_and_playing_requests_nothing_but_the_local_server(
    page: Page, guard, site_url: str, boot, start
) -> None:
    boot(page, f"{site_url}?seed=3&pace=instant")
    start(page)
    for card in page.locator("#hand button[data-card]").all()[:3]:
        card.click()
    page.get_by_role("button", name="Sort by suit").click()
    page.get_by_role("button", name="Clear selection").click()
    expect(page.locator('#hand button[aria-pressed="true"]')).to_have_count(0)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_load_state("networkidle")

    hosts = {urlsplit(url).netloc for url in guard.requests if urlsplit(url).scheme in ("http", "https")}
    assert hosts == {urlsplit(site_url).netloc}
    assert guard.problems == []

    # The harness itself: a request to another host is aborted and reported.
    guard.allow("ERR_FAILED")  # the browser's own console line for the aborted request
    outcome = page.evaluate("fetch('https://example.com/rommi-probe').then(() => 'sent', () => 'blocked')")
    assert outcome == "blocked"
    assert any("example.com/rommi-probe" in p for p in guard.take())
