"""The browser's ``localStorage``, read and written so that a refusal never breaks the page.

A private window or a blocked third-party frame may throw on every call, and
even on reading ``window.localStorage`` itself (a ``SecurityError``): it is only
ever read inside a ``try``, and each function then answers as if nothing were
stored, so the game plays on without saving.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from js import window  # type: ignore[import-not-found]


def get(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    # A missing key is JavaScript's null, which Pyodide hands over as its own jsnull, not None.
    return value if isinstance(value, str) else None


def put(key: str, value: Any) -> bool:
    """Store ``value`` as compact JSON; ``False`` if the browser refused."""
    return put_text(key, json.dumps(value, separators=(",", ":")))


def put_text(key: str, text: str) -> bool:
    try:
        window.localStorage.setItem(key, text)
    except Exception:
        return False
    return True


def remove(key: str) -> None:
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def works() -> bool:
    """Whether this page may store anything at all."""
    if not put_text("rommi.probe", "1"):
        return False
    remove("rommi.probe")
    return True
