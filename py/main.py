"""Rommi in the browser: the wiring between the page and the table's Python.

Runs in Pyodide through PyScript (``<script type="py" src="./py/main.py">``).
Everything else under ``py/`` is copied into Pyodide's file system by the
``files`` of ``pyscript.json``, which ``tools/build/build.py`` generates.

This module only connects: it reads the address (``ui.model.query``) and storage
(``ui.commands.restore``), reads each click's control into a ``ui.commands.table.Target``,
lets ``ui.commands.table.handle`` decide what it does, and has ``browser.page`` carry out
the effects; the computer players run in ``browser.botloop``, the hand's keys and
drag in ``browser.pointer``. When the page answers clicks it sets
``<html data-ready="true">``.
"""

from __future__ import annotations

import gc
import json
from typing import Any

from js import document, navigator, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from browser import attention, botloop, firstpaint, invited, page, pointer, storage, tabs, transfer
from browser.dom import by_id, closest, form_values
from browser.render.screens import region_ms
from ui.attention import change_sound
from ui.commands.acts import Act, Target
from ui.commands.replay import open_link
from ui.commands.restore import restore_settings, restore_stored
from ui.commands.table import change_buy_prompt, change_pace, form_changed, handle
from ui.model.query import Query, preset_form, read_query
from ui.records.replayview import LINK_PREFIX
from ui.records.stats_screen import restore_stats
from ui.records.stores import SETTINGS
from ui.words.i18n import LANGUAGES, language_of

screen = page.current.screen
address = Query()
CHOICES = {"replay-step": Act.REPLAY_STEP, "replay-deal": Act.REPLAY_DEAL, "stats-person": Act.STATS_PERSON}


def pick_language() -> str:
    """The address's ``lang``, else the one chosen in the page, else the browser's."""
    if address.lang:
        return address.lang
    if screen.settings.language in LANGUAGES:
        return screen.settings.language
    try:
        return language_of(str(navigator.language))
    except Exception:
        return "en"


def load() -> None:
    """Read the address and storage into the screen, before anything is drawn."""
    global address
    address = read_query(str(window.location.search))
    for key, params in address.notes:
        screen.note(key, **params)
    screen.seed_from_url, screen.pace_override = address.seed, address.pace
    if not storage.works():
        screen.note("setup.storage_off")
    restore_settings(screen, storage.get(SETTINGS.key))
    page.apply_language(pick_language())
    preset, notes = preset_form(screen.form, address)
    for key, params in notes:
        screen.note(key, **params)
    restore_stored(screen, storage, setup_first=preset)
    where = window.location
    screen.address = str(where.origin) + str(where.pathname) + str(where.search)
    invited.opened(screen, str(where.hash), address.relays)  # an invitation, or the host's table
    if str(where.hash).startswith(LINK_PREFIX):
        open_link(screen, str(where.hash))
    restore_stats(screen, storage)


def _int(value: Any) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def read_form() -> dict[str, Any]:
    return form_values("setup-form")


def target_of(node: Any, at: float | None = None) -> Target | None:
    """The pressed control as a ``Target``, or ``None`` for one that does nothing now."""
    try:
        act = Act(str(node.getAttribute("data-act")))
    except ValueError:
        return None
    return Target(
        act,
        index=_int(node.getAttribute("data-index")),
        uid=_int(node.getAttribute("data-uid")),
        meld=_int(node.getAttribute("data-meld")),
        value=None if node.getAttribute("data-value") is None else str(node.getAttribute("data-value")),
        at=at,
        form=read_form() if act in (Act.START, Act.ONLINE) else invited.typed(act),
    )


def on_click(event: Any) -> None:
    node = closest(event.target, "[data-act]")
    if node is None or node.disabled:
        return
    # When (for a double-click or double-tap); a click from the keyboard (detail 0) is never double.
    target = target_of(node, float(event.timeStamp) if event.detail else None)
    if target is not None:
        start = window.performance.now()
        page.run(handle(screen, target))
        page.keep("clicks", round(window.performance.now() - start, 1))


def on_change(event: Any) -> None:
    node = event.target
    if node.id == "pace":
        page.run(change_pace(screen, str(node.value)))
    elif node.id == "buy-prompt":
        page.run(change_buy_prompt(screen, str(node.value)))
    elif node.id == "sound":
        page.run(change_sound(screen, bool(node.checked)))
    elif node.id in CHOICES:
        page.run(handle(screen, Target(CHOICES[node.id], value=str(node.value))))
    elif node.id == "import-file":
        transfer.chosen(node)
    elif closest(node, "#setup-form") is not None:
        page.run(form_changed(screen, str(node.name), read_form()))


def on_language(event: Any) -> None:
    value = str(event.target.value)
    if value not in LANGUAGES:
        return
    screen.settings.language = value
    screen.form.language = value
    address.lang = None  # the page's choice now wins over the address
    page.save_settings()
    page.apply_language(value)
    page.show()


def take_over(paint: firstpaint.FirstPaint) -> None:
    """What the player chose in the form shown before Python ran counts (Python draws it next)."""
    if paint.shown and (paint.touched or paint.pending):
        form_changed(screen, "variant", read_form())  # the form in the state; the first draw shows it


def pressed_before(paint: firstpaint.FirstPaint) -> None:
    """Start or Continue, pressed while Python was starting: done now."""
    if paint.pending == "start":
        page.run(handle(screen, Target(Act.START, form=read_form())))
    elif paint.pending == "continue":
        page.run(handle(screen, Target(Act.CONTINUE)))


def main() -> None:
    load()
    paint = firstpaint.found()
    take_over(paint)
    page.label_static()
    if address.embed:
        document.documentElement.setAttribute("data-embed", "true")
    switch = by_id("lang")
    switch.addEventListener("change", create_proxy(page.guarded(on_language)))  # the page always has it
    by_id("pagebar").hidden = False
    switch.disabled = False
    root = by_id("app")
    root.addEventListener("click", create_proxy(page.guarded(on_click)))
    root.addEventListener("change", create_proxy(page.guarded(on_change)))
    pointer.listen(by_id("hand"), root)
    page.current.wire(botloop.start, botloop.deeper_hint, tabs.take_over, online=invited.online_after)
    tabs.listen()
    attention.listen()
    for event in ("pagehide", "visibilitychange"):  # a save still queued is written before the page goes
        window.addEventListener(event, create_proxy(page.guarded(page.save_pending)))
    # For tests and benchmarks: each computer decision and turn, each redraw and click, in ms.
    window.rommiStatsNow = create_proxy(
        lambda: json.dumps({**page.current.stats, **{f"region:{k}": v for k, v in region_ms.items()}})
    )
    page.show()
    if page.current.screen.covered:  # a reload under the cover: it is said, and its button focused
        page.before_paint(page.cover_news)
    # What boot made lives as long as the page: the collector need not look at it again. In
    # Pyodide a collection that does took up to 93 ms during an expert's search; after this, 8 ms.
    gc.collect()
    gc.freeze()
    document.documentElement.setAttribute("data-ready", "true")
    if not firstpaint.kept_used():
        page.keep_first_paint()
    pressed_before(paint)
    invited.connect(screen)
    botloop.start()


main()
