"""Python restored from a snapshot on repeat visits (``boot/interpreter.mjs``), and every way
back to the normal boot: no snapshot yet, a stale one, a damaged one, storage refused.

These tests see first visits, so their contexts start without the session's snapshot. A test
that needs a snapshot already stored, to damage or age it, has the session's planted
(``tests.browser.snapshots.plant``: the bytes and key this build's first visit stores) rather
than paying for a first visit of its own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS, boot_page
from tests.browser.person import button
from tests.browser.snapshots import Snapshot, plant
from tests.browser.table import pass_offers, saved
from tools.build.build import archived_modules, snapshot_modules

from ui.records.stores import GAME, SNAPSHOT_MARK_PREFIX

pytestmark = [pytest.mark.browser, pytest.mark.fresh_python]

ROOT = "document.documentElement.dataset"
ENTRIES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("rommi-python:")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      out[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
  }
  return out;
}"""
PUT = """async ([key, how]) => {
  const name = (await caches.keys()).find((k) => k.startsWith("rommi-python:"));
  const cache = await caches.open(name);
  const [current] = await cache.keys();
  let bytes = new Uint8Array(await (await cache.match(current)).arrayBuffer());
  if (how === "garbage") bytes = new Uint8Array(4096).fill(7);
  if (how === "half") bytes = bytes.slice(0, bytes.length >> 1);
  if (key !== current.url) await cache.delete(current);
  await cache.put(key || current.url, new Response(bytes));
}"""
MB = 1 << 20


def booted(page: Page) -> str:
    return str(page.evaluate(f"{ROOT}.python"))


def stored(page: Page) -> dict[str, int]:
    """The snapshot entries in Cache Storage (URL: bytes), once the page has settled on one."""
    expect(page.locator("html[data-snapshot]")).to_have_count(1, timeout=BOOT_TIMEOUT_MS * 2)
    assert page.evaluate(f"{ROOT}.snapshot") in ("stored", "kept")
    return dict(page.evaluate(ENTRIES))


def planted(context: BrowserContext, snapshot: Snapshot) -> tuple[str, int]:
    """Store the session's snapshot in ``context``, as a first visit of this build would; its key and size."""
    plant(context, snapshot)
    page = context.new_page()
    page.goto(snapshot.site_url + "icon.svg")
    [(key, size)] = dict(page.evaluate(ENTRIES)).items()
    page.close()
    return key, size


def page_modules() -> int:
    """How many shipped modules read the page: the snapshot holds their bytecode, not the modules."""
    archived = archived_modules()
    return len(archived) - len(snapshot_modules(archived))


def game_seed(page: Page) -> int:
    return int(saved(page)["seed"])


def play_a_turn(page: Page) -> None:
    """Draw from the stock and discard, as a person does."""
    pass_offers(page)  # a computer player drew first: you are offered its pile card
    hand = page.locator("#hand").get_by_role("button")
    held = hand.count()
    page.get_by_role("button", name="Stock").click()
    expect(hand).to_have_count(held + 1)
    hand.first.click()
    page.locator("#actions").get_by_role("button", name="Discard").click()
    expect(hand).to_have_count(held)


def test_a_first_visit_stores_a_snapshot_and_the_next_visit_starts_from_it(page: Page, site_url: str) -> None:
    boot_page(page, site_url + "?pace=instant")
    assert booted(page) == "fresh"
    assert page.locator("html[data-bytecode]").count() == 0, "a first visit compiles as it imports"
    entries = stored(page)
    assert page.evaluate(f"{ROOT}.snapshot") == "stored"
    build = page.evaluate(f"{ROOT}.build")
    [(key, size)] = entries.items()
    assert key.startswith(site_url) and "pyodide=" in key and f"build={build}" in key
    assert size > 8 * MB  # the heap of a Python with our modules imported
    button(page, "Start new game").click()
    first_seed = game_seed(page)
    page.goto(site_url + "icon.svg")  # the game stops, so it saves no more
    page.evaluate("key => localStorage.removeItem(key)", GAME.key)  # the next visit opens on the setup form

    boot_page(page, site_url + "?pace=instant")
    assert booted(page) == "snapshot"
    assert page.evaluate(f"{ROOT}.snapshot") == "kept"
    # The modules that read the page were compiled into the snapshot and written out as .pyc files
    # (boot/snapshot.mjs); the table below runs on them.
    assert page.evaluate(f"{ROOT}.bytecode") == str(page_modules()) != "0"
    button(page, "Start new game").click()
    expect(page.locator("#table")).to_be_visible()
    # A new game's seed comes from the operating system's randomness (ui.model.app.new_seed), and the
    # generator every module shares is reseeded after the restore: nothing the heap holds repeats.
    assert game_seed(page) != first_seed, "a restored Python must not repeat the last visit's chance"
    play_a_turn(page)
    assert page.evaluate(ENTRIES) == entries, "a snapshot that restored is kept as it is"


@pytest.mark.parametrize("how", ["garbage", "half"])
def test_a_damaged_snapshot_falls_back_to_the_normal_boot_and_is_replaced(
    page: Page, site_url: str, guard: Any, how: str, python_snapshot: Snapshot
) -> None:
    key, size = planted(page.context, python_snapshot)
    page.goto(site_url + "icon.svg")
    page.evaluate(PUT, [key, how])
    boot_page(page, site_url + "?pace=instant")
    assert booted(page) == "fresh"
    expect(page.locator("#failure")).to_be_hidden()
    assert stored(page) == {key: size}, "the damaged snapshot is replaced by a whole one"
    button(page, "Start new game").click()
    play_a_turn(page)
    page.reload()
    boot_page(page)
    assert booted(page) == "snapshot"
    assert guard.problems == []


def test_a_snapshot_of_another_build_is_not_used_and_goes_when_a_new_one_is_stored(
    page: Page, site_url: str, python_snapshot: Snapshot
) -> None:
    key, size = planted(page.context, python_snapshot)
    page.goto(site_url + "icon.svg")
    stale = key.replace("build=", "build=0000")
    page.evaluate(PUT, [stale, "whole"])
    assert page.evaluate(ENTRIES) == {stale: size}
    boot_page(page, site_url + "?pace=instant")
    assert booted(page) == "fresh"
    assert stored(page) == {key: size}


REFUSE_STORAGE = """
Object.defineProperty(window, "caches", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


def test_with_cache_storage_refused_the_page_boots_normally_and_says_nothing(
    page: Page, site_url: str
) -> None:
    page.add_init_script(REFUSE_STORAGE)
    boot_page(page, site_url + "?pace=instant")
    assert booted(page) == "fresh"
    expect(page.locator("html[data-snapshot]")).to_have_attribute("data-snapshot", "refused")
    expect(page.locator("#failure")).to_be_hidden()
    expect(page.locator("#notes")).to_be_hidden()
    button(page, "Start new game").click()
    play_a_turn(page)


# Python never starts: the page sits in its restore as a tab does whose renderer is about to die.
STALL_WEBASSEMBLY = """
for (const name of ["instantiate", "instantiateStreaming", "compile", "compileStreaming"]) {
  WebAssembly[name] = () => new Promise(() => {});
}
"""
NOTE_KEY = f"{json.dumps(SNAPSHOT_MARK_PREFIX)} + `${{location.origin}}/`"  # the boot's note of the snapshot
MARK = f"JSON.parse(localStorage.getItem({NOTE_KEY}) || 'null')"


def a_restore_that_never_finishes(context: BrowserContext, url: str) -> dict[str, Any]:
    """Open ``url`` in a tab whose restore never ends, close the tab, and return the record it left."""
    tab = context.new_page()
    tab.add_init_script(STALL_WEBASSEMBLY)
    tab.goto(url)
    tab.wait_for_function(f"{MARK} && {MARK}.restoring")
    mark = dict(tab.evaluate(MARK))
    tab.close()
    return mark


def test_a_restore_that_killed_the_tab_is_not_tried_again_and_twice_in_a_row_turns_snapshots_off(
    context: BrowserContext, site_url: str, guard: Any, python_snapshot: Snapshot
) -> None:
    url = site_url + "?pace=instant"
    key, size = planted(context, python_snapshot)
    assert a_restore_that_never_finishes(context, url) == {"key": key, "restoring": True, "failures": 0}

    page = boot_page(context.new_page(), url)
    assert booted(page) == "fresh", "a restore that never finished is not tried again"
    assert stored(page) == {key: size}, "a new snapshot is made in its place"
    assert page.evaluate(MARK) == {"key": key, "restoring": False, "failures": 1}
    page.reload()
    boot_page(page)
    assert booted(page) == "snapshot", "one lost restore does not stop the next"
    expect(page.locator("html[data-snapshot]")).to_have_attribute("data-snapshot", "kept")
    page.wait_for_function(f"{MARK}.failures === 0")
    page.close()

    mark = a_restore_that_never_finishes(context, url)
    assert mark == {"key": key, "restoring": True, "failures": 0}, "a restore that finished starts anew"
    # As a second lost restore in a row leaves it (the fresh boot between them is seen above).
    page = context.new_page()
    page.goto(site_url + "icon.svg")
    second = [f"{SNAPSHOT_MARK_PREFIX}{site_url}", json.dumps({**mark, "failures": 1})]
    page.evaluate("([name, value]) => localStorage.setItem(name, value)", second)
    page.close()
    for visit in range(2):
        page = boot_page(context.new_page(), url)
        assert booted(page) == "fresh"
        expect(page.locator("html[data-snapshot]")).to_have_attribute("data-snapshot", "off")
        assert page.evaluate(MARK)["failures"] == 2
        assert page.evaluate(ENTRIES) == {}, "after two lost restores in a row this build keeps no snapshot"
        if visit:
            button(page, "Start new game").click()
            play_a_turn(page)
        page.close()
    assert guard.problems == []
