"""Someone away at an online table, in the page (issue 41 point 7), through a real Nostr relay on
this machine (the ``nostr_relay`` fixture): Liisa's page goes away mid-game; the host's table and
Pekka's say "Waiting for Liisa…"; once she has been away a while (a short wait set for the test
through the page's hook ``window.rommiStandInAfter``, never a sleep) the host lets the computer
play for her, and every table says so; when her page opens the invitation again, her seat is
hers and the host's table says she is back. At 1280x800 and 360x640, with screenshots.

Everything is clicked by role and accessible name, as a person finds it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.online_play import SIZE_IDS, SIZES, TIMEOUT_MS, create_table, join, start
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

pytestmark = pytest.mark.browser

STAND_IN_AFTER = "window.rommiStandInAfter = 1;"  # seconds: the host is offered a stand-in soon


def level_of(page: Page, name: str) -> Any:
    """Who plays ``name``'s seat, as its header says: "player" (a person) or a computer's level."""
    return page.locator("#opponents .seat").filter(has_text=name).locator(".seat-level")


def close_the_deal_over_sheet(page: Page) -> None:
    """The cards come from the table's fair seed, so they cannot be chosen: once in a while the
    computer player for Liisa goes out on its first turn (CI, 7 December: it took the discard
    and laid down all eleven cards). The deal's score sheet then covers the table, and a person
    closes it before reaching the table's menu."""
    sheet = page.get_by_role("dialog", name=re.compile(r"^Deal \d+ is over$"))
    if sheet.count() and sheet.is_visible():
        sheet.get_by_role("button", name="Close").click()
        expect(sheet).to_be_hidden()


def notice(page: Page) -> Any:
    return page.locator("#online-line")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_the_tables_wait_for_liisa_the_computer_plays_for_her_and_she_gets_her_seat_back(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, guard: Any, width: int, height: int
) -> None:
    # Trystero logs the data channel of a page that goes away, closed under it, as an error.
    guard.allow("Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")
    host = sized_page(width, height)
    host.add_init_script(STAND_IN_AFTER)
    link = create_table(host, site_url, nostr_relay, boot)
    liisa, pekka = sized_page(width, height), sized_page(width, height)
    join(liisa, link, boot, "Liisa", 2)
    join(pekka, link, boot, "Pekka", 3, host)
    # The table's answer time for a buy offer: no limit by default, chosen in the host's lobby.
    answer_time = host.get_by_role("group", name="Time to answer a buy offer")
    expect(answer_time.get_by_role("button", name="No limit")).to_have_attribute("aria-pressed", "true")
    answer_time.get_by_role("button", name="30 s").click()
    expect(answer_time.get_by_role("button", name="30 s")).to_have_attribute("aria-pressed", "true")
    expect(answer_time.get_by_role("button", name="No limit")).to_have_attribute("aria-pressed", "false")
    answer_time.get_by_role("button", name="No limit").click()  # this test waits for people: none
    expect(answer_time.get_by_role("button", name="No limit")).to_have_attribute("aria-pressed", "true")
    start(host, [host, liisa, pekka])  # seat 4: a computer player
    for page in (host, liisa, pekka):
        expect(notice(page)).to_be_hidden()  # nobody away: nothing said

    liisa.goto("about:blank")  # her page goes away (a closed tab, a lost connection)
    for page in (host, pekka):
        expect(notice(page)).to_have_text("Waiting for Liisa…", timeout=TIMEOUT_MS)
    offer = host.get_by_role("button", name="Let the computer play for Liisa")
    expect(offer).to_be_visible(timeout=TIMEOUT_MS)
    expect(pekka.get_by_role("button", name="Let the computer play for Liisa")).to_have_count(0)
    offer.scroll_into_view_if_needed()
    screenshot(host, f"online-away-offer-{width}x{height}")
    screenshot(pekka, f"online-away-waiting-{width}x{height}")
    expect(level_of(host, "Liisa")).to_have_text("player")
    offer.click()
    standing = "The computer plays for Liisa until they are back."
    for page in (host, pekka):
        expect(notice(page)).to_have_text(standing, timeout=TIMEOUT_MS)
    expect(offer).to_have_count(0)
    # The host's table shows her seat played by a computer player at the table's level (it moves
    # when her turn comes: tests/test_online_away.py), under her name.
    expect(level_of(host, "Liisa")).to_have_text("normal")
    screenshot(host, f"online-away-stand-in-{width}x{height}")

    boot(liisa, link)  # she opens the invitation again: her seat token brings her seat back
    expect(liisa.locator("#table")).to_be_visible(timeout=TIMEOUT_MS)
    expect(liisa.locator("#mine")).to_contain_text("Liisa")
    back = "Liisa is back and plays their own seat again."
    expect(notice(host)).to_have_text(back, timeout=TIMEOUT_MS)
    expect(notice(pekka)).to_be_hidden(timeout=TIMEOUT_MS)
    expect(notice(liisa)).to_be_hidden()
    expect(level_of(host, "Liisa")).to_have_text("player")
    screenshot(host, f"online-away-back-{width}x{height}")

    # "New game" at an online table asks first: the host's would end the table for everyone.
    close_the_deal_over_sheet(host)
    host.get_by_role("button", name="New game").click()
    ask = host.get_by_role("group", name="Start a new game? That ends this table for everyone at it.")
    expect(ask).to_be_visible()
    expect(ask.get_by_role("button", name="Stay at the table")).to_be_focused()
    screenshot(host, f"online-new-game-asked-{width}x{height}")
    ask.get_by_role("button", name="Stay at the table").click()
    expect(ask).to_have_count(0)
    expect(host.locator("#table")).to_be_visible()
    # A guest's New game means leaving the table, asked first too; the host then waits for Pekka.
    close_the_deal_over_sheet(pekka)
    pekka.get_by_role("button", name="New game").click()
    leave = pekka.get_by_role("group", name=re.compile("^Leave this table?"))
    leave.get_by_role("button", name="Leave the table").click()
    expect(pekka.locator("#setup")).to_be_visible()
    expect(notice(host)).to_contain_text("Waiting for Pekka…", timeout=TIMEOUT_MS)
