"""Draw the page from ``Screen`` and ``App``: the setup form, the table, the score sheet.

Rendering is a function of the human seat's view plus the table's own state
(selection, lay-down drafts, hand order). Each region is redrawn only when
what it shows has changed (a signature per region, ``render_common.changed``),
which keeps the page quick while the computer players move and keeps focus
where it was. Every control is a ``<button data-act=...>``; ``main.py`` has one
click handler.

This module is the entry point; the regions are drawn by ``render_setup`` (the
setup form), ``render_table`` (status, seats, piles, buy panel, your melds,
hand, actions, log), ``render_area`` (the lay-down area) and ``render_sheet``
(the score sheet and ledger). Browser only: they draw through ``browser.dom``,
which does ``from js import document``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from browser.dom import button, by_id, el, fill, focused, restore_focus
from browser.render.area import area
from browser.render.coach import coach
from browser.render.contract import contract_dialog
from browser.render.daily import daily_box
from browser.render.lobby import lobby
from browser.render.online_line import online_line
from browser.render.reactions import table_bits
from browser.render.replay import replay
from browser.render.setup import next_visit_form, setup
from browser.render.sheet import sheet
from browser.render.stats import stats_screen
from browser.render.table import PRIVATE, actions, centre, cover, hand, log, mine, opponents, status
from browser.render.tutorial import lesson_box
from ui.commands.acts import Act
from ui.draw.changes import touched
from ui.draw.regions import changed, forget
from ui.model.app import App
from ui.screen import Screen
from ui.words.i18n import t

__all__ = ["forget", "next_visit_form", "region_ms", "render", "touched"]
# How long each region took to draw, when it took a millisecond or more (the benchmark reads it).
region_ms: dict[str, list[float]] = {}


def render(s: Screen, budget_ms: float | None = None) -> bool:
    """Draw the screen (setup, table or statistics) and put focus back where it was.

    With a ``budget_ms``, the table's regions still to draw once that much time is spent are
    left for another call (the caller's, in a task of its own); False when some were left."""
    key, region = focused(TABLE_REGIONS if s.screen == "table" else ())
    root = by_id("app")
    root.setAttribute("data-screen", s.screen)
    root.classList.toggle("four-colour", s.settings.four_colour)
    _notes(s)
    _elsewhere(s)
    stats_screen(s)  # shows or hides the statistics (``browser.render.stats``)
    shown = "stats" if s.screen == "stats" else "replay" if s.screen == "replay" and s.replay else "setup"
    if s.screen == "lobby":
        shown = "lobby"
    elif shown == "setup" and s.screen != "setup" and s.app is not None:
        shown = "table"
    appears = False
    if changed("screen", shown):  # each screen's section shown or hidden only when the screen changes
        appears = shown == "table" and bool(by_id("table").hidden)
        for region in ("setup", "daily", "table", "replay", "lobby"):
            by_id(region).hidden = region != shown and not (region == "daily" and shown == "setup")
    if shown == "setup":
        setup(s)
        daily_box(s)
    elif shown == "replay":
        replay(s)
    elif shown == "lobby":
        lobby(s)
    done = True
    if shown == "table" and s.app is not None:
        done = _table(s, s.app, region, budget_ms)
        lesson_box(s)  # a lesson's box, while one runs (``browser.render.tutorial``)
        _veil(appears, done)
    restore_focus(key)
    return done


veiled = {"on": False}  # a table that appeared is hidden until its split redraw ends


def _veil(appears: bool, done: bool) -> None:
    """A table that appears is seen only once all its regions are drawn. Drawn over two tasks
    (a split redraw), its first frame showed your seat and hand high up, where the piles and the
    opponents drawn next pushed them down: a layout shift of 0.12 on a first visit (issue 42)."""
    if appears and not done:
        by_id("table").setAttribute("data-veiled", "true")
        veiled["on"] = True
    elif done and veiled["on"]:
        by_id("table").removeAttribute("data-veiled")
        veiled["on"] = False


def _notes(s: Screen) -> None:
    """The page-wide notes (a bad URL parameter...), hidden when there are none."""
    if not changed("notes", (tuple(s.notes), tuple(sorted(s.stuck)))):
        return
    box = by_id("notes")
    keep = [
        button(t("note.download"), Act.DOWNLOAD, "small-button", key=f"download-{k}", data_value=k)
        for k in sorted(s.stuck)
    ]
    fill(box, [el("p", "note", n) for n in s.notes] + keep)
    box.hidden = not s.notes


def _elsewhere(s: Screen) -> None:
    """While another tab plays the game: say so, offer to play here, and make this table inert."""
    if not changed("elsewhere", s.elsewhere):
        return
    by_id("table").inert = s.elsewhere
    by_id("setup").inert = s.elsewhere
    box = by_id("elsewhere")
    box.hidden = not s.elsewhere
    text = [el("p", None, t("tabs.elsewhere")), button(t("tabs.take_over"), Act.TAKE_OVER, "primary")]
    fill(box, text if s.elsewhere else [])


# The table's regions that hold controls (their element ids): the one with the focus is drawn first.
TABLE_REGIONS = ("hand", "actions", "centre", "area", "opponents", "mine", "sheet", "log")


def _table(s: Screen, app: App, first: str | None = None, budget_ms: float | None = None) -> bool:
    """The table's state as data attributes (for the styles and the tests), then each region:
    first the one that has the focus (``first``). Changing or removing the focused element makes
    the browser restyle, even lay out, the page at once; done before any other change, that
    costs next to nothing, where after the others it cost 2-5 ms a redraw.

    Past ``budget_ms`` the regions left are not drawn (their signatures stay as they were, so
    the next call draws them) and the table says it is busy until they are: False then."""
    v = app.view()
    marks = {
        "data-phase": v["phase"],
        "data-to-act": "" if v["to_act"] is None else str(v["to_act"]),
        "data-human": "true" if app.drawn_to_act() and not s.covered else "false",
        "data-covered": "true" if s.covered else "false",
        "data-busy": "true" if s.busy else "false",
        "data-deal": str(v["deal"]),
        "data-variant": v["variant"],
    }
    stamp: Any = (len(v["history"]), v["deal"], v["phase"], v["to_act"], v["seat"])  # seat: drawn for
    regions = _regions(s, app, stamp)
    if s.covered:  # the cover first, whatever the budget: it takes away what is private
        cover(s, app)
        regions = [region for region in regions if region[0] not in PRIVATE]
    regions.sort(key=lambda region: region[0] != first)
    began = time.perf_counter()  # Python's clock: the page's ``performance.now`` crosses into JS
    done = True
    for name, draw in regions:  # each timed, for the redraw benchmark (``region_ms``)
        start = time.perf_counter()
        if budget_ms is not None and (start - began) * 1000 > budget_ms:
            done = False
            continue
        draw()
        took = (time.perf_counter() - start) * 1000
        if took >= 1:
            region_ms.setdefault(name, []).append(round(took, 1))
            del region_ms[name][:-2000]
    if not done:
        marks["data-busy"] = "true"  # the tests wait for the whole table, as a person sees it
    if not s.covered:
        cover(s, app)  # lifted (or never up): gone
    if changed("table", tuple(marks.values())):
        table = by_id("table")
        for name, value in marks.items():
            table.setAttribute(name, value)
    return done


def _regions(s: Screen, app: App, stamp: Any) -> list[tuple[str, Callable[[], None]]]:
    """The table's regions, each with how it is drawn: yours first (what a new table is looked at
    for), the costliest (the opponents) late."""
    return [
        ("status", lambda: status(s, app, stamp)),
        ("online", lambda: online_line(s)),
        ("centre", lambda: centre(s, app, stamp)),
        ("hand", lambda: hand(s, app)),
        ("actions", lambda: actions(s, app, stamp)),
        ("area", lambda: area(s, app, stamp)),
        ("mine", lambda: mine(app, stamp)),
        ("opponents", lambda: opponents(s, app, stamp)),
        ("log", lambda: log(s, app, stamp)),
        ("contract", lambda: contract_dialog(s, app)),  # under the score sheet (``browser.render.contract``)
        ("sheet", lambda: sheet(s, app, stamp)),
        ("reactions", lambda: table_bits(s, app)),  # after the seats: a reaction beside each
        ("coach", lambda: coach(s, app)),  # the coach's question (``browser.render.coach``)
    ]
