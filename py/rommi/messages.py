"""English text of the engine's refusal messages, keyed for translation.

Every ``IllegalAction`` names a key here. The table's catalogs carry the same
keys in Finnish; parameters are plain JSON values (card strings, numbers,
words such as suit names) so any language can phrase them its own way.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # G10: malformed actions
    "bad_action": "That is not an action: {detail}.",
    "unknown_action": "Unknown action type {type!r}.",
    "bad_field": "The action's field {field!r} is missing or wrong.",
    "bad_card": "{text!r} is not a card.",
    "not_your_turn": "It is not seat {player}'s turn to act; seat {to_act} acts now.",
    "wrong_phase": "That cannot be done now: {phase}.",
    "deal_over": "The deal is over; start the next deal.",
    "match_over": "The match is over.",
    # Cards in hand
    "not_in_hand": "You do not hold {cards}.",
    # Meld shapes (G3, G4, G5)
    "meld_too_short": "A meld needs at least three cards; {cards} has {count}.",
    "meld_no_natural": "A meld needs at least one card that is not a joker.",
    "set_mixed_ranks": "A set is cards of one rank; {cards} mixes ranks.",
    "run_mixed_suits": "A run is cards of one suit; {cards} mixes suits.",
    "run_not_consecutive": "{cards} is not a run: the ranks are not consecutive.",
    "run_out_of_range": "{cards} is not a run: runs never wrap around the ace.",
    "run_too_long": "A run has at most 13 cards.",
    "bad_kind": "A meld is a set or a run, not {kind!r}.",
    # Lay-off and swap (C8, G6)
    "no_such_meld": "There is no meld {meld} on the table.",
    "layoff_no_fit": "{cards} does not fit meld {meld}.",
    "layoff_which_end": "{cards} fits both ends of run {meld}: say which end.",
    "set_has_no_end": "A set has no ends; lay off onto it without naming one.",
    "swap_no_joker": "Meld {meld} has no joker that {card} can replace.",
    "swap_joker_card": "A joker can only be swapped for a natural card.",
    # Turn structure (G8, C10, B4)
    "draw_first": "Draw a card first.",
    "already_drawn": "You have already drawn this turn.",
    "discard_empty": "The discard pile is empty.",
    "discard_taken_card": "You took {card} from the discard pile this turn; discard a different card.",
    "would_keep_only_taken": "That would leave you holding only {card}, the card you took from the discard pile.",
    "take_only_same": "Every card in your hand is {card}: you could not discard a different card.",
    "keep_a_discard": "Keep one card to discard: a turn always ends with a discard.",
    # Contract (C4, C7, C9, C12)
    "contract_not_met": "Deal {deal} needs {contract}; that lay-down does not contain it.",
    "contract_runs_same_suit": "Deal {deal} needs {contract}; your runs are not of different suits ({suits}).",
    "not_laid_down": "You have not met the contract yet, so you may not lay off or swap.",
    "deal7_all_at_once": "In deal 7 you must lay down all your cards but one in a single go.",
    "deal7_no_layoff": "In deal 7 there is no laying off and no joker swapping.",
    "swap_not_allowed": "Only a player who has met the contract may swap a joker.",
    # Buying (C6)
    "not_buy_window": "Nobody is being offered the discard now.",
    "max_buys": "You have already bought {max} times this deal.",
    "deal_not_over": "The deal is still being played.",
}


def render(key: str, params: dict[str, Any]) -> str:
    """The English sentence for ``key``; unknown keys fall back to the key itself."""
    template = MESSAGES.get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
