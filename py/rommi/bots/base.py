"""The skeleton every level shares: read the view, pick the phase, record the reason.

``Bot.decide(view)`` returns a ``Decision``: the protocol action and the reason
for it (a key of ``reasons.REASONS`` and its parameters). ``choose`` is the
action alone (docs/protocol.md). A level overrides the decisions it makes its own
way: drawing, buying, the play phase's extras and the discard.

Randomness: each decision draws from ``random.Random`` seeded with the bot's
seed and the view's public position (deal, history length, phase, hand), so a
bot's choice is a function of its seed and the view alone: reproducible, and
blind to anything the view does not show.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..actions import NEXT_DEAL, Action, Discard, Draw, Meld, Pass
from ..cards import Card
from ..game import Phase
from ..names import MeldKind, Source
from ..solver import Arrangement, best_arrangement
from ..views import SeatView
from .play import contract_laydown, first_layoff, further_melds, joker_home, meld_text, swap_moves
from .reasons import render
from .table import Table, parse_view, takes_since_stock

T = TypeVar("T")


def finish(thinking: Generator[None, None, T]) -> T:
    """Run a computation that may pause (``Bot.thinking``) to its end, without pausing."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result


@dataclass(frozen=True)
class Decision:
    """An action and why: ``key`` names a template in ``reasons.REASONS``."""

    action: Action
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return render(self.key, self.params)

    def reason(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


class Bot:
    """A computer player of one level. Subclasses fill in the judgement."""

    level = "base"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.last: Decision | None = None

    # ------------------------------------------------------------------ face
    def choose(self, view: SeatView) -> Action:
        """A legal protocol action for the seat the view belongs to (docs/protocol.md)."""
        return self.decide(view).action

    def thinking(self, view: SeatView) -> Generator[None, None, Decision]:
        """``decide`` as a computation that may pause: each ``yield`` is a point where a caller
        with an event loop to serve (the browser's table) may give it a turn and come back.
        The generator's return value is the decision. Levels that decide at once never pause;
        one that searches (``expert``) pauses between the games it weighs."""
        return self.decide(view)
        yield  # unreachable: it makes this function a generator

    def decide(self, view: SeatView) -> Decision:
        phase = view.get("phase")
        if phase == Phase.DEAL_OVER:
            d = Decision(NEXT_DEAL, "next_deal")
        elif phase == Phase.MATCH_OVER:
            raise ValueError("the match is over: there is nothing to choose")
        else:
            if view.get("to_act") != view.get("seat"):
                raise ValueError(f"seat {view.get('seat')} does not act now (seat {view.get('to_act')} does)")
            table = parse_view(view)
            rng = self.rng(table)
            if phase == Phase.BUY:
                d = self.buy(table, rng)
            elif phase == Phase.DRAW:
                d = self.draw(table, rng)
            else:
                d = self.play(table, rng)
        self.last = d
        return d

    def rng(self, table: Table) -> random.Random:
        hand = "".join(sorted(str(c) for c in table.hand))
        key = f"{self.level}/{self.seed}/{table.deal}/{len(table.history)}/{table.phase}/{table.seat}/{hand}"
        return random.Random(key)

    # ------------------------------------------------------------- decisions
    def draw(self, table: Table, rng: random.Random) -> Decision:
        return self.stock(table, "draw_stock_no_help")

    def buy(self, table: Table, rng: random.Random) -> Decision:
        return Decision(Pass(table.seat), "pass_no_help", {"card": str(table.discard_top)})

    def play(self, table: Table, rng: random.Random) -> Decision:
        """Lay down if possible, meld more, lay off, swap, then discard."""
        d = self.lay_down(table, rng)
        if d is not None:
            return d
        d = self.meld_more(table, rng)
        if d is not None:
            return d
        d = self.lay_off(table, rng)
        if d is not None:
            return d
        d = self.swap(table, rng)
        if d is not None:
            return d
        return self.discard(table, rng)

    def lay_down(self, table: Table, rng: random.Random) -> Decision | None:
        arr = contract_laydown(table)
        if arr is None:
            return None
        action = _meld_action(table, arr)
        key = "lay_down_all" if table.final_deal else "lay_down_contract"
        return Decision(action, key, {"melds": meld_text(arr.melds), "contract": _contract_text(table)})

    def meld_more(self, table: Table, rng: random.Random) -> Decision | None:
        if table.contract is not None and not table.laid_down[table.seat]:
            return None
        arr = further_melds(table)
        if arr is None:
            return None
        action = _meld_action(table, arr)
        key = "meld_go_out" if not arr.deadwood else "meld_new"
        return Decision(action, key, {"melds": meld_text(arr.melds)})

    def lay_off(self, table: Table, rng: random.Random) -> Decision | None:
        found = first_layoff(table, self.layoff_skip(table, rng))
        if found is None:
            return None
        action, card, tm = found
        key = "lay_off_go_out" if len(table.hand) == 1 else "lay_off"
        return Decision(
            action, key, {"card": str(card), "meld": meld_text([tm.meld.cards]), "meld_id": tm.id}
        )

    def layoff_skip(self, table: Table, rng: random.Random) -> set[Card]:
        """Cards this level would rather not lay off now (none, for a careful player)."""
        return set()

    def swap(self, table: Table, rng: random.Random) -> Decision | None:
        if not table.may_extend or not joker_home(table):
            return None
        for action in swap_moves(table, self.swap_fodder(table)):
            tm = table.melds[action.meld]
            return Decision(
                action,
                "swap_joker",
                {"card": str(action.card), "meld": meld_text([tm.meld.cards]), "meld_id": tm.id},
            )
        return None

    def swap_fodder(self, table: Table) -> list[Card]:
        """Cards in hand worth trading for a joker: by default every card no meld in hand wants."""
        arr = best_arrangement(table.hand, table.value, ace_high=table.ace_high)
        return list(arr.deadwood) if arr is not None else []

    def discard(self, table: Table, rng: random.Random) -> Decision:
        raise NotImplementedError

    # ---------------------------------------------------------------- helpers
    def forced_stock(self, table: Table) -> Decision | None:
        """The stock draw when the discard is no choice: none there, not this seat's to take (G8), or
        taken round the table long enough that the stock must run down; ``None`` when it is a choice."""
        top = table.discard_top
        if top is None:
            return self.stock(table, "draw_stock_no_discard")
        if not table.may_take_discard():
            return self.stock(table, "draw_stock_cannot_take", card=str(top))
        if takes_since_stock(table.history) >= 2 * table.players:
            return self.stock(table, "draw_stock_keep_moving")
        return None

    def stock(self, table: Table, key: str, **params: Any) -> Decision:
        return Decision(Draw(table.seat, Source.STOCK), key, params)

    def take(self, table: Table, key: str, **params: Any) -> Decision:
        return Decision(Draw(table.seat, Source.DISCARD), key, params)

    def discard_action(self, table: Table, card: Card, key: str, **params: Any) -> Decision:
        if len(table.hand) == 1:
            key, params = "discard_go_out", {}
        return Decision(
            Discard(table.seat, card),
            key,
            {"card": str(card), **params},
        )

    def discardable(self, table: Table) -> list[Card]:
        """Cards that may be discarded now (G8: not the card just taken)."""
        out = [c for c in table.hand if c != table.taken]
        return out or list(table.hand)


def _contract_text(table: Table) -> str:
    c = table.view.get("contract")
    if isinstance(c, dict):
        return str(c.get("text", ""))
    return ""


def _meld_action(table: Table, arr: Arrangement) -> Action:
    """The meld action laying down every meld of ``arr``."""
    return Meld(table.seat, tuple(tuple(g) for g in arr.melds), tuple(MeldKind(k) for k in arr.kinds))
