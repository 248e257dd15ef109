"""The easy and normal levels: rules of thumb on top of the hand solver.

- **easy**, a beginner: lays down what it obviously has, takes a discard that
  makes a meld most of the time, sometimes forgets a lay-off, never thinks of
  swapping a joker, and throws any card that is not in a meld.
- **normal**, a solid club player: takes a discard only when it makes a meld
  (or meets the contract, or lays off), buys when the card makes a meld of a
  kind the contract wants, lays off everything it can, swaps jokers for cards
  it cannot use, and throws its most expensive useless card: one in no meld,
  no pair (when the deal wants sets) and no run draw (when it wants runs).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Buy, Pass
from ..cards import Card
from ..solver import Contract, best_arrangement, can_meet
from .base import Bot, Decision
from .table import Table, count_one


def melds_with(table: Table, hand: Sequence[Card], card: Card) -> tuple[int, str | None]:
    """(cards melded, kind of the meld holding ``card``) in the hand's best split into melds."""
    arr = best_arrangement(list(hand), count_one, ace_high=table.ace_high)
    if arr is None:
        return 0, None
    kind = None
    for group, k in zip(arr.melds, arr.kinds, strict=True):
        if card in group:
            kind = k
            break
    return len(hand) - len(arr.deadwood), kind


def makes_meld(table: Table, card: Card) -> str | None:
    """The kind of meld ``card`` would complete with the hand, if it adds melded cards."""
    before, _ = melds_with(table, table.hand, card)
    after, kind = melds_with(table, [*table.hand, card], card)
    if kind is not None and after > before:
        return kind
    return None


def newly_meets(hand: Sequence[Card], card: Card, contract: Contract) -> bool:
    """Whether ``card`` lets the hand lay down the contract (with a card left to discard) when
    it could not already: a hand that meets it gains nothing from another card this way."""
    return can_meet([*hand, card], contract, min_left=1) and not can_meet(list(hand), contract, min_left=1)


def lays_off(table: Table, card: Card) -> bool:
    return table.may_extend and any(table.layoff_ends(card, tm) for tm in table.melds)


def wanted_kinds(table: Table) -> tuple[bool, bool]:
    """(sets wanted, runs wanted) for what the hand still builds."""
    c = table.contract
    if c is None or table.laid_down[table.seat] or table.final_deal:
        return True, True
    return c.sets > 0, c.runs > 0


class EasyBot(Bot):
    level = "easy"

    def draw(self, table: Table, rng: random.Random) -> Decision:
        forced = self.forced_stock(table)
        if forced is not None:
            return forced
        top = table.discard_top
        assert top is not None
        kind = makes_meld(table, top)
        if kind is not None and rng.random() < 0.7:
            key = "take_completes_set" if kind == "set" else "take_completes_run"
            return self.take(table, key, card=str(top), rank=str(top)[0], suit=top.suit)
        return self.stock(table, "draw_stock_no_help", card=str(top))

    def buy(self, table: Table, rng: random.Random) -> Decision:
        top = table.discard_top
        if top is not None and not table.laid_down[table.seat]:
            kind = makes_meld(table, top)
            if kind is not None and rng.random() < 0.5:
                key = "buy_completes_set" if kind == "set" else "buy_completes_run"
                return Decision(
                    Buy(table.seat),
                    key,
                    {"card": str(top), "rank": str(top)[0], "suit": top.suit},
                )
        return Decision(Pass(table.seat), "pass_no_help", {"card": str(top)})

    def layoff_skip(self, table: Table, rng: random.Random) -> set[Card]:
        """The lay-offs a beginner forgets: each distinct card with a chance of 35%.

        The draws go in hand order, never in a set's order: that follows the
        hash seed, which Pyodide picks anew at every page load, and the same
        seed must give the same game (G9).
        """
        return {c for c in dict.fromkeys(table.hand) if rng.random() < 0.35}

    def swap(self, table: Table, rng: random.Random) -> Decision | None:
        return None

    def discard(self, table: Table, rng: random.Random) -> Decision:
        cands = self.discardable(table)
        arr = best_arrangement(table.hand, table.value, ace_high=table.ace_high)
        dead = [c for c in (arr.deadwood if arr else ()) if c in cands and not c.is_joker]
        pool = sorted(dead or [c for c in cands if not c.is_joker] or cands)
        card = rng.choice(pool)
        return self.discard_action(table, card, "discard_random")


class NormalBot(Bot):
    level = "normal"

    def draw(self, table: Table, rng: random.Random) -> Decision:
        forced = self.forced_stock(table)
        if forced is not None:
            return forced
        top = table.discard_top
        assert top is not None
        why = self.advances(table, top)
        if why is not None:
            return self.take(table, "take_" + why, card=str(top), rank=str(top)[0], suit=top.suit)
        return self.stock(table, "draw_stock_no_help", card=str(top))

    def advances(self, table: Table, card: Card) -> str | None:
        """How ``card`` would advance the hand now (a reason suffix), or ``None``."""
        c = table.contract
        building = c is not None and not table.laid_down[table.seat] and not table.final_deal
        if building and c is not None and newly_meets(table.hand, card, c):
            return "meets_contract"
        if lays_off(table, card):
            return "lays_off"
        kind = makes_meld(table, card)
        if kind is None:
            return None
        sets, runs = wanted_kinds(table)
        if (kind == "set" and sets) or (kind == "run" and runs):
            return "completes_set" if kind == "set" else "completes_run"
        return None

    def buy(self, table: Table, rng: random.Random) -> Decision:
        top = table.discard_top
        if top is not None and not table.laid_down[table.seat] and len(table.hand) <= 13:
            why = self.advances(table, top)
            if why in ("meets_contract", "completes_set", "completes_run"):
                return Decision(
                    Buy(table.seat),
                    "buy_" + str(why),
                    {"card": str(top), "rank": str(top)[0], "suit": top.suit},
                )
        key = "pass_laid_down" if table.laid_down[table.seat] else "pass_no_help"
        return Decision(Pass(table.seat), key, {"card": str(top)})

    def discard(self, table: Table, rng: random.Random) -> Decision:
        cands = self.discardable(table)
        arr = best_arrangement(table.hand, table.value, ace_high=table.ace_high)
        melded: list[Card] = [c for g in (arr.melds if arr else ()) for c in g]
        loose = list(table.hand)
        for c in melded:
            loose.remove(c)
        sets, runs = wanted_kinds(table)

        def dear(c: Card) -> tuple[int, int, str]:
            return (table.value(c), c.rank, c.suit)

        pool = [c for c in cands if c in loose and not c.is_joker]
        # A card that pairs with itself (two equal cards) counts once: look at the others only.
        useless = [c for c in pool if not _partial_excluding(loose, c, sets, runs)]
        if useless:
            card = max(useless, key=dear)
            return self.discard_action(
                table, card, "discard_most_expensive_useless", points=table.value(card)
            )
        if pool:
            card = max(pool, key=dear)
            return self.discard_action(table, card, "discard_breaks_weakest")
        rest = [c for c in cands if not c.is_joker] or cands
        card = max(rest, key=dear)
        return self.discard_action(table, card, "discard_breaks_weakest")


def _partial_excluding(loose: Sequence[Card], card: Card, sets: bool, runs: bool) -> bool:
    """Whether ``card`` makes a pair or a run draw with another loose card."""
    skipped = False
    for o in loose:
        if o == card and not skipped:
            skipped = True
            continue
        if o.is_joker:
            continue
        if sets and o.rank == card.rank:
            return True
        if runs and o.suit == card.suit and 0 < abs(o.rank - card.rank) <= 2:
            return True
    return False
