"""The buy window with several people on their own devices (rule C6).

The engine asks the seats one at a time, in C6's order (``Game.to_act`` is the seat asked).
At one device that is natural; online it would make each person wait for everyone before
them, and the wait would tell who was thinking it over. So everyone who may buy is asked at
once; an answer that comes early is held here and given to the engine when that seat's turn
to answer comes, so the engine still decides in C6's order (a buy by an earlier seat closes
the window, and the later answers held are dropped unread). The table says how many answers
it still waits for, never whose, and the host sends no view while the window is open, so no
answer is seen before it closes.

An optional answer time (a table setting: off, 15, 30 or 60 seconds) passes for a person who
has not answered by then. There is no clock in here: the host passes the time in (``now``,
in seconds), so the tests run the window at any pace.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from rommi import Phase, rules
from rommi.actions import Buy, Pass
from rommi.errors import Refused
from rommi.views import SeatView

ANSWER_TIMES: tuple[int | None, ...] = (None, 15, 30, 60)  # seconds; None: no timer (the default)


def offer_at(view: SeatView) -> int | None:
    """Where in the deal's history the open buy window's offer stands, or None: no window."""
    if view["phase"] != Phase.BUY:
        return None
    history = view["history"]
    return max(i for i, e in enumerate(history) if e["type"] == "offer")


def queue(view: SeatView) -> list[int]:
    """Who is still to answer in the open buy window, in C6's order: those offered the card
    (``rules.buyers``: buys do not change while a window is open) less those who passed."""
    at = offer_at(view)
    if at is None:
        return []
    history = view["history"]
    offer: Any = history[at]
    order = rules.buyers(view["players"], int(offer["player"]), view["buys"], view["options"].get("max_buys"))
    passed = {int(e["player"]) for e in history[at + 1 :] if e["type"] == "pass"}
    return [s for s in order if s not in passed]


@dataclass
class Window:
    """One open window: which offer (the deal and where its offer is in the history), when
    the host first saw it, and the answers held (seat -> buys)."""

    key: tuple[int, int]
    opened: float
    held: dict[int, bool] = field(default_factory=dict)


class BuyWindow:
    """The host's buy window: answers held until the engine asks their seat."""

    def __init__(self, answer_time: int | None = None) -> None:
        if answer_time not in ANSWER_TIMES:
            raise ValueError(f"answer time {answer_time!r} is not one of {ANSWER_TIMES}")
        self.answer_time = answer_time
        self.open: Window | None = None

    def see(self, view: SeatView, now: float) -> bool:
        """Follow the game (any seat's view): True when a new window has just opened."""
        at = offer_at(view)
        if at is None:
            self.open = None
            return False
        key = (view["deal"], at)
        if self.open is not None and self.open.key == key:
            return False
        self.open = Window(key, now)
        return True

    def hold(self, view: SeatView, seat: int, buys: bool) -> None:
        """``seat``'s answer, held until the engine asks it; ``Refused`` when it is not asked
        in this window or has answered already (the first answer stands)."""
        if self.open is None or seat not in queue(view):
            raise Refused("online.buy.not_asked", f"seat {seat} is not asked to buy now")
        if seat in self.open.held:
            raise Refused("online.buy.answered", f"seat {seat} has answered already")
        self.open.held[seat] = buys

    def answered(self, seat: int) -> bool:
        return self.open is not None and seat in self.open.held

    def due(self, view: SeatView) -> Buy | Pass | None:
        """The answer to give the engine now: the asked seat's, if it is held."""
        asked = queue(view)
        if self.open is None or not asked or asked[0] not in self.open.held:
            return None
        seat = asked[0]
        return Buy(seat) if self.open.held[seat] else Pass(seat)

    def waiting(self, view: SeatView) -> int:
        """How many answers the table still waits for (whose is never said)."""
        held = self.open.held if self.open is not None else {}
        return sum(1 for s in queue(view) if s not in held)

    def expire(self, view: SeatView, now: float, people: Collection[int]) -> bool:
        """After the answer time, each person (``people``) not yet answered passes; True if any did.
        Computer players answer at once by themselves and are never timed."""
        w = self.open
        if w is None or self.answer_time is None or now < w.opened + self.answer_time:
            return False
        late = [s for s in queue(view) if s in people and s not in w.held]
        for seat in late:
            w.held[seat] = False
        return bool(late)

    def deadline(self) -> float | None:
        """When the open window's answer time runs out (None: no window or no timer)."""
        if self.open is None or self.answer_time is None:
            return None
        return self.open.opened + self.answer_time
