"""Small things a first match showed (issue 42, point 15), played as a person by role and name:
a finished match is not "in progress" on the setup screen; sorting the hand while the expert
thinks keeps the stronger hint coming; a computer player's reason speaks of its own hand.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.person import button
from tests.browser.table import pass_offers, preload, screenshot
from tests.matches import played

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_after_a_finished_match_the_setup_offers_its_final_scores_not_a_game_in_progress(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    preload(page, save=played("basic", 2, 4).to_save())
    boot(page, f"{site_url}?pace=instant&lang=en")
    sheet = page.get_by_role("dialog")
    button(sheet, "New game").click()
    expect(page.get_by_text("Your last game is over (Perusrommi, deal", exact=False)).to_be_visible()
    expect(page.get_by_text("in progress", exact=False)).to_have_count(0)
    expect(button(page, "Continue the game in progress")).to_have_count(0)
    screenshot(page, f"setup-after-match-{width}x{height}")
    button(page, "See its final scores").click()
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("button").first).to_be_focused()


def test_sorting_the_hand_while_the_expert_thinks_keeps_the_stronger_hint(
    page: Page, site_url: str, boot: Any
) -> None:
    """rules G8, B4: a card drawn, Hint, Think harder, and then Sort by suit and by rank while
    the expert weighs the discards (about a second): the stronger hint still comes."""
    boot(page, f"{site_url}?variant=basic&players=2&seed=6&pace=instant&lang=en")
    button(page, "Start new game").click()
    pass_offers(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    expect(page.locator("#hand").get_by_role("button")).to_have_count(11)
    button(page, "Hint").click()
    said = page.get_by_role("status")
    expect(said.filter(has_text=re.compile(r"^Hint: "))).to_be_visible()
    button(page, "Think harder").click()
    button(page, "Sort by suit").click()
    button(page, "Sort by rank").click()
    expect(said.filter(has_text=re.compile(r"^Stronger hint: "))).to_be_visible(timeout=20_000)
    expect(page.locator("#hand .hinted")).to_have_count(1)  # its card is still marked


def test_a_computer_players_reason_in_the_replay_speaks_of_its_own_hand(
    page: Page, site_url: str, boot: Any
) -> None:
    preload(page, save=played("contract", 3, 5).to_save())
    boot(page, f"{site_url}?pace=instant&lang=en")
    page.get_by_role("dialog").get_by_role("button", name="Replay this deal").first.click()
    page.get_by_role("combobox", name="Deal").select_option("1")
    why = page.locator(".replay-why")
    said: list[str] = []
    for _ in range(40):
        button(page, "Forward").click()
        if why.count():
            said.append(why.inner_text())
        if any("its hand" in w for w in said):
            break
    assert said and not [w for w in said if re.search(r"\b(you|your)\b", w)], said
    assert any("does not help its hand" in w for w in said), said
