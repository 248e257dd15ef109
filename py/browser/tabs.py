"""Two tabs of one game: only one plays it at a time, and the other says so plainly.

Browser only. Every tab of this site shares one saved game (``localStorage``). Where the
browser has Web Locks, the tab that plays is the one holding the lock ``ui.records.stores.GAME_LOCK``
(asked for by index.html as the page loads, ``window.rommiTab``): a tab opened while another
holds it only watches from the start (``Screen.elsewhere``): it neither saves nor lets its
computer players move, its table is inert, and a notice offers to play here. Two tabs can
therefore never both move, however close together their clicks. Playing here steals the
lock, so the other tab watches in turn; a watching tab whose owner closes plays on. Without
Web Locks (an insecure context, a third-party frame that refuses them) the browser's
``storage`` event decides: when another tab saves the game, this one steps aside. Taking over
reads the latest save (the other tab's) and saves it as this tab's, which tells the other tab
in turn. So a tab never overwrites the other's progress without a word.
"""

from __future__ import annotations

from typing import Any

from js import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from browser import page, storage
from browser.render import screens as render
from ui.commands.restore import restore_game
from ui.records.stores import GAME, TAB

# Whether another tab wrote the game since this one last read it (then playing here reads it again).
seen = {"changed": False}


def on_storage(event: Any) -> None:
    """Another tab wrote (or cleared) the saved game: step aside."""
    key = event.key
    if key is None or str(key) in (GAME.key, TAB.key):
        seen["changed"] = True
        step_aside()


def _lock() -> Any:
    """index.html's ``window.rommiTab``, or ``None`` where this browser has no Web Locks."""
    lock = getattr(window, "rommiTab", None)
    return lock if lock is not None and str(lock.state) != "none" else None


def step_aside() -> None:
    """Another tab plays the game now: watch, and offer to play here."""
    if not page.current.screen.elsewhere:
        page.current.screen.elsewhere = True
        page.computers_moving(False)
        page.show()


def take_over() -> None:
    """Play here (the notice's button). With Web Locks, the other tab's lock is taken first and
    the game read once it is ours (``on_lock``); without, at once."""
    lock = _lock()
    if lock is not None and str(lock.state) == "waiting":
        lock.take()
    else:
        play_here()


def on_lock(state: Any) -> None:
    """The lock was granted (a takeover, or the tab that held it closed), or taken by another tab."""
    if str(state) == "waiting":
        step_aside()
    elif page.current.screen.elsewhere and seen["changed"]:  # "owner", or "none" (refused after all)
        play_here()
    elif page.current.screen.elsewhere:  # nobody moved since this tab read the game (a reload, say)
        page.current.screen.elsewhere = False
        page.show()
        page.current.start_bots()


def play_here() -> None:
    """The latest save (the other tab's), written again as this tab's."""
    screen = page.current.screen
    screen.elsewhere = False
    screen.generation += 1  # a loop of ours still waiting must not move for the old game
    seen["changed"] = False
    if not restore_game(screen, storage.get(GAME.key), setup_first=False):
        screen.app, screen.screen = None, "setup"
    page.save_now()  # before the notice below: the other tab then reads this save
    storage.put(TAB.key, {"taken_at": float(window.Date.now())})  # always a new value: an event
    render.forget()
    page.show()
    page.current.start_bots()


def listen() -> None:
    """Before the table is first drawn: watch from the start if another tab holds the game."""
    window.addEventListener("storage", create_proxy(page.guarded(on_storage)))
    lock = getattr(window, "rommiTab", None)
    if lock is None:
        return
    lock.onchange = create_proxy(page.guarded(on_lock))
    if str(lock.state) == "waiting":
        page.current.screen.elsewhere = True
