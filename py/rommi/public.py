"""What the deal's public record proves about where the cards are (issue 13).

Read from the deal's history alone, as a player with a perfect memory would
read it at the table, so every seat may be told all of it (``Game.view``):

- the discard pile, card by card (every discard, take and rebuild is logged);
- the cards each seat is known to hold: what it took from the pile or bought
  and has not played since, a joker it swapped off the table, and in basic
  rummy every card drawn from a stock made by turning the pile over (B7: its
  order is the pile's, so each card is known before it is drawn);
- the cards the stock was last rebuilt from: after a contract rebuild (C13)
  the stock holds only cards of the old pile, in an order nobody saw; after a
  basic one (B7) it is those cards in a known order.

A card played by a seat known to hold a copy of it is taken as that copy, so
``known`` is what the seat certainly holds: it may hold more copies unseen.

Search reads these facts to sample hands consistent with a view
(``rommi.sampling``); the bots' ``Memory`` keeps its own, a careful player's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import JOKER, Card
from .options import CONTRACT


@dataclass
class Record:
    """The public facts of one deal after its first ``length`` events.

    A record that is kept (as ``Game`` keeps one for its views) is never
    changed again: ``advance`` reads new events into a copy.
    """

    variant: str
    first: Mapping[str, Any] | None
    """The deal's first event, the very object: a history starting with another is another deal's."""
    length: int
    pile: list[Card]
    known: list[list[Card]]
    rebuilt: list[Card] | None = None
    """The cards of the last rebuild, top last: the stock is ``stock_size`` of them (C13), in basic
    rummy (B7) the first ``stock_size`` in this very order."""
    stock: list[Card] | None = None
    """The stock, top last, while every card in it is public (basic rummy, after turning the pile over)."""
    rebuilds: int = 0

    def copy(self) -> Record:
        return Record(
            self.variant,
            self.first,
            self.length,
            list(self.pile),
            [list(k) for k in self.known],
            self.rebuilt,
            None if self.stock is None else list(self.stock),
            self.rebuilds,
        )

    def step(self, e: Mapping[str, Any]) -> None:
        """Read one more logged event (the schema ``rommi.savecheck`` checks)."""
        self.length += 1
        kind = e["type"]
        if kind == "deal":
            self.pile = [Card.parse(e["discard"])]
        elif kind == "discard":
            card = Card.parse(e["card"])
            self._let_go(e["player"], (card,))
            self.pile.append(card)
        elif kind == "draw":
            if e["source"] == "discard":
                self._off_pile()
                self.known[e["player"]].append(Card.parse(e["card"]))
            elif self.stock:  # a turned-over stock: its top card is known (B7)
                self.known[e["player"]].append(self.stock.pop())
        elif kind == "buy":
            # The bought card is public; the extra card from the stock is not (C6).
            self._off_pile()
            self.known[e["player"]].append(Card.parse(e["card"]))
            if self.stock:
                self.stock.pop()
        elif kind == "meld":
            self._let_go(e["player"], [Card.parse(t) for g in e["melds"] for t in g])
        elif kind == "layoff":
            self._let_go(e["player"], [Card.parse(t) for t in e["cards"]])
        elif kind == "swap":
            self._let_go(e["player"], (Card.parse(e["card"]),))
            self.known[e["player"]].append(JOKER)
        elif kind == "rebuild":
            self.rebuilds += 1
            if self.variant == CONTRACT:  # C13: all but the top shuffled into the stock
                self.rebuilt = self.pile[:-1]
                self.pile = self.pile[-1:]
            else:  # B7: the pile turned over, its first card turned up
                self.stock = self.pile[::-1]
                self.pile = [self.stock.pop()] if self.stock else []
                self.rebuilt = list(self.stock)

    def _off_pile(self) -> None:
        # A log always has the card there; a state made by hand for a test (never a save) may not.
        if self.pile:
            self.pile.pop()

    def _let_go(self, p: int, cards: Sequence[Card]) -> None:
        known = self.known[p]
        for c in cards:
            if c in known:
                known.remove(c)


def read(history: Sequence[Mapping[str, Any]], variant: str, players: int) -> Record:
    """The public facts of the deal whose log is ``history`` (it starts with the ``deal`` event)."""
    first = history[0] if history else None
    rec = Record(variant, first, 0, [], [[] for _ in range(players)])
    for e in history:
        rec.step(e)
    return rec


def advance(rec: Record | None, history: Sequence[Mapping[str, Any]], variant: str, players: int) -> Record:
    """The facts of ``history``, reading only its new events when ``rec`` is of this deal's earlier log.

    Logged events are never changed, and within a deal the log only grows, so
    a record of the same first event and no more events is a prefix of it.
    """
    if rec is None or rec.first is not (history[0] if history else None) or rec.length > len(history):
        return read(history, variant, players)
    if rec.length == len(history):
        return rec
    rec = rec.copy()
    for e in history[rec.length :]:
        rec.step(e)
    return rec
