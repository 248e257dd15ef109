"""Every message key the records' modules give (refusals of links, files, records and stored
statistics) has its English and Finnish text (the catalogs' own test checks they match)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ui.records.stores import DAILY, STATS
from ui.words import text_en, text_fi

MODULES = [
    "py/rommi/replay.py",
    "py/ui/records/links.py",
    "py/ui/records/bundle.py",
    "py/ui/records/stats.py",
    "py/ui/records/daily.py",
]
KEY = re.compile(r"\"((?:replay|link|bundle)\.[a-z_]+|note\.(?:stats|daily)_[a-z]+)\"")


def keys() -> set[str]:
    root = Path(__file__).resolve().parent.parent
    found = {k for m in MODULES for k in KEY.findall((root / m).read_text(encoding="utf-8"))}
    found |= {f"bundle.bad_{name}" for name in ("save", "settings", "ledger", "stats", "daily")}
    # The versioned records' reader words its notes from the store's name
    # (``ui.records.stored.read_versioned``).
    found |= {f"note.{store.name}_{why}" for store in (STATS, DAILY) for why in ("unreadable", "newer")}
    return found


@pytest.mark.parametrize("catalog", [text_en.TEXT, text_fi.TEXT], ids=["en", "fi"])
def test_every_records_message_key_has_its_text(catalog: dict[str, str]) -> None:
    found = keys()
    assert len(found) >= 20, found
    missing = sorted(found - set(catalog))
    assert not missing, missing
