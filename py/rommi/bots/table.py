"""A seat's view read into cards and melds, and the legality checks the bots rely on.

Everything here works from the view dict alone (docs/protocol.md): the bots never
see a ``Game``. Legality is asked of the engine's own pure rule functions
(``rommi.rules`` for the turn rules, ``melds`` for the melds, and
``rommi.candidates`` for lay-offs and joker swaps), the very ones ``Game.apply`` runs, so
a bot's action is right by construction and no rule is copied here; the
tests then apply millions of them to real games to make sure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import candidates, rules
from ..actions import Layoff
from ..candidates import Check, Sight, view_meld
from ..cards import SUITS, Card, basic_value, contract_penalty
from ..contracts import Contract, contract_for
from ..errors import IllegalAction
from ..melds import Meld, fitting_ends, make_meld
from ..names import End
from ..views import SeatView

Value = Callable[[Card], int]

SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SLOT_CARD: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in SUITS)
"""Slot ``4 * (rank - 1) + suit index``: rank-major, like the solver's."""


def slot(card: Card) -> int:
    return 4 * (card.rank - 1) + SUIT_INDEX[card.suit]


def basic_value_low(card: Card) -> int:
    """Rule B8 values with the ace low (a module-level function, so the solver caches it)."""
    return basic_value(card, False)


def basic_value_high(card: Card) -> int:
    """Rule B8 values with ``ace_high`` (ace 11)."""
    return basic_value(card, True)


def count_one(card: Card) -> int:
    """Every card worth 1: the solver then minimises the number of cards left (rule C12)."""
    return 1


_AVOID: dict[Card, Value] = {}


def count_avoiding(card: Card) -> Value:
    """Cards count 1 and ``card`` counts 100: keep anything but ``card`` (rule G8)."""
    fn = _AVOID.get(card)
    if fn is None:

        def fn(c: Card, _avoid: Card = card) -> int:
            return 100 if c == _avoid else 1

        _AVOID[card] = fn
    return fn


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table as the view shows it."""

    id: int
    owner: int
    meld: Meld


@dataclass
class Table:
    """The parts of a view every decision needs, parsed once."""

    view: SeatView
    variant: str
    players: int
    seat: int
    phase: str
    deal: int
    contract: Contract | None
    ace_high: bool
    decks: int
    jokers: int
    hand: list[Card]
    melds: list[TableMeld]
    laid_down: list[bool]
    hand_sizes: list[int]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    taken: Card | None
    buys: list[int]
    history: Sequence[Mapping[str, Any]]
    """The deal's log (``SeatView["history"]``), read event by event by key."""
    value: Value

    @property
    def is_contract(self) -> bool:
        return self.contract is not None

    @property
    def final_deal(self) -> bool:
        """Deal 7 of contract rummy: all at once, no lay-offs (rule C12)."""
        return rules.final_deal(self.variant, self.deal)

    @property
    def down(self) -> bool:
        """Whether this seat may meld freely now (C7/C8 contract, always in basic, B4)."""
        if self.contract is None:
            return True
        return self.laid_down[self.seat]

    @property
    def may_extend(self) -> bool:
        """Whether this seat may lay off and swap jokers (rules C8, C9, C12, B4, B5)."""
        return self.seat_may_extend(self.seat)

    def seat_may_extend(self, seat: int) -> bool:
        """Whether ``seat`` may lay off and swap jokers now (rules C8, C9, C12, B4, B5)."""
        return rules.extend_refusal(self.variant, self.deal, self.laid_down[seat], swap=False) is None

    def next_seat(self, k: int = 1) -> int:
        return (self.seat + k) % self.players

    def penalty(self, cards: Sequence[Card]) -> int:
        return sum(self.value(c) for c in cards)

    # ------------------------------------------------------------ legality
    # Every answer here comes from the engine's own rule functions (``rommi.rules``, ``rommi.melds``).
    def left_ok(self, left: Sequence[Card]) -> bool:
        """What may stay in hand after a meld or lay-off (rules C10, G8)."""
        return rules.left_refusal(self.variant, self.taken, left) is None

    def may_take_discard(self) -> bool:
        """Rule G8: the top discard may be taken unless every card in hand equals it."""
        return rules.take_refusal(self.hand, self.discard_top) is None

    def layoff_ends(self, card: Card, tm: TableMeld) -> tuple[End | None, ...]:
        """The ends of ``tm`` where ``card`` lays off (``None`` for a set)."""
        return fitting_ends(tm.meld, (card,), self.ace_high)

    @property
    def sight(self) -> Sight:
        """What this seat sees that its lay-offs and swaps depend on (``rommi.candidates``)."""
        return Sight(
            self.seat,
            self.hand,
            [tm.meld for tm in self.melds],
            self.ace_high,
            self.variant,
            self.deal,
            self.laid_down[self.seat],
            self.taken,
        )

    def layoff_action(self, card: Card, tm: TableMeld, end: End | None) -> Layoff | None:
        """The lay-off of one card at ``end`` of ``tm`` where it fits (G3-G5), whatever the seat
        may do now, or ``None``: the engine's candidate (``rommi.candidates``)."""
        fits = candidates.layoffs_onto(self.sight, tm.id, (card,), Check.FIT)
        return next((a for a in fits if a.end == end), None)

    def swap_targets(self, card: Card) -> list[TableMeld]:
        """Table melds where ``card`` can replace a joker now (rules G6, C9, B5, G8): the
        engine's candidates (``rommi.candidates``)."""
        swaps = candidates.by_card(self.sight, (card,), layoffs=False, swaps=True)
        return [self.melds[a.meld] for a in swaps]

    def meld_ok(self, groups: Sequence[Sequence[Card]], kinds: Sequence[str]) -> bool:
        """Whether a meld action with these groups is legal now (G3-G5, C4, C7, C10, C12, G8)."""
        try:
            made = [make_meld(list(g), k, self.ace_high) for g, k in zip(groups, kinds, strict=True)]
        except IllegalAction:
            return False
        left = Counter(self.hand)
        for g in groups:
            for c in g:
                if left[c] <= 0:
                    return False
                left[c] -= 1
        rest = list(left.elements())
        laid = self.laid_down[self.seat]
        return (
            rules.meld_refusal(self.variant, self.deal, self.contract, laid, made, rest, self.taken) is None
        )


def parse_view(view: SeatView) -> Table:
    """Read a view (``Game.view``) into a ``Table``."""
    opts = view.get("options") or {}
    variant = view["variant"]
    ace_high = bool(opts.get("ace_high", False))
    contract = None
    if variant == "contract":
        contract = contract_for(int(view["deal"]), bool(opts.get("runs_differ_in_suit", False)))
    melds = [TableMeld(int(m["id"]), int(m["owner"]), view_meld(m)) for m in view["melds"]]
    top = view.get("discard_top")
    taken = view.get("taken")
    if variant == "contract":
        value: Value = contract_penalty
    else:
        value = basic_value_high if ace_high else basic_value_low
    return Table(
        view=view,
        variant=variant,
        players=int(view["players"]),
        seat=int(view["seat"]),
        phase=str(view["phase"]),
        deal=int(view["deal"]),
        contract=contract,
        ace_high=ace_high,
        decks=int(opts.get("decks", 1)),
        jokers=int(opts.get("jokers", 0)),
        hand=[Card.parse(t) for t in view["hand"]],
        melds=melds,
        laid_down=[bool(x) for x in view.get("laid_down") or [False] * int(view["players"])],
        hand_sizes=[int(x) for x in view["hand_sizes"]],
        discard_top=None if top is None else Card.parse(top),
        discard_size=int(view.get("discard_size", 0)),
        stock_size=int(view.get("stock_size", 0)),
        taken=None if taken is None else Card.parse(taken),
        buys=[int(x) for x in view.get("buys") or [0] * int(view["players"])],
        history=list(view.get("history") or []),
        value=value,
    )


def takes_since_stock(history: Sequence[Mapping[str, Any]]) -> int:
    """Discard-pile draws since the last stock draw in this deal (a deal must run the stock down)."""
    n = 0
    for e in reversed(history):
        if e.get("type") == "draw":
            if e.get("source") != "discard":
                break
            n += 1
        elif e.get("type") == "deal":
            break
    return n


def card_text(card: Card) -> str:
    return str(card)


def remove_cards(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """``hand`` less ``cards`` as a multiset (each card must be there)."""
    left = list(hand)
    for c in cards:
        left.remove(c)
    return left
