"""Storage refused: the game starts and plays without saving, and says once, in the player's
language, that it cannot save here.

The browser's refusals are stood in for before the page's first script runs: reading
``window.localStorage`` throws a ``SecurityError`` (a third-party frame with storage
blocked, some private windows); ``window.indexedDB`` throws, is missing, or its ``open()``
fails. A real cross-site frame (the page on ``localhost`` framing ``127.0.0.1``, which this
browser gives no storage) is played in too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.browser.table import settle
from tools.build.serve import serving

from ui.words.i18n import set_language, t

pytestmark = pytest.mark.browser

SECURITY = (
    "{ configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } }"
)
REFUSALS = {
    "localStorage throws": f"Object.defineProperty(window, 'localStorage', {SECURITY});",
    "indexedDB throws": f"Object.defineProperty(window, 'indexedDB', {SECURITY});",
    "indexedDB missing": "Object.defineProperty(window, 'indexedDB', "
    "{ configurable: true, value: undefined });",
    "indexedDB open fails": """Object.defineProperty(window, 'indexedDB', { configurable: true, value: {
        open() { const request = {}; setTimeout(() => request.onerror && request.onerror(new Event('error')));
                 return request; } } });""",
    "both refused": f"Object.defineProperty(window, 'localStorage', {SECURITY});"
    f"Object.defineProperty(window, 'indexedDB', {SECURITY});",
}


def play_a_turn(page: Page) -> None:
    """Start, draw, discard: the table works as ever."""
    page.get_by_role("button", name=re.compile("^(Start new game|Aloita uusi peli)$")).click()
    while settle(page) == "buy":
        page.locator("#buy-panel [data-act='pass']").click()
    hand = page.locator("#hand").get_by_role("button")
    held = hand.count()
    page.locator("#centre .pile.stock").click()
    expect(hand).to_have_count(held + 1)
    settle(page)
    hand.last.click()
    page.locator('#actions [data-act="discard"]').click()
    expect(hand).to_have_count(held)
    settle(page)


@pytest.mark.parametrize("refusal", list(REFUSALS))
def test_refused_storage_still_plays(page: Page, site_url: str, boot, refusal: str) -> None:
    page.add_init_script(REFUSALS[refusal])
    boot(page, site_url + "?variant=contract&players=3&seed=3&pace=instant&lang=en")
    play_a_turn(page)
    if "localStorage" in refusal or refusal == "both refused":
        note = page.locator("#notes").get_by_text(t("setup.storage_off"))
        expect(note).to_have_count(1)  # said once, not at every move
    else:  # the saved game still goes to localStorage; only PyScript's cache lives in memory
        expect(page.locator("html")).to_have_attribute("data-storage", "memory")
        expect(page.locator("#notes")).to_be_hidden()


def test_said_in_the_players_language(page: Page, site_url: str, boot) -> None:
    page.add_init_script(REFUSALS["both refused"])
    boot(page, site_url + "?variant=contract&players=3&seed=3&pace=instant&lang=fi")
    set_language("fi")
    try:
        expect(page.locator("#notes").get_by_text(t("setup.storage_off"))).to_have_count(1)
    finally:
        set_language("en")
    play_a_turn(page)


@pytest.fixture(scope="module")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A page on ``localhost`` that frames the game's address given after ``#``."""
    folder: Path = tmp_path_factory.mktemp("other-site")
    (folder / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title>'
        '<link rel="icon" href="data:,"></head><body><main><h1>Another site</h1>'
        '<iframe id="rommi" title="Rommi" style="width:100%;height:48rem;border:0"></iframe></main>'
        "<script>document.getElementById('rommi').src = decodeURIComponent(location.hash.slice(1));</script>"
        "</body></html>",
        encoding="utf-8",
    )
    with serving(folder) as url:
        yield url.replace("127.0.0.1", "localhost")


def test_a_frame_on_another_site_plays(page: Page, site_url: str, other_site: str) -> None:
    """The README's cross-site embed: no stored game, but a game."""
    page.goto(other_site + "#" + site_url + "?embed=1&variant=contract&players=3&seed=3&pace=instant&lang=en")
    frame = page.frame_locator("#rommi")
    expect(frame.locator('html[data-ready="true"]')).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    frame.get_by_role("button", name="Start new game").click()
    expect(frame.locator("#table")).to_be_visible()
    expect(frame.locator("#hand").get_by_role("button").first).to_be_visible()
