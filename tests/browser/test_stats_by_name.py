"""Statistics by name (issue 40, point 4), as a person uses them: "Whose statistics" on the
statistics screen, found by its label, picks another person's numbers.

The browser holds, before the page opens, three matches of the device's owner Ann (one stored
before rows had names, one under the name she had then, one under her name now) and one of
Liisa, a friend who played at this device; the numbers each must show are worked out below.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import screenshot, settings_with
from tests.browser.test_stats_screen import known_stats, put_before_load
from tests.matches import FIRST, SECOND, contract_match

from ui.records import stats
from ui.records.stats import add_match
from ui.records.stores import SETTINGS, STATS

pytestmark = pytest.mark.browser


def two_people() -> dict[str, Any]:
    """Ann: three Sitoumusrommi matches, one won (the first stored without a name, the second
    under an old name, marked hers). Liisa: one Sitoumusrommi match, won, ledger +40."""
    s = stats.empty()
    for m in [
        contract_match(1, True, 1, 40, "30", FIRST),
        {**contract_match(2, False, 3, 180, "-25/2", SECOND), "name": "Annie", "owner": True},
        {**contract_match(3, False, 2, 90, "-5", [[20, None, None]] * 7), "name": "Ann", "owner": True},
        {**contract_match(2, True, 1, 25, "40", FIRST), "id": "contract/4/2/2026-11-02/x/1", "name": "Liisa"},
    ]:
        s = add_match(s, m)
    return s


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 640)])
def test_whose_statistics_shows_another_persons_numbers(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    put_before_load(
        page, {STATS.key: json.dumps(two_people()), SETTINGS.key: json.dumps(settings_with(name="Ann"))}
    )
    boot(page, site_url)
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.get_by_role("heading", name="Statistics", level=2)).to_be_focused()
    whose = page.get_by_role("combobox", name="Whose statistics")
    expect(whose).to_be_visible()
    expect(whose.get_by_role("option")).to_have_text(["Ann", "Liisa"])
    expect(whose.locator("option:checked")).to_have_text("Ann")
    expect(page.get_by_text("3 matches played, 1 won.")).to_be_visible()
    expect(page.get_by_role("img", name="After 3 matches your ledger stands at +12.5")).to_be_attached()
    size = f"{width}x{height}"
    screenshot(page, f"stats-whose-ann-{size}", full_page=True)

    whose.select_option(label="Liisa")
    expect(page.get_by_text("1 match played, 1 won.")).to_be_visible()
    expect(page.get_by_role("img", name="After 1 match your ledger stands at +40")).to_be_attached()
    first = page.get_by_role("table", name="The seven contracts").get_by_role("row").nth(1)
    expect(first.get_by_role("cell").nth(2)).to_have_text("0")  # Liisa's deal 1: no penalty
    expect(page.get_by_role("combobox", name="Whose statistics")).to_be_focused()
    expect(whose.locator("option:checked")).to_have_text("Liisa")
    screenshot(page, f"stats-whose-liisa-{size}", full_page=True)
    assert_accessible(page)

    # The other game is hers too, and empty; back to Ann by her name.
    page.get_by_role("button", name="Perusrommi").click()
    expect(page.get_by_text("No finished match of Perusrommi yet")).to_be_visible()
    whose.select_option(label="Ann")
    page.get_by_role("button", name="Sitoumusrommi").click()
    expect(page.get_by_text("3 matches played, 1 won.")).to_be_visible()


def test_with_only_the_owners_matches_there_is_no_chooser_and_in_finnish_it_is_named(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    page: Page = sized_page(360, 640)
    put_before_load(page, {STATS.key: json.dumps(known_stats())})
    boot(page, site_url)
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.get_by_text("3 matches played, 1 won.")).to_be_visible()
    expect(page.get_by_role("combobox", name="Whose statistics")).to_have_count(0)
    expect(page.locator("#stats-person")).to_have_count(0)
    page.get_by_role("button", name="Back").click()

    other = sized_page(360, 640)
    put_before_load(
        other,
        {STATS.key: json.dumps(two_people()), SETTINGS.key: json.dumps(settings_with(language="fi"))},
    )
    boot(other, site_url)
    other.get_by_role("button", name="Tilastot", exact=True).click()
    whose = other.get_by_role("combobox", name="Kenen tilastot")
    # No name typed: the owner is "Pelaaja", and every row of the owner's is still theirs.
    expect(whose.get_by_role("option")).to_have_text(["Pelaaja", "Liisa"])
    expect(other.get_by_text("3 peliä pelattu, niistä 1 voitettu.")).to_be_visible()
    whose.select_option(label="Liisa")
    expect(other.get_by_text("1 peli pelattu, niistä 1 voitettu.")).to_be_visible()
    screenshot(other, "stats-whose-fi-360x640")
