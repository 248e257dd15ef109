"""Around the online game in the page (issue 41 point 9), through a real Nostr relay on this
machine: quick reactions sent from the table's menu by the host and by a guest, shown beside the
seat on both devices for a few seconds and said in the live region; the host's invitation opened
again from the table; no pace on a guest's table. And, at one device, the tab's title when your
turn comes while the page is hidden (``document.hidden`` overridden, ``visibilitychange``
dispatched), back when it is seen, with a short WebAudio sound only if Sound is on.
At 1280x800 and 360x640, with a screenshot of a reaction beside a seat.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.online_play import SIZE_IDS, SIZES, TIMEOUT_MS, WAITS, draw_and_throw, open_for_two
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

from ui.records.stores import SETTINGS

pytestmark = pytest.mark.browser

GONE_MS = 20_000  # a reaction shows for 4 s on the page's clock, which the timer looks at every second


def react(page: Page, words: str, check: bool = False) -> None:
    """Open the table's "React" menu and choose ``words`` (``check``: the open menu passes axe)."""
    page.get_by_text("React", exact=True).click()
    menu = page.get_by_role("group", name="Quick reactions")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("button")).to_have_count(6)  # the fixed list
    if check:
        assert_accessible(page, include="#table .topbar")
    menu.get_by_role("button", name=words, exact=True).click()


def seat_reaction(page: Page, seat: int, mine: bool = False) -> Any:
    box = page.locator("#mine") if mine else page.locator(f'#opponents > [data-seat="{seat}"]')
    return box.locator(":scope > .reaction")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_reactions_go_between_host_and_guest_and_show_beside_the_seat_for_a_few_seconds(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, width: int, height: int
) -> None:
    host, guest = sized_page(width, height), sized_page(width, height)
    open_for_two(host, guest, site_url, nostr_relay, boot)
    # The host's pace is the host's: a guest's table has none to change.
    expect(host.get_by_role("combobox", name="Pace")).to_be_visible()
    expect(guest.get_by_role("combobox", name="Pace")).to_be_hidden()
    expect(guest.get_by_role("button", name="Invitation")).to_have_count(0)

    react(host, "Well played", check=True)
    expect(seat_reaction(guest, 0)).to_have_text("Well played", timeout=TIMEOUT_MS)
    expect(seat_reaction(host, 0, mine=True)).to_have_text("Well played")
    expect(guest.locator("#live")).to_have_text("Aino: Well played")
    expect(host.locator("#live")).to_have_text("Aino: Well played")

    react(guest, "Ha ha")
    expect(seat_reaction(host, 1)).to_have_text("Ha ha", timeout=TIMEOUT_MS)
    expect(host.locator("#live")).to_have_text("Liisa: Ha ha")
    expect(seat_reaction(guest, 1, mine=True)).to_have_text("Ha ha", timeout=TIMEOUT_MS)
    expect(guest.get_by_role("group", name="Quick reactions")).to_be_hidden()  # the menu closed
    seat_reaction(host, 1).scroll_into_view_if_needed()
    screenshot(host, f"online-reaction-{width}x{height}")
    screenshot(guest, f"online-reaction-guest-{width}x{height}")
    # A few seconds later, by the page's clock, each has gone from beside its seat.
    for page in (host, guest):
        expect(page.locator(".seat > .reaction")).to_have_count(0, timeout=GONE_MS)

    # The invitation again, from the host's table: the same link, Copy and the QR code.
    host.get_by_role("button", name="Invitation").click()
    link = host.get_by_role("textbox", name="Invitation link")
    expect(link).to_have_value(re.compile(r"#table=[0-9a-f]{32}\.[0-9a-f]{32}&relay="))
    expect(host.get_by_role("button", name="Copy")).to_be_visible()
    expect(host.get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    host.get_by_role("button", name="Back to the table").click()
    expect(host.locator("#table")).to_be_visible()


HIDDEN = """() => {
  window.__hidden = false;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
  Object.defineProperty(document, "visibilityState", {
    configurable: true, get: () => (window.__hidden ? "hidden" : "visible"),
  });
  // Every tone the page starts (WebAudio oscillators), counted: no audio file is fetched.
  window.__tones = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() { window.__tones += 1; return super.createOscillator(); }
  };
}"""


def set_hidden(page: Page, hidden: bool) -> None:
    page.evaluate(
        "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }", hidden
    )


def your_turn(page: Page) -> None:
    expect(page.locator(WAITS)).to_have_count(1, timeout=TIMEOUT_MS)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_at_one_device_your_turn_while_hidden_is_in_the_title_and_sounds_only_if_sound_is_on(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page = sized_page(width, height)
    page.add_init_script(f"({HIDDEN})()")
    # A fixed seed: with a random deal a computer player sometimes went out before your turn came.
    boot(page, f"{site_url}?lang=en&pace=instant&seed=1")
    page.get_by_role("radio", name="Perusrommi").check()
    page.get_by_role("combobox", name="Players", exact=True).select_option("3")
    page.get_by_role("button", name="Start new game").click()
    expect(page.locator("#table")).to_be_visible()
    sound = page.get_by_role("checkbox", name="Sound")
    expect(sound).not_to_be_checked()  # off by default
    for on in (True, False):
        your_turn(page)
        if on:
            sound.check()
        else:
            sound.uncheck()
        tones = page.evaluate("window.__tones")
        set_hidden(page, True)
        assert page.title() == "Rommi"  # your turn already, before you left: no news
        draw_and_throw(page)
        # The two computer players move; then it is your turn, while the page is hidden.
        expect(page).to_have_title("Your turn — Rommi", timeout=TIMEOUT_MS)
        if on:
            page.wait_for_function(f"window.__tones >= {tones + 2}")
        else:
            assert page.evaluate("window.__tones") == tones
        set_hidden(page, False)
        expect(page).to_have_title("Rommi")
    stored = page.evaluate("(key) => JSON.parse(localStorage.getItem(key) || '{}').sound", SETTINGS.key)
    assert stored is False  # kept with the settings


def test_a_guests_turn_that_comes_while_its_page_is_hidden_is_in_its_title(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str
) -> None:
    host, guest = sized_page(1280, 800), sized_page(1280, 800)
    guest.add_init_script(f"({HIDDEN})()")
    open_for_two(host, guest, site_url, nostr_relay, boot)
    table = host.locator("#table")
    expect(table).to_have_attribute("data-to-act", re.compile("^[01]$"), timeout=TIMEOUT_MS)
    if table.get_attribute("data-to-act") == "1":  # Liisa begins: her turn first, seen
        your_turn(guest)
        draw_and_throw(guest)
    your_turn(host)
    set_hidden(guest, True)
    draw_and_throw(host)  # Aino's move reaches Liisa's hidden page: her turn now
    expect(guest).to_have_title("Your turn — Rommi", timeout=TIMEOUT_MS)
    assert guest.evaluate("window.__tones") == 0  # Sound is off by default
    set_hidden(guest, False)
    expect(guest).to_have_title("Rommi")
