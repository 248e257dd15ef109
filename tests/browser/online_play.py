"""Playing at an online table from a test or a benchmark: the hosted game read from the host's
save (``ui.records.stores.ONLINE``), each person's move made on their own page from the hint for
their seat, and the page's transport served wrapped so that what a page receives is recorded.

``recording`` serves ``js/online.mjs`` as it is, plus: its room is ``window.rommiRoom`` (so a
test can send through the page's own transport) and every text its ``onMessage`` handler gets is
kept as ``[peer, text]`` in ``window.rommiHeard`` before the page reads it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ui.model.app import App
from ui.records.stores import ONLINE
from ui.words.i18n import t

from .person import meld_button, play_as_person, press, select
from .table import stored_text

TIMEOUT_MS = 60_000
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
    while True:
        phase, seat = app.game.phase.value, app.game.to_act
        if phase not in ("draw", "play", "buy"):
            return text, app
        if (
            seat is not None
            and seat < len(pages)
            and pages[seat].locator(f'{WAITS}[data-phase="{phase}"]').count()
        ):
            return text, app
        assert time.monotonic() < deadline, f"seat {seat} never came to act ({phase})"
        try:
            pages[0].wait_for_function(
                f"([key, before]) => {{ {WRITE_NOW}; return localStorage.getItem(key) !== before; }}",
                arg=[ONLINE.key, text],
                polling=50,
                timeout=400,
            )
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
