"""A table paired by links (same room, no Internet) after a reload (issue 41 gap 2): with no relay
a device away comes back only over a new pairing, so the host's table offers "Pair again with
Liisa" for everyone away; the link it makes goes to Liisa's device (her browser still has her
seat token for the table), her answer link comes back, and she is in her own seat again with
her own hand, mid-deal, and plays on. A guest whose page reloads is told to ask the host for a
new link; after the host's own reload the game resumes from the hosted save and both guests
are paired again; a different browser opening the link made for Liisa's seat is told it is
someone else's, and nothing changes. Screenshots of the host's offer and the guest's notice at
1280x800 and 360x640.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import screenshot

pytestmark = pytest.mark.browser

PAIR_TIMEOUT_MS = 60_000
SIZES = [(1280, 800), (360, 640)]
OFFER = re.compile(r"#pair=1\.o\.[^#]{60,200}&table=[0-9a-f]{32}$")
ANSWER = re.compile(r"#answer=1\.a\.[^#]{60,200}$")
LOST = (
    "The connection to the host was lost. Ask the host for a new pairing link and open it "
    "on this device. Your seat is kept."
)


def lobby(page: Page) -> Any:
    return page.locator("#lobby")


def seat_row(page: Page, number: int) -> Any:
    return lobby(page).get_by_role("listitem").filter(has_text=f"Seat {number}:")


def hand(page: Page) -> list[str]:
    cards = page.locator("#hand button[data-card]")
    expect(cards.first).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    return list(cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)"))


def answer_back(host: Page, guest: Page, link: str, boot: Any) -> None:
    """The guest's device opens the host's pairing link (in the same tab, where its page may be a
    paired table's: a new fragment, which that page opens by reloading); its answer link is pasted
    at the host."""
    if "#paired=" in guest.url:
        with guest.expect_event("load", timeout=PAIR_TIMEOUT_MS):
            guest.goto(link)
        boot(guest)
    else:
        boot(guest, link)
    field = guest.get_by_role("textbox", name="Answer link")
    expect(field).to_have_value(ANSWER, timeout=PAIR_TIMEOUT_MS)
    host.get_by_role("textbox", name="Paste the answer").fill(str(field.input_value()))
    host.get_by_role("button", name="Connect").click()


def paired_table(sized_page: Any, site_url: str, boot: Any, size: tuple[int, int], names: list[str]) -> Any:
    """Aino hosts Perusrommi for ``len(names) + 1`` paired by links; each friend sits; the host
    starts. The pages, host first."""
    host = sized_page(*size)
    boot(host, f"{site_url}?lang=en")
    host.get_by_role("textbox", name="Your name").fill("Aino")
    host.get_by_role("radio", name="Perusrommi").check()
    host.get_by_role("combobox", name="Players", exact=True).select_option(str(len(names) + 1))
    host.get_by_role("button", name="Play with friends online").click()
    host.get_by_role("button", name="Same room, no Internet").click()
    guests = []
    for seat, name in enumerate(names, start=2):
        offer = host.get_by_role("textbox", name="Pairing link for the next friend")
        expect(offer).to_have_value(OFFER, timeout=PAIR_TIMEOUT_MS)
        guest = sized_page(*size)
        answer_back(host, guest, str(offer.input_value()), boot)
        guest.get_by_role("textbox", name="Your name").fill(name)
        seat_row(guest, seat).get_by_role("button", name="Take this seat").click(timeout=PAIR_TIMEOUT_MS)
        expect(seat_row(host, seat)).to_contain_text(f"{name} (friend)", timeout=PAIR_TIMEOUT_MS)
        expect(guest).to_have_url(re.compile(r"#paired=[0-9a-f]{32}$"))  # its link is spent
        guests.append(guest)
    host.get_by_role("button", name="Start the game").click()
    for page in (host, *guests):
        expect(page.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    return host, guests


def pair_again(host: Page, guest: Page, name: str, boot: Any, shot: str | None = None) -> None:
    """The host presses "Pair again with <name>" on its table; the link goes to the guest's device,
    the answer comes back; the host's page is back at its table once the guest is."""
    line = host.locator("#online-line")
    expect(line).to_contain_text(f"Waiting for {name}…", timeout=PAIR_TIMEOUT_MS)
    again = line.get_by_role("button", name=f"Pair again with {name}")
    if shot:
        screenshot(host, f"{shot}-host-offer", full_page=True)
    again.click()
    field = host.get_by_role("textbox", name=f"Pairing link for {name}")
    expect(field).to_have_value(OFFER, timeout=PAIR_TIMEOUT_MS)
    expect(host.get_by_role("img", name=f"QR code of the pairing link for {name}")).to_be_visible()
    expect(lobby(host).get_by_role("status").first).to_have_text(
        f"Pair {name}'s device again with this link. Their seat is kept."
    )
    if shot:
        assert_accessible(host, include="#lobby")
        screenshot(host, f"{shot}-host-link", full_page=True)
    answer_back(host, guest, str(field.input_value()), boot)
    expect(host.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)  # back by itself
    expect(host.locator("#live")).to_contain_text(f"{name} is back at the table.", timeout=PAIR_TIMEOUT_MS)


def plays_on(host: Page, guests: list[Page], name_of: dict[int, str]) -> None:
    """Whoever is to act draws from the stock on their own device, and another table shows it."""
    to_act = int(host.locator("#table").get_attribute("data-to-act") or "0")
    mover = host if to_act == 0 else guests[to_act - 1]
    watcher = guests[0] if mover is host else host
    expect(mover.locator("#table")).to_have_attribute("data-human", "true", timeout=PAIR_TIMEOUT_MS)
    before = len(hand(mover))
    mover.get_by_role("button", name=re.compile("^Stock")).first.click()
    expect(mover.locator("#hand button[data-card]")).to_have_count(before + 1, timeout=PAIR_TIMEOUT_MS)
    expect(watcher.locator("#log")).to_contain_text(
        f"{name_of[to_act]} drew from the stock.", timeout=PAIR_TIMEOUT_MS
    )


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_guest_who_reloads_is_paired_again_into_its_own_seat_and_plays_on(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    host, (liisa,) = paired_table(sized_page, site_url, boot, (width, height), ["Liisa"])
    dealt = hand(liisa)

    liisa.reload()
    boot(liisa)
    # Told plainly what to do; nothing connects (no offer to answer: its link is spent).
    expect(lobby(liisa).get_by_role("status").first).to_have_text(LOST)
    expect(liisa.get_by_role("textbox", name="Answer link")).to_have_count(0)
    expect(liisa.get_by_role("textbox", name="Your name")).to_have_count(0)
    assert_accessible(liisa, include="#lobby")
    screenshot(liisa, f"pairing-again-guest-notice-{width}x{height}", full_page=True)

    pair_again(host, liisa, "Liisa", boot, shot=f"pairing-again-{width}x{height}")
    expect(liisa.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    assert hand(liisa) == dealt  # her own seat, her own hand, the table as it is now
    expect(host.locator("#online-line")).not_to_contain_text("Waiting for Liisa")
    plays_on(host, [liisa], {0: "Aino", 1: "Liisa"})


def test_after_the_host_reloads_both_guests_pair_again_and_a_stranger_gets_no_seat(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    host, (liisa, pekka) = paired_table(sized_page, site_url, boot, (1280, 800), ["Liisa", "Pekka"])
    hands = {"Liisa": hand(liisa), "Pekka": hand(pekka)}
    host_hand = hand(host)

    host.reload()
    boot(host)
    expect(host.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)  # from the hosted save
    assert hand(host) == host_hand
    for guest in (liisa, pekka):  # each guest's table says what to do
        expect(guest.locator("#online-line")).to_contain_text(LOST, timeout=PAIR_TIMEOUT_MS)
    screenshot(pekka, "pairing-again-guest-table-notice-1280x800", full_page=True)
    line = host.locator("#online-line")
    expect(line.get_by_role("button", name="Pair again with Liisa")).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    expect(line.get_by_role("button", name="Pair again with Pekka")).to_be_visible()
    # In Finnish, both sides.
    for page in (host, pekka):
        page.get_by_role("combobox", name="Language").select_option("fi")
    expect(line.get_by_role("button", name="Parita pelaajan Liisa laite uudelleen")).to_be_visible()
    expect(line).to_contain_text("Odotetaan pelaajaa Pekka…")
    expect(pekka.locator("#online-line")).to_contain_text(
        "Yhteys pöydän pitäjään katkesi. Pyydä pitäjältä uusi parituslinkki ja avaa se tällä laitteella. "
        "Paikkasi on tallessa."
    )
    for page in (host, pekka):
        page.get_by_role("combobox", name="Kieli").select_option("en")

    # A different browser opens the link made for Liisa's seat: told it is someone else's seat.
    line.get_by_role("button", name="Pair again with Liisa").click()
    field = host.get_by_role("textbox", name="Pairing link for Liisa")
    expect(field).to_have_value(OFFER, timeout=PAIR_TIMEOUT_MS)
    stranger = sized_page(1280, 800)
    answer_back(host, stranger, str(field.input_value()), boot)
    expect(lobby(stranger).get_by_role("status").first).to_have_text(
        "This pairing link was made for another player's seat. Ask the host for a link of your own.",
        timeout=PAIR_TIMEOUT_MS,
    )
    expect(stranger.locator("#table")).to_be_hidden()
    expect(seat_row(host, 2)).to_contain_text("Liisa (friend) (away)")
    host.get_by_role("button", name="Back to the table").click()

    pair_again(host, liisa, "Liisa", boot)
    pair_again(host, pekka, "Pekka", boot)
    for name, guest in (("Liisa", liisa), ("Pekka", pekka)):
        expect(guest.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)
        assert hand(guest) == hands[name]
    expect(host.locator("#online-line")).to_be_hidden()
    plays_on(host, [liisa, pekka], {0: "Aino", 1: "Liisa", 2: "Pekka"})
