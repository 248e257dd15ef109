"""Gin rummy adapter for the anchor benchmark: our solver on RLCard's question.

The anchor (``anchor_melds.py --solver gin_adapter:min_deadwood``) deals
one-deck, joker-free hands as strings (``"7H"``) and wants the least deadwood
with gin values (A 1, 2-9 pip, T-K 10), every card counted, ace low. Those are
our basic-rummy melds without ``ace_high``, so the adapter only turns the
strings into ``Card`` values and asks ``rommi.solver.min_deadwood`` with a gin
value function; it computes nothing itself.

Run from the project root::

    PYTHONPATH=py:tools/bench .venv-bench/bin/python anchor_melds.py --solver gin_adapter:min_deadwood
"""

from __future__ import annotations

from rommi.cards import RANKS, SUITS, Card
from rommi.solver import min_deadwood as _solver_min_deadwood

# Parsed once with Card.parse: a dict lookup per card is the least overhead.
_CARDS: dict[str, Card] = {r + s: Card.parse(r + s) for r in RANKS for s in SUITS}


def gin_value(card: Card) -> int:
    """Gin rummy deadwood value: ace 1, two to nine their pips, ten and faces 10."""
    return min(card.rank, 10)


def min_deadwood(hand: list[str]) -> int:
    """Least gin deadwood of ``hand`` (card strings), as our solver finds it."""
    cards = _CARDS
    return _solver_min_deadwood([cards[t] for t in hand], gin_value)
