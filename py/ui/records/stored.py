"""Reading the JSON kept in browser storage by the records (statistics, deal of the day).

A reader answers with ``Read``: the value to use, and when what was stored could not be
read, the message key that says so. Nothing is changed in storage by reading; the caller
sets the unreadable text aside (``ui.records.aside``) before it writes anything over it.

Both records are one versioned envelope around their entries, ``{"version": 1, "matches":
[...]}`` and ``{"version": 1, "days": {...}}``, read by the one ``read_versioned``: each
record's module says only how its entries are read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, TypeVar

from ui.records import outside
from ui.records.stores import Store

T = TypeVar("T")
MAX_TEXT = 2_000_000  # characters: far above any real record, far below what would stall a parse
_DAY = re.compile(r"20[0-9]{2}-[01][0-9]-[0-3][0-9]")


@dataclass(frozen=True)
class Read(Generic[T]):
    value: T
    key: str | None = None  # None: read, or nothing was stored
    # Entries of a readable record left out of ``value`` because they could not be read: the
    # caller says so and keeps the record as it was aside (``ui.records.stats_screen.keep_cleaned``).
    dropped: int = 0
    detail: str = ""  # what exactly could not be read, beside ``key`` (a save's, for the setup notice)


def parse(text: str) -> Any:
    """The JSON value of ``text``; ``ValueError`` (``rommi.errors.Refused``) for anything that
    is not, or is too long or too deeply nested to be read (checked before it is parsed)."""
    return outside.parse(text, MAX_TEXT)


def read_versioned(
    text: str | None, store: Store, field: str, kind: type[Any], entries: Callable[[Any], tuple[Any, int]]
) -> Read[dict[str, Any]]:
    """The record ``{"version": store.version, field: ...}`` stored as ``text``; its ``field``
    (a ``kind``: list or dict) is read by ``entries``, which answers with what it keeps and how
    many entries it left out (``Read.dropped``).

    Nothing stored gives the empty record; a text that is not such a record of this version
    gives the empty record and the message key that says so: ``note.<name>_newer`` for a later
    version (written by a newer Rommi), ``note.<name>_unreadable`` for anything else."""
    if text is None:
        return Read({"version": store.version, field: kind()})
    unreadable = Read({"version": store.version, field: kind()}, f"note.{store.name}_unreadable")
    try:
        data = parse(text)
    except ValueError:
        return unreadable
    if not isinstance(data, dict) or type(data.get("version")) is not int:
        return unreadable
    if data["version"] > store.version:
        return Read({"version": store.version, field: kind()}, f"note.{store.name}_newer")
    if data["version"] != store.version or not isinstance(data.get(field), kind):
        return unreadable
    kept, dropped = entries(data[field])
    return Read({"version": store.version, field: kept}, dropped=dropped)


def is_day(value: Any) -> bool:
    """An ISO date such as ``2026-12-01`` (checked for shape and for being a real day)."""
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high
