"""Playing at an online table from a test or a benchmark: the table opened as people open it (the
host creates it, each friend opens the invitation, types a name and takes a seat, the host
starts), the hosted game read from the host's save (``ui.records.stores.ONLINE``), each person's
move made on their own page from the hint for their seat, and the page's transport served wrapped
so that what a page receives is recorded.

Every control is found by its role and accessible name, in English (``?lang=en``), as a person
finds it; on a touch phone it is tapped (``person.press``).

``recording`` serves ``js/online.mjs`` as it is, plus: its room is ``window.rommiRoom`` (so a
test can send through the page's own transport) and every text its ``onMessage`` handler gets is
kept as ``[peer, text]`` in ``window.rommiHeard`` before the page reads it.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Frame, Locator, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from rommi.bots import hint
from ui.model.app import App
from ui.records.stores import ONLINE
from ui.words.i18n import card_text, t

from .person import button, hand_card, meld_button, play_as_person, press, select
from .table import stored_text

TIMEOUT_MS = 60_000  # joining takes about 5 s on an idle machine (the spike's figure); CI is busy
SIZES = [(1280, 800), (360, 640)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
OPEN = "Your table is open. Send the invitation link to your friends."
INVITATION = re.compile(r"#table=[0-9a-f]{32}\.[0-9a-f]{32}&relay=")
# The table waits for its person: their turn, and nothing on its way to the host.
WAITS = '#table[data-human="true"][data-busy="false"]'

# The page's transport, as served to the test: the same module, whose room is kept and whose
# received texts are recorded with their sender before the page's handler reads them.
WRAP = """
export function join(options) {
  const room = joinRoom_(options);
  window.rommiRoom = room;
  window.rommiHeard = window.rommiHeard || [];
  const listen = room.onMessage;
  room.onMessage = (handler) => listen((text, peer) => {
    window.rommiHeard.push([String(peer), String(text)]);
    handler(text, peer);
  });
  return room;
}
"""


def recording(route: Route) -> None:
    response = route.fetch()
    body = response.text()
    assert "export function join(" in body, "js/online.mjs no longer exports join"
    route.fulfill(response=response, body=body.replace("export function join(", "function joinRoom_(") + WRAP)


# A person's page, or in embed mode the frame another site's page holds it in (``test_online_screens``).
Where = Page | Frame


def tap(where: Where, locator: Locator) -> None:
    """``person.press`` on a page (a tap on a touch phone); in a frame, a click (scrolled to)."""
    if isinstance(where, Frame):
        locator.scroll_into_view_if_needed()
        locator.click()
    else:
        press(where, locator)


def lobby(page: Where) -> Locator:
    return page.locator("#lobby")


def seat_row(page: Where, number: int) -> Locator:
    """Seat ``number`` (from 1) in the lobby's list of seats."""
    return lobby(page).get_by_role("listitem").filter(has_text=f"Seat {number}:")


def create_table(
    host: Where,
    site_url: str,
    relay: str,
    boot: Any,
    *,
    variant: str | None = None,
    players: int | None = None,
    query: str = "",
    name: str = "Aino",
    house_rules: Callable[[Where], None] | None = None,
) -> str:
    """The host opens the page (``query``: more of its address, such as ``&pace=instant``), chooses
    the game in the setup form (``variant`` by its radio's name, ``players``, then
    ``house_rules(host)``), types ``name``, presses "Play with friends online", then "Create a
    table": the invitation link, once the table is open. Nothing of the online table was loaded
    before it was asked for. ``boot(page, address)`` returns where the page is (a frame in embed
    mode), which the rest is done in."""
    host = boot(host, f"{site_url}?lang=en{query}&relay={relay}")
    if variant is not None:
        host.get_by_role("radio", name=variant).check()
    if players is not None:
        host.get_by_role("combobox", name="Players", exact=True).select_option(str(players))
    if house_rules is not None:
        house_rules(host)
    loaded = host.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [n for n in loaded if re.search(r"online\.mjs|trystero|uqr", n)], "nothing online before asked"
    host.get_by_role("textbox", name="Your name").fill(name)
    tap(host, host.get_by_role("button", name="Play with friends online"))
    expect(lobby(host)).to_be_visible()
    expect(host.locator("#setup")).to_be_hidden()
    tap(host, host.get_by_role("button", name="Create a table"))
    field = host.get_by_role("textbox", name="Invitation link")
    expect(field).to_have_value(INVITATION)
    expect(field).to_have_attribute("readonly", "")
    expect(lobby(host).get_by_role("status").first).to_have_text(OPEN, timeout=TIMEOUT_MS)
    expect(host.get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    return str(field.input_value())


def open_invitation(guest: Where, link: str, boot: Any, free: int | None = None) -> Where:
    """A friend opens the invitation: the lobby, once the host's seats arrived (``free``: that
    many free to take). Where the friend's page is (a frame in embed mode)."""
    guest = boot(guest, link)
    expect(lobby(guest)).to_be_visible()
    take = lobby(guest).get_by_role("button", name="Take this seat")
    expect(take.first).to_be_visible(timeout=TIMEOUT_MS)
    if free is not None:
        expect(take).to_have_count(free)
    return guest


def take_seat(guest: Where, name: str, seat: int) -> None:
    """The friend types ``name`` and takes seat ``seat`` (from 1); the lobby says so."""
    guest.get_by_role("textbox", name="Your name").fill(name)
    tap(guest, seat_row(guest, seat).get_by_role("button", name="Take this seat"))
    expect(lobby(guest).get_by_role("status").first).to_have_text(
        f"You sit at seat {seat}. The host starts the game.", timeout=TIMEOUT_MS
    )
    expect(lobby(guest).get_by_role("button", name="Take this seat")).to_have_count(0)


def join(guest: Where, link: str, boot: Any, name: str, seat: int, host: Where | None = None) -> None:
    """A friend opens the invitation, types ``name`` and takes seat ``seat`` (from 1); with
    ``host``, until the host's lobby shows them there too."""
    take_seat(open_invitation(guest, link, boot), name, seat)
    if host is not None:
        expect(seat_row(host, seat)).to_contain_text(f"{name} (friend)", timeout=TIMEOUT_MS)


def start(host: Where, pages: list[Where], variant: str | None = None) -> None:
    """The host presses "Start the game" (a seat still free goes to a computer player); every page
    in ``pages`` (the host's first) leaves the lobby for its table, dealt (``variant``: the
    table's ``data-variant``, "basic" or "contract")."""
    tap(host, host.get_by_role("button", name="Start the game"))
    for page in pages:
        table = page.locator("#table")
        expect(table).to_be_visible(timeout=TIMEOUT_MS)
        expect(lobby(page)).to_be_hidden()
        if variant is not None:
            expect(table).to_have_attribute("data-variant", variant, timeout=TIMEOUT_MS)
        expect(page.locator("#hand button[data-card]").first).to_be_visible(timeout=TIMEOUT_MS)


def open_for_two(host: Page, guest: Page, site_url: str, relay: str, boot: Any) -> str:
    """Aino creates a table of Perusrommi for two; Liisa opens the invitation (one seat free) and
    sits; Aino starts: the two play turn about, with no buy window. The invitation link."""
    link = create_table(host, site_url, relay, boot, variant="Perusrommi", players=2)
    open_invitation(guest, link, boot, free=1)
    take_seat(guest, "Liisa", 2)
    expect(seat_row(host, 2)).to_contain_text("Liisa (friend)", timeout=TIMEOUT_MS)
    start(host, [host, guest], "basic")
    return link


def draw_and_throw(page: Page) -> str:
    """The person draws from the stock, then throws the first card of their hand; the card thrown."""
    press(page, page.get_by_role("button", name=re.compile("^" + t("table.stock"))).first)
    expect(page.locator("#table")).to_have_attribute("data-phase", "play", timeout=TIMEOUT_MS)
    expect(page.locator(WAITS)).to_have_count(1, timeout=TIMEOUT_MS)
    code = str(page.locator("#hand button.card").first.get_attribute("data-card"))
    press(page, hand_card(page, code))
    press(page, button(page, t("act.discard.named", card=card_text(code))))
    return code


def liisa_first(host: Page, guest: Page) -> None:
    """At a table of two (``open_for_two``): when Liisa (the guest) begins, she draws and throws,
    and Aino's table shows it; then it is Aino's turn either way."""
    first = host.locator("#table").get_attribute("data-to-act")
    expect(guest.locator("#table")).to_have_attribute("data-to-act", str(first), timeout=TIMEOUT_MS)
    if first == "1":
        expect(guest.locator(WAITS)).to_have_count(1, timeout=TIMEOUT_MS)
        thrown = draw_and_throw(guest)
        expect(host.locator("#log")).to_contain_text(f"Liisa discarded the {card_text(thrown)}")


def heard(page: Page, sender: str) -> list[dict[str, Any]]:
    """Every text ``page`` received from ``sender`` so far (its transport served ``recording``), read."""
    texts = page.evaluate("window.rommiHeard || []")
    return [json.loads(text) for peer, text in texts if peer == sender]


# Written now: a save the host's page keeps for later (a guest's move within a quarter second of
# the last write, ``browser.page.save_later``) is written when the page is hidden (``save_pending``).
WRITE_NOW = "window.dispatchEvent(new Event('visibilitychange'))"


def hosted(host: Page) -> tuple[str, App]:
    """The hosted game's save as the host's engine stands now, and its match."""
    host.evaluate(WRITE_NOW)
    text = stored_text(host, ONLINE.key)
    assert text is not None, "the host keeps no hosted game"
    return text, App.from_save(json.loads(text)["host"]["app"])


def next_save(host: Page, before: str) -> tuple[str, App]:
    """The hosted game's save once it is no longer ``before`` (the host's engine took a move)."""
    host.wait_for_function(
        f"([key, before]) => {{ {WRITE_NOW}; return localStorage.getItem(key) !== before; }}",
        arg=[ONLINE.key, before],
        polling=50,
        timeout=TIMEOUT_MS,
    )
    return hosted(host)


def next_turn(pages: list[Page], text: str, app: App) -> tuple[str, App]:
    """Wait until a person is to act and their page shows it (their turn, in the engine's phase,
    nothing on its way), or the deal is over. ``pages[seat]``: each person's page by seat (the host
    first); the seats after them are computer players'. A computer player's move, or a pass a
    person's buy setting sends by itself, changes the host's save meanwhile."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    changed = f"([key, before]) => {{ {WRITE_NOW}; return localStorage.getItem(key) !== before; }}"
    while True:
        phase, seat = app.game.phase.value, app.game.to_act
        if phase not in ("draw", "play", "buy"):
            return text, app
        assert time.monotonic() < deadline, f"seat {seat} never came to act ({phase})"
        if seat is not None and seat < len(pages):
            # A person's page shows their turn once its view arrives: awaited on that page, in
            # short spells, with a look at the host's save between them.
            try:
                pages[seat].wait_for_selector(f'{WAITS}[data-phase="{phase}"]', state="attached", timeout=400)
                return text, app
            except PlaywrightTimeoutError:
                if not pages[0].evaluate(changed, [ONLINE.key, text]):
                    continue
        else:  # a computer player's seat: its move changes the host's save
            try:
                pages[0].wait_for_function(changed, arg=[ONLINE.key, text], polling=50, timeout=400)
            except PlaywrightTimeoutError:
                continue
        text, app = hosted(pages[0])


def play(page: Page, app: App, seat: int, action: dict[str, Any]) -> None:
    """One move of the person at ``seat`` on their own page; a lay-off or swap finds the meld by
    its spoken name, from the host's engine (a guest's page keeps no save to read it from)."""
    if action["type"] not in ("layoff", "swap"):
        play_as_person(page, action)
        return
    meld = next(m for m in app.game.view(seat)["melds"] if m["id"] == action["meld"])
    names = [s.name for s in app.seats]
    select(page, action["cards"] if action["type"] == "layoff" else [action["card"]])
    press(page, meld_button(page, meld, names, seat))
    chooser = page.get_by_role("group", name=t("choose.title"))
    if not chooser.count():
        return
    swap = t("choose.swap", meld="").strip()
    options = chooser.get_by_role("button")
    if action["type"] == "swap":
        options = options.filter(has_text=swap)
    else:
        options = options.filter(has_not_text=swap)
        if action.get("end"):
            options = options.filter(has_text=t("choose.end." + action["end"], card="").split("(")[0].strip())
    press(page, options.first)


def play_until(
    pages: list[Page],
    text: str,
    app: App,
    phases: tuple[str, ...],
    before: Callable[[App, int, str, int], None] | None = None,
    most: int = 600,
) -> tuple[str, App, int]:
    """Each person's move, the hint for their seat, made on their own page (``pages[seat]``, the
    host's first), until the host's engine is in one of ``phases`` ("deal_over", "match_over");
    at the end of a deal that is not one of them, the host presses "Next deal". ``before(app,
    seat, phase, moves)`` is called before each person's move. The host's save, its match and the
    number of moves made. The seed (the table's fair one, which no test chooses) is printed."""
    print(f"the match's seed: {app.seed}")  # shown when the test fails
    began = time.monotonic()
    for moves in range(most):
        text, app = next_turn(pages, text, app)
        phase, seat = app.game.phase.value, app.game.to_act
        if phase in phases:
            return text, app, moves
        if phase == "deal_over":
            print(f"move {moves}: the host, next deal")
            play_as_person(pages[0], {"type": "next_deal"})
        else:
            assert seat is not None
            if before is not None:
                before(app, seat, phase, moves)
            action = dict(hint(app.game.view(seat))["action"].to_json())
            print(f"move {moves} at {time.monotonic() - began:.1f} s: seat {seat}, {phase}, {action}")
            play(pages[seat], app, seat, action)
        text, app = next_save(pages[0], text)  # the host's engine took the move
    raise AssertionError(f"the host's engine never came to {phases} in {most} moves")
