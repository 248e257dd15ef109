"""The walking skeleton's deal: one sample hand, reproducible from a seed (pure Python).

>>> [str(c) for c in sample_hand(7)] == [str(c) for c in sample_hand(7)]
True
>>> seed_from_query("?seed=42&x=1")
42
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs

from rommi.cards import Card, make_deck, shuffled

DECKS = 2  # Sitoumusrommi with 3-4 players: two decks and one joker (rule C2)
JOKERS = 1
HAND_SIZE = 10  # rule C3
MAX_SEED = 999_999


def sample_hand(seed: int, size: int = HAND_SIZE) -> list[Card]:
    """The first ``size`` cards of the two-deck pack shuffled with ``seed``."""
    return shuffled(make_deck(DECKS, JOKERS), random.Random(seed))[:size]


def seed_from_query(search: str) -> int | None:
    """The ``seed`` in a URL query string such as ``?seed=7``, if it is a whole number in range."""
    values = parse_qs(search.lstrip("?")).get("seed", [])
    if values and values[0].isdigit() and int(values[0]) <= MAX_SEED:
        return int(values[0])
    return None


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.Random()).randint(1, MAX_SEED)
