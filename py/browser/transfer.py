"""The "Import data" file field: read the chosen file and hand its text to the import.

Browser only (``browser.files`` does ``from js import ...``). Reading a file is
asynchronous (``file.text()`` is a promise), so the change event starts a task;
``ui.commands.records.import_text`` decides, in pure Python, and ``browser.page`` carries
out what it asks.
"""

from __future__ import annotations

import asyncio
from typing import Any

from browser import files, page, storage
from ui.commands.records import import_text
from ui.records.bundle import MAX_CHARS

_tasks: set[asyncio.Task[None]] = set()  # kept until done (a task only weakly held may vanish)


def chosen(node: Any) -> None:
    """A file was chosen in the import field: read it, then import it (or say why not)."""
    picked = node.files
    if picked is None or not picked.length:
        return
    task = asyncio.ensure_future(_import(picked.item(0)))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    node.value = ""  # the same file may be chosen again, and is then read again


async def _import(file: Any) -> None:
    try:
        text = await files.read_text(file, MAX_CHARS)
        page.run(import_text(page.current.screen, text, storage))
    except Exception as e:
        page.report(e)
