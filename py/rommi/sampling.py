"""Whole games consistent with what one seat sees: determinizations for search (issue 13).

A search that looks ahead from a seat's position must not look at cards the
seat cannot see. ``sample_game(view, rng)`` makes a ``Game`` from a view
(``Game.view(seat)``) in which everything that seat sees is as in the view
(its hand, the melds, the discard pile's top, every count, score and logged event),
and the cards it cannot place are dealt at random to the other hands and the
stock. The sample is an ordinary ``Game``: ``apply``, ``check``,
``legal_actions``, ``copy``, ``view`` and ``to_dict`` all work on it.

The sample remembers the deal's log perfectly (``rommi.public`` reads the
view's ``history``: the discard pile below its top, which G8 keeps out of
sight, and the known cards), and what the log proves stays true in it:

- a card a seat is known to hold (taken from the pile or bought and not
  played since, a joker swapped off the table) stays in that seat's hand;
- after a contract rebuild (C13) the stock holds only cards of the pile it was
  shuffled from; after the basic turn-over (B7) it is those cards in their
  known order;
- once a deal is over the hands are the ones laid open (``revealed``).

Not tracked: which hidden card of a hand came from a rebuilt contract stock,
so a seat that has not drawn since a rebuild may be dealt a copy of a card
that was shuffled into it (rare, and it needs two decks). The last card an
opponent drew unseen is set to one of its sampled cards: only that seat
itself ever sees it.

``weighted=True`` leans the deal towards what each opponent showed (a cheap
guess, not inference): every card it took from the pile or bought doubles the
weight of the cards that would meld with it (the same rank, or the same suit
within two ranks), every discard halves it and every buy it passed takes a
fifth off; weights stay within 1/4 to 4, jokers stay at 1. Hands are then
drawn by weighted sampling without replacement (Efraimidis-Spirakis keys).

The sample's own generator is seeded from ``rng``, so its later shuffles (the
next deal, a rebuild) are not the real game's: a sample cannot leak the future.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import public, rules
from .cards import JOKER, SUITS, Card, make_deck, parse_cards
from .game import Game, Phase, TableMeld, _check_state, _State
from .melds import Meld, make_meld
from .names import DealEnd
from .options import CONTRACT, OPTION_NAMES, Options, make_options
from .savecheck import PREFIX

TOOK, THREW, PASSED = 2.0, 0.5, 0.8
"""``weighted``: what a card taken, thrown or passed in a buy window does to its neighbours' weight."""
LOWEST, HIGHEST = 0.25, 4.0


@dataclass
class _Seen:
    """A view read and checked: what goes where for certain, and the cards left to deal."""

    variant: str
    players: int
    seat: int
    options: Options
    fixed: list[list[Card]]
    """Each hand's cards placed for certain: the seat's own hand, the known cards, or a revealed hand."""
    free: list[int]
    """How many unseen cards each hand still needs."""
    pile: list[Card]
    melds: list[TableMeld]
    pool: Counter[Card]
    """The cards nobody can place (``unseen``): the hands' free places and the stock share them."""
    stock_size: int
    public_stock: list[Card] | None
    """The stock, top last, when the record shows it card by card (basic rummy after B7)."""
    stock_from: Counter[Card] | None
    """The cards the stock may hold after a contract rebuild (C13)."""


def unseen(view: Mapping[str, Any]) -> Counter[Card]:
    """The cards the view's seat cannot place: other hands' unknown cards and the stock's.

    The deck less the seat's hand, the melds, the discard pile (as the log
    remembers it), the cards other seats are known to hold and a stock whose
    every card is public.
    ``ValueError`` if the view cannot be of a game (see ``sample_game``).
    """
    return +_read(view).pool


def sample_game(
    view: Mapping[str, Any], rng: random.Random, *, weighted: bool = False, check: bool = True
) -> Game:
    """A game the view's seat cannot tell from the real one, its hidden cards dealt from ``rng``.

    ``ValueError`` names what is wrong when no game can give the view: a card
    seen more often than the deck holds it, counts that do not add up (hand
    sizes, the stock, the known cards), a malformed field. With ``check`` (the
    default) the sample must also pass what a loaded save passes (its deal's
    history replayed against it: ``rommi.savecheck``) and show the seat
    ``view`` key for key, which catches a view whose parts contradict each
    other (the phase, the known cards, the scores); it costs several times
    the sample itself (``make bench-copy``), and a search sampling many times
    from a view the engine gave it may leave it out.
    """
    try:
        seen = _read(view)
        game = _build(view, seen, rng, weighted)
        if check:
            _check(game, view, seen.seat)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"not a view of a game: {type(e).__name__} {e}") from None
    return game


def _check(game: Game, view: Mapping[str, Any], seat: int) -> None:
    """The sample's state must follow from its history as a save's must, and show the seat its view."""
    try:
        _check_state(game._s, list(view["history"]))
    except ValueError as e:
        raise ValueError(f"the view contradicts its history: {str(e).removeprefix(PREFIX)}") from None
    got: Mapping[str, Any] = game.view(seat)
    wrong = [k for k in got if k not in view or got[k] != view[k]]
    if wrong:
        raise ValueError(f"the view contradicts itself: a game with it shows other {', '.join(wrong)}")


# ------------------------------------------------------------------ reading the view


def _read(view: Mapping[str, Any]) -> _Seen:
    variant, n, seat = view["variant"], view["players"], view["seat"]
    if variant not in OPTION_NAMES or type(n) is not int or type(seat) is not int or not 0 <= seat < n:
        raise ValueError("not a view of a game: variant, players or seat")
    given = view["options"]
    opts = make_options(variant, n, {k: v for k, v in given.items() if k in OPTION_NAMES[variant]})
    if opts.to_dict() != given:
        raise ValueError("options that the game's own options do not give")
    sizes = _counts(view["hand_sizes"], "hand_sizes", n)
    stock_size = view["stock_size"]
    if type(stock_size) is not int or stock_size < 0:
        raise ValueError(f"stock_size is {stock_size!r}")
    hand = parse_cards(view["hand"])
    # The pile below its top is remembered from the log, not seen (G8); so are the known cards.
    history = view["history"]
    if not isinstance(history, list) or not history:
        raise ValueError("history is not the deal's log")
    record = public.read(history, variant, n)
    pile, known = record.pile, record.known
    if len(pile) != view["discard_size"] or (str(pile[-1]) if pile else None) != view["discard_top"]:
        raise ValueError("the pile the log leaves does not agree with discard_top and discard_size")
    if not _within(known[seat], hand):
        raise ValueError("cards known to be in the seat's hand that it does not hold")
    melds = [_meld(m, i, n, opts.ace_high) for i, m in enumerate(view["melds"])]
    revealed = view["revealed"]
    if revealed is not None:
        fixed = [parse_cards(r["cards"]) for r in _list(revealed, "revealed", n)]
        if Counter(fixed[seat]) != Counter(hand):
            raise ValueError("the seat's revealed hand is not its hand")
    else:
        fixed = [list(hand) if p == seat else list(known[p]) for p in range(n)]
    free = [size - len(f) for size, f in zip(sizes, fixed, strict=True)]
    if len(hand) != sizes[seat] or (revealed is not None and any(free)):
        raise ValueError("hand_sizes that do not match the seat's hand or the revealed hands")
    for p, f in enumerate(free):
        if f < 0:
            raise ValueError(f"seat {p} is known to hold {len(fixed[p])} cards but has {sizes[p]}")
    rebuilt = record.rebuilt
    public_stock = None
    stock_from = None
    if rebuilt is not None and variant != CONTRACT:
        if stock_size > len(rebuilt):
            raise ValueError("a stock larger than the pile it was turned over from (B7)")
        public_stock = rebuilt[:stock_size]
    elif rebuilt is not None:
        stock_from = Counter(rebuilt)
    seen: Counter[Card] = Counter(pile)
    for cards in fixed:
        seen.update(cards)
    for tm in melds:
        seen.update(tm.meld.cards)
    if public_stock is not None:
        seen.update(public_stock)
    deck = _deck(opts.decks, opts.jokers)
    over = seen - deck
    if over:
        shown = " ".join(sorted(str(c) for c in over))
        raise ValueError(f"the view shows more copies of {shown} than the deck holds")
    pool = deck - seen
    places = sum(free) + (0 if public_stock is not None else stock_size)
    if pool.total() != places:
        raise ValueError(
            f"the counts do not add up: {pool.total()} cards unseen by seat {seat} for {places} places "
            "(other hands' unknown cards and the stock)"
        )
    if stock_from is not None and (pool & stock_from).total() < stock_size:
        raise ValueError("a stock that cannot be made of the cards it was rebuilt from (C13)")
    return _Seen(variant, n, seat, opts, fixed, free, pile, melds, pool, stock_size, public_stock, stock_from)


_DECKS: dict[tuple[int, int], Counter[Card]] = {}


def _deck(decks: int, jokers: int) -> Counter[Card]:
    """The whole deck as a multiset, made once per layout (read only)."""
    deck = _DECKS.get((decks, jokers))
    if deck is None:
        deck = _DECKS[decks, jokers] = Counter(make_deck(decks, jokers))
    return deck


def _list(value: Any, name: str, length: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{name} is not a list of {length}")
    return value


def _counts(value: Any, name: str, length: int) -> list[int]:
    out = _list(value, name, length)
    if any(type(x) is not int or x < 0 for x in out):
        raise ValueError(f"{name} holds something that is not a count")
    return list(out)


def _within(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    return not Counter(part) - Counter(whole)


def _meld(m: Mapping[str, Any], i: int, players: int, ace_high: bool) -> TableMeld:
    """A table meld as the view shows it, made again and checked (G3-G5)."""
    owner = m["owner"]
    if m["id"] != i or type(owner) is not int or not 0 <= owner < players:
        raise ValueError(f"meld {i}: id or owner")
    meld: Meld = make_meld(parse_cards(m["cards"]), m["kind"], ace_high)
    if meld.rank != m["rank"] or (meld.suit or None) != m["suit"]:
        raise ValueError(f"meld {i}: a run that does not start where the view says")
    return TableMeld(owner, meld)


# ------------------------------------------------------------------ dealing the unseen cards


def _build(view: Mapping[str, Any], seen: _Seen, rng: random.Random, weighted: bool) -> Game:
    n, seat = seen.players, seen.seat
    stock, rest = _stock(seen, rng)
    hands = [list(f) for f in seen.fixed]
    others = [p for p in range(n) if p != seat and seen.free[p]]
    if weighted and others:
        leanings = _leanings(view["history"], n)
        rng.shuffle(others)
        for p in others:
            chosen = _weighted_pick(rest, seen.free[p], leanings[p], rng)
            hands[p].extend(rest[i] for i in chosen)
            taken = set(chosen)
            rest = [c for i, c in enumerate(rest) if i not in taken]
        rng.shuffle(rest)
    else:
        rng.shuffle(rest)
        for p in others:
            k = seen.free[p]
            hands[p].extend(rest[-k:])
            del rest[-k:]
    if stock is None:
        stock = rest
    elif rest:
        raise AssertionError("cards left over after dealing")  # _read counted them

    s = _State(
        seen.variant,
        n,
        seen.options,
        random.Random(rng.getrandbits(64)).getstate(),
        deal=view["deal"],
        dealer=view["dealer"],
        turn=view["turn"],
    )
    s.phase = Phase(view["phase"])
    s.hands = hands
    s.stock = stock
    s.discard = list(seen.pile)
    s.melds = list(seen.melds)
    s.laid_down = [bool(x) for x in _list(view["laid_down"], "laid_down", n)]
    s.buys = _counts(view["buys"], "buys", n)
    s.rebuilds = view["rebuilds"]
    s.history = list(view["history"])
    s.scores = _counts(view["scores"], "scores", n)
    s.deal_scores = [_counts(r, "deal_scores", n) for r in view["deal_scores"]]
    s.went_out = view["went_out"]
    s.deal_end = None if view["deal_end"] is None else DealEnd(view["deal_end"])
    s.taken, s.last_drawn = _draws(view, s, rng)
    if s.phase is Phase.BUY:
        queue = rules.buyers(n, s.turn, s.buys, seen.options.max_buys)
        if view["to_act"] not in queue:
            raise ValueError("a buy window asking a seat that is not offered the card (C6)")
        s.buy_queue = queue[queue.index(view["to_act"]) :]
    return Game(s)


def _stock(seen: _Seen, rng: random.Random) -> tuple[list[Card] | None, list[Card]]:
    """The stock when the record fixes what it may hold, and the cards left for the hands."""
    if seen.public_stock is not None:
        return list(seen.public_stock), list(seen.pool.elements())
    if seen.stock_from is None:
        return None, list(seen.pool.elements())
    may = list((seen.pool & seen.stock_from).elements())
    rng.shuffle(may)
    stock = may[: seen.stock_size]
    return stock, list((seen.pool - Counter(stock)).elements())


def _draws(view: Mapping[str, Any], s: _State, rng: random.Random) -> tuple[Card | None, list[Card | None]]:
    """The card taken from the pile this turn (G8) and each seat's last drawn card."""
    n, seat = s.players, view["seat"]
    last: list[Card | None] = [None] * n
    found = [False] * n
    taken = None
    newest = True
    for e in reversed(s.history):
        if e["type"] != "draw":
            continue
        p = e["player"]
        card = Card.parse(e["card"]) if e["source"] == "discard" else None
        if newest and s.phase is Phase.PLAY:
            taken = card
        newest = False
        if not found[p]:
            found[p] = True
            last[p] = card if card is not None else rng.choice(s.hands[p] or s.discard or [JOKER])
        if all(found):
            break
    mine = view["last_drawn"]
    last[seat] = None if mine is None else Card.parse(mine)
    return taken, last


def _leanings(history: Sequence[Mapping[str, Any]], players: int) -> list[_Leaning]:
    """``weighted``: what each seat took, threw and passed, as factors by rank and by suit and rank."""
    out = [_Leaning({}, {}) for _ in range(players)]
    offered: Card | None = None
    for e in history:
        kind = e["type"]
        if (kind == "draw" and e["source"] == "discard") or kind == "buy":
            out[e["player"]].add(Card.parse(e["card"]), TOOK)
        elif kind == "discard":
            out[e["player"]].add(Card.parse(e["card"]), THREW)
        elif kind == "offer":
            offered = Card.parse(e["card"])
        elif kind == "pass" and offered is not None:
            out[e["player"]].add(offered, PASSED)
    return out


@dataclass
class _Leaning:
    """One seat's factors: a card's weight is its rank's factor times its suit-and-rank factor."""

    by_rank: dict[int, float]
    by_place: dict[tuple[int, str], float]

    def add(self, card: Card, factor: float) -> None:
        """Cards of ``card``'s rank meld with it in a set, its suit's within two ranks in a run."""
        if card.is_joker:
            return
        self.by_rank[card.rank] = self.by_rank.get(card.rank, 1.0) * factor
        for d in (-2, -1, 1, 2):
            key = (card.rank + d, card.suit)
            self.by_place[key] = self.by_place.get(key, 1.0) * factor

    def powers(self) -> dict[Card, float]:
        """``1 / weight`` of each card whose weight is not 1 (the sampling keys' exponents)."""
        out: dict[Card, float] = {}
        for r in {*self.by_rank, *(r for r, _ in self.by_place)}:
            if not 1 <= r <= 13:
                continue
            for suit in SUITS:
                w = self.by_rank.get(r, 1.0) * self.by_place.get((r, suit), 1.0)
                if w != 1.0:
                    out[Card(r, suit)] = 1.0 / min(HIGHEST, max(LOWEST, w))
        return out


def _weighted_pick(cards: Sequence[Card], k: int, leaning: _Leaning, rng: random.Random) -> list[int]:
    """``k`` positions of ``cards`` drawn without replacement, each in proportion to its weight."""
    power = leaning.powers()
    rand = rng.random
    keys = [rand() ** power.get(c, 1.0) for c in cards]
    return heapq.nlargest(k, range(len(cards)), key=keys.__getitem__)


__all__ = ["sample_game", "unseen"]
