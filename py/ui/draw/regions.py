"""What the page's regions share: the memory of what each last drew, and a few words.

Each region (``render_setup``, ``render_table``, ``render_area``,
``render_sheet``) is redrawn only when its signature changes; ``changed`` keeps
the last signature per region and ``forget`` drops them all (after the screen
changed). Pure Python, no DOM, so it runs without a browser.
"""

from __future__ import annotations

from typing import Any

from ui.words.i18n import t

_last: dict[str, Any] = {}


def changed(region: str, signature: Any) -> bool:
    """True (and remembered) when ``region`` must be redrawn."""
    if _last.get(region) == signature:
        return False
    _last[region] = signature
    return True


def drawn(region: str) -> Any:
    """The signature ``region`` was last drawn with (``None`` if not drawn since ``forget``)."""
    return _last.get(region)


def remember(region: str, drawn_now: Any) -> None:
    """Keep what ``region`` drew (nodes that a later redraw may keep), until ``forget``."""
    _last[region] = drawn_now


def forget() -> None:
    """Redraw every region next time (after the screen changed)."""
    _last.clear()


def count(n: int) -> str:
    """``1 card`` or ``5 cards``: the size of a hand or a pile."""
    return t("table.seat.card") if n == 1 else t("table.seat.cards", count=n)
