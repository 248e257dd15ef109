"""A guest's table in the page (issue 41 point 4), through a real Nostr relay on this machine: the
guest's device runs no engine; its clicks go to the host, whose engine decides, and its table
follows the host's views (``ui.online.remote``, ``ui.online.guest_table``).

A host (Aino) and a guest (Liisa) play Perusrommi for two (no buy window: the turns alternate)
through what each sees, clicked by role and accessible name: each draws from the stock and
throws a card. The guest's moves show on the host's table and the host's on the guest's, "Your
turn" is said on the guest's device, and a click out of turn is refused in the engine's words,
as at one device. At 1280x800 and 360x640, with screenshots of the guest's table in play.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.person import button, hand_card, press
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

from ui.words.i18n import card_text, refusal, t

pytestmark = pytest.mark.browser

JOIN_TIMEOUT_MS = 60_000
SIZES = [(1280, 800), (360, 640)]
NAMES = ["Aino", "Liisa"]
# The table waits for its person: their turn, and nothing on its way (a guest's move sent to the
# host is, until the host's view comes back).
WAITS = '#table[data-human="true"][data-busy="false"]'


def lobby(page: Page) -> Any:
    return page.locator("#lobby")


def open_table(host: Page, guest: Page, site_url: str, relay: str, boot: Any) -> None:
    """Aino creates a table of Perusrommi for two; Liisa opens the invitation and sits; Aino starts."""
    boot(host, f"{site_url}?lang=en&relay={relay}")
    host.get_by_role("textbox", name="Your name").fill("Aino")
    host.get_by_role("radio", name="Perusrommi").check()
    host.get_by_role("combobox", name="Players", exact=True).select_option("2")
    host.get_by_role("button", name="Play with friends online").click()
    host.get_by_role("button", name="Create a table").click()
    field = host.get_by_role("textbox", name="Invitation link")
    expect(field).to_have_value(re.compile(r"#table="))
    expect(lobby(host).get_by_role("status").first).to_have_text(
        "Your table is open. Send the invitation link to your friends.", timeout=JOIN_TIMEOUT_MS
    )
    boot(guest, str(field.input_value()))
    take = lobby(guest).get_by_role("button", name="Take this seat")
    expect(take).to_have_count(1, timeout=JOIN_TIMEOUT_MS)  # a table for two: one seat is free
    guest.get_by_role("textbox", name="Your name").fill("Liisa")
    take.click()
    expect(lobby(host).get_by_role("listitem").filter(has_text="Seat 2:")).to_contain_text(
        "Liisa", timeout=JOIN_TIMEOUT_MS
    )
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator("#table")).to_be_visible(timeout=JOIN_TIMEOUT_MS)
        expect(page.locator("#table")).to_have_attribute("data-variant", "basic", timeout=JOIN_TIMEOUT_MS)


def draw_and_throw(page: Page) -> str:
    """Draw from the stock, then throw the first card of the hand; the card thrown."""
    press(page, page.get_by_role("button", name=re.compile("^" + t("table.stock"))).first)
    expect(page.locator("#table")).to_have_attribute("data-phase", "play", timeout=JOIN_TIMEOUT_MS)
    expect(page.locator(WAITS)).to_have_count(1, timeout=JOIN_TIMEOUT_MS)
    code = str(page.locator("#hand button.card").first.get_attribute("data-card"))
    press(page, hand_card(page, code))
    press(page, button(page, t("act.discard.named", card=card_text(code))))
    return code


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_guest_plays_from_a_table_without_an_engine(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, width: int, height: int
) -> None:
    host, guest = sized_page(width, height), sized_page(width, height)
    open_table(host, guest, site_url, nostr_relay, boot)
    first = host.locator("#table").get_attribute("data-to-act")
    expect(guest.locator("#table")).to_have_attribute("data-to-act", str(first), timeout=JOIN_TIMEOUT_MS)
    if first == "1":  # Liisa begins: Aino's first turn comes after hers
        expect(guest.locator(WAITS)).to_have_count(1, timeout=JOIN_TIMEOUT_MS)
        thrown = draw_and_throw(guest)
        expect(host.locator("#log")).to_contain_text(f"Liisa discarded the {card_text(thrown)}")
    for turn in range(2):
        # Aino's turn: a click out of turn on Liisa's table is refused there, as at one device.
        expect(host.locator(WAITS)).to_have_count(1, timeout=JOIN_TIMEOUT_MS)
        expect(guest.locator("#table")).to_have_attribute("data-human", "false")
        if turn == 0:
            press(guest, guest.get_by_role("button", name=re.compile("^" + t("table.stock"))).first)
            words = refusal("not_your_turn", {"player": 1, "to_act": 0}, None, lambda s: NAMES[s])
            expect(guest.locator("#refusal")).to_have_text(t("refused", message=words))
            expect(guest.locator("#table")).to_have_attribute("data-phase", "draw")
        thrown = draw_and_throw(host)
        # Liisa's device shows Aino's move and says it is her turn.
        expect(guest.locator("#log")).to_contain_text(f"Aino discarded the {card_text(thrown)}")
        expect(guest.locator(WAITS)).to_have_count(1, timeout=JOIN_TIMEOUT_MS)
        expect(guest.locator("#live")).to_contain_text(t("table.turn.you"))
        if turn == 1:
            screenshot(guest, f"online-guest-turn-{width}x{height}")
        thrown = draw_and_throw(guest)
        # Sent to the host, whose engine takes it: it shows on both tables.
        expect(host.locator("#log")).to_contain_text(f"Liisa discarded the {card_text(thrown)}")
        expect(guest.locator("#log")).to_contain_text(re.compile(re.escape(card_text(thrown))))
        expect(guest.locator("#table")).to_have_attribute("data-human", "false", timeout=JOIN_TIMEOUT_MS)
    assert guest.locator("#hand button.card").count() == host.locator("#hand button.card").count()
