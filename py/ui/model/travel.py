"""Which way a card travels on the table for each public event, so the eye can follow a move.

Pure Python (no DOM): ``browser.motion`` finds the places named here on the page and moves a
picture of the card between them. A place is ``"stock"``, ``"discard"``, ``"seat:N"`` (a
player's hand; the seat the table is drawn for is yours) or ``"meld:ID"`` (a meld on the
table). The card is shown face up when the event names it (a discard, a card taken from the
pile, a meld) and as a back when it does not (a draw from the stock).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rommi.cards import JOKER_CODE
from ui.model.settings import PACE_SECONDS

# A computer player's card moves for this share of the pause between its moves, at most
# MAX_MS; at the instant pace nothing moves (the moves come faster than the eye).
SHARE_OF_PACE = 0.6
MAX_MS = 600.0


@dataclass(frozen=True)
class Travel:
    card: str | None  # the card's code, face up; None: its back
    start: str
    end: str


def travels(entry: Mapping[str, Any]) -> list[Travel]:
    """The cards that move in one history entry (none for offers, passes and deal ends)."""
    kind, seat = entry.get("type"), f"seat:{entry.get('player')}"
    if kind == "draw":
        if entry.get("source") == "discard":
            return [Travel(entry.get("card"), "discard", seat)]
        return [Travel(None, "stock", seat)]
    if kind == "buy":  # the pile's card and, as the price, one from the stock
        return [Travel(entry.get("card"), "discard", seat), Travel(None, "stock", seat)]
    if kind == "discard":
        return [Travel(entry.get("card"), seat, "discard")]
    if kind == "meld":
        return [
            Travel(cards[0] if cards else None, seat, f"meld:{i}")
            for i, cards in zip(entry.get("ids", []), entry.get("melds", []), strict=False)
        ]
    if kind == "layoff":
        cards = entry.get("cards") or [None]
        return [Travel(cards[0], seat, f"meld:{entry.get('meld')}")]
    if kind == "swap":  # the card goes into the meld, the joker comes back to the hand
        meld = f"meld:{entry.get('meld')}"
        return [Travel(entry.get("card"), seat, meld), Travel(JOKER_CODE, meld, seat)]
    return []


def duration_ms(pace: str, reduced_motion: bool) -> float:
    """How long a card takes to travel at ``pace``: 0 (no motion) at the instant pace and
    when the player asked the system for reduced motion."""
    if reduced_motion:
        return 0.0
    return min(MAX_MS, PACE_SECONDS.get(pace, 0.0) * 1000 * SHARE_OF_PACE)


def news(history: Sequence[Mapping[str, Any]], seen: int, newest: int = 3) -> list[Travel]:
    """The travels of the entries after the first ``seen`` (only the ``newest`` few: a
    redraw after many moves shows their end, not a queue of old ones)."""
    fresh = history[seen:][-newest:] if seen < len(history) else []
    return [t for entry in fresh for t in travels(entry)]
