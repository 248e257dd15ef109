"""Offline: after one successful load the service worker holds the whole site, and a reload
with the server stopped and the browser offline boots Python and plays."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.table import first_hand, start_game
from tools.build.serve import serving

pytestmark = pytest.mark.browser

SEED = 11
CONTROLLED = (
    "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'"
)


def build_of(site_dir: Path) -> dict:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const BUILD = (\{.*?\});$", text, re.MULTILINE | re.DOTALL).group(1))


def offline_copies(page: Any) -> list[str]:
    """The service worker's caches (not the Python snapshot's, "rommi-python:...")."""
    return [key for key in page.evaluate("caches.keys()") if key.startswith("rommi:")]


def test_reload_offline_with_the_server_stopped_boots_from_the_service_worker(
    new_context, guard, site_dir: Path, boot, dealt
) -> None:
    build = build_of(site_dir)
    context = guard.watch(new_context(service_workers="allow"))
    page = context.new_page()
    with serving(site_dir) as base:
        # Caches an older build of this copy left behind (to be removed), and others' (to be kept).
        page.goto(base + "icon.svg")
        names = {
            "stale": f"rommi:{base}:0000000000000000",
            "elsewhere": f"rommi:{base}elsewhere/:0000",
            "other": "x",
        }
        page.evaluate("names => Promise.all(names.map(n => caches.open(n)))", list(names.values()))

        boot(page, f"{base}?seed={SEED}")
        start_game(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        expect(page.locator("#offline")).to_be_visible()
        caches = page.evaluate("caches.keys()")
        ours = f"rommi:{base}:{build['version']}"
        assert ours in caches
        assert names["stale"] not in caches, "activate must delete this copy's old caches"
        assert {names["elsewhere"], names["other"]} <= set(caches), "activate must leave other caches alone"
        stored = page.evaluate(
            "name => caches.open(name).then(c => c.keys()).then(k => k.map(r => r.url))", ours
        )
        assert sorted(stored) == sorted(base + ("" if url == "./" else url) for url in build["files"])

    context.set_offline(True)
    page.reload()
    boot(page)
    # The game saved in the browser resumes, offline.
    assert dealt(page) == first_hand(SEED)
    card = page.locator("#hand button[data-card]").nth(2)
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    # The transport for playing online (js/online.mjs and the Trystero bundle) loads offline too:
    # an online table opens from the offline copy, and only its connection needs the network.
    online = "import(new URL('js/online.mjs', document.baseURI).href).then(m => typeof m.join)"
    assert page.evaluate(online) == "function"
    # So does the pairing by links (js/pair.mjs; it and js/online.mjs share js/channel.mjs).
    paired = "import(new URL('js/pair.mjs', document.baseURI).href).then(m => typeof m.host)"
    assert page.evaluate(paired) == "function"


def test_a_new_build_takes_over_once_the_page_has_booted_and_its_old_cache_goes(
    new_context, guard, site_dir: Path, tmp_path: Path, boot, dealt
) -> None:
    # Serve the site with a service worker file of our own, to publish a "new build" mid-test.
    served = tmp_path / "site"
    served.mkdir()
    for entry in site_dir.iterdir():
        if entry.name != "sw.js":
            (served / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    (served / "sw.js").write_text(worker, encoding="utf-8")
    old = build_of(site_dir)["version"]
    new = "0" * 16 if old != "0" * 16 else "1" * 16

    context = guard.watch(new_context(service_workers="allow"))
    page = context.new_page()
    with serving(served) as base:
        boot(page, f"{base}?seed={SEED}")
        start_game(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        assert offline_copies(page) == [f"rommi:{base}:{old}"]

        (served / "sw.js").write_text(worker.replace(old, new), encoding="utf-8")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        expect(page.locator("#offline")).to_have_text(re.compile("new version is ready"), timeout=60_000)
        page.wait_for_function(CONTROLLED, timeout=60_000)  # the new worker's activate step has finished
        assert offline_copies(page) == [f"rommi:{base}:{new}"]

        page.reload()
        boot(page)
        assert dealt(page) == first_hand(SEED)
