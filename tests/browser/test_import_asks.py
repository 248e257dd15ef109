"""Importing asks before it loses anything, and a file of nothing changes nothing (issue 42,
point 7: a file whose every part was ``null`` deleted the game, the ledger and the settings)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import save_of, screenshot, settings_with
from tests.browser.test_stats_screen import known_stats, open_statistics, put_before_load, stored
from tests.stacking import new_game

from ui.records.bundle import PARTS
from ui.records.stores import GAME, LEDGER, SETTINGS, STATS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
ASK = "Replace what this browser keeps with this file?"


def kept_here(page: Page) -> None:
    """A game in progress, a ledger of 3 games, statistics and settings, before the first load."""
    game = new_game(
        "basic", 2, [["7H", "7S", "7D", "2C", "3C", "4C", "9H", "9S", "9D", "KS"], []], "QD", ["5C"]
    )
    ledger = {"version": 1, "games": 3, "balance": {"Liisa": "12", "Aino": "-12"}, "wins": {"Liisa": 2}}
    put_before_load(
        page,
        {
            GAME.key: json.dumps(save_of(game, name="Liisa")),
            LEDGER.key: json.dumps(ledger),
            STATS.key: json.dumps(known_stats()),
            SETTINGS.key: json.dumps(settings_with(name="Liisa")),
        },
    )


def kept(page: Page) -> dict[str, Any]:
    """What this browser keeps for the game, read as data (the page may write the save again,
    more compactly, at any time: that is no change)."""
    return {key: stored(page, key) for key in (GAME.key, LEDGER.key, STATS.key, SETTINGS.key)}


def choose(page: Page, path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    page.evaluate("() => document.getElementById('import-error')?.setAttribute('data-old', '')")
    page.get_by_label("Import data").set_input_files(path)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_import_that_would_lose_data_asks_and_a_file_of_nothing_changes_nothing(
    sized_page: Any, site_url: str, boot: Any, tmp_path: Path, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    kept_here(page)
    boot(page, site_url)
    open_statistics(page)
    before = kept(page)

    choose(
        page,
        tmp_path / "nothing.json",
        json.dumps({"format": "rommi.bundle", "version": 1, "parts": dict.fromkeys(PARTS)}),
    )
    expect(page.locator("#import-error[data-old]")).to_have_count(0)
    expect(page.get_by_role("alert").filter(has_text="This file holds no data")).to_be_visible()
    assert kept(page) == before

    only_settings = {
        "format": "rommi.bundle",
        "version": 1,
        "parts": {"settings": settings_with(name="Uusi")},
    }
    choose(page, tmp_path / "settings.json", json.dumps(only_settings))
    dialog = page.get_by_role("alertdialog", name=ASK)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The file holds: settings.")
    expect(dialog.get_by_role("listitem")).to_have_text(
        [
            "the game in progress: Perusrommi, deal 1",
            "the record of earlier games (3 games)",
            "your statistics (4 matches)",
        ]
    )
    cancel = dialog.get_by_role("button", name="Cancel")
    expect(cancel).to_be_focused()
    expect(dialog.get_by_role("button", name="Import and replace")).to_be_visible()
    screenshot(page, f"import-ask-{width}x{height}")
    assert_accessible(page)
    page.keyboard.press("Enter")  # Cancel: the keyboard starts there
    expect(dialog).to_have_count(0)
    expect(page.get_by_label("Import data")).to_be_focused()
    assert kept(page) == before

    choose(page, tmp_path / "settings.json", json.dumps(only_settings))
    expect(cancel).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert kept(page) == before

    choose(page, tmp_path / "settings.json", json.dumps(only_settings))
    dialog.get_by_role("button", name="Import and replace").click()
    expect(page.get_by_role("status").filter(has_text="Your data was imported.")).to_be_visible()
    expect(page.get_by_text("No finished match of Perusrommi yet")).to_be_visible()  # the statistics went too
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_label("Your name")).to_have_value("Uusi")
    expect(page.get_by_role("button", name="Continue the game in progress")).to_have_count(0)
