"""The browser's ``localStorage``, read and written so that a refusal never breaks the page.

A private window or a blocked third-party frame may throw on every call, and
even on reading ``window.localStorage`` itself (a ``SecurityError``): it is only
ever read inside a ``try``, and each function then answers as if nothing were
stored, so the game plays on without saving.

Some browsers let a page write but not read (``getItem`` throws while ``setItem``
works), or forget what was written: a game saved there is lost on reload all the
same. So ``works`` writes, reads back and removes a value of its own, and storage
that fails any of the three is no storage: from then on nothing is read or written,
and the page says once that it cannot save (``setup.storage_off``).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from js import window  # type: ignore[import-not-found]

from ui.records.stores import PROBE_PREFIX

# False once ``works`` found that what is written here cannot be read back or removed.
usable = {"storage": True}


def get(key: str) -> str | None:
    if not usable["storage"]:
        return None
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
    if not usable["storage"]:
        return False
    try:
        window.localStorage.setItem(key, text)
    except Exception:
        return False
    return True


def remove(key: str) -> None:
    if not usable["storage"]:
        return
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def works() -> bool:
    """Whether this page may store anything, read it back and remove it; if not, it stores
    nothing from now on.

    The probe's key is this tab's own, so two tabs probing at once never read or remove
    each other's."""
    usable["storage"] = True
    token = str(window.Math.random())[2:] or "1"
    key = PROBE_PREFIX + token
    try:
        window.localStorage.setItem(key, token)
    except Exception as e:
        # Full storage refuses the probe as it refuses a save, yet still reads what it holds:
        # that is storage (a save that does not fit is said when it happens), not no storage.
        full = "QuotaExceeded" in f"{getattr(e, 'name', '')} {e}"
        usable["storage"] = full and _holds(key, None)
        return usable["storage"]
    read_back = _holds(key, token)
    remove(key)  # tried even when reading failed: the probe is not left behind where it can be
    usable["storage"] = read_back and _holds(key, None)
    return usable["storage"]


def _holds(key: str, expected: str | None) -> bool:
    """Whether reading ``key`` gives ``expected`` (``None``: nothing); a refusal never does."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return False
    return (value if isinstance(value, str) else None) == expected
