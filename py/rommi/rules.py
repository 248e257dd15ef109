"""The turn rules, as pure functions of plain values: the one copy of each.

``Game`` asks these when it checks an action, and the computer players ask
the very same functions about the positions they imagine, from nothing but a
seat's view. So a rule changes in one place, and what a bot believes legal is
what ``apply`` accepts. Each ``*_refusal`` returns the ``IllegalAction`` the
rules give, or ``None`` when the rule allows the move.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import contracts
from .cards import SUIT_NAMES, Card, basic_value, contract_penalty
from .contracts import Contract
from .errors import IllegalAction
from .melds import RUN, Meld
from .options import BASIC, CONTRACT

MAX_REBUILDS = {CONTRACT: 2, BASIC: 1}
"""How often the stock may be rebuilt in one deal (C13: twice; B7: once)."""


def final_deal(variant: str, deal: int) -> bool:
    """Deal 7 of contract rummy: everything at once, no lay-offs or swaps (C12)."""
    return variant == CONTRACT and deal == contracts.DEALS


def rebuild_possible(variant: str, discard_size: int, rebuilds: int) -> bool:
    """Whether an empty stock can be made again now (C13, B7): the pile must give a card
    below its top, and the deal's rebuilds must not be used up; otherwise the deal ends."""
    return discard_size >= 2 and rebuilds < MAX_REBUILDS[variant]


def buyers(players: int, turn: int, buys: Sequence[int], max_buys: int | None) -> list[int]:
    """Who is offered the discard, in the order asked (C6): every other seat from the
    next in turn order, the one who threw it included, less those at ``max_buys``."""
    order = [(turn + k) % players for k in range(1, players)]
    return [q for q in order if max_buys is None or buys[q] < max_buys]


def take_refusal(hand: Sequence[Card], top: Card | None) -> IllegalAction | None:
    """G8: only a pile's top card is taken, and never when every card in hand equals it."""
    if top is None:
        return IllegalAction("G8", "discard_empty")
    if hand and all(c == top for c in hand):
        return IllegalAction("G8", "take_only_same", card=str(top))
    return None


def left_refusal(variant: str, taken: Card | None, left: Sequence[Card]) -> IllegalAction | None:
    """What must stay in hand after a meld, lay-off or swap.

    C10: contract rummy keeps a card to discard. G8: a player who took the top
    discard may not be left with only copies of it, having nothing else to throw.
    """
    if variant == CONTRACT and not left:
        return IllegalAction("C10", "keep_a_discard")
    if taken is not None and left and all(c == taken for c in left):
        return IllegalAction("G8", "would_keep_only_taken", card=str(taken))
    return None


def extend_refusal(variant: str, deal: int, laid_down: bool, *, swap: bool) -> IllegalAction | None:
    """Whether this seat may lay off (C8) or swap a joker (C9) now; never in deal 7 (C12).

    Basic rummy allows both on any turn (B4, B5).
    """
    if variant != CONTRACT:
        return None
    if final_deal(variant, deal):
        return IllegalAction("C12", "deal7_no_layoff")
    if not laid_down:
        if swap:
            return IllegalAction("C9", "swap_not_allowed")
        return IllegalAction("C8", "not_laid_down")
    return None


def meld_refusal(
    variant: str,
    deal: int,
    contract: Contract | None,
    laid_down: bool,
    new: Sequence[Meld],
    left: Sequence[Card],
    taken: Card | None,
) -> IllegalAction | None:
    """Whether laying down the valid melds ``new``, keeping ``left``, is allowed now.

    Contract rummy: a first lay-down holds the contract (C7, C4); deal 7 lays
    down everything but the discard at once, and nothing after (C12). Then the
    hand's own rules (C10, G8).
    """
    if contract is not None:
        if not laid_down:
            why = contracts.shortfall(new, contract)
            if why is not None:
                codes = sorted({m.suit for m in new if m.kind == RUN})
                return IllegalAction(
                    "C4" if why == "contract_runs_same_suit" else "C7",
                    why,
                    deal=deal,
                    contract=contracts.describe(contract),
                    distinct=contract.distinct_run_suits,
                    suits=", ".join(SUIT_NAMES[c] for c in codes),
                    suit_codes=" ".join(codes),
                )
            if final_deal(variant, deal) and len(left) != 1:
                return IllegalAction("C12", "deal7_all_at_once")
        elif final_deal(variant, deal):
            return IllegalAction("C12", "deal7_no_layoff")
    return left_refusal(variant, taken, left)


def discard_refusal(
    variant: str, deal: int, laid_down: bool, taken: Card | None, card: Card, left: int
) -> IllegalAction | None:
    """Whether ``card`` may be thrown, keeping ``left`` cards in hand.

    Not the card just taken from the pile (G8; B4 in basic rummy), and in
    deal 7 a player who has laid down throws their last card (C12).
    """
    if taken is not None and card == taken:
        return IllegalAction("B4" if variant == BASIC else "G8", "discard_taken_card", card=str(card))
    if final_deal(variant, deal) and laid_down and left > 0:
        return IllegalAction("C12", "deal7_all_at_once")
    return None


def hand_points(variant: str, cards: Sequence[Card], ace_high: bool = False) -> int:
    """What the cards left in a hand count at the end of a deal: contract rummy's penalty
    points (C14), basic rummy's card values (B8)."""
    if variant == CONTRACT:
        return sum(contract_penalty(c) for c in cards)
    return sum(basic_value(c, ace_high) for c in cards)


def deal_row(variant: str, hands: Sequence[Sequence[Card]], out: int | None, ace_high: bool) -> list[int]:
    """A deal's scores from the hands at its end (C14: each hand's penalty, nothing for the
    player out; B8: the player out wins the others' points)."""
    if variant == CONTRACT:
        return [0 if i == out else hand_points(variant, h) for i, h in enumerate(hands)]
    row = [0] * len(hands)
    if out is not None:
        row[out] = sum(hand_points(variant, h, ace_high) for i, h in enumerate(hands) if i != out)
    return row


__all__ = [
    "MAX_REBUILDS",
    "buyers",
    "deal_row",
    "discard_refusal",
    "extend_refusal",
    "final_deal",
    "hand_points",
    "left_refusal",
    "meld_refusal",
    "rebuild_possible",
    "take_refusal",
]
