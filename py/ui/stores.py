"""Every key this site keeps in the browser's storage, in one table (pure Python, no imports).

Each ``Store`` is one kept record: its name (the export file's part, ``ui.bundle``), its
storage key and the version of what is written there. The page reads and writes them through
this table, and the build writes the keys ``index.html``'s inline scripts read before Python
runs from it too, so a key is spelt once. Nothing here imports the engine or the browser: the
build imports this module on its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Store:
    """One record kept in ``localStorage``."""

    name: str  # what it is called in an exported file and in ``Effects.save``
    key: str
    version: int  # the version written inside it (and in its key, ``.v1``)


GAME = Store("save", "rommi.save.v1", 1)  # the game in progress (``App.to_save``)
SETTINGS = Store("settings", "rommi.settings.v1", 1)  # the setup form's choices (``ui.settings``)
LEDGER = Store("ledger", "rommi.ledger.v1", 1)  # the running balance of earlier matches
STATS = Store("stats", "rommi.stats.v1", 1)  # your finished matches (``ui.stats``)
DAILY = Store("daily", "rommi.daily.v1", 1)  # your deal-of-the-day results (``ui.daily``)
PAINT = Store("setup", "rommi.setup.v1", 1)  # the setup form for the next first paint (``ui.firstpaint``)
TAB = Store("tab", "rommi.tab.v1", 1)  # written by a tab taking the game over (``ui.tabs``)

# The player's own records, in the order an exported file lists them: exported, imported, and
# set aside rather than dropped when they cannot be read (``ui.keep``).
KEPT: tuple[Store, ...] = (GAME, SETTINGS, LEDGER, STATS, DAILY)
ALL: tuple[Store, ...] = (*KEPT, PAINT, TAB)
BY_KEY: dict[str, Store] = {s.key: s for s in ALL}

# Not stored, but named beside the keys: the Web Lock the tab that plays holds (``ui.tabs``), and
# the prefix of the key each tab writes once to learn whether storage works (``ui.storage``).
GAME_LOCK = "rommi.game.v1"
PROBE_PREFIX = "rommi.probe."
