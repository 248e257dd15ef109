"""The statistics screen's state, and what touches the stored statistics (pure Python).

``Records`` is the part of ``Screen`` the statistics screen draws from: the statistics
read from storage (``ui.records.stats``), whose and which game's are shown, whether
"Reset statistics" is waiting for its confirmation, where the screen was opened from (Back returns there and
the keyboard goes back to the control that opened it), and the answer to the last import.

The functions here take the screen and a store (``ui.records.aside.Storage``: the browser's
``browser.storage``, or a dict in the tests), so the paths that read, record and replace
stored data are tested without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from rommi.options import CONTRACT
from ui.model.app import App
from ui.records.aside import Storage, set_aside
from ui.records.stats import add_match, empty, facts_of_people
from ui.records.stores import DAILY, GAME, LEDGER, STATS, Store

if TYPE_CHECKING:  # ui.screen keeps a Records: importing it here at run time would be a cycle
    from ui.screen import Screen

STUCK_NOTE = "note.stuck.stats"


@dataclass(eq=False)
class PendingImport:
    """A file read and checked whose import would lose something: it waits for the player's
    answer (``ui.commands.records``), with what it brings and what it would replace."""

    plan: dict[str, str | None]  # per storage key: the text to write, or None (remove)
    store: Storage  # where it is to be written
    brings: list[str]  # the parts the file holds ("save", "settings", ...: ``ui.records.bundle.PARTS``)
    loses: list[tuple[str, dict[str, Any]]]  # what would be lost: catalog key and its parameters


@dataclass
class Records:
    stats: dict[str, Any] = field(default_factory=empty)
    variant: str = CONTRACT  # the game whose statistics are shown
    person: str | None = None  # whose statistics are shown (by name); None: the device's owner
    confirm_reset: bool = False  # "Reset statistics" pressed: the second, explicit button shows
    back_to: str = "setup"  # the screen the statistics were opened from ("setup" or "table")
    import_error: str | None = None  # the message key of the last refused import
    imported: bool = False  # the last import was done
    attempts: int = 0  # imports tried: each answer is drawn (and said) anew, even when it is the same
    pending: PendingImport | None = None  # an import waiting for "Import and replace" or Cancel
    today: Callable[[], date] = date.today  # the day a finished match is counted on (tests fix it)


def restore_stats(screen: Screen, store: Storage) -> None:
    """The stored statistics; unreadable ones are set aside (``ui.records.aside``) with the reader's
    note, or, when they cannot be, left where they are and never written this visit."""
    screen.records.stats = restore_record(screen, store, STATS)


def restore_record(screen: Screen, store: Storage, record: Store) -> Any:
    """What the page uses of ``record`` as stored, read by the table's reader (``Store.load``).
    A text that cannot be read is set aside with the reader's note (``keep_aside``); one some of
    whose entries could not be read is set aside and the rest written in its place, said with
    ``note.<name>_dropped`` (``keep_cleaned``)."""
    if record.load is None:
        raise TypeError(f"the store {record.name!r} is not read when the page opens")
    raw = store.get(record.key)
    got = record.load(raw)
    if raw is not None and got.key is not None:
        keep_aside(screen, store, record.key, raw, got.key)
    elif raw is not None and got.dropped:
        keep_cleaned(screen, store, record.key, raw, got.value, (f"note.{record.name}_dropped", got.dropped))
    return got.value


def keep_aside(screen: Screen, store: Storage, key: str, raw: str, said: str | None) -> None:
    """Set the unreadable ``raw`` aside and say so with ``said`` (when given); when it cannot be,
    it stays where it is, ``key`` is not written this visit, and the note offers its download."""
    if set_aside(store, key, raw) is not None:
        if said:
            screen.note(said)
        return
    screen.stuck.add(key)
    screen.note(STUCK_NOTES.get(key, "note.stuck.save"))


STUCK_NOTES = {
    LEDGER.key: "note.stuck.ledger",
    DAILY.key: "note.stuck.daily",
    GAME.key: "note.stuck.save",
    STATS.key: STUCK_NOTE,
}


def keep_cleaned(
    screen: Screen, store: Storage, key: str, raw: str, value: Any, dropped: tuple[str, int]
) -> None:
    """A readable record some of whose entries could not be read (``dropped``: the note's key
    and how many): the page goes on with the rest, and says so; the record as it was is set
    aside (``ui.records.aside``) and the rest written in its place, so it is said once and nothing is
    lost. When it cannot be set aside it stays, and ``key`` is not written this visit."""
    if set_aside(store, key, raw) is None:
        screen.stuck.add(key)
        screen.note(STUCK_NOTES.get(key, "note.stuck.save"))
        return
    store.put_text(key, json.dumps(value, separators=(",", ":")))
    note, count = dropped
    screen.note(note, count=count)


def record_stats(screen: Screen, app: App) -> bool:
    """Add the finished match of ``app`` to the statistics, one row for each person who played
    it at this device (by name: ``ui.records.stats``); True when they changed (to be saved).

    Called once per match, when the ledger records it (``App.recorded`` survives a reload, so
    a match reloaded at its end is not counted again); ``add_match`` also refuses a row
    already in them, by its id.
    """
    before = after = screen.records.stats
    for facts in facts_of_people(app, screen.records.today(), app.daily):
        after = add_match(after, facts)
    if after["matches"] == before.get("matches"):
        return False
    screen.records.stats = after
    return True


def write_plan(store: Storage, plan: dict[str, str | None]) -> bool:
    """Write an import's plan (a text, or None: remove, per key), all or nothing: when the
    browser refuses one write, every key is put back as it was and False is returned."""
    before = {key: store.get(key) for key in plan}
    for key, text in plan.items():
        if text is None:
            store.remove(key)
        elif not store.put_text(key, text):
            _put_back(store, before)
            return False
    return True


def _put_back(store: Storage, before: dict[str, str | None]) -> None:
    for key, text in before.items():
        if text is None:
            store.remove(key)
        else:
            store.put_text(key, text)
