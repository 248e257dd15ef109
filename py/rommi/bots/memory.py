"""What a careful player remembers of a deal: the seed's "Pelivinkkejä" made concrete.

Read from the public history of the deal only (the view's ``history``):

- the discard pile, card by card (the tips: remember what was discarded);
- each opponent's known cards: what they took from the discard pile or bought
  and have not let go of since, and jokers they swapped off the table;
- what each opponent took, threw and declined, to guess what they collect;
- the cards nobody can see any more (in melds, in the pile, in known hands),
  so a card whose meld chances are gone is recognised as dead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import JOKER, Card, make_deck
from .table import Table


@dataclass
class Memory:
    """Card tracking for one seat in one deal, rebuilt from the history."""

    players: int
    pile: list[Card] = field(default_factory=list)
    known: list[Counter[Card]] = field(default_factory=list)
    took: list[list[Card]] = field(default_factory=list)
    threw: list[list[Card]] = field(default_factory=list)
    declined: list[list[Card]] = field(default_factory=list)
    discards: int = 0
    takes_in_a_row: int = 0
    """Discard-pile draws since the last stock draw (to keep every deal finite)."""
    rebuilds: int = 0

    @classmethod
    def read(cls, table: Table) -> Memory:
        n = table.players
        mem = cls(n)
        mem.known = [Counter() for _ in range(n)]
        mem.took = [[] for _ in range(n)]
        mem.threw = [[] for _ in range(n)]
        mem.declined = [[] for _ in range(n)]
        pile = mem.pile
        offered = False
        for e in table.history:
            kind = e.get("type")
            if kind == "deal":
                pile[:] = [Card.parse(e["discard"])]
            elif kind == "draw":
                p = int(e["player"])
                if e.get("source") == "discard":
                    card = Card.parse(e["card"])
                    if pile:
                        pile.pop()
                    mem.known[p][card] += 1
                    mem.took[p].append(card)
                    mem.takes_in_a_row += 1
                else:
                    mem.takes_in_a_row = 0
                    if not offered and pile:
                        mem.declined[p].append(pile[-1])
                    offered = False
            elif kind == "offer":
                p = int(e["player"])
                mem.declined[p].append(Card.parse(e["card"]))
                offered = True
            elif kind == "pass":
                p = int(e["player"])
                if pile:
                    mem.declined[p].append(pile[-1])
            elif kind == "buy":
                p = int(e["player"])
                card = Card.parse(e["card"])
                if pile:
                    pile.pop()
                mem.known[p][card] += 1
                mem.took[p].append(card)
            elif kind == "meld":
                p = int(e["player"])
                for group in e["melds"]:
                    mem._let_go(p, [Card.parse(t) for t in group])
            elif kind == "layoff":
                p = int(e["player"])
                mem._let_go(p, [Card.parse(t) for t in e["cards"]])
            elif kind == "swap":
                p = int(e["player"])
                mem._let_go(p, [Card.parse(e["card"])])
                mem.known[p][JOKER] += 1
            elif kind == "discard":
                p = int(e["player"])
                card = Card.parse(e["card"])
                mem._let_go(p, [card])
                mem.threw[p].append(card)
                pile.append(card)
                mem.discards += 1
            elif kind == "rebuild":
                mem.rebuilds += 1
                if "discard" in e:  # basic: the pile turned over, a new card turned up (B7)
                    pile[:] = [Card.parse(e["discard"])]
                else:  # contract: all but the top shuffled into the stock (C13)
                    pile[:] = pile[-1:]
        return mem

    def _let_go(self, p: int, cards: list[Card]) -> None:
        k = self.known[p]
        for c in cards:
            if k[c] > 0:
                k[c] -= 1
                if not k[c]:
                    del k[c]

    def unseen(self, table: Table) -> Counter[Card]:
        """Cards this seat cannot place: in the stock or in opponents' unknown cards."""
        full: Counter[Card] = Counter(make_deck(table.decks, table.jokers))
        full.subtract(table.hand)
        for tm in table.melds:
            full.subtract(tm.meld.cards)
        full.subtract(self.pile)
        for p, k in enumerate(self.known):
            if p != table.seat:
                full.subtract(k)
        return +full

    def collects(self, p: int) -> list[Card]:
        """Cards opponent ``p`` took or bought and still holds, as far as anyone can tell."""
        return [c for c in self.took[p] if self.known[p][c] > 0 and not c.is_joker]
