"""Every key this site keeps in the browser's storage, in one table (pure Python).

Each ``Store`` is one kept record: its name (the export file's part, ``ui.bundle``), its
storage key, the version of what is written there, and what the page writes there from its
state (``write``). A command asks for records to be written by naming them (``Effects.save``)
and the page writes each the same way (``ui.page.run``). The build writes the keys
``index.html``'s inline scripts read before Python runs from this table too, so a key is spelt
once. Nothing here imports the engine or the browser at run time: the build imports this
module on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for the writers' types: the build imports this module alone
    from .state import Screen


@dataclass(frozen=True)
class Store:
    """One record kept in ``localStorage``."""

    name: str  # what it is called in an exported file
    key: str
    version: int  # the version written inside it (and in its key, ``.v1``)
    # The JSON value to store, from the page's state (``None``: written by its own module).
    write: Callable[[Screen], Any] | None = field(default=None, compare=False, repr=False)


GAME = Store("save", "rommi.save.v1", 1, lambda s: None if s.app is None else s.app.to_save())
SETTINGS = Store("settings", "rommi.settings.v1", 1, lambda s: s.settings.to_dict())
LEDGER = Store("ledger", "rommi.ledger.v1", 1, lambda s: s.ledger)  # the balance of earlier matches
STATS = Store("stats", "rommi.stats.v1", 1, lambda s: s.records.stats)  # your finished matches
DAILY = Store("daily", "rommi.daily.v1", 1, lambda s: s.daily)  # your deal-of-the-day results
PAINT = Store("setup", "rommi.setup.v1", 1)  # the setup form for the next first paint (``ui.firstpaint``)
# Written by a tab taking the game over (``ui.tabs``): saving an unchanged game fires no event elsewhere.
TAB = Store("tab", "rommi.tab.v1", 1)

# The player's own records, in the order an exported file lists them: exported, imported, and
# set aside rather than dropped when they cannot be read (``ui.keep``).
KEPT: tuple[Store, ...] = (GAME, SETTINGS, LEDGER, STATS, DAILY)
ALL: tuple[Store, ...] = (*KEPT, PAINT, TAB)
BY_KEY: dict[str, Store] = {s.key: s for s in ALL}

# Not stored, but named beside the keys: the Web Lock the tab that plays holds (``ui.tabs``), and
# the prefix of the key each tab writes once to learn whether storage works (``ui.storage``).
GAME_LOCK = "rommi.game.v1"
PROBE_PREFIX = "rommi.probe."
