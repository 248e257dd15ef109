"""Sets and runs with jokers: validation, lay-offs and joker swaps (G3-G6, B3).

A meld is an immutable value. A run keeps its cards in rank order with each
joker at the position it stands for, and remembers its lowest rank, so what a
joker stands for is never guessed again later (G5). Rank 14 is an ace played
high, which only the basic game's ``ace_high`` option allows (B3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import JOKER, RANKS, Card
from .errors import IllegalAction
from .names import End, MeldKind

SET = MeldKind.SET
RUN = MeldKind.RUN
KINDS = tuple(MeldKind)
LONGEST_RUN = 13


def _strs(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True)
class Meld:
    """A valid set or run on the table.

    ``rank`` is the set's rank, or the run's lowest rank (its first card's
    position); ``suit`` is the run's suit and empty for a set.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int
    suit: str = ""

    @property
    def high(self) -> int:
        """A run's highest rank (14 for an ace played high)."""
        return self.rank + len(self.cards) - 1

    def stands_for(self, index: int) -> Card | None:
        """The natural card at ``index``, or what the joker there stands for.

        In a set a joker stands for a card of the set's rank in any suit, so
        ``None`` is returned for it: any natural of that rank may replace it (G6).
        """
        card = self.cards[index]
        index %= len(self.cards)
        if not card.is_joker:
            return card
        if self.kind == SET:
            return None
        r = self.rank + index
        return Card(1 if r == 14 else r, self.suit)

    def describe(self) -> str:
        return _strs(self.cards)


def infer_kind(cards: Sequence[Card]) -> MeldKind:
    """The protocol's default: naturals all of one rank make a set, else a run."""
    ranks = {c.rank for c in cards if not c.is_joker}
    return SET if len(ranks) <= 1 else RUN


def make_meld(cards: Sequence[Card], kind: str | None = None, ace_high: bool = False) -> Meld:
    """Validate ``cards`` as a new meld and return it, or raise ``IllegalAction``.

    A run's cards must be given in rank order with each joker at its position.
    """
    if kind is None:
        kind = infer_kind(cards)
    if kind not in KINDS:
        raise IllegalAction("G10", "bad_kind", kind=kind)
    kind = MeldKind(kind)
    if len(cards) < 3:
        rule = "G3" if kind == SET else "G4"
        raise IllegalAction(rule, "meld_too_short", cards=_strs(cards), count=len(cards))
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        raise IllegalAction("G5", "meld_no_natural")
    if kind == SET:
        rank = naturals[0].rank
        if any(c.rank != rank for c in naturals):
            raise IllegalAction("G3", "set_mixed_ranks", cards=_strs(cards))
        return Meld(SET, tuple(cards), rank)
    return _make_run(tuple(cards), ace_high)


def _run_low(cards: tuple[Card, ...], ace_high: bool) -> int | None:
    """The lowest rank that puts every natural at its position, or ``None``."""
    n = len(cards)
    top = 14 if ace_high else 13
    candidates: list[int] = []
    for i, c in enumerate(cards):
        if c.is_joker:
            continue
        if c.rank == 1:
            candidates = [1 - i] + ([14 - i] if ace_high else [])
        else:
            candidates = [c.rank - i]
            break
    for low in candidates:
        if low < 1 or low + n - 1 > top:
            continue
        ok = True
        for i, c in enumerate(cards):
            if c.is_joker:
                continue
            r = low + i
            if not (c.rank == r or (c.rank == 1 and r == 14)):
                ok = False
                break
        if ok:
            return low
    return None


def _make_run(cards: tuple[Card, ...], ace_high: bool) -> Meld:
    naturals = [c for c in cards if not c.is_joker]
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        raise IllegalAction("G4", "run_mixed_suits", cards=_strs(cards))
    if len(cards) > LONGEST_RUN:
        raise IllegalAction("G4", "run_too_long")
    low = _run_low(cards, ace_high)
    if low is None:
        ranks = [c.rank for c in naturals]
        wraps = 1 in ranks and 13 in ranks
        key = "run_out_of_range" if wraps or _overflows(cards, ace_high) else "run_not_consecutive"
        raise IllegalAction("B3" if ace_high and wraps else "G4", key, cards=_strs(cards))
    return Meld(RUN, cards, low, suit)


def _overflows(cards: tuple[Card, ...], ace_high: bool) -> bool:
    """True when the naturals are in step but the run would pass an end."""
    for i, c in enumerate(cards):
        if not c.is_joker and c.rank != 1:
            low = c.rank - i
            return low < 1 or low + len(cards) - 1 > (14 if ace_high else 13)
    return False


def fitting_ends(meld: Meld, cards: Sequence[Card], ace_high: bool = False) -> tuple[End | None, ...]:
    """Where ``cards`` (in rank order) lay off onto ``meld``: ``(None,)`` for a set they
    fit, the run ends they fit, or ``()``. The one test of a lay-off's fit (G3-G5)."""
    if not cards:
        return ()
    if meld.kind == SET:
        return (None,) if all(c.is_joker or c.rank == meld.rank for c in cards) else ()
    if len(cards) == 1 and not cards[0].is_joker and cards[0].suit != meld.suit:
        return ()  # the common case in a rollout's hot loop, said at once: a run takes its own suit
    return tuple(side for side in End if _extended(meld, tuple(cards), side, ace_high) is not None)


def _extended(meld: Meld, cards: tuple[Card, ...], side: End, ace_high: bool) -> Meld | None:
    """The run with ``cards`` added at ``side``, or ``None`` where they do not fit there.

    The run's own jokers keep standing for what they stood for (G5): the new
    cards take the positions just past that end, each natural exactly the
    card of its position, within the ranks a run may span (G4, B3).
    """
    k = len(cards)
    if len(meld.cards) + k > LONGEST_RUN:
        return None
    if side == End.LOW:
        first = meld.rank - k
        if first < 1:
            return None
    else:
        first = meld.high + 1
        if first + k - 1 > (14 if ace_high else 13):
            return None
    for i, c in enumerate(cards):
        if c.is_joker:
            continue
        r = first + i
        if c.suit != meld.suit or c.rank != (1 if r == 14 else r):
            return None
    if side == End.LOW:
        return Meld(RUN, cards + meld.cards, first, meld.suit)
    return Meld(RUN, meld.cards + cards, meld.rank, meld.suit)


def extend(meld: Meld, cards: Sequence[Card], end: str | None, ace_high: bool = False) -> Meld:
    """The meld with ``cards`` laid off onto it (C8, B4), or ``IllegalAction``.

    A run takes the cards at one end, given in rank order; when ``end`` is
    ``None`` and they fit both ends the player must say which (never decide
    for the player).
    """
    text = _strs(cards)
    if not cards:
        raise IllegalAction("G10", "bad_field", field="cards")
    if meld.kind == SET:
        if end is not None:
            raise IllegalAction("G10", "set_has_no_end")
        if not fitting_ends(meld, cards, ace_high):
            raise IllegalAction("G3", "layoff_no_fit", cards=text, meld="")
        return Meld(SET, meld.cards + tuple(cards), meld.rank)
    if end is not None and end not in tuple(End):
        raise IllegalAction("G10", "bad_field", field="end")
    sides = fitting_ends(meld, cards, ace_high)
    if end is not None:
        sides = tuple(side for side in sides if side == end)
    if not sides:
        raise IllegalAction("G4", "layoff_no_fit", cards=text, meld="")
    if len(sides) > 1:
        raise IllegalAction("G5", "layoff_which_end", cards=text, meld="")
    side = sides[0]
    new = None if side is None else _extended(meld, tuple(cards), side, ace_high)
    assert new is not None  # fitting_ends just said the cards fit at that end of the run
    return new


def swap_joker(meld: Meld, card: Card) -> Meld:
    """The meld with ``card`` in place of the joker that stands for it (G6)."""
    if card.is_joker:
        raise IllegalAction("G6", "swap_joker_card")
    for i, c in enumerate(meld.cards):
        if not c.is_joker:
            continue
        if meld.kind == SET:
            fits = card.rank == meld.rank
        else:
            fits = meld.stands_for(i) == card
        if fits:
            return Meld(meld.kind, meld.cards[:i] + (card,) + meld.cards[i + 1 :], meld.rank, meld.suit)
    raise IllegalAction("G6", "swap_no_joker", meld="", card=str(card))


def rank_name(rank: int) -> str:
    """The G2 rank character, 14 read as an ace."""
    return RANKS[(rank - 1) % 13]


__all__ = [
    "JOKER",
    "KINDS",
    "RUN",
    "SET",
    "Meld",
    "extend",
    "fitting_ends",
    "infer_kind",
    "make_meld",
    "rank_name",
    "swap_joker",
]
