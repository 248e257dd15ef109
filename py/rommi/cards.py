"""Cards, decks and penalty values (rules G1, G2, C2, C14, B8).

A card is a tiny immutable value: rank and suit. Equal cards from different
decks are the same value (G1), which is exactly what every rule needs; the UI
may tell physical copies apart by position, never the engine.
"""

from __future__ import annotations

import random
from typing import NamedTuple

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    1: "ace",
    11: "jack",
    12: "queen",
    13: "king",
}


class Card(NamedTuple):
    """One card: ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``SHDC``.

    The joker is ``Card(0, "")``. Written as in rule G2: ``7H``, ``TS``, ``JK``.
    """

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"7H"`` or ``"JK"``; raise ``ValueError`` on anything else.

        >>> Card.parse("TH")
        Card(rank=10, suit='H')
        >>> str(Card.parse("JK"))
        'JK'
        """
        try:
            return _PARSED[text]
        except (KeyError, TypeError):
            raise ValueError(f"not a card: {text!r}") from None

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def __str__(self) -> str:
        if self.rank == 0:
            return JOKER_CODE
        return RANKS[self.rank - 1] + self.suit


JOKER = Card(0, "")
JOKER_CODE = "JK"
"""The joker's G2 code, as views, saves and the protocol write it (``str(JOKER)``)."""

_PARSED: dict[str, Card] = {JOKER_CODE: JOKER}
for _s in SUITS:
    for _i, _r in enumerate(RANKS):
        _PARSED[_r + _s] = Card(_i + 1, _s)


def parse_cards(texts: object) -> list[Card]:
    """Parse a list of card strings; ``ValueError`` if it is not one."""
    if not isinstance(texts, (list, tuple)):
        raise ValueError("expected a list of cards")
    return [Card.parse(t) for t in texts]


def card_strs(cards: object) -> list[str]:
    """The G2 notation of each card, for JSON."""
    return [str(c) for c in cards]  # type: ignore[attr-defined]


def standard_deck() -> list[Card]:
    """One French 52-card deck, spades to clubs, ace to king (G1)."""
    return [Card(r, s) for s in SUITS for r in range(1, 14)]


def make_deck(decks: int, jokers: int) -> list[Card]:
    """``decks`` standard decks plus ``jokers`` jokers, in a fixed order."""
    return standard_deck() * decks + [JOKER] * jokers


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy; all chance flows from the game's one generator (G9)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def contract_penalty(card: Card) -> int:
    """Contract rummy penalty points (C14): joker and ace 15, T-K 10, others face value."""
    if card.rank in (0, 1):
        return 15
    return min(card.rank, 10)


def basic_value(card: Card, ace_high: bool = False) -> int:
    """Basic rummy card value (B8): joker 15, T-K 10, ace 1 (11 with ``ace_high``)."""
    if card.rank == 0:
        return 15
    if card.rank == 1:
        return 11 if ace_high else 1
    return min(card.rank, 10)
