"""A saved game that cannot be read, in a browser whose storage is full: it is not dropped.
It stays where it is, the page says so and does not write over it, and "Download it" hands it
to the player as a file, which makes room: the next game is saved again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import settle, stored_text

from ui.records.stores import GAME
from ui.words.i18n import t

pytestmark = pytest.mark.browser

BAD_SAVE = '{"version": 1, "game": "' + "x" * 300_000 + '"'  # cut short: unreadable


def fill_storage(page: Page) -> None:
    """Before the first load: the bad save, then junk until the browser refuses more."""
    page.add_init_script(
        "(bad => { if (sessionStorage.getItem('filled')) return; sessionStorage.setItem('filled', '1');"
        f" localStorage.setItem({json.dumps(GAME.key)}, bad);"
        " for (const size of [1e6, 1e5, 1e4, 1e3, 100, 10]) {"
        "   try { for (let i = 0; ; i++) localStorage.setItem('junk.' + size + '.' + i, 'j'.repeat(size)); }"
        "   catch { /* full at this size: try smaller */ } } })(" + json.dumps(BAD_SAVE) + ")"
    )


def test_an_unreadable_save_in_full_storage_is_kept_and_can_be_downloaded(
    page: Page, site_url: str, boot, tmp_path: Path
) -> None:
    fill_storage(page)
    boot(page, site_url + "?pace=instant&lang=en")
    note = page.get_by_text(t("note.stuck.save"))
    expect(note).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({json.dumps(GAME.key)})") == BAD_SAVE
    page.get_by_role("button", name="Start new game").click()
    settle(page)
    assert page.evaluate(f"localStorage.getItem({json.dumps(GAME.key)})") == BAD_SAVE, "not written over"
    with page.expect_download() as download:
        page.get_by_role("button", name=t("note.download")).click()
    path = tmp_path / "kept.json"
    download.value.save_as(path)
    assert path.read_text(encoding="utf-8") == BAD_SAVE
    expect(note).to_have_count(0)
    saved = stored_text(page, GAME.key)
    assert saved is not None and saved != BAD_SAVE, "this game is saved now"
    assert json.loads(saved)["game"]["variant"] == "contract"
