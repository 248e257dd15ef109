"""The play phase shared by every level: laying down, melding, lay-offs, joker swaps.

Each function proposes one legal action (or ``None``) for the seat's turn
after drawing, checked by reasoning over the view (``Table``). The bot is
asked again after each action, so a turn is a sequence of these proposals
ending with a discard. Every meld and lay-off leaves a card in hand where a
discard must follow (rule C10) and never leaves only the card just taken from
the discard pile (rule G8); every swap puts a natural card from the hand on
the table, so a turn always ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import candidates
from ..actions import Layoff, Swap
from ..cards import JOKER, Card
from ..solver import Arrangement, best_arrangement
from .table import Table, TableMeld, count_avoiding, count_one


def meld_text(groups: Sequence[Sequence[Card]]) -> str:
    return " / ".join(" ".join(str(c) for c in g) for g in groups)


def _arrangement_ok(table: Table, arr: Arrangement | None) -> bool:
    if arr is None or not arr.melds:
        return False
    return table.meld_ok(arr.melds, arr.kinds)


def contract_laydown(table: Table) -> Arrangement | None:
    """The first lay-down (rules C4, C7, C10, C12, G8), or ``None`` if the hand cannot make it now.

    Deals 1-6: the contract and every further meld that leaves the fewest
    penalty points (C7 allows more melds). Deal 7: all the cards but one.
    """
    contract = table.contract
    if contract is None or table.laid_down[table.seat]:
        return None
    hand = table.hand
    if table.final_deal:
        value = count_avoiding(table.taken) if table.taken is not None else count_one
        arr = best_arrangement(hand, value, contract=contract, min_left=1, max_left=1)
        if arr is None or len(arr.deadwood) != 1:
            return None
        return arr if _arrangement_ok(table, arr) else None
    for keep in range(1, 4):
        arr = best_arrangement(hand, table.value, contract=contract, min_left=keep)
        if arr is None:
            return None
        if _arrangement_ok(table, arr):
            return arr
    return None


def further_melds(table: Table) -> Arrangement | None:
    """New melds from the hand for a seat that may meld freely (C8, B4), or ``None``."""
    if not table.down or table.final_deal:
        return None
    start = 1 if table.contract is not None else 0
    for keep in range(start, start + 3):
        arr = best_arrangement(table.hand, table.value, ace_high=table.ace_high, min_left=keep)
        if arr is None or not arr.melds:
            return None
        if _arrangement_ok(table, arr):
            return arr
    return None


def layoff_moves(table: Table) -> Iterator[Layoff]:
    """Every single-card lay-off allowed now (C8, B4), naturals first, dearest first: the
    engine's candidates card by card (``rommi.candidates.by_card``)."""
    order = sorted(table.hand, key=lambda c: (c.is_joker, -table.value(c), c.rank, c.suit))
    for action in candidates.by_card(table.sight, order):
        assert isinstance(action, Layoff)
        yield action


def first_layoff(table: Table, skip: set[Card] | None = None) -> tuple[Layoff, Card, TableMeld] | None:
    for action in layoff_moves(table):
        card = action.cards[0]
        if skip and card in skip:
            continue
        return action, card, table.melds[action.meld]
    return None


def joker_home(table: Table) -> bool:
    """Whether a joker in hand could be laid off somewhere now."""
    return any(table.layoff_ends(JOKER, tm) for tm in table.melds)


def swap_moves(table: Table, useless: Sequence[Card]) -> list[Swap]:
    """Joker swaps (G6, C9, B5) that trade a card the hand cannot use for a joker, dearest
    first: the engine's candidates card by card (``rommi.candidates.by_card``)."""
    if len(table.hand) < 2:
        return []
    order = sorted(set(useless), key=lambda c: (-table.value(c), c.rank, c.suit))
    found = candidates.by_card(table.sight, order, layoffs=False, swaps=True)
    return [a for a in found if isinstance(a, Swap)]
