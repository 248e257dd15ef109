"""The statistics screen and "Your data", as a person uses them: by the buttons and fields
they see (role and accessible name), at two desktop sizes and a phone's.

Stored statistics are made with the pure layer (``ui.records.stats.add_match``) and put in the
browser before the page opens; one short match is also played to its end through the
page, and counted once (a reload at its end does not count it again). Export gives a file
that, imported in a fresh browser, shows the same statistics and settings; hostile files
are refused with their reason and change nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import compose, save_of, screenshot, settings_with, stored_text
from tests.matches import FIRST, SECOND, contract_match
from tests.stacking import new_game

from ui.records import stats
from ui.records.stats import add_match
from ui.records.stores import GAME, LEDGER, SETTINGS, STATS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
TIMEOUT = 60_000


def known_stats() -> dict[str, Any]:
    """Three matches of Sitoumusrommi (the third a deal of the day, its log not kept) and one
    of Perusrommi: the numbers the screen must show are worked out by hand below."""
    s = stats.empty()
    for m in [
        contract_match(1, True, 1, 40, "30", FIRST),
        contract_match(2, False, 3, 180, "-25/2", SECOND),
        contract_match(3, False, 2, 90, "-5", [[20, None, None]] * 7),
    ]:
        s = add_match(s, m)
    basic = {**contract_match(4, True, 1, 105, "0", [[60, 1, 0], [45, 1, 0]]), "variant": "basic"}
    return add_match(s, {**basic, "id": "basic/2/4", "players": 2})


def put_before_load(page: Page, items: dict[str, str]) -> None:
    """Store ``items`` before the page's first load (once: a reload finds what the page kept)."""
    page.add_init_script(
        "(items => { if (sessionStorage.getItem('rommi.test.stored')) return;"
        " sessionStorage.setItem('rommi.test.stored', '1');"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })("
        + json.dumps(items)
        + ")"
    )


def stored(page: Page, key: str) -> Any:
    text = stored_text(page, key)
    return None if text is None else json.loads(text)


def open_statistics(page: Page) -> None:
    page.get_by_role("button", name="Statistics", exact=True).click()
    heading = page.get_by_role("heading", name="Statistics", level=2)
    expect(heading).to_be_visible()
    expect(heading).to_be_focused()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_statistics_show_the_numbers_and_reset_only_when_confirmed(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    put_before_load(page, {STATS.key: json.dumps(known_stats())})
    boot(page, site_url)
    size = f"{width}x{height}"
    screenshot(page, f"stats-setup-{size}")
    open_statistics(page)
    expect(page.get_by_role("button", name="Sitoumusrommi")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("3 matches played, 1 won.")).to_be_visible()
    contracts = page.get_by_role("table", name="The seven contracts")
    first = contracts.get_by_role("row").nth(1)  # deal 1: penalties 0, 60, 20; met 1 of 2 known
    expect(first.get_by_role("rowheader")).to_have_text("1")
    expect(first.get_by_role("cell").nth(1)).to_have_text("3")
    expect(first.get_by_role("cell").nth(2)).to_have_text("26.7")
    expect(first.get_by_role("cell").nth(3)).to_have_text("1 of 2 (50%)")
    expect(page.get_by_role("definition").first).to_have_text("0.7")  # 10 cards bought in 14 deals
    expect(page.get_by_text("Cards bought per deal")).to_be_visible()
    expect(page.get_by_role("img", name="After 3 matches your ledger stands at +12.5")).to_be_attached()
    daily = page.get_by_role("table", name="Your deal-of-the-day results")
    expect(daily.get_by_role("cell")).to_have_text(["2/4", "90", "Not won"])
    screenshot(page, f"stats-contract-{size}", full_page=True)
    assert_accessible(page)

    page.get_by_role("button", name="Perusrommi").click()
    expect(page.get_by_text("1 match played, 1 won.")).to_be_visible()
    expect(page.get_by_role("table", name="The seven contracts")).to_have_count(0)

    # Reset asks first: Esc and Cancel leave everything.
    page.get_by_role("button", name="Reset statistics").click()
    expect(page.get_by_role("button", name="Cancel")).to_be_focused()
    screenshot(page, f"stats-confirm-{size}")
    assert_accessible(page)
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Yes, reset statistics")).to_have_count(0)
    expect(page.get_by_role("button", name="Reset statistics")).to_be_focused()
    page.get_by_role("button", name="Reset statistics").click()
    page.get_by_role("button", name="Cancel").click()
    assert len(stored(page, STATS.key)["matches"]) == 4
    page.get_by_role("button", name="Reset statistics").click()
    page.get_by_role("button", name="Yes, reset statistics").click()
    expect(page.get_by_text("No finished match of Perusrommi yet")).to_be_visible()
    assert stored(page, STATS.key) == stats.empty()
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_role("button", name="Statistics", exact=True)).to_be_focused()


def test_a_match_finished_at_the_table_is_counted_once(page: Page, site_url: str, boot: Any) -> None:
    """A deal of Perusrommi you end in one turn, with a target reached at once."""
    hand = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
    game = new_game("basic", 2, [hand, []], "2S", ["KD"], {"target": 10}, dealer=1)
    put_before_load(
        page, {GAME.key: json.dumps(save_of(game)), SETTINGS.key: json.dumps(settings_with(pace="instant"))}
    )
    boot(page, site_url)
    expect(page.locator('#table[data-human="true"]')).to_have_count(1, timeout=TIMEOUT)
    page.get_by_role("button", name="Stock").click()
    expect(page.locator("#hand button.card")).to_have_count(11)
    compose(page, [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]], None)
    page.get_by_role("button", name="Lay down", exact=True).click()
    page.locator('#hand button.card[data-card="KD"]').click()
    page.get_by_role("button", name="Discard K♦").click()
    expect(page.get_by_role("dialog")).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("dialog").get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.get_by_role("heading", name="Statistics", level=2)).to_be_focused()
    expect(page.get_by_role("button", name="Perusrommi")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("1 match played, 1 won.")).to_be_visible()
    page.reload()
    boot(page)
    assert len(stored(page, STATS.key)["matches"]) == 1
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.get_by_text("1 match played, 1 won.")).to_be_visible()
    page.get_by_role("button", name="Back").click()
    expect(page.locator('[data-act="menu-stats"]')).to_be_focused()


def test_export_then_import_in_a_fresh_browser_shows_the_same(
    sized_page: Any, site_url: str, boot: Any, tmp_path: Path
) -> None:
    page: Page = sized_page(1280, 800)
    settings = settings_with(name="Liisa", pace="slow")
    ledger = {"version": 1, "games": 3, "balance": {"Liisa": "12", "Aino": "-12"}, "wins": {"Liisa": 2}}
    put_before_load(
        page,
        {
            STATS.key: json.dumps(known_stats()),
            SETTINGS.key: json.dumps(settings),
            LEDGER.key: json.dumps(ledger),
        },
    )
    boot(page, site_url)
    open_statistics(page)
    with page.expect_download() as got:
        page.get_by_role("button", name="Export my data").click()
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert path.name.startswith("rommi-data-") and path.suffix == ".json"

    fresh: Page = sized_page(360, 640)
    boot(fresh, site_url)
    open_statistics(fresh)
    expect(fresh.get_by_text("No finished match of Sitoumusrommi yet")).to_be_visible()
    fresh.get_by_label("Import data").set_input_files(path)
    expect(fresh.get_by_role("status").filter(has_text="Your data was imported.")).to_be_visible()
    expect(fresh.get_by_role("heading", name="Statistics", level=2)).to_be_focused()
    expect(fresh.get_by_text("3 matches played, 1 won.")).to_be_visible()
    screenshot(fresh, "stats-imported-360x640", full_page=True)
    for key in (STATS.key, SETTINGS.key, LEDGER.key):
        assert stored(fresh, key) == stored(page, key), key
    fresh.get_by_role("button", name="Back").click()
    expect(fresh.get_by_label("Your name")).to_have_value("Liisa")


HOSTILE = {
    "wrong-format": (
        json.dumps({"format": "another.app", "version": 1, "parts": {}}),
        "is not a Rommi export",
    ),
    "newer": (json.dumps({"format": "rommi.bundle", "version": 99, "parts": {}}), "made by a newer Rommi"),
    "corrupt": ('{"format": "rommi.bundle", "version": 1, "parts": {', "is not a Rommi export"),
    "script-part": (
        json.dumps({"format": "rommi.bundle", "version": 1, "parts": {"<script>alert(1)</script>": None}}),
        "is not a Rommi export",
    ),
    "bad-stats": (
        json.dumps(
            {"format": "rommi.bundle", "version": 1, "parts": {"stats": {"version": 7, "matches": []}}}
        ),
        "statistics in this file cannot be read",
    ),
}


def test_hostile_files_are_refused_with_their_reason_and_change_nothing(
    page: Page, site_url: str, boot: Any, tmp_path: Path
) -> None:
    put_before_load(
        page, {STATS.key: json.dumps(known_stats()), SETTINGS.key: json.dumps(settings_with(name="Liisa"))}
    )
    boot(page, site_url)
    open_statistics(page)
    before = page.evaluate("JSON.stringify(localStorage)")
    for name, (text, reason) in HOSTILE.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        page.evaluate("() => document.getElementById('import-error')?.setAttribute('data-old', '')")
        page.get_by_label("Import data").set_input_files(path)
        expect(page.locator("#import-error[data-old]")).to_have_count(0)  # each file answered anew
        expect(page.get_by_role("alert").filter(has_text=reason)).to_be_visible()
        expect(page.get_by_label("Import data")).to_be_focused()
        assert page.evaluate("JSON.stringify(localStorage)") == before, name
    screenshot(page, "stats-import-refused-1000x700")
    expect(page.get_by_text("3 matches played, 1 won.")).to_be_visible()


def test_a_name_with_markup_is_imported_as_text_and_runs_nothing(
    page: Page, site_url: str, boot: Any, tmp_path: Path
) -> None:
    name = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
    bundle = {
        "format": "rommi.bundle",
        "version": 1,
        "parts": {
            "settings": settings_with(name=name[:20]),
            "ledger": {"version": 1, "games": 1, "balance": {name: "5"}, "wins": {}},
        },
    }
    path = tmp_path / "markup.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    boot(page, site_url)
    open_statistics(page)
    page.get_by_label("Import data").set_input_files(path)
    expect(page.get_by_role("status").filter(has_text="Your data was imported.")).to_be_visible()
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_label("Your name")).to_have_value(name[:20])
    assert page.evaluate("window.pwned") is None


def test_in_finnish_the_statistics_speak_finnish(sized_page: Any, site_url: str, boot: Any) -> None:
    page: Page = sized_page(360, 640)
    put_before_load(
        page, {STATS.key: json.dumps(known_stats()), SETTINGS.key: json.dumps(settings_with(language="fi"))}
    )
    boot(page, site_url)
    page.get_by_role("button", name="Tilastot", exact=True).click()
    expect(page.get_by_role("heading", name="Tilastot", level=2)).to_be_focused()
    expect(page.get_by_text("3 peliä pelattu, niistä 1 voitettu.")).to_be_visible()
    expect(page.get_by_role("table", name="Seitsemän sitoumusta")).to_contain_text("26,7")
    page.get_by_role("button", name="Perusrommi").click()
    expect(page.get_by_text("1 peli pelattu, niistä 1 voitettu.")).to_be_visible()
    screenshot(page, "stats-basic-fi-360x640", full_page=True)


def test_from_the_table_menu_the_game_waits_and_goes_on_after_back(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """Seed 1: the three computer players move before you, slowly; while the statistics are
    open none of them moves, and Back lets them go on to your turn."""
    page: Page = sized_page(360, 640)
    put_before_load(page, {SETTINGS.key: json.dumps(settings_with(pace="slow"))})
    page.clock.install()  # time flows as usual; run_for below lets it pass at once
    boot(page, site_url + "?seed=1")
    page.get_by_role("button", name="Start new game").click()
    expect(page.locator("#table")).to_be_visible()
    screenshot(page, "stats-table-menu-360x640")
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.get_by_role("heading", name="Statistics", level=2)).to_be_focused()
    expect(page.get_by_text("No finished match of Sitoumusrommi yet")).to_be_visible()
    page.clock.run_for(500)  # a move under way when the statistics opened is saved
    moves = len(stored(page, GAME.key)["log"])
    assert moves < 3, "the computer players had already finished before you"
    page.clock.run_for(4000)  # two moves' time at this pace
    assert len(stored(page, GAME.key)["log"]) == moves
    assert_accessible(page)
    page.get_by_role("button", name="Back").click()
    expect(page.locator('[data-act="menu-stats"]')).to_be_focused()
    page.clock.run_for(30_000)  # the three players' waits at this pace (and their thinking's timers)
    expect(page.locator('#table[data-human="true"]')).to_have_count(1, timeout=TIMEOUT)
