"""A shared deal's link to the clipboard or to the system's share sheet (browser only).

``Copy link`` asks ``navigator.clipboard.writeText`` at once, inside the click (the
browser wants a person's gesture), and then says how it went in the viewer's polite
status: "Copied", or, where the browser refuses (a frame from another site without
the embedder's ``allow="clipboard-write"``, a page not served securely), the link is
selected in its field with "press Ctrl+C to copy". ``Send the link…`` opens
``navigator.share`` where the browser has it; a person who closes the sheet is no
error.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from js import document, window  # type: ignore[import-not-found]

from ui.records.replayview import ReplayView
from ui.words.i18n import t

FIELD = "replay-link"
tasks: set[asyncio.Future[None]] = set()  # kept until done, so a waiting one is never collected


def _later(work: Any) -> None:
    task = asyncio.ensure_future(work)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


def hand_over(where: str, view: ReplayView | None, show: Callable[[], None]) -> None:
    """The link of ``view`` to ``where`` ("clipboard" or "sheet"); ``show`` redraws the page."""
    if view is None or view.link is None:
        return
    if where == "sheet":
        _send(view, view.link, show)
    else:
        _copy(view, view.link, show)


def allowed(feature: str) -> bool:
    """Whether the frame's permissions policy lets this page use ``feature`` ("clipboard-write",
    "web-share"): a frame from another site needs its embedder's ``allow``. Asking first spares
    the browser's console error of a refused call. A browser that cannot say (no policy object,
    or one that does not know the feature) is simply asked."""
    policy = getattr(document, "permissionsPolicy", None) or getattr(document, "featurePolicy", None)
    try:
        if policy is None or feature not in list(policy.features()):
            return True
        return bool(policy.allowsFeature(feature))
    except Exception:
        return True


def _copy(view: ReplayView, link: str, show: Callable[[], None]) -> None:
    if not allowed("clipboard-write"):
        _by_keys(view, show)
        return
    try:
        writing = window.navigator.clipboard.writeText(link)  # no clipboard: AttributeError
    except Exception:
        _by_keys(view, show)
        return
    _later(_copied(view, writing, show))


async def _copied(view: ReplayView, writing: Any, show: Callable[[], None]) -> None:
    try:
        await writing
    except Exception:  # refused: no permission here (a frame from another site), or no focus
        _by_keys(view, show)
        return
    view.link_said = "copied"
    show()


def _by_keys(view: ReplayView, show: Callable[[], None]) -> None:
    """The browser would not copy: select the whole link in its field for the person's Ctrl+C."""
    view.link_said = "keys"
    show()
    field = document.getElementById(FIELD)
    if field is not None:
        field.focus()
        field.select()


def _send(view: ReplayView, link: str, show: Callable[[], None]) -> None:
    data = {"title": t("replay.send_title", deal=view.number), "url": link}
    try:
        sending = window.navigator.share(window.JSON.parse(json.dumps(data)))
    except Exception:
        _by_keys(view, show)
        return
    _later(_sent(view, sending, show))


async def _sent(view: ReplayView, sending: Any, show: Callable[[], None]) -> None:
    try:
        await sending
    except Exception as e:
        if getattr(e, "name", "") != "AbortError" and "AbortError" not in str(e):
            _by_keys(view, show)  # the sheet would not open: copying by keys still works
