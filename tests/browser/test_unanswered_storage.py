"""Storage that never answers: the game starts all the same, a little later, and says so only
where it cannot save.

Browsers have had bugs where ``indexedDB.open()`` never calls back, and Cache Storage can
hang the same way. The page waits for both while it boots (PyScript keeps its cache in
IndexedDB; the Python snapshot is read from Cache Storage before Pyodide loads), so each
wait is bounded in time and falls back: an in-memory stand-in for IndexedDB, the normal
boot without a snapshot. The silences are stood in for before the page's first script
runs, and a person presses Start on the form shown at first paint, as they would.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.browser.table import settle

from ui.records.stores import GAME
from ui.words.i18n import set_language, t

pytestmark = pytest.mark.browser

NEVER = "() => new Promise(() => {})"
SILENCES = {
    # A request that never fires success, error or blocked.
    "indexedDB never opens": "IDBFactory.prototype.open = function () { return new EventTarget(); };",
    "Cache Storage never answers": "".join(
        f"CacheStorage.prototype.{name} = {NEVER};" for name in ("open", "match", "has", "keys", "delete")
    ),
    # The session's snapshot is found, but its bytes never arrive.
    "the snapshot's bytes never arrive": "Cache.prototype.match = function () {"
    f" return Promise.resolve({{ arrayBuffer: {NEVER} }}); }};",
}
# The page's longest bounded waits (boot/interpreter.mjs CACHE_WAIT_MS and BYTES_WAIT_MS), and a
# script, run after the silence's, that notes when the page has asked (the wait's timer is set in
# that same task): the test then lets the wait's time pass at once with Playwright's clock instead
# of sitting it out; the page still waits the whole time on its own clock.
WAITS = {
    "Cache Storage never answers": (
        3_000,
        "{ const open = CacheStorage.prototype.open; CacheStorage.prototype.open = function (...args) {"
        " const answer = open.apply(this, args); window.rommiTestAsked = true; return answer; }; }",
    ),
    "the snapshot's bytes never arrive": (
        10_000,
        "{ const match = Cache.prototype.match; Cache.prototype.match = function (...args) {"
        " return match.apply(this, args).then((hit) => hit && { arrayBuffer: () => {"
        " const bytes = hit.arrayBuffer(); window.rommiTestAsked = true; return bytes; } }); }; }",
    ),
}


def wait_passes_at_once(page: Page, silence: str) -> None:
    """Before the page opens: note when it asks the silent storage (see ``WAITS``)."""
    if silence in WAITS:
        page.clock.install()  # time flows as usual until ``let_the_wait_pass``
        page.add_init_script(WAITS[silence][1])


def let_the_wait_pass(page: Page, silence: str) -> None:
    """Once the page has asked, let its bounded wait's time pass (see ``WAITS``)."""
    if silence in WAITS:
        page.wait_for_function("window.rommiTestAsked === true", timeout=BOOT_TIMEOUT_MS)
        page.clock.run_for(WAITS[silence][0])


SILENT_AND_REFUSED = (
    SILENCES["indexedDB never opens"]
    + SILENCES["Cache Storage never answers"]
    + "Storage.prototype.getItem = () => {"
    + " throw new DOMException('The operation is insecure.', 'SecurityError'); };"
)


def press_start_and_play(page: Page, url: str, lang: str = "en", silence: str | None = None) -> None:
    """Open the page, press Start on the first form shown, see the hand, draw and discard
    (``silence``: let that silence's wait pass at once, see ``WAITS``)."""
    set_language(lang)
    try:
        start, stock = t("setup.start"), t("table.stock")
    finally:
        set_language("en")
    page.goto(url)
    page.get_by_role("button", name=start, exact=True).click()
    if silence is not None:
        let_the_wait_pass(page, silence)
    hand = page.locator("#hand").get_by_role("button")
    expect(hand.first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    while settle(page) == "buy":
        page.locator("#buy-panel [data-act='pass']").click()
    held = hand.count()
    page.get_by_role("button", name=re.compile("^" + stock)).click()
    expect(hand).to_have_count(held + 1)
    settle(page)
    hand.last.click()
    page.locator('#actions [data-act="discard"]').click()
    expect(hand).to_have_count(held)


@pytest.mark.parametrize("silence", list(SILENCES))
def test_the_game_starts_when_storage_never_answers(page: Page, site_url: str, silence: str) -> None:
    page.add_init_script(SILENCES[silence])
    wait_passes_at_once(page, silence)
    press_start_and_play(page, site_url + "?seed=3&pace=instant&lang=en", silence=silence)
    root = page.locator("html")
    if silence == "indexedDB never opens":
        expect(root).to_have_attribute("data-storage", "memory")  # PyScript's cache, this visit only
    else:
        expect(root).to_have_attribute("data-python", "fresh")  # the normal boot, no snapshot
    # The game itself is saved in localStorage, which works: nothing to say.
    expect(page.locator("#notes")).to_be_hidden()
    assert GAME.key in page.evaluate("Object.keys(localStorage)")


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_silent_storage_and_no_saving_is_said_in_the_players_language(
    page: Page, site_url: str, lang: str
) -> None:
    page.add_init_script(SILENT_AND_REFUSED)
    press_start_and_play(page, site_url + f"?seed=3&pace=instant&lang={lang}", lang)
    set_language(lang)
    try:
        said = t("setup.storage_off")
    finally:
        set_language("en")
    expect(page.locator("#notes").get_by_text(said)).to_have_count(1)
