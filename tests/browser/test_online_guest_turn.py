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
from playwright.sync_api import expect
from tests.browser.online_play import (
    SIZE_IDS,
    SIZES,
    TIMEOUT_MS,
    WAITS,
    draw_and_throw,
    liisa_first,
    open_for_two,
)
from tests.browser.person import press
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

from ui.words.i18n import card_text, refusal, t

pytestmark = pytest.mark.browser

NAMES = ["Aino", "Liisa"]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_a_guest_plays_from_a_table_without_an_engine(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str, width: int, height: int
) -> None:
    host, guest = sized_page(width, height), sized_page(width, height)
    open_for_two(host, guest, site_url, nostr_relay, boot)
    liisa_first(host, guest)
    for turn in range(2):
        # Aino's turn: a click out of turn on Liisa's table is refused there, as at one device.
        expect(host.locator(WAITS)).to_have_count(1, timeout=TIMEOUT_MS)
        expect(guest.locator("#table")).to_have_attribute("data-human", "false")
        if turn == 0:
            press(guest, guest.get_by_role("button", name=re.compile("^" + t("table.stock"))).first)
            words = refusal("not_your_turn", {"player": 1, "to_act": 0}, None, lambda s: NAMES[s])
            expect(guest.locator("#refusal")).to_have_text(t("refused", message=words))
            expect(guest.locator("#table")).to_have_attribute("data-phase", "draw")
        thrown = draw_and_throw(host)
        # Liisa's device shows Aino's move and says it is her turn.
        expect(guest.locator("#log")).to_contain_text(f"Aino discarded the {card_text(thrown)}")
        expect(guest.locator(WAITS)).to_have_count(1, timeout=TIMEOUT_MS)
        expect(guest.locator("#live")).to_contain_text(t("table.turn.you"))
        if turn == 1:
            screenshot(guest, f"online-guest-turn-{width}x{height}")
        thrown = draw_and_throw(guest)
        # Sent to the host, whose engine takes it: it shows on both tables.
        expect(host.locator("#log")).to_contain_text(f"Liisa discarded the {card_text(thrown)}")
        expect(guest.locator("#log")).to_contain_text(re.compile(re.escape(card_text(thrown))))
        expect(guest.locator("#table")).to_have_attribute("data-human", "false", timeout=TIMEOUT_MS)
    assert guest.locator("#hand button.card").count() == host.locator("#hand button.card").count()
