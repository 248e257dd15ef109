"""Files to and from the player: a text offered as a download, a chosen file read as text.

Browser only (``from js import ...``). The rest of the page stays pure: ``browser.page`` asks
for a download with a text in hand, ``browser.transfer`` hands a file's text to
``ui.commands.records``.
"""

from __future__ import annotations

from typing import Any

from js import document, window  # type: ignore[import-not-found]


def offer(text: str, name: str) -> None:
    """Download ``text`` as the JSON file ``name`` (a link to a blob, clicked, then let go)."""
    blob = window.Blob.new([text], window.JSON.parse('{"type": "application/json"}'))
    link = document.createElement("a")
    link.href = window.URL.createObjectURL(blob)
    link.download = name
    link.click()
    window.URL.revokeObjectURL(link.href)


async def read_text(file: Any, limit: int) -> str | None:
    """The text of a chosen file; None when it cannot be read, or is far bigger than ``limit``
    characters (it is not even read: a file of gigabytes would stall the page)."""
    try:
        if float(file.size) > 4 * limit:  # UTF-8: at most four bytes a character
            return "x" * (limit + 1)  # read as too big: the import says so
        return str(await file.text())
    except Exception:
        return None
