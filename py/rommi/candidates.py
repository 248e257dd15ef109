"""Lay-off and joker-swap candidates, from what one seat sees: the one generator of them.

A seat sees its own hand and the melds on the table (its view). A ``Sight``
holds just those, and the few facts the rules of a lay-off or a swap depend
on: whether the seat may extend melds now (C8, C9, C12, B4, B5) and what must
stay in its hand (C10, G8). ``Game.legal_layoffs_and_swaps``, the table's
choices for the selected cards, the computer players (which never see a
``Game``), the expert's rollouts and the random playouts all ask here; a
device without an engine could ask the same code with the view it was sent
(``Sight.of_view``).

It proposes; the engine judges. A candidate is made with the engine's own
rule functions (``melds.fitting_ends`` and ``melds.swap_joker`` for the fit,
``rules.extend_refusal`` and ``rules.left_refusal`` for the seat), the very
ones ``Game.apply`` runs, so it is legal as far as the seat can tell; whose
turn it is and the phase are ``Game.check``'s to say.

Two orders, because the callers' choices depend on them: ``by_meld`` (a
table lists each meld's lay-offs, then its joker swap) and ``by_card`` (a
player goes through its hand and plays the first card that fits). Several
cards laid off at once are one group; a run takes them in rank order. ``Unchecked``
is the random playouts' menu: ``by_card`` then ``by_meld`` unchecked, made as it is read.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, overload

from . import rules
from .actions import Layoff, Swap
from .cards import JOKER, Card
from .errors import IllegalAction
from .melds import RUN, SET, Meld, fitting_ends, swap_joker
from .names import End, MeldKind

BOTH_ENDS: tuple[End, ...] = tuple(End)
NO_END: tuple[None] = (None,)


class Check(enum.Enum):
    """How much a candidate is checked before it is proposed."""

    NONE = "none"
    """Every end of every meld, every meld that holds a joker: the random playouts' menu, whose
    refusals test the engine."""
    FIT = "fit"
    """Where the cards fit the meld (G3-G6), whatever the seat may do now."""
    RULES = "rules"
    """Where they fit and the seat may play them now, as far as its view tells (C8-C10, C12, G8, B4, B5)."""


class Sight(NamedTuple):
    """What one seat sees that its lay-offs and swaps depend on.

    ``melds`` are the table's melds in order: a meld's index is its id (the
    view's ``id``). ``taken`` is the card this seat took from the pile this
    turn, if any (G8). A named tuple, not a dataclass: the expert's rollouts
    make one for every turn they imagine, and a tuple is the cheapest to make.
    """

    seat: int
    hand: Sequence[Card]
    melds: Sequence[Meld]
    ace_high: bool
    variant: str
    deal: int
    laid_down: bool
    taken: Card | None = None

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> Sight:
        """Read from a seat's view (``Game.view``): all a device without an engine is sent."""
        seat = int(view["seat"])
        laid = view.get("laid_down")
        taken = view.get("taken")
        return cls(
            seat,
            list(map(Card.parse, view["hand"])),
            list(map(view_meld, view["melds"])),
            bool((view.get("options") or {}).get("ace_high", False)),
            str(view["variant"]),
            int(view["deal"]),
            bool(laid[seat]) if laid else False,
            None if taken is None else Card.parse(taken),
        )

    def extend_refusal(self, swap: bool = False) -> IllegalAction | None:
        """Why this seat may not lay off (or swap a joker) now, or ``None`` (C8, C9, C12, B4, B5)."""
        return rules.extend_refusal(self.variant, self.deal, self.laid_down, swap=swap)

    def keeps(self, cards: Sequence[Card], joker: bool = False) -> bool:
        """Whether the hand holds ``cards`` and what stays after playing them (and taking a
        swapped ``joker``) may stay (C10, G8)."""
        left = list(self.hand)
        try:
            for c in cards:
                left.remove(c)
        except ValueError:
            return False
        if joker:
            left.append(JOKER)
        return rules.left_refusal(self.variant, self.taken, left) is None


def view_meld(m: Mapping[str, Any]) -> Meld:
    """A meld of a view (``Game.view``'s ``melds``) as the engine's ``Meld``.

    A meld stays on the table for many turns and every view writes it again, so the same
    meld is read once (``_read_meld``, by what the view says of it), not once a view."""
    said = (m["kind"], tuple(m["cards"]), m["rank"], m.get("suit"))
    try:
        return _read_meld(*said)
    except TypeError:  # something unhashable: read it uncached, to say what is wrong with it
        return _read_meld.__wrapped__(*said)


@lru_cache(maxsize=1024)
def _read_meld(kind_text: Any, texts: tuple[Any, ...], rank: Any, suit: Any) -> Meld:
    kind = MeldKind(kind_text)
    cards = tuple(map(Card.parse, texts))
    return Meld(kind, cards, int(rank), (suit or "") if kind == RUN else "")


def rank_key(ace_high: bool) -> Callable[[Card], int]:
    """The order a run takes laid-off cards in: by rank, an ace high where ``ace_high``, jokers last."""

    def key(c: Card) -> int:
        if c.is_joker:
            return 99
        return 14 if ace_high and c.rank == 1 else c.rank

    return key


def in_run_order(cards: Sequence[Card], ace_high: bool) -> tuple[Card, ...]:
    """``cards`` in the order a run takes them (``rank_key``); one card is its own order."""
    if len(cards) < 2:
        return tuple(cards)
    return tuple(sorted(cards, key=rank_key(ace_high)))


def _ends(meld: Meld, cards: Sequence[Card], ace_high: bool, check: Check) -> tuple[End | None, ...]:
    if check is Check.NONE:
        return _unchecked_ends(meld.kind)
    return fitting_ends(meld, cards, ace_high)


def _unchecked_ends(kind: MeldKind) -> tuple[End | None, ...]:
    """Where a lay-off could go, fit unchecked: a set has no ends, a run two."""
    return NO_END if kind == SET else BOTH_ENDS


def _unchecked_spots(melds: Sequence[Meld]) -> list[tuple[int, End | None]]:
    """Every meld number and end a card could go to, fit unchecked, in ``by_card``'s order."""
    return [(i, end) for i, m in enumerate(melds) for end in _unchecked_ends(m.kind)]


def layoffs_onto(sight: Sight, meld: int, cards: Sequence[Card], check: Check = Check.RULES) -> list[Layoff]:
    """The lay-offs of ``cards`` together onto meld number ``meld``: one for a set, one per end
    of a run they fit (low first), the cards in rank order for a run and as given for a set."""
    target = sight.melds[meld]
    group = in_run_order(cards, sight.ace_high) if target.kind == RUN else tuple(cards)
    ends = _ends(target, group, sight.ace_high, check)
    if not ends:
        return []
    if check is Check.RULES and (sight.extend_refusal() is not None or not sight.keeps(group)):
        return []
    return [Layoff(sight.seat, meld, group, end) for end in ends]


def swap_onto(sight: Sight, meld: int, card: Card, check: Check = Check.RULES) -> Swap | None:
    """The swap of ``card`` for a joker of meld number ``meld`` (G6), or ``None``."""
    target = sight.melds[meld]
    if card.is_joker or JOKER not in target.cards:
        return None
    if check is not Check.NONE:
        try:
            swap_joker(target, card)
        except IllegalAction:
            return None
    if check is Check.RULES and (
        sight.extend_refusal(swap=True) is not None or not sight.keeps((card,), joker=True)
    ):
        return None
    return Swap(sight.seat, meld, card)


def asked(sight: Sight, meld: int, cards: Sequence[Card], *, swap: bool = False) -> Layoff | Swap:
    """The play as a player asks for it, not a candidate: ``cards`` as given onto meld number
    ``meld`` with no end chosen, or (``swap``) the first of them for a joker there. Unchecked,
    for the engine to accept or to say why not (the table's words for a refusal)."""
    if swap:
        return Swap(sight.seat, meld, cards[0])
    return Layoff(sight.seat, meld, tuple(cards))


def by_meld(
    sight: Sight,
    groups: Iterable[Sequence[Card]],
    *,
    meld: int | None = None,
    layoffs: bool = True,
    swaps: bool = True,
    check: Check = Check.RULES,
) -> Iterator[Layoff | Swap]:
    """The table's order: meld by meld (only number ``meld`` if given), each group's lay-offs
    (``layoffs_onto``), then the joker swap of each group of one card (``swap_onto``).

    ``Game.legal_layoffs_and_swaps`` asks with each distinct card of the hand as a group,
    the table with the selected cards as one group.
    """
    if check is Check.RULES and sight.extend_refusal() is not None:
        return
    each = [tuple(g) for g in groups]
    for i in range(len(sight.melds)) if meld is None else (meld,):
        if layoffs:
            for g in each:
                yield from layoffs_onto(sight, i, g, check)
        if swaps and JOKER in sight.melds[i].cards:
            for g in each:
                if len(g) == 1:
                    swap = swap_onto(sight, i, g[0], check)
                    if swap is not None:
                        yield swap


def by_card(
    sight: Sight,
    cards: Iterable[Card],
    *,
    layoffs: bool = True,
    swaps: bool = False,
    check: Check = Check.RULES,
) -> Iterator[Layoff | Swap]:
    """A player's order: card by card (each distinct card of ``cards`` once, in their order),
    its lay-offs onto each meld in turn at each end it fits, then (if ``swaps``) its joker swaps.

    The expert's rollouts ask this on every turn they imagine, so a card's fit is tried
    before what its lay-off would leave in hand.
    """
    if check is Check.RULES and sight.extend_refusal() is not None:
        return
    melds, ace_high, seat = sight.melds, sight.ace_high, sight.seat
    spots = _unchecked_spots(melds) if check is Check.NONE else None
    jokered = [i for i, m in enumerate(melds) if JOKER in m.cards] if swaps else []
    for card in dict.fromkeys(cards):
        if layoffs:
            one = (card,)
            if spots is not None:
                for i, end in spots:
                    yield Layoff(seat, i, one, end)
            else:
                keeps: bool | None = None if check is Check.RULES else True
                for i, target in enumerate(melds):
                    ends = fitting_ends(target, one, ace_high)
                    if not ends:
                        continue
                    if keeps is None:
                        keeps = sight.keeps(one)
                    if not keeps:
                        break
                    for end in ends:
                        yield Layoff(seat, i, one, end)
        if swaps:
            for i in jokered:
                swap = swap_onto(sight, i, card, check)
                if swap is not None:
                    yield swap


class Unchecked(Sequence[Layoff | Swap]):
    """Every lay-off of each of ``cards`` (``by_card``, unchecked), then every joker swap
    (``by_meld``, unchecked): the same candidates in the same order, each made only when read.

    The random playouts' menu: some hundred candidates a turn, of which they try six, and
    making every ``Layoff`` would cost more than the engine's judging of those six.
    """

    def __init__(self, sight: Sight, cards: Iterable[Card]) -> None:
        self._seat = sight.seat
        self._cards = tuple(dict.fromkeys(cards))
        self._spots = _unchecked_spots(sight.melds)
        self._layoffs = len(self._cards) * len(self._spots)
        self._swaps = list(by_meld(sight, [(c,) for c in self._cards], layoffs=False, check=Check.NONE))

    def __len__(self) -> int:
        return self._layoffs + len(self._swaps)

    @overload
    def __getitem__(self, k: int) -> Layoff | Swap: ...

    @overload
    def __getitem__(self, k: slice) -> list[Layoff | Swap]: ...

    def __getitem__(self, k: int | slice) -> Layoff | Swap | list[Layoff | Swap]:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        if k >= self._layoffs:
            return self._swaps[k - self._layoffs]
        card, spot = divmod(k, len(self._spots))
        meld, end = self._spots[spot]
        return Layoff(self._seat, meld, (self._cards[card],), end)
