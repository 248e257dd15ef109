"""Export and import: everything this browser keeps for Rommi as one JSON file (pure Python).

The file (``export_bundle``)::

    {"format": "rommi.bundle", "version": 1,
     "parts": {"save": {...} | null, "settings": {...} | null, "ledger": {...} | null,
               "stats": {...} | null, "daily": {...} | null},
     "skipped": ["ledger"]}

Each part is what is stored at its key (``PARTS``), as JSON; a part stored but not
readable is left out and named in ``skipped`` (it stays set aside in the browser).

``import_bundle`` reads such a file and checks every part with its store's reader
(``ui.records.stores``: a save must continue, settings must read without a reset, and so on)
before anything is changed: it returns the whole plan of what to write, one text (or
``None``: remove) per storage key, or refuses the file with ``Refused`` and a
message key. Importing replaces everything: a part the file does not have is removed.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from rommi.errors import Refused
from ui.records import outside
from ui.records.stored import parse
from ui.records.stores import KEPT, Store

BUNDLE_FORMAT = "rommi.bundle"
BUNDLE_VERSION = 1
PARTS: dict[str, str] = {store.name: store.key for store in KEPT}
# Browser storage holds about 5 million characters for a whole site; a bigger file cannot be ours.
MAX_CHARS = outside.MAX_CHARS
# What the file's refusal by ``ui.records.outside`` is called here.
_REFUSED = {"outside.too_long": "bundle.oversized", "outside.too_deep": "bundle.too_deep"}

Plan = dict[str, str | None]


class Getter(Protocol):
    def get(self, key: str) -> str | None: ...


def export_bundle(store: Getter) -> dict[str, Any]:
    """Everything stored, as one JSON-safe document (for the page to offer as a download)."""
    parts: dict[str, Any] = {}
    skipped: list[str] = []
    for name, key in PARTS.items():
        raw = store.get(key)
        parts[name] = None
        if raw is None:
            continue
        try:
            parts[name] = parse(raw)
        except ValueError:
            skipped.append(name)
    return {"format": BUNDLE_FORMAT, "version": BUNDLE_VERSION, "parts": parts, "skipped": skipped}


def import_bundle(text: Any) -> Plan:
    """What to write for the file ``text``, every part checked; ``Refused`` when refused."""
    try:  # bounded in length and depth before it is parsed: one deep value would kill Python
        data = outside.parse(text, MAX_CHARS)
    except Refused as e:
        raise Refused(_REFUSED.get(e.key, "bundle.foreign"), e.detail) from None
    if not isinstance(data, dict) or data.get("format") != BUNDLE_FORMAT:
        raise Refused("bundle.foreign", "not a Rommi file")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise Refused("bundle.foreign", "no version")
    if version > BUNDLE_VERSION:
        raise Refused("bundle.newer", f"version {version}, this Rommi reads version {BUNDLE_VERSION}")
    parts = data.get("parts")
    if not isinstance(parts, dict) or not set(parts) <= set(PARTS):
        raise Refused("bundle.foreign", "parts")
    return {store.key: _checked(store, parts.get(store.name)) for store in KEPT}


def _checked(store: Store, data: Any) -> str | None:
    """The part as the text to store, read by its store's reader (``ui.records.stores``), or ``Refused``
    (``bundle.bad_<part>``)."""
    if data is None or store.read is None:
        return None
    try:
        value = store.read(data)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        raise Refused(f"bundle.bad_{store.name}", str(e)[:200]) from None
    return json.dumps(value, separators=(",", ":"))
