"""Why a computer player (or a hint) does what it does: stable keys and their English text.

Every decision of a bot carries a reason: a key from ``REASONS`` and JSON-safe
parameters (card codes as in rule G2, rank and suit letters, seat numbers,
numbers). The table's catalogs translate the same keys; ``render`` gives the
English sentence, with cards shown as ``7♥`` and ranks in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

REASONS: dict[str, str] = {
    # drawing (G8)
    "take_completes_set": "take the {card}: it completes your set of {rank}",
    "take_completes_run": "take the {card}: it completes your run in {suit}",
    "take_meets_contract": "take the {card}: with it you can lay down the contract",
    "take_goes_out": "take the {card}: with it you can go out",
    "take_lays_off": "take the {card}: you can lay it off at once",
    "take_advances_set": "take the {card}: it makes a pair towards a set of {rank}",
    "take_advances_run": "take the {card}: it builds towards a run in {suit}",
    "take_joker": "take the joker: it fits anywhere",
    "draw_stock_no_help": "draw from the stock: the {card} does not help your hand",
    "draw_stock_no_discard": "draw from the stock: there is no discard to take",
    "draw_stock_cannot_take": "draw from the stock: you may not take the {card} (rule G8)",
    "draw_stock_keep_moving": "draw from the stock: the discards have gone round long enough",
    # buying (C6)
    "buy_completes_set": "buy the {card}: it completes your set of {rank}",
    "buy_completes_run": "buy the {card}: it completes your run in {suit}",
    "buy_meets_contract": "buy the {card}: with it you can lay down the contract",
    "buy_advances": "buy the {card}: it brings you closer to the contract",
    "pass_no_help": "pass: the {card} does not help your hand",
    "pass_laid_down": "pass: you have met the contract and two more cards would only cost points",
    "pass_final_deal": (
        "pass: in the last deal all your cards go down at once, and two more cards only make that harder"
    ),
    "pass_too_risky": (
        "pass: the {card} helps a little, but two more cards in hand are worth {points} points "
        "if someone goes out"
    ),
    # laying down and melding (C7, C8, C12, B4)
    "lay_down_contract": "lay down the contract: {melds}",
    "lay_down_all": "lay down all your cards but one: {melds}",
    "meld_new": "lay down {melds}",
    "meld_go_out": "lay down {melds} and go out",
    "lay_off": "lay off the {card} on {meld}",
    "lay_off_go_out": "lay off the {card} on {meld} and go out",
    "swap_joker": "swap the {card} for the joker in {meld}: a joker fits anywhere",
    # discarding
    "discard_go_out": "discard the {card} and go out",
    "discard_dead": "discard the {card}: it is dead, no set or run can use it any more ({seen} already seen)",
    "discard_avoid_feeding": "discard the {card}, not the {avoided}: seat {player} picked up the {took}",
    "discard_avoid_layoff": "discard the {card}, not the {avoided}: seat {player} could lay it off",
    "discard_cut_losses": "discard the {card}: an opponent may go out soon and it is worth {points} points",
    "discard_least_useful": "discard the {card}: it is the card your hand needs least",
    "discard_most_expensive_useless": "discard the {card}: it fits nothing and is worth {points} points",
    "discard_breaks_weakest": "discard the {card}: it breaks your weakest group",
    "discard_hold_melds": (
        "discard the {card} and keep {melds} in your hand: going out in one go gives seat {player} nothing "
        "to lay off on; being caught now would cost you {points} points"
    ),
    "discard_random": "discard the {card}",
    # the expert's search (paired rollouts in sampled deals)
    "take_search": "take the {card}: in sampled deals taking it came out {points} points better",
    "draw_stock_search": (
        "draw from the stock, not the {card}: in sampled deals that came out {points} points better"
    ),
    "buy_search": "buy the {card}: in sampled deals buying it came out {points} points better",
    "pass_search": "pass on the {card}: in sampled deals passing came out {points} points better",
    "discard_search": (
        "discard the {card}, not the {avoided}: in sampled deals it came out {points} points better"
    ),
    # the expert in basic rummy once the pile is turned over (B7): the stock's order is known
    "take_stock_known": (
        "take the {card}: the stock is the turned-over pile and its order is known; "
        "then it brings you {seen}, and you can go out sooner"
    ),
    "draw_stock_known": (
        "draw from the stock, not the {card}: the stock is the turned-over pile and its order is known; "
        "it brings you {seen}, and you can go out sooner"
    ),
    "discard_stock_known": (
        "discard the {card}, not the {avoided}: the stock is the turned-over pile and its order is known; "
        "it brings you {seen}, and you can go out sooner"
    ),
    # between deals
    "next_deal": "deal the next hand",
}

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_PLURALS = {
    "A": "aces",
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "T": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
}
CARD_PARAMS = ("card", "avoided", "took")


def pretty_card(code: str) -> str:
    """``7H`` as ``7♥``, ``TS`` as ``10♠``, ``JK`` as ``joker``."""
    if code == "JK":
        return "joker"
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS.get(code[1:], code[1:])


def pretty_cards(codes: str) -> str:
    return " ".join(pretty_card(c) for c in codes.split())


def render(key: str, params: dict[str, Any]) -> str:
    """The English sentence for a reason; unknown keys fall back to the key itself."""
    template = REASONS.get(key, key)
    shown = worded(params)
    for name in CARD_PARAMS:
        if isinstance(shown.get(name), str):
            shown[name] = pretty_card(shown[name])
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


def worded(params: Mapping[str, Any]) -> dict[str, Any]:
    """A reason's rank and suit letters and card lists in English words ("its set of sevens",
    not "its set of 7"): for ``render`` and for the page's English catalog, which words the
    reasons that name seats (``ui.words.i18n``)."""
    shown = dict(params)
    if isinstance(shown.get("rank"), str):
        shown["rank"] = RANK_PLURALS.get(shown["rank"], shown["rank"])
    if isinstance(shown.get("suit"), str):
        shown["suit"] = SUIT_WORDS.get(shown["suit"], shown["suit"])
    for name in ("melds", "meld", "seen"):
        if isinstance(shown.get(name), str):
            shown[name] = " / ".join(pretty_cards(part) for part in shown[name].split(" / "))
    return shown
