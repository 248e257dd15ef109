"""Reading the JSON kept in browser storage by the records (statistics, deal of the day).

A reader answers with ``Read``: the value to use, and when what was stored could not be
read, the message key that says so. Nothing is changed in storage by reading; the caller
sets the unreadable text aside (``ui.keep``) before it writes anything over it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, TypeVar

from . import outside

T = TypeVar("T")
MAX_TEXT = 2_000_000  # characters: far above any real record, far below what would stall a parse
_DAY = re.compile(r"20[0-9]{2}-[01][0-9]-[0-3][0-9]")


@dataclass(frozen=True)
class Read(Generic[T]):
    value: T
    key: str | None = None  # None: read, or nothing was stored
    # Entries of a readable record left out of ``value`` because they could not be read: the
    # caller says so and keeps the record as it was aside (``ui.records.keep_cleaned``).
    dropped: int = 0


def parse(text: str) -> Any:
    """The JSON value of ``text``; ``ValueError`` (``rommi.errors.Refused``) for anything that
    is not, or is too long or too deeply nested to be read (checked before it is parsed)."""
    return outside.parse(text, MAX_TEXT)


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
