"""Two tabs of one game: only one plays it at a time, and the other says so plainly.

Browser only. Every tab of this site shares one saved game (``localStorage``). When
another tab saves it, the browser tells this one with a ``storage`` event: from then on
this tab only watches (``Screen.elsewhere``): it neither saves nor lets its computer
players move, its table is inert, and a notice offers to play here. Taking over reads the
other tab's save and saves it as this tab's, which tells the other tab in turn. So the tab
that moves last never overwrites the other's progress without a word.
"""

from __future__ import annotations

from typing import Any

from js import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from . import page, render, storage
from .app import SAVE_KEY
from .restore import restore_game

# Written by the tab that takes the game over: saving an unchanged game fires no event elsewhere.
TAB_KEY = "rommi.tab.v1"


def on_storage(event: Any) -> None:
    """Another tab wrote (or cleared) the saved game: step aside."""
    key = event.key
    if (key is None or str(key) in (SAVE_KEY, TAB_KEY)) and not page.screen.elsewhere:
        page.screen.elsewhere = True
        page.screen.busy = False
        page.show()


def take_over() -> None:
    """Play here: the latest save (the other tab's), written again as this tab's."""
    screen = page.screen
    screen.elsewhere = False
    screen.generation += 1  # a loop of ours still waiting must not move for the old game
    if not restore_game(screen, storage.get(SAVE_KEY), setup_first=False):
        screen.app, screen.screen = None, "setup"
    page.save_now()  # before the notice below: the other tab then reads this save
    storage.put(TAB_KEY, {"taken_at": float(window.Date.now())})  # always a new value: an event
    render.forget()
    page.show()
    page.bots["start"]()


def listen() -> None:
    window.addEventListener("storage", create_proxy(page.guarded(on_storage)))
    page.tabs["take_over"] = take_over
