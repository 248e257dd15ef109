"""Rommi in an iframe of another site, and the address's parameters.

The parent page is served by a second in-process server on another origin
(``127.0.0.1`` on its own port); it collects the messages the game posts to it.
Another port is another origin but the same site (a frame from another site,
with its storage refused, is played in ``test_blocked_storage``). The parameters of the address preset the
setup form; a bad or enormous one is ignored with a note and never breaks the page.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Frame, Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.browser.table import compose, save_of, settle
from tests.stacking import new_game
from tools.build.serve import serving

from ui.records.stores import GAME

pytestmark = pytest.mark.browser

PARENT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A site with Rommi</title>
<link rel="icon" href="data:,"></head>
<body><main><h1>A site with Rommi</h1>
<iframe id="rommi" title="Rommi" style="width: 100%; height: 40rem; border: 0"></iframe></main>
<script>
  window.got = [];
  window.addEventListener("message", (event) => {
    if (event.data && event.data.source === "rommi") window.got.push({ origin: event.origin, ...event.data });
  });
  document.getElementById("rommi").src = decodeURIComponent(location.hash.slice(1));
</script></body></html>
"""


@pytest.fixture(scope="module")
def parent_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("parent")
    (folder / "parent.html").write_text(PARENT, encoding="utf-8")
    with serving(folder) as url:
        yield url + "parent.html"


def open_embedded(page: Page, parent_url: str, src: str) -> Frame:
    page.goto(parent_url + "#" + quote(src, safe=""))
    frame = page.frame_locator("#rommi")
    expect(frame.locator('html[data-ready="true"]')).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    return page.main_frame.child_frames[0]


def messages(page: Page, kind: str) -> list[dict[str, Any]]:
    return [m for m in page.evaluate("window.got") if m["type"] == kind]


def wait_for_message(page: Page, kind: str) -> dict[str, Any]:
    page.wait_for_function(f"window.got.some(m => m.type === {json.dumps(kind)})", timeout=60_000)
    return messages(page, kind)[0]


def test_embedded_on_another_origin_it_is_compact_and_tells_the_parent_about_the_game(
    page: Page, site_url: str, parent_url: str
) -> None:
    assert site_url.rstrip("/") not in parent_url  # another origin
    src = site_url + "?embed=1&variant=basic&players=3&level=hard&seed=7&pace=instant"
    frame = open_embedded(page, parent_url, src)
    html = frame.locator("html")
    expect(html).to_have_attribute("data-embed", "true")
    expect(html).to_have_attribute("data-framed", "true")
    box = frame.locator(".brand").bounding_box()  # no page chrome (the title stays for screen readers)
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    expect(frame.locator(".footer")).to_be_hidden()
    # The address preset the form.
    expect(frame.locator("#variant-basic")).to_be_checked()
    expect(frame.locator("#players")).to_have_value("3")
    expect(frame.locator("#level")).to_have_value("hard")
    assert page.evaluate("window.got") == []  # nothing before a game starts
    frame.locator('[data-act="start"]').click()
    started = wait_for_message(page, "game-started")
    assert started["origin"] == site_url.rstrip("/")
    assert started["variant"] == "basic" and started["players"] == 3 and "seed" not in started
    # The seed, committed to with a secret salt: not even the address's few seeds can be tried.
    assert len(started["seed_sha256"]) == 64 and started["seed_sha256"] != hashlib.sha256(b"7").hexdigest()
    assert started["levels"] == [None, "hard", "hard"]

    # A deal you can end in one turn, with a target reached at once: deal-over, then match-over.
    hand = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
    game = new_game("basic", 2, [hand, []], "2S", ["KD"], {"target": 10}, dealer=1)
    # The frame leaves the game first (to a plain file of the same origin), so the game
    # playing there cannot save over the planted deal before its page is gone.
    frame.goto(site_url + "icon.svg")
    frame.evaluate(f"localStorage.setItem({json.dumps(GAME.key)}, {json.dumps(json.dumps(save_of(game)))})")
    frame.goto(site_url + "?embed=1&pace=instant")
    expect(frame.locator('html[data-ready="true"] #table')).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    settle_frame = frame.locator('#table[data-human="true"]')
    expect(settle_frame).to_have_count(1, timeout=60_000)
    frame.locator('[data-act="draw-stock"]').click()
    expect(frame.locator("#hand button.card")).to_have_count(11)  # the draw is in before cards are picked
    melds = [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]]
    compose(frame, melds, None)  # type: ignore[arg-type]  # a Frame has the locators compose uses
    frame.locator('[data-act="lay-down"]').click()
    frame.locator('#hand button.card[data-card="KD"]').click()
    frame.locator('[data-act="discard"]').click()
    over = wait_for_message(page, "deal-over")
    assert over["deal"] == 1 and over["names"] == ["Tester", "Aino"] and over["went_out"] == 0
    assert over["scores"][0] > 0 and over["totals"] == over["scores"]
    done = wait_for_message(page, "match-over")
    assert done["winners"] == ["Tester"] and done["totals"] == over["totals"]
    assert done["seed"] == 1  # revealed once the game (the one preloaded, of seed 1) is over
    assert re.fullmatch("[0-9a-f]{32}", done["seed_salt"])  # ... with the salt that hid it
    assert [m["type"] for m in page.evaluate("window.got")] == ["game-started", "deal-over", "match-over"]


def test_not_embedded_nothing_is_posted_and_the_chrome_shows(page: Page, site_url: str, boot) -> None:
    boot(page, site_url + "?seed=3")
    expect(page.locator("html")).to_have_attribute("data-framed", "false")
    expect(page.locator(".brand h1")).to_be_visible()
    # Were it to post, a page that is not embedded would post to itself.
    page.evaluate(
        "window.sent = []; window.heard = false; addEventListener('message', (e) => {"
        " if (e.data && e.data.source === 'rommi') window.sent.push(e.data);"
        " if (e.data === 'rommi-test-barrier') window.heard = true; });"
    )
    page.locator('[data-act="start"]').click()
    expect(page.locator("#table")).to_be_visible()
    # The start posts (or would) as it draws the table; messages arrive in order, so once this
    # one, posted now, is heard, any the start posted has been heard before it.
    page.evaluate("postMessage('rommi-test-barrier', '*')")
    page.wait_for_function("window.heard")
    assert page.evaluate("window.sent") == []


BAD_URLS = [
    ("?variant=poker&players=99&level=godlike&lang=sv&embed=yes&pace=warp", 6),
    ("?players=%ZZ&seed=%C2%B2&variant=", 3),  # bad escapes, a superscript two, an empty value
    ("?seed=" + "9" * 100_000, 1),  # 100 KB: more than the test server takes, so the page is routed
    ("?lang=fi&seed=-1&players=2", 2),  # players=2 is too few for Sitoumusrommi
]


@pytest.mark.parametrize(("query", "notes"), BAD_URLS, ids=["words", "escapes", "huge", "finnish"])
def test_bad_address_parameters_are_ignored_with_a_note(
    page: Page, site_url: str, site_dir: Path, boot, query: str, notes: int
) -> None:
    if len(query) > 10_000:  # Python's server refuses such a request line (414): answer it here
        index = site_dir / "index.html"
        page.route(lambda u: len(u) > 10_000, lambda r: r.fulfill(path=index, content_type="text/html"))
    boot(page, site_url + query)
    expect(page.locator("#setup-form")).to_be_visible()
    expect(page.locator("#notes .note")).to_have_count(notes)
    text = page.locator("#notes").inner_text()
    assert len(text) < 2000  # an oversized value is shortened
    if "lang=fi" in query:
        expect(page.locator("#notes .note").first).to_contain_text("ei kelpaa tässä")
    else:
        expect(page.locator("#notes .note").first).to_contain_text("which is not valid here: ignored")
    # The page still plays (at the instant pace, chosen on the form as a person would).
    pace = re.compile("^(Computer players' pace|Tietokonepelaajien tahti)")
    page.get_by_role("combobox", name=pace).select_option("instant")
    page.locator('[data-act="start"]').click()
    expect(page.locator("#table")).to_be_visible()
    settle(page)
