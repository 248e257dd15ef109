"""The setup form the page showed before Python ran: take it over as it is, keep it for next time.

``index.html`` shows the setup form at first paint, so a player can choose a game
while Python downloads and starts: the form as this browser last saw Python draw
it (kept here under ``PAINT.key`` for this build and language), else the one the
build drew with the page's own code (``tools/build/prerender.py``). When Python starts,
``render_setup`` draws its form as always and hands it to ``adopt``: if the form
on the page is the same, it stays (nothing moves, focus and anything typed stay);
if not, Python's replaces it. What the player chose before Python was ready is
read from the form (``found``), and Start or Continue pressed then is done now.

Browser only (``from js import document``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from js import document  # type: ignore[import-not-found]

from browser import storage
from browser.dom import by_id, nn
from ui.records.stores import PAINT
from ui.words import i18n


@dataclass(frozen=True)
class FirstPaint:
    """What the page did before Python ran: whether it showed the form, and what the player did."""

    shown: bool = False
    touched: bool = False  # a choice was changed or typed in
    pending: str | None = None  # "start" or "continue", pressed before Python was ready


def found() -> FirstPaint:
    """Read (and clear) the first paint's marks: the form shown, touched, a button pressed."""
    holder, root = by_id("setup"), document.documentElement
    pending = nn(root.getAttribute("data-pending"))
    paint = FirstPaint(
        shown=holder is not None and holder.hasAttribute("data-painted"),
        touched=holder is not None and holder.hasAttribute("data-touched"),
        pending=str(pending) if pending in ("start", "continue") else None,
    )
    if holder is not None:
        holder.removeAttribute("data-touched")
        holder.removeAttribute("aria-busy")
    root.removeAttribute("data-pending")
    return paint


def adopt(holder: Any, form: Any) -> bool:
    """Keep the form painted before Python ran if it is the one Python has drawn (``form``).

    Asked once, at Python's first draw of the setup screen; the answer is left on the
    holder (``data-taken``: "kept" or "redrawn"), beside where the page's form came from
    (``data-painted``: "kept", this browser's copy, or "built"), for the tests to read.
    """
    if holder is None or not holder.hasAttribute("data-painted") or holder.hasAttribute("data-taken"):
        return False
    live = nn(holder.querySelector("#setup-form"))
    same = live is not None and _markup(live) == _markup(form)
    holder.setAttribute("data-taken", "kept" if same else "redrawn")
    return same


def _markup(form: Any) -> str:
    """The form as HTML, without inline styles: the page's forms have none, but Chromium
    adds an empty ``style`` to the inputs of a form in the document (for its autofill)."""
    return _STYLE.sub("", str(form.outerHTML))


_STYLE = re.compile(r' style="[^"]*"')
_kept = {"html": ""}


def remember(form: Any) -> None:
    """Keep ``form`` (the one the next visit opens on) for that visit's first paint."""
    html = _markup(form)
    if html == _kept["html"]:
        return
    _kept["html"] = html
    build = nn(document.documentElement.getAttribute("data-build"))
    storage.put(
        PAINT.key, {"build": "" if build is None else str(build), "lang": i18n.language, "html": html}
    )


def kept_used() -> bool:
    """Whether Python kept the very form the page painted from this browser's copy."""
    holder = by_id("setup")
    if holder is None:
        return False
    return bool(holder.getAttribute("data-taken") == "kept" and holder.getAttribute("data-painted") == "kept")
