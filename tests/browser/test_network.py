"""No request leaves localhost: not while booting, not while playing; and the guard would see one."""

from __future__ import annotations

import json
import re
from pathlib import Path
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


# Precached but not fetched by one game: the rules pages (opened from the page, offline too),
# what the browser reads to install the app, the worker that makes a Python snapshot
# (loaded only on a visit that has none; this one starts from the session's), and the transport
# for playing online (imported only when an online table opens; kept so the page opens one offline
# too, though only the connection then needs the network), and the invitation's QR code (the lobby's);
# js/pair.mjs pairs devices in one room with no Internet at all (imported only then); both import
# js/channel.mjs, the connection they share.
NOT_FETCHED_TO_PLAY = re.compile(
    r"\./|rules/.*|icons/.*|manifest\.webmanifest|boot/snapshot\.mjs|js/(online|pair|channel)\.mjs|vendor/(trystero|uqr)\.mjs"
)


def test_the_offline_copy_holds_exactly_what_the_page_fetches(
    page: Page, guard, site_url: str, site_dir: Path, boot, start
) -> None:
    """Nothing the page needs is missing offline, and nothing it never loads is downloaded for it."""
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    build = re.search(r"^const BUILD = (\{.*?\});$", text, re.MULTILINE | re.DOTALL)
    assert build is not None
    precached = set(json.loads(build.group(1))["files"])
    boot(page, f"{site_url}?seed=3&pace=instant")
    start(page)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_load_state("networkidle")

    fetched = [urlsplit(url).path.removeprefix(urlsplit(site_url).path) for url in guard.requests]
    fetched = [path for path in fetched if path and path != "sw.js"]
    assert len(fetched) == len(set(fetched)), (
        f"fetched twice: {sorted(p for p in fetched if fetched.count(p) > 1)}"
    )
    assert set(fetched) - precached == set(), "fetched but not kept for offline play"
    unused = {f for f in precached - set(fetched) if not NOT_FETCHED_TO_PLAY.fullmatch(f)}
    assert unused == set(), "kept for offline play but never loaded"
