"""The online table's lobby in the page (issue 41 point 1), through a real Nostr relay on this
machine (the ``nostr_relay`` fixture, PyPI's ``nostr-relay``): a host creates a table and gets
an invitation link (and its QR code), a guest opens the link in another browser context, types
a name and takes a seat, the host sees it and starts; each gets its table. A guest whose page
is another build is told to reload. At 1280x800 and 360x640, with screenshots of the lobby.

Everything is clicked by role and accessible name, as a person finds it.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.online_play import (
    SIZE_IDS,
    SIZES,
    TIMEOUT_MS,
    create_table,
    join,
    lobby,
    open_invitation,
    seat_row,
    start,
    take_seat,
)
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

from ui.records.stores import GAME, ONLINE, SEAT_TOKENS

pytestmark = pytest.mark.browser

ANOTHER_BUILD = """new MutationObserver((_, watching) => {
  if (document.documentElement) {
    document.documentElement.setAttribute("data-build", "another-build");
    watching.disconnect();
  }
}).observe(document, { childList: true });"""


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_a_host_creates_a_table_a_guest_takes_a_seat_and_the_host_starts(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, width: int, height: int
) -> None:
    host = sized_page(width, height)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = create_table(host, site_url, nostr_relay, boot)
    assert urlsplit(link).netloc == urlsplit(site_url).netloc  # the page's own address, nothing else
    host.get_by_role("button", name="Copy").click()
    expect(lobby(host).get_by_text("Copied", exact=True)).to_be_visible()
    assert host.evaluate("navigator.clipboard.readText()") == link
    expect(seat_row(host, 1)).to_contain_text("Aino (host) (you)")
    expect(seat_row(host, 2)).to_contain_text("(free)")
    assert_accessible(host, include="#lobby")

    guest = sized_page(width, height)
    open_invitation(guest, link, boot, free=3)  # seats 2 to 4 are free
    assert_accessible(guest, include="#lobby")
    screenshot(guest, f"online-lobby-joining-{width}x{height}", full_page=True)
    take_seat(guest, "Liisa", 3)
    expect(seat_row(host, 3)).to_contain_text("Liisa (friend)", timeout=TIMEOUT_MS)
    screenshot(guest, f"online-lobby-guest-{width}x{height}", full_page=True)
    screenshot(host, f"online-lobby-host-{width}x{height}", full_page=True)

    host.get_by_role("button", name="Computer player for seat 2").click()
    expect(seat_row(host, 2)).to_contain_text("(computer player)")
    expect(seat_row(guest, 2)).to_contain_text("(computer player)", timeout=TIMEOUT_MS)
    start(host, [host, guest])
    assert guest.locator("#hand button[data-card]").count() == host.locator("#hand button[data-card]").count()
    assert "Liisa" in host.locator("#opponents").inner_text()
    assert "Aino" in guest.locator("#opponents").inner_text()  # the host plays elsewhere for the guest
    assert "Liisa" in guest.locator("#mine").inner_text()
    # Nothing of the hosted match went over the solo game's save.
    stored = "key => localStorage.getItem(key)"
    assert host.evaluate(stored, GAME.key) is None
    assert host.evaluate(stored, ONLINE.key) is not None
    room = re.search(r"#table=([0-9a-f]{32})", link)
    assert room is not None
    tokens = json.loads(guest.evaluate(stored, SEAT_TOKENS.key))
    assert re.fullmatch(r"[0-9a-f]{32}", tokens[room.group(1)])  # the seat back after a reload
    screenshot(guest, f"online-guest-table-{width}x{height}")


def test_a_guest_whose_page_is_another_build_is_told_to_reload(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str
) -> None:
    host = sized_page(1280, 800)
    link = create_table(host, site_url, nostr_relay, boot)
    guest = sized_page(1280, 800)
    # Its page says it is another build, from the moment the page's root exists.
    guest.add_init_script(ANOTHER_BUILD)
    boot(guest, link)
    expect(lobby(guest).get_by_role("status").first).to_have_text(
        "Your copy of Rommi is another version than the host's. Reload the page to join.",
        timeout=TIMEOUT_MS,
    )
    expect(lobby(guest).get_by_role("button", name="Take this seat")).to_have_count(0)
    expect(seat_row(host, 2)).to_contain_text("(free)")


def test_an_invitation_that_is_not_whole_is_said_and_the_page_opens_as_usual(
    page: Page, site_url: str, boot: Any
) -> None:
    boot(page, f"{site_url}?lang=en#table=0123456789abcdef")
    said = "This invitation link is not complete or has been changed."
    expect(page.locator("#notes")).to_contain_text(said)
    expect(page.locator("#setup-form")).to_be_visible()
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [n for n in loaded if re.search(r"online\.mjs|trystero|uqr", n)]


def hand(page: Page) -> list[str]:
    cards = page.locator("#hand button[data-card]")
    expect(cards.first).to_be_visible(timeout=TIMEOUT_MS)
    return list(cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)"))


def test_a_guest_reloads_then_the_host_reloads_and_the_table_goes_on(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, guard: Any
) -> None:
    """The guest's seat comes back by its token; the host's table by its own save, and the guest
    finds the host again by itself: a draw by either reaches the other's table."""
    # Trystero logs the data channel of a page that reloads, closed under it, as an error.
    guard.allow("Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")
    host = sized_page(1280, 800)
    link = create_table(host, site_url, nostr_relay, boot, variant="Perusrommi", players=2)
    guest = sized_page(1280, 800)
    join(guest, link, boot, "Liisa", 2, host)
    start(host, [host, guest], "basic")
    table = guest.locator("#table")
    dealt = hand(guest)
    solo = host.evaluate("key => localStorage.getItem(key)", GAME.key)

    guest.reload()
    boot(guest)
    expect(table).to_be_visible(timeout=TIMEOUT_MS)
    assert hand(guest) == dealt  # the same seat, the table as it is

    host.reload()
    boot(host)
    expect(host.locator("#table")).to_be_visible(timeout=TIMEOUT_MS)  # the hosted game, resumed
    assert "Liisa" in host.locator("#opponents").inner_text()
    assert host.evaluate("key => localStorage.getItem(key)", GAME.key) == solo  # never over the solo game
    back = "The host is back: the game goes on."
    expect(guest.locator("#live")).to_have_text(back, timeout=TIMEOUT_MS)
    # Two people, turn about: whoever is to draw draws, and the other's table shows it, through
    # the host's page as it is after its reload (the guest found it again by itself).
    to_act = host.locator("#table").get_attribute("data-to-act")
    mover, watcher, name = (host, guest, "Aino") if to_act == "0" else (guest, host, "Liisa")
    expect(mover.locator("#table")).to_have_attribute("data-human", "true", timeout=TIMEOUT_MS)
    before = len(hand(mover))
    mover.get_by_role("button", name=re.compile("^Stock")).first.click()
    expect(mover.locator("#hand button[data-card]")).to_have_count(before + 1, timeout=TIMEOUT_MS)
    expect(watcher.locator("#log")).to_contain_text(f"{name} drew from the stock.", timeout=TIMEOUT_MS)


def test_in_finnish_the_host_closes_the_table_and_the_guest_is_told_plainly(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, guard: Any
) -> None:
    guard.allow("Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")
    host = sized_page(360, 640)
    boot(host, f"{site_url}?lang=fi&relay={nostr_relay}")
    host.get_by_role("button", name="Pelaa ystävien kanssa verkossa").click()
    host.get_by_role("button", name="Luo pöytä").click()
    field = host.get_by_role("textbox", name="Kutsulinkki")
    expect(field).to_be_focused()  # the keyboard goes to the link, to copy it
    expect(host.get_by_role("button", name="Kopioi")).to_be_visible()
    expect(host.get_by_role("img", name="Kutsulinkin QR-koodi")).to_be_visible()
    expect(lobby(host).get_by_role("status").first).to_have_text(
        "Pöytäsi on auki. Lähetä kutsulinkki ystävillesi.", timeout=TIMEOUT_MS
    )
    guest = sized_page(360, 640)
    open_invitation(guest, str(field.input_value()).replace("lang=fi", "lang=en"), boot)
    host.get_by_role("button", name="Poistu pöydästä").click()
    expect(host.locator("#setup-form")).to_be_visible()
    expect(lobby(guest).get_by_role("status").first).to_have_text(
        "The host has closed the table.", timeout=TIMEOUT_MS
    )
    expect(lobby(guest).get_by_role("button", name="Take this seat")).to_have_count(0)
