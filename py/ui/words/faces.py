"""How a card looks: the text and colour of its face (pure Python, no DOM).

>>> from rommi.cards import Card
>>> face(Card.parse("TH"))
Face(code='TH', rank='10', suit='♥', colour='red', name='10 of hearts')
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rommi.cards import RANK_NAMES, SUIT_NAMES, Card

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
JOKER_SYMBOL = "★"


class Face(NamedTuple):
    code: str  # G2 notation, "7H" or "JK": the card's data-card value
    rank: str  # what the corners show: "A", "2".."10", "J", "Q", "K", or ★ for the joker
    suit: str  # the suit symbol, "" for the joker
    colour: str  # "red", "black" or "joker": the CSS class
    name: str  # for screen readers: "7 of hearts", "joker"


def rank_label(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def face(card: Card) -> Face:
    """The face of ``card``."""
    if card.is_joker:
        return Face(str(card), JOKER_SYMBOL, "", "joker", "joker")
    colour = "red" if card.suit in RED_SUITS else "black"
    spoken = RANK_NAMES.get(card.rank, str(card.rank))
    return Face(
        str(card),
        rank_label(card.rank),
        SUIT_SYMBOLS[card.suit],
        colour,
        f"{spoken} of {SUIT_NAMES[card.suit]}",
    )


@lru_cache(maxsize=64)
def face_of(code: str) -> Face:
    """The face of the card written ``code`` (G2 notation), cached: the table draws many."""
    return face(Card.parse(code))
