"""Candidate actions read off a seat's view: what a random player could try now.

This is the menu the random playouts choose from (``rommilab.randomplay``).
It proposes, it does not judge: the engine's ``apply`` is the only judge of
legality, so a candidate may still be refused (and then nothing changes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rommi.actions import Action, Discard
from rommi.candidates import Sight, Unchecked
from rommi.cards import Card
from rommi.melds import RUN, SET
from rommi.views import SeatView


def hand_cards(view: SeatView) -> list[Card]:
    return [Card.parse(t) for t in view["hand"]]


def candidate_melds(hand: list[Card], ace_high: bool = False) -> list[tuple[list[Card], str]]:
    """Sets and runs that can be made from ``hand``, jokers filling gaps (G3-G5).

    Sets use every natural of their rank, or three of them; runs are every
    stretch of one suit whose gaps the hand's jokers can fill.
    """
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = Counter(c for c in hand if not c.is_joker)
    out: list[tuple[list[Card], str]] = []
    by_rank: dict[int, list[Card]] = {}
    for c, k in naturals.items():
        by_rank.setdefault(c.rank, []).extend([c] * k)
    for _, cards in sorted(by_rank.items()):
        cards.sort(key=lambda c: (c.suit, c.rank))
        need = max(0, 3 - len(cards))
        if need <= jokers:
            out.append((cards + [Card(0, "")] * need, SET))
        if len(cards) > 3:
            distinct = sorted(set(cards), key=lambda c: c.suit)
            pick = (distinct + [c for c in cards if c not in distinct])[:3]
            out.append((pick, SET))
    top = 14 if ace_high else 13
    for suit in "SHDC":
        have = {c.rank for c in naturals if c.suit == suit}
        if ace_high and 1 in have:
            have.add(14)
        if not have:
            continue
        for low in range(1, top - 1):
            missing = 0
            run: list[Card] = []
            for r in range(low, min(top, low + 12) + 1):
                if r in have:
                    run.append(Card(1 if r == 14 else r, suit))
                else:
                    missing += 1
                    if missing > jokers:
                        break
                    run.append(Card(0, ""))
                if len(run) >= 3 and not run[0].is_joker:
                    out.append((list(run), RUN))
    return out


def table_candidates(view: SeatView) -> Sequence[Action]:
    """Every single card of the hand onto every meld at each end a run has, then every natural
    against every meld that holds a joker (G6): the engine's generator unchecked
    (``rommi.candidates.Unchecked``), so the engine refuses what does not fit. A sequence whose
    candidates are made as they are read: a random player tries a few of them."""
    return Unchecked(Sight.of_view(view), map(Card.parse, sorted(set(view["hand"]))))


def discard_candidates(view: SeatView) -> list[Action]:
    p = view["seat"]
    return [Discard(p, Card.parse(t)) for t in sorted(set(view["hand"]))]
