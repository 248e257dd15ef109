"""Same room, no Internet (issue 41 point 10): a host and a guest pair their pages by links
alone, with no relay and no request beyond this machine: the host's page shows a pairing
link and its QR code (a compact WebRTC offer in the fragment, ``js/pair.mjs``), the guest's
page opening it shows an answer link and its QR code, the host pastes the answer and presses
"Connect" (a second friend's answer link is opened on the host's device instead, as its camera
would: that page hands it to the table's page), and the table goes on as any online table:
each guest takes a seat and sees the host's match start. A pasted link that is not an answer,
or a pairing link that is not whole, is said and changes nothing. At
1280x800 and 360x640, with screenshots of the pairing step; the controls' names in Finnish too.
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
OFFER = re.compile(r"#pair=1\.o\.[^#]{60,200}$")
ANSWER = re.compile(r"#answer=1\.a\.[^#]{60,200}$")


def lobby(page: Page) -> Any:
    return page.locator("#lobby")


def seat_row(page: Page, number: int) -> Any:
    return lobby(page).get_by_role("listitem").filter(has_text=f"Seat {number}:")


def nothing_beyond_this_machine(page: Page, site_url: str) -> None:
    """Every request the page made went to the page's own server: no relay, no other host."""
    origin = re.match(r"https?://[^/]+", site_url)
    assert origin is not None
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert [n for n in loaded if not n.startswith(origin.group(0))] == []
    assert not [n for n in loaded if re.search(r"online\.mjs|trystero", n)]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_guest_pairs_by_links_alone_takes_a_seat_and_sees_the_host_start(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    host = sized_page(width, height)
    boot(host, f"{site_url}?lang=en")
    host.get_by_role("textbox", name="Your name").fill("Aino")
    host.get_by_role("button", name="Play with friends online").click()
    host.get_by_role("button", name="Same room, no Internet").click()
    offer_field = host.get_by_role("textbox", name="Pairing link for the next friend")
    expect(offer_field).to_have_value(OFFER, timeout=PAIR_TIMEOUT_MS)
    expect(offer_field).to_have_attribute("readonly", "")
    offer = str(offer_field.input_value())
    assert len(offer.split("#pair=")[1]) < 200  # compact: a small QR code
    expect(host.get_by_role("img", name="QR code of the pairing link")).to_be_visible()
    expect(seat_row(host, 1)).to_contain_text("Aino (host) (you)")
    expect(lobby(host).get_by_role("status").first).to_have_text(
        "Your table is open. Pair each friend's device with its own pairing link."
    )
    assert_accessible(host, include="#lobby")
    screenshot(host, f"online-pairing-host-{width}x{height}", full_page=True)

    guest = sized_page(width, height)
    assert "?lang=en#pair=" in offer  # the host's address, its fragment the offer
    boot(guest, offer)
    answer_field = guest.get_by_role("textbox", name="Answer link")
    expect(answer_field).to_have_value(ANSWER, timeout=PAIR_TIMEOUT_MS)
    expect(guest.get_by_role("img", name="QR code of the answer link")).to_be_visible()
    expect(lobby(guest).get_by_role("status").first).to_have_text(
        "Almost there: send the answer link back to the host."
    )
    assert_accessible(guest, include="#lobby")
    screenshot(guest, f"online-pairing-guest-{width}x{height}", full_page=True)
    answer = str(answer_field.input_value())

    # The host's own link pasted back: said, and nothing else happens.
    paste = host.get_by_role("textbox", name="Paste the answer")
    paste.fill(offer)
    host.get_by_role("button", name="Connect").click()
    expect(lobby(host).get_by_role("alert")).to_have_text(
        "That is a pairing link from a host, not a friend's answer."
    )
    expect(seat_row(host, 2)).to_contain_text("(free)")

    host.get_by_role("textbox", name="Paste the answer").fill(answer)
    host.get_by_role("button", name="Connect").click()
    expect(lobby(host).get_by_role("alert")).to_have_count(0)
    take = lobby(guest).get_by_role("button", name="Take this seat")
    expect(take.first).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    expect(guest.get_by_role("textbox", name="Answer link")).to_have_count(0)  # paired: no more to send
    # The host's next link: a new offer, for the next friend.
    expect(offer_field).not_to_have_value(offer, timeout=PAIR_TIMEOUT_MS)
    expect(offer_field).to_have_value(OFFER)
    guest.get_by_role("textbox", name="Your name").fill("Liisa")
    seat_row(guest, 2).get_by_role("button", name="Take this seat").click()
    expect(seat_row(host, 2)).to_contain_text("Liisa (friend)", timeout=PAIR_TIMEOUT_MS)

    # A second friend, on the next link; its answer link opened on the host's device (as its
    # camera would open the QR code) reaches the table's page by itself.
    second = sized_page(width, height)
    boot(second, str(offer_field.input_value()))
    second_answer = second.get_by_role("textbox", name="Answer link")
    expect(second_answer).to_have_value(ANSWER, timeout=PAIR_TIMEOUT_MS)
    opened = host.context.new_page()
    boot(opened, str(second_answer.input_value()))
    expect(opened.locator("#notes")).to_contain_text(
        "The answer was handed to the table's page open in this browser: look there."
    )
    expect(opened.locator("#setup-form")).to_be_visible()  # the page itself opens as usual
    opened.close()
    second.get_by_role("textbox", name="Your name").fill("Pekka")
    seat_row(second, 3).get_by_role("button", name="Take this seat").click(timeout=PAIR_TIMEOUT_MS)
    expect(seat_row(host, 3)).to_contain_text("Pekka (friend)", timeout=PAIR_TIMEOUT_MS)
    expect(seat_row(guest, 3)).to_contain_text("Pekka (friend)", timeout=PAIR_TIMEOUT_MS)
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest, second):
        expect(page.locator("#table")).to_be_visible(timeout=PAIR_TIMEOUT_MS)
        expect(page.locator("#hand button[data-card]").first).to_be_visible(timeout=PAIR_TIMEOUT_MS)
    assert guest.locator("#hand button[data-card]").count() == host.locator("#hand button[data-card]").count()
    assert "Aino" in guest.locator("#opponents").inner_text()
    assert "Liisa" in host.locator("#opponents").inner_text()
    assert "Liisa" in second.locator("#opponents").inner_text()
    for page in (host, guest, second):
        nothing_beyond_this_machine(page, site_url)


def test_the_pairing_controls_have_finnish_names(sized_page: Any, site_url: str, boot: Any) -> None:
    host = sized_page(1280, 800)
    boot(host, f"{site_url}?lang=fi")
    host.get_by_role("textbox", name="Nimesi").fill("Aino")
    host.get_by_role("button", name="Pelaa ystävien kanssa verkossa").click()
    host.get_by_role("button", name="Sama huone, ei Internetiä").click()
    expect(host.get_by_role("textbox", name="Parituslinkki seuraavalle ystävälle")).to_have_value(
        OFFER, timeout=PAIR_TIMEOUT_MS
    )
    expect(host.get_by_role("img", name="Parituslinkin QR-koodi")).to_be_visible()
    host.get_by_role("textbox", name="Liitä vastaus").fill("https://example.org/#answer=1.a.x")
    host.get_by_role("button", name="Yhdistä").click()
    expect(lobby(host).get_by_role("alert")).to_have_text(
        "Tämä ei ole kokonainen parituskoodi. Kopioi koko linkki uudelleen."
    )


@pytest.mark.parametrize(
    ("fragment", "said"),
    [
        ("#pair=1.o.x", "That is not a whole pairing code. Copy the whole link again."),
        ("#answer=1.a.x", "That is not a whole pairing code. Copy the whole link again."),
    ],
)
def test_a_pairing_link_that_is_not_whole_is_said_and_the_page_opens_as_usual(
    page: Page, site_url: str, boot: Any, fragment: str, said: str
) -> None:
    boot(page, f"{site_url}?lang=en{fragment}")
    expect(page.locator("#notes")).to_contain_text(said)
    expect(page.locator("#setup-form")).to_be_visible()
    nothing_beyond_this_machine(page, site_url)
    assert not [
        n
        for n in page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        if "pair.mjs" in n
    ]
