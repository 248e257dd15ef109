"""The page side of every command: carry out ``Effects`` (save, draw, focus, announce, post).

This is where the table's state meets the browser: the one ``Page`` object
(``current``) holds the page's ``Screen`` and what the page keeps beside it,
``show`` draws it with ``browser.render.screens`` and keeps the redraw times for the
benchmarks, and ``run`` does what a command or a move (``ui.play``) asked for.
The computer players' loop (``browser.botloop``) and the tabs' takeover
(``browser.tabs``) are started from here too, as ``main.py`` wires them
(``Page.wire``): this module imports neither.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

from js import document, performance, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from browser import attention, clipboard, files, firstpaint, motion, storage
from browser.dom import by_id, query
from browser.render import screens as draw
from ui.commands.acts import Effects
from ui.commands.handover import COVER_BUTTON, cover_title
from ui.commands.tutorial import UNTOUCHED
from ui.model.outbox import Message
from ui.records.bundle import export_bundle
from ui.records.stores import GAME, KEPT, ONLINE, SETTINGS, Store
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import set_language, t


class Page:
    """The page's one state: its ``Screen`` and what the page keeps beside it, and the two
    parts of the page it starts without importing them (``wire``, called by ``main.py``)."""

    def __init__(self) -> None:
        self.screen = Screen()
        # For the tests and benchmarks (``window.rommiStatsNow()``), in ms: each redraw, split by
        # who caused it ("bots": the computer players' loop; "you": your clicks and keys), and each
        # click; "spans": each computer decision's [start, end] on the page's clock (long tasks
        # inside one are the computer's thinking).
        self.stats: dict[str, Any] = {
            "decisions": [],
            "spans": [],
            "turns": [],
            "renders": [],
            "bot_renders": [],
            "your_renders": [],
            "clicks": [],
            "announces": [],
        }
        self.last_render = 0.0  # when the page was last drawn (ms)
        # The game's save: asked for and not yet written (a write is queued), changed since the
        # last write by the computer players' loop (``save_later``), and when last written (ms).
        self.save_queued = False
        self.save_dirty = False
        self.saved_at = -1e9
        # Keys pressed and pointers put down anywhere on the page, and their count when you last
        # did something (``run``): once you have moved since, the page leaves the focus where you
        # put it (``browser.botloop.focus_turn``).
        self.inputs = 0
        self.inputs_at_move = 0
        self.drawing_rest = False  # a split redraw has regions left to draw
        self.waiting: list[Callable[[], None]] = []  # to do in the next frame (``before_paint``)
        self.frame_call: Any = None  # ``_in_frame`` as the browser calls it, made on first use
        self.painted: list[Callable[[], None]] = []  # to do once the next frame is painted (``after_paint``)
        self.painted_call: Any = None  # ``_after_frame`` as the browser calls it, made on first use
        # Wired by ``main.py`` (``wire``): the computer players' loop and the tabs' takeover.
        self.start_bots: Callable[[], None] = _nothing
        self.deeper_hint: Callable[[], None] = _nothing
        self.take_over: Callable[[], None] = _nothing
        # The online table's session (``browser.session.after``, loaded only once a table opens).
        self.online: Callable[[Effects], None] = _no_table

    def wire(
        self,
        start_bots: Callable[[], None],
        deeper_hint: Callable[[], None],
        take_over: Callable[[], None],
        online: Callable[[Effects], None] | None = None,
    ) -> None:
        """What ``run`` starts: the computer players (``browser.botloop.start``), the expert's hint
        (``browser.botloop.deeper_hint``), playing here after another tab (``browser.tabs.take_over``)
        and, after every command while an online table is open, its session (``online``)."""
        self.start_bots, self.deeper_hint, self.take_over = start_bots, deeper_hint, take_over
        if online is not None:
            self.online = online


def _nothing() -> None:
    """Nothing is wired yet."""


def _no_table(fx: Effects) -> None:
    """No online table's session is wired."""


KEEP = 5000  # the last so many of each measurement
SAVE_EVERY_MS = 250
current = Page()  # the one page


def touched(event: Any = None) -> None:
    current.inputs += 1


def touched_since_move() -> bool:
    """Whether a key was pressed or the page touched since your last command."""
    return current.inputs != current.inputs_at_move


SPLIT_MS = 12.0


def show(by: str = "you", budget_ms: float | None = SPLIT_MS) -> None:
    """Draw the page from the state, and keep how long it took (``by``: "bots" or "you").

    The table's regions left after ``budget_ms`` (a new table, where every region is drawn; a
    move that changes most of them) are drawn in a task of its own, right after this one, so
    that neither makes a long task with the click before it or the layout after it; ``None``
    draws them all now."""
    start = performance.now()
    if not current.drawing_rest:  # where your cards were, for cards that travel (not mid-way)
        motion.before(current.screen)
    done = draw.render(current.screen, budget_ms)
    current.drawing_rest = not done
    if done:
        motion.after(current.screen, before_paint)
    else:
        soon(lambda: show(by) if current.drawing_rest else None)
    current.last_render = performance.now()
    took = round(current.last_render - start, 1)
    keep("renders", took)
    keep("bot_renders" if by == "bots" else "your_renders", took)


def computers_moving(on: bool) -> None:
    """The computer players' loop runs (``on``) or has stopped: the table says so (``data-busy``)."""
    current.screen.busy = on


def say_thinking(seat: int | None) -> None:
    """Computer player ``seat`` has thought long enough to say so on the turn line (drawn now);
    None once it has decided (said by the next redraw)."""
    current.screen.thinking = seat
    if seat is not None:
        show("bots")


def keep(kind: str, ms: float) -> None:
    """Remember one measurement of ``kind`` (the last ``KEEP``)."""
    current.stats[kind].append(ms)
    del current.stats[kind][:-KEEP]


def save_game() -> None:
    """Keep the game: written in a task of its own right after this one, so a click or a computer
    move is not one long task with it, and several asks in one task are one write. Nothing is
    lost: a pending save is written before the page is left or hidden (``save_pending``)."""
    if not current.save_queued:
        current.save_queued = True
        window.rommiSaving = True  # for the tests, which read the save itself
        soon(save_pending)


def save_later() -> None:
    """Note that the game changed, without writing it yet: the computer players' loop saves at
    most every ``SAVE_EVERY_MS`` while they move, and always when they stop (``save_game``)."""
    if performance.now() - current.saved_at >= SAVE_EVERY_MS:
        save_game()
    else:
        current.save_dirty = True


def save_pending(*_: Any) -> None:
    """Write the game now if a save was asked for (also on ``pagehide`` and when the page is hidden)."""
    if current.save_queued or current.save_dirty:
        current.save_queued = current.save_dirty = False
        save_now()
        window.rommiSaving = False


def save_now() -> None:
    current.saved_at = performance.now()
    screen = current.screen
    store = GAME
    if screen.online is not None:  # an online table's game: the host's own save, a guest's none
        if screen.online.host is None or ONLINE.key in screen.stuck:
            return
        store = ONLINE
    elif screen.elsewhere or GAME.key in screen.stuck:  # never over another tab's or an unreadable save
        return
    if screen.app is not None and not put(store):
        shown = len(screen.notes)
        screen.note("note.saved_off")
        if len(screen.notes) != shown:  # said once; the table is drawn again only to say it
            show()


def save_settings() -> None:
    """Keep the settings now; the form the next visit opens on is drawn and kept just after
    (its own task: drawing the whole form is no part of starting a game or changing a setting)."""
    if put(SETTINGS):
        soon(keep_first_paint)


def put(store: Store) -> bool:
    """Write ``store``'s record from the page's state by its writer in the one table of stores
    (``ui.records.stores``); ``False`` when the browser refused it."""
    if store.write is None:
        raise TypeError(f"the store {store.name!r} has no writer in the table")
    if current.screen.tutorial is not None and store in UNTOUCHED:  # a lesson never writes these
        return True
    return storage.put(store.key, store.write(current.screen))


def soon(action: Callable[[], None]) -> None:
    """Do ``action`` in a task of its own, right after this one (a failure is reported as any)."""
    asyncio.get_event_loop().call_soon(guarded(lambda _: action()), None)


def keep_first_paint() -> None:
    """Keep the setup form the next visit opens on, for its first paint (``browser.firstpaint``)."""
    firstpaint.remember(draw.next_visit_form(current.screen.settings))


def announce(text: str | None) -> None:
    live = by_id("live")
    if live is not None and text:
        start = performance.now()
        live.textContent = text
        keep("announces", round(performance.now() - start, 2))  # for the online benchmark


def focus(selector: str) -> None:
    """Focus the first element ``selector`` matches; ``a || b`` tries ``a`` first, then ``b``
    (a plain CSS list would take whichever comes first in the page). A choice that is disabled or
    not drawn (a phone's closed drawer) cannot take the focus: the next one is tried."""
    for choice in selector.split(" || "):
        node = query(choice)
        if node is not None and not getattr(node, "disabled", False) and node.getClientRects().length:
            node.focus()
            return


def before_paint(action: Callable[[], None]) -> None:
    """Do ``action`` in the browser's next frame, just before it lays the page out and paints.

    For a focus: focusing lays the page out first, so done at once it lays out in this task
    (after a redraw, 5-20 ms) and the frame lays out again; done here, the frame's one layout
    serves both. A split redraw (``show``) is finished first: what it draws may be wanted."""
    current.waiting.append(action)
    if current.frame_call is None:
        current.frame_call = create_proxy(_in_frame)
    if len(current.waiting) == 1:
        window.requestAnimationFrame(current.frame_call)


def _in_frame(*_: Any) -> None:
    if current.drawing_rest:  # a split redraw is not finished: what it draws may be wanted here
        window.requestAnimationFrame(current.frame_call)
        return
    _run_all(current.waiting)


AFTER_PAINT_LATEST_MS = 250  # a page hidden meanwhile runs no frames: ``after_paint`` waits no longer


def after_paint(action: Callable[[], None]) -> None:
    """Do ``action`` in a task of its own once the browser has painted what was just drawn (the
    task after the next frame): for work that what is shown does not wait for (an online
    guest's buy offer, ``ui.online.guest_table.offer``). A hidden page runs no frames, so a
    timer does it anyway after ``AFTER_PAINT_LATEST_MS`` (or when the browser lets a hidden
    page's timers run): whichever comes first does what waits."""
    current.painted.append(action)
    if current.painted_call is None:
        current.painted_call = create_proxy(_after_frame)
    if len(current.painted) == 1:
        before_paint(lambda: window.setTimeout(current.painted_call, 0))
        window.setTimeout(current.painted_call, AFTER_PAINT_LATEST_MS)


def _after_frame(*_: Any) -> None:
    _run_all(current.painted)


def _run_all(queue: list[Callable[[], None]]) -> None:
    """Do every action ``queue`` holds now, emptied first (an action may queue the next round),
    each error reported without stopping the others."""
    waiting = list(queue)
    queue.clear()
    for action in waiting:
        try:
            action()
        except Exception as e:
            report(e)


def embedded() -> bool:
    return bool(document.documentElement.getAttribute("data-framed") == "true")


def post(message: Message) -> None:
    """Tell the page around us (only when embedded): ``{"source": "rommi", "type": kind, ...}``."""
    if not embedded():
        return
    kind, data = message
    payload = {"source": "rommi", "type": kind, **data}
    try:
        window.parent.postMessage(window.JSON.parse(json.dumps(payload)), "*")
    except Exception:
        return


def _budget(fx: Effects, whole: bool) -> float | None:
    """The redraw's budget (``show``). A new table is drawn after the click's task (budget 0:
    only its first region in this one), which also hides the form; a control to focus must be
    drawn now. ``whole``: a move that came over the network, which every device at an online
    table draws at once; split, each drew a frame of the table half-drawn and then another."""
    return 0.0 if fx.new_game else None if fx.focus or whole else SPLIT_MS


def run(fx: Effects, by: str = "you", whole: bool = False) -> None:
    """Carry out what a command asked for, in the order a person would notice it
    (``by``: who caused it, for the redraw's measurement; ``whole``: see ``_budget``)."""
    if by == "you":
        current.inputs_at_move = current.inputs
    if fx.new_game:
        current.screen.generation += 1
    for store in KEPT:  # the records the command changed (``ui.records.stores``)
        if store not in fx.save:
            continue
        if store is GAME:
            # in a task of its own, and never over another tab's save; the computer players' moves
            # at most every SAVE_EVERY_MS (``save_later``)
            if by == "bots":
                save_later()
            else:
                save_game()
        elif store is SETTINGS:
            save_settings()  # and the form the next visit opens on
        elif store.key not in current.screen.stuck:  # never over unreadable data
            put(store)
    if fx.relabel:
        lang = current.screen.settings.language
        apply_language(lang if lang in i18n.LANGUAGES else i18n.language)
    if fx.forget:
        draw.forget()
    announce(fx.announce)
    if fx.redraw or fx.forget or fx.cover:  # the cover is drawn even after a quieted computer move
        show(by, _budget(fx, whole))
    for message in fx.post:
        post(message)
    if fx.focus and fx.new_game:
        # A new table: focusing makes the browser lay the whole table out at once, so that is
        # done in the next frame, where the table is laid out anyway (``before_paint``).
        selector = fx.focus
        before_paint(lambda: focus(selector))
    elif fx.focus:
        focus(fx.focus)
    if fx.cover:  # said and focused once this task (the computer players' loop too) has said its last
        before_paint(cover_news)
    if fx.run_bots:
        current.start_bots()
    if fx.think_hint:
        current.deeper_hint()
    if fx.take_over:
        current.take_over()
    if fx.download:
        download(fx.download)
    if fx.link_to:
        clipboard.hand_over(fx.link_to, current.screen.replay, show)
    if fx.clear_address:
        window.history.replaceState(None, "", current.screen.address)
    if fx.export_data:
        save_pending()  # the file holds the game as it is now
        files.offer(json.dumps(export_bundle(storage), separators=(",", ":")), export_name())
    if fx.online is not None or current.screen.online is not None:
        current.online(fx)  # the online table: its guests see the move, what waits is sent
    attention.after(current.screen)  # your turn while the page is hidden: the tab's title says so


def cover_news() -> None:
    """The cover between people at this device went up or names who is next: the live region
    says so ("Pass the device to Liisa") and the keyboard goes to its button ("I am Liisa")."""
    screen = current.screen
    if screen.covered and screen.app is not None and screen.screen == "table":
        announce(cover_title(screen.app))
        focus(COVER_BUTTON)


def export_name() -> str:
    """The exported file's name, dated: ``rommi-data-2026-12-01.json``."""
    return f"rommi-data-{current.screen.records.today().isoformat()}.json"


def download(key: str) -> None:
    """Hand the player the unreadable data kept at ``key`` as a file, then make room: it is
    theirs now, and this page may save there again."""
    text = storage.get(key)
    if text is not None:
        blob = window.Blob.new([text], window.JSON.parse('{"type": "application/json"}'))
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = key.replace(".", "-") + "-unreadable.json"
        link.click()
        window.URL.revokeObjectURL(link.href)
        storage.remove(key)
    screen = current.screen
    screen.stuck.discard(key)
    screen.note_sources = [n for n in screen.note_sources if not n[0].startswith("note.stuck")]
    screen.reword()
    save_game()
    show()


def report(error: BaseException) -> None:
    """Never leave the page dead: say so, and let the console have the traceback."""
    window.console.error("Rommi: " + "".join(traceback.format_exception(error)))
    current.screen.note(f"Something went wrong: {type(error).__name__}: {error}"[:300])
    show()


def guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """An event handler that reports any failure instead of raising into the browser."""

    def run_it(event: Any) -> None:
        try:
            handler(event)
        except Exception as e:
            report(e)

    return run_it


def label_static() -> None:
    """The page's fixed controls get their words from the catalog."""
    for node in document.querySelectorAll("[data-text]"):
        node.textContent = t(str(node.getAttribute("data-text")))
    for node in document.querySelectorAll("[data-label]"):
        node.setAttribute("aria-label", t(str(node.getAttribute("data-label"))))


def apply_language(lang: str) -> None:
    """Word the whole page in ``lang``: catalog, ``<html lang>``, fixed controls, rules link."""
    lang = set_language(lang)
    document.documentElement.setAttribute("lang", lang)
    label_static()
    pace = by_id("pace")
    if pace is not None:
        pace.replaceChildren()  # refilled in the new language by the next draw
    switch = by_id("lang")
    if switch is not None:
        switch.value = lang
    rules = by_id("rules-link")
    if rules is not None:
        rules.setAttribute("href", f"rules/{lang}.html")
    current.screen.reword()
    draw.forget()
