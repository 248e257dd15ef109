"""Every key this site keeps in the browser's storage, in one table (pure Python).

Each ``Store`` is one kept record: its name (the export file's part, ``ui.records.bundle``), its
storage key, the version of what is written there, how a record brought from outside is read
(``read``: an imported file's part, taken whole or refused), how the text found under the key
is read when the page opens (``load``: what to use, and what could not be read, so the opening
sets it aside the same way for each record, ``ui.records.stats_screen.restore_record``) and what
the page writes there from its state (``write``). A command asks for records to be written by
naming them (``Effects.save``) and the page writes each the same way (``browser.page.run``). The
build writes the keys ``index.html``'s scripts and ``boot/interpreter.mjs`` read before Python
runs from this table too, so a key is spelt once.

Nothing here imports the engine or the browser when this module is imported: the build imports
it on its own. Each reader imports the module that knows its record when it is first called.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for the readers' and writers' types: the build imports this module alone
    from ui.records.stored import Read
    from ui.screen import Screen


@dataclass(frozen=True)
class Store:
    """One record kept in ``localStorage``."""

    name: str  # what it is called in an exported file
    key: str
    version: int  # the version written inside it (and in its key, ``.v1``)
    # The record as JSON data (an imported file's part) to the JSON value to store; a
    # ``ValueError`` (``rommi.errors.Refused`` among them) for data it would not take whole.
    read: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)
    # The text stored under the key (``None``: nothing) to what the page uses: ``Read.key`` says
    # (a message key) that it could not be read, ``Read.dropped`` how many entries were left out.
    load: Callable[[str | None], Read[Any]] | None = field(default=None, compare=False, repr=False)
    # The JSON value to store, from the page's state (``None``: written by its own module).
    write: Callable[[Screen], Any] | None = field(default=None, compare=False, repr=False)


def _read_save(data: Any) -> Any:
    """A save as written: refused unless the game continues from it (``App.from_save``)."""
    from ui.model.app import App

    App.from_save(data)
    return data


def _load_save(text: str | None) -> Read[Any]:
    """The game in progress (``None``: none), or the reason in the page's words why a save is not
    continued (``Read.key`` and ``Read.detail``, for the setup screen's notice)."""
    from rommi.errors import Refused
    from ui.model.app import App
    from ui.records import outside
    from ui.records.stored import Read
    from ui.words.i18n import t

    if text is None:
        return Read(None)
    try:
        try:
            data = outside.parse(text)
        except Refused as e:  # the reason in the page's words
            raise Refused("setup.save_corrupt", t(e.key)) from None
        return Read(App.from_save(data))
    except Refused as e:
        return Read(None, e.key, detail=e.detail)


def _read_settings(data: Any) -> Any:
    from ui.model.settings import settings_from_dict

    settings, ok = settings_from_dict(data)
    if not ok:
        raise ValueError("settings that would be reset")
    return settings.to_dict()


def _load_settings(text: str | None) -> Read[Any]:
    """The settings stored, or the defaults and the note that says they were reset."""
    from rommi.errors import Refused
    from ui.model.settings import settings_from_dict
    from ui.records import outside
    from ui.records.stored import Read

    data = None
    if text is not None:
        try:
            data = outside.parse(text)
        except Refused:  # too long, too deep or not JSON: the defaults, said
            data = {}
    settings, ok = settings_from_dict(data)
    return Read(settings, None if ok else "setup.settings_reset")


def _read_ledger(data: Any) -> Any:
    from ui.commands.restore import ledger_dropped
    from ui.model.app import clean_ledger, ledger_readable

    if not ledger_readable(data):
        raise ValueError("not a ledger of this version")
    clean = clean_ledger(data)
    if dropped := ledger_dropped(data, clean):  # taken whole or not at all
        raise ValueError(f"{dropped} entries that cannot be read")
    return clean


def _load_ledger(text: str | None) -> Read[Any]:
    """The ledger stored, read leniently (``clean_ledger``): one that is not a ledger of this
    version gives a fresh one and the note that it was set aside; entries left out are counted."""
    from rommi.errors import Refused
    from ui.commands.restore import ledger_dropped
    from ui.model.app import clean_ledger, ledger_readable
    from ui.records import outside
    from ui.records.stored import Read

    try:
        data = outside.parse(text) if text else None
    except Refused:
        data = ()
    clean = clean_ledger(data)
    if text is None:
        return Read(clean)
    if not ledger_readable(data):
        return Read(clean, "note.ledger_set_aside")
    return Read(clean, dropped=ledger_dropped(data, clean))


def _load_stats(text: str | None) -> Read[Any]:
    from ui.records.stats import read_stats

    return read_stats(text)


def _load_daily(text: str | None) -> Read[Any]:
    from ui.records.daily import read_history

    return read_history(text)


def _whole(load: Callable[[str | None], Read[Any]], entries: str) -> Callable[[Any], Any]:
    """A record's lenient reader (``load``) made strict, for an import: the data is taken whole
    (every one of its ``entries`` readable) or refused with ``ValueError``."""

    def read(data: Any) -> Any:
        got = load(json.dumps(data))
        if got.key is not None:
            raise ValueError(got.key)
        if got.dropped:
            raise ValueError(f"{got.dropped} {entries} that cannot be read")
        return got.value

    return read


GAME = Store(
    "save", "rommi.save.v1", 1, _read_save, _load_save, lambda s: None if s.app is None else s.app.to_save()
)
SETTINGS = Store(
    "settings", "rommi.settings.v1", 1, _read_settings, _load_settings, lambda s: s.settings.to_dict()
)
LEDGER = Store(  # earlier matches' balance
    "ledger", "rommi.ledger.v1", 1, _read_ledger, _load_ledger, lambda s: s.ledger
)
STATS = Store(  # your finished matches
    "stats", "rommi.stats.v1", 1, _whole(_load_stats, "matches"), _load_stats, lambda s: s.records.stats
)
DAILY = Store(  # your deal-of-the-day results
    "daily", "rommi.daily.v1", 1, _whole(_load_daily, "days"), _load_daily, lambda s: s.daily
)
PAINT = Store(
    "setup", "rommi.setup.v1", 1
)  # the setup form for the next first paint (``browser.firstpaint``)
# Written by a tab taking the game over (``browser.tabs``): saving an unchanged game fires no event elsewhere.
TAB = Store("tab", "rommi.tab.v1", 1)


def _write_online(s: Screen) -> Any:
    """The hosted game's own save (``ui.online.hostsave``), with the table's room and secret, so a
    host who reloads opens the same table again and the guests find it by themselves."""
    from ui.online import hostsave

    online = s.online
    if online is None or online.host is None:
        return None
    table = {"room": online.room, "secret": online.secret, "relays": online.relays}
    if online.pairing == "host":  # same room, no Internet: after a reload, pair the guests again
        table["paired"] = True
    return {"table": table, "host": hostsave.to_save(online.host)}


# Playing online: the hosted game's save, beside the solo game's and never over it (while hosting,
# a command's save of GAME writes this instead, ``browser.page``); and a guest's seat tokens by
# room (``browser.session``), which bring the seat back after a reload. Neither is exported:
# they belong to one table that is played now.
ONLINE = Store("online", "rommi.online.v1", 1, write=_write_online)
SEAT_TOKENS = Store("seats", "rommi.seats.v1", 1)

# The player's own records, in the order an exported file lists them: exported, imported, and
# set aside rather than dropped when they cannot be read (``ui.records.aside``).
KEPT: tuple[Store, ...] = (GAME, SETTINGS, LEDGER, STATS, DAILY)
ALL: tuple[Store, ...] = (*KEPT, PAINT, TAB, ONLINE, SEAT_TOKENS)
BY_KEY: dict[str, Store] = {s.key: s for s in ALL}

# Not stored, but named beside the keys: the Web Lock the tab that plays holds (``browser.tabs``), and
# the prefix of the key each tab writes once to learn whether storage works (``browser.storage``).
GAME_LOCK = "rommi.game.v1"
PROBE_PREFIX = "rommi.probe."
# The prefix of the note the boot keeps of the Python snapshot, the site's address after it
# (``boot/interpreter.mjs``: which snapshot is being restored, and how often that failed).
SNAPSHOT_MARK_PREFIX = "rommi.python.v1:"
