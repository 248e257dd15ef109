"""The online table's screens on a laptop of 1366x768 and in embed mode (issue 41 point 9): the
host's lobby, a guest's lobby, a guest's table, the quick reactions and the host's waiting line
("Waiting for Liisa…" and "Let the computer play for Liisa"), through a real Nostr relay on this
machine (the ``nostr_relay`` fixture).

Embed mode is how another site shows Rommi: in an iframe of its own page (here on another origin,
the parent of ``tests/browser/test_embed.py``, its frame 40rem tall, in a window of 1366x768), with
``?embed=1`` in the address (the compact layout: no page chrome). The host's page and the
guest's are both in such a frame; the invitation the embedded host makes leaves ``embed=1`` out.

Every control of each screen is found by its role and accessible name, seen whole inside the
window (or the frame) once scrolled to, and usable: Playwright's trial click finds it visible,
stable, enabled and not covered by anything else, at its centre. axe checks each screen, and a
screenshot of each is kept to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Frame, Locator, Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.conftest import boot_page
from tests.browser.online_play import (
    TIMEOUT_MS,
    Where,
    create_table,
    lobby,
    open_invitation,
    seat_row,
    start,
    take_seat,
    tap,
)
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot
from tests.browser.test_embed import PARENT
from tools.build.serve import serving

pytestmark = pytest.mark.browser

MODES = ["1366x768", "embed"]
STAND_IN_AFTER = "window.rommiStandInAfter = 1;"  # seconds: the host is offered a stand-in soon
REACTIONS = ["Nice!", "Well played", "Oops", "Let me think…", "Your turn!", "Ha ha"]


@pytest.fixture(scope="module")
def parent_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Another origin's page holding Rommi in an iframe (``#`` + the frame's address)."""
    folder: Path = tmp_path_factory.mktemp("parent")
    (folder / "parent.html").write_text(PARENT, encoding="utf-8")
    with serving(folder) as url:
        yield url + "parent.html"


class Person:
    """One person's device: their page at 1366x768, or the frame of another site's page."""

    def __init__(self, sized_page: Any, mode: str, parent_url: str, init: str | None = None) -> None:
        self.page: Page = sized_page(1366, 768)
        if init is not None:
            self.page.add_init_script(init)
        self.mode = mode
        self.parent_url = parent_url

    def boot(self, page: Page, url: str) -> Where:
        """Open ``url`` in the person's page, or in embed mode in the frame of another site's page
        (``?embed=1`` in its address): where the page is, once booted."""
        assert page is self.page
        if self.mode != "embed":
            return boot_page(page, url)
        if "embed=1" not in url:
            url = url.replace("?", "?embed=1&", 1)
        page.goto(self.parent_url + "#" + quote(url, safe=""))
        expect(page.frame_locator("#rommi").locator("html[data-ready]")).to_have_count(1, timeout=TIMEOUT_MS)
        frame = page.main_frame.child_frames[0]
        boot_page(frame)  # type: ignore[arg-type]  # a Frame has what booting looks at
        expect(frame.locator("html")).to_have_attribute("data-embed", "true")
        expect(frame.locator("html")).to_have_attribute("data-framed", "true")
        return frame

    @property
    def where(self) -> Where:
        return self.page.main_frame.child_frames[0] if self.mode == "embed" else self.page


def window_box(where: Where) -> dict[str, float]:
    """The part of the screen the person sees of the page: the window, or the frame in it."""
    if isinstance(where, Frame):
        box = where.frame_element().bounding_box()
        assert box is not None
        return box
    size = where.viewport_size
    assert size is not None
    return {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}


def seen_whole(where: Where, control: Locator) -> None:
    """``control`` is inside the window or frame, as it is scrolled now."""
    box, seen = control.bounding_box(), window_box(where)
    assert box is not None
    inside = (
        box["x"] >= seen["x"] - 0.5
        and box["y"] >= seen["y"] - 0.5
        and box["x"] + box["width"] <= seen["x"] + seen["width"] + 0.5
        and box["y"] + box["height"] <= seen["y"] + seen["height"] + 0.5
    )
    assert inside, f"{control} at {box} is not seen whole in {seen}"


def usable(where: Where, control: Locator, enabled: bool = True) -> None:
    """``control`` is there, seen whole in the window or frame once scrolled to, and (``enabled``)
    takes a click at its centre: nothing covers it."""
    expect(control).to_be_visible()
    control.scroll_into_view_if_needed()
    seen_whole(where, control)
    if enabled:
        expect(control).to_be_enabled()
        control.click(trial=True, timeout=5_000)


def all_usable(where: Where, controls: Locator, count: int | None = None) -> None:
    if count is not None:
        expect(controls).to_have_count(count)
    for i in range(controls.count()):
        usable(where, controls.nth(i))


def shots(person: Person, where: Where, name: str) -> None:
    """Screenshots of what the person sees first (scrolled to the top), and where the checks
    ended (the last control scrolled to)."""
    screenshot(person.page, f"{name}-{person.mode}")
    where.evaluate("window.scrollTo(0, 0)")
    screenshot(person.page, f"{name}-top-{person.mode}")


def host_lobby(host: Where) -> None:
    role = host.get_by_role
    expect(role("heading", name="Play with friends online")).to_be_visible()
    usable(host, role("textbox", name="Invitation link"))
    usable(host, role("button", name="Copy"))
    usable(host, role("img", name="QR code of the invitation link"), enabled=False)
    for seat in (2, 3, 4):
        usable(host, role("button", name=f"Computer player for seat {seat}"))
    usable(host, role("button", name="Start the game"))
    usable(host, role("button", name="Leave the table"))
    answer_time = role("group", name="Time to answer a buy offer")
    all_usable(host, answer_time.get_by_role("button"), 4)
    for name in ("No limit", "15 s", "30 s", "60 s"):
        expect(answer_time.get_by_role("button", name=name)).to_be_visible()


def guest_lobby(guest: Where) -> None:
    role = guest.get_by_role
    expect(role("heading", name="Play with friends online")).to_be_visible()
    usable(guest, role("textbox", name="Your name"))
    all_usable(guest, lobby(guest).get_by_role("button", name="Take this seat"), 3)
    usable(guest, role("button", name="Leave the table"))


def guest_table(guest: Where) -> None:
    """A guest's table, while another seat is to act: its controls, the hand's cards among them."""
    role = guest.get_by_role
    usable(guest, role("button", name=re.compile("^Stock")).first)
    usable(guest, role("button", name=re.compile("^Discard pile")).first)
    cards = role("toolbar").get_by_role("button")
    expect(cards).to_have_count(7)  # Perusrommi for four: 7 cards each
    all_usable(guest, cards)
    for name in ("(Sort by|By) suit", "(Sort by|By) rank", "New game", "Statistics", "Scores"):
        usable(guest, role("button", name=re.compile(f"^{name}$")))
    for name in ("Discard", "New meld", "Lay off…", "Clear selection", "Hint"):
        usable(guest, role("button", name=name, exact=True), enabled=False)  # nothing to do yet
    usable(guest, role("checkbox", name="Sound"))
    usable(guest, react_button(guest))
    expect(role("combobox", name="Pace")).to_be_hidden()  # the host's


def react_button(where: Where) -> Locator:
    """The menu's opener, the disclosure "React" (a summary: screen readers hear a button, but
    Playwright's roles give it none, so it is found by its words on the card table)."""
    return where.get_by_role("region", name="Card table").get_by_text("React", exact=True)


@pytest.mark.parametrize("mode", MODES)
def test_the_online_screens_are_whole_and_usable_at_1366x768_and_in_embed_mode(
    sized_page: Any, site_url: str, nostr_relay: str, parent_url: str, guard: Any, mode: str
) -> None:
    # Trystero logs the data channel of a page that goes away, closed under it, as an error.
    guard.allow("Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")
    aino = Person(sized_page, mode, parent_url, STAND_IN_AFTER)
    liisa = Person(sized_page, mode, parent_url)
    query = ("&embed=1" if mode == "embed" else "") + "&pace=instant"
    link = create_table(
        aino.page, site_url, nostr_relay, aino.boot, variant="Perusrommi", players=4, query=query
    )
    host = aino.where
    if mode == "embed":
        assert "embed=1" not in link  # the embedded host's invitation opens a tab of the friend's own
    # The first screen has the link, its QR code and "Start the game": no scrolling to start.
    for name in ("Invitation link", "Start the game"):
        seen_whole(host, host.get_by_role("textbox" if name.startswith("Inv") else "button", name=name))
    seen_whole(host, host.get_by_role("img", name="QR code of the invitation link"))
    host_lobby(host)
    assert_accessible(host, include="#lobby")  # type: ignore[arg-type]  # a Frame runs axe too
    shots(aino, host, "online-screens-host-lobby")
    tap(host, host.get_by_role("button", name="Copy"))
    said = lobby(host).get_by_role("status").filter(has_text=re.compile("^(Copied|Press Ctrl\\+C)"))
    expect(said).to_have_count(1)  # copied, or (a frame not allowed the clipboard) how to copy

    guest = open_invitation(liisa.page, link, liisa.boot, free=3)
    guest_lobby(guest)
    assert_accessible(guest, include="#lobby")  # type: ignore[arg-type]
    shots(liisa, guest, "online-screens-guest-lobby")
    take_seat(guest, "Liisa", 2)
    expect(seat_row(host, 2)).to_contain_text("Liisa (friend)", timeout=TIMEOUT_MS)

    start(host, [host, guest], "basic")  # seats 3 and 4: computer players
    # The computer players move at once: the table waits for a person, Aino or Liisa.
    expect(host.locator('#table[data-busy="false"]')).to_have_attribute(
        "data-to-act", re.compile("^[01]$"), timeout=TIMEOUT_MS
    )
    guest_table(guest)
    assert_accessible(guest)  # type: ignore[arg-type]
    guest.locator("#table").scroll_into_view_if_needed()
    screenshot(liisa.page, f"online-screens-guest-table-{mode}")

    # Quick reactions: the menu, each of its six, and the bubble beside Liisa's seat on both.
    tap(guest, react_button(guest))
    menu = guest.get_by_role("group", name="Quick reactions")
    all_usable(guest, menu.get_by_role("button"), 6)
    for name in REACTIONS:
        expect(menu.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert_accessible(guest, include="#table .topbar")  # type: ignore[arg-type]
    screenshot(liisa.page, f"online-screens-reactions-{mode}")
    tap(guest, menu.get_by_role("button", name="Nice!", exact=True))
    bubble = host.locator('#opponents > [data-seat="1"] > .reaction')
    expect(bubble).to_have_text("Nice!", timeout=TIMEOUT_MS)
    usable(host, bubble, enabled=False)  # seen whole (it takes no clicks)
    screenshot(aino.page, f"online-screens-reaction-host-{mode}")

    # Liisa's page goes away: the host's waiting line, and after a while its offer.
    liisa.page.goto("about:blank")
    notice = host.locator("#online-line")
    expect(notice).to_contain_text("Waiting for Liisa…", timeout=TIMEOUT_MS)
    offer = host.get_by_role("button", name="Let the computer play for Liisa")
    expect(offer).to_be_visible(timeout=TIMEOUT_MS)
    usable(host, notice.get_by_text("Waiting for Liisa…"), enabled=False)
    usable(host, offer)
    assert_accessible(host)  # type: ignore[arg-type]
    screenshot(aino.page, f"online-screens-waiting-{mode}")
