"""The two lessons: the prepared deal, the scripted seats' moves, and the steps.

Sitoumusrommi (three players, deal 1: two sets): you take the discard that makes your
first set, buy the card Aino throws that makes your second (the hard player's Hint buys it
too: it makes the contract), lay the contract down, lay off on your own set and on Aino's,
swap her joker, and go out with a run the joker completes. Perusrommi (two players):
you take the discard that makes a run, meld it and a set, lay off on your run and on Aino's
set, and go out. The other seats play fixed moves of the protocol (``script``); when the
learner's moves leave the plan, they play on by a plain rule (``ui.tutorial.lesson``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rommi.actions import Action, Discard, Draw, Meld
from rommi.cards import Card, make_deck
from rommi.names import Source
from rommi.options import make_options
from ui.tutorial.steps import Step, contract_met, goes_out, kind, lays_off


@dataclass(frozen=True)
class Plan:
    """A lesson's deal and script: the hands (seat 0 is the learner), the turned-up card, the
    stock's first cards, and each other seat's moves in order."""

    name: str  # "contract" or "basic": the game, and the lesson's catalog keys
    hands: tuple[tuple[str, ...], ...]
    up: str
    stock: tuple[str, ...]
    script: tuple[tuple[Action, ...], ...]  # by seat; the learner's is empty
    steps: tuple[Step, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def dealer(self) -> int:
        """The last seat deals, so the learner (seat 0, the dealer's left) plays first (G7)."""
        return self.players - 1

    def deck(self) -> list[str]:
        """The deck that deals ``hands`` (one card at a time from the dealer's left), turns up
        ``up`` and puts ``stock`` on top of the stock; the rest below in the deck's own order."""
        opts = make_options(self.name, self.players, None)
        pool = Counter(str(c) for c in make_deck(opts.decks, opts.jokers))
        for code in (*(c for h in self.hands for c in h), self.up, *self.stock):
            if pool[code] <= 0:
                raise ValueError(f"lesson {self.name}: no {code} left in the deck")
            pool[code] -= 1
        rest = [str(c) for c in make_deck(opts.decks, opts.jokers)]
        left = Counter(pool)
        below: list[str] = []
        for code in rest:
            if left[code] > 0:
                below.append(code)
                left[code] -= 1
        n, size = self.players, opts.hand_size
        dealt = [self.hands[(self.dealer + 1 + i) % n][i // n] for i in range(n * size)]
        return [*dealt, self.up, *self.stock, *below]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


CONTRACT = Plan(
    name="contract",
    hands=(
        ("5H", "5S", "9C", "9D", "6S", "7S", "8S", "KH", "QH", "AS"),
        ("KS", "KD", "KC", "QD", "QC", "JK", "9H", "3C", "4C", "2D"),
        ("3D", "4D", "TC", "TS", "JH", "JS", "AC", "AD", "6C", "7C"),
    ),
    up="5D",
    stock=("5C", "4H", "JD"),
    script=(
        (),
        (
            Draw(1, Source.DISCARD),
            Meld(1, (_cards("KS KD KC"), _cards("QD QC JK"))),
            Discard(1, Card.parse("9H")),
        ),
        (Draw(2, Source.STOCK), Discard(2, Card.parse("AC"))),
    ),
    steps=(
        Step("contract", read=True),
        Step("draw", (kind("draw", source="discard"),)),
        Step("discard", (kind("discard", card="AS"),)),
        Step("buy", (kind("buy"),)),
        Step("draw_stock", (kind("draw", source="stock"),)),
        Step("lay_down", (contract_met,)),
        Step("lay_off_own", (lays_off(on_own=True),)),
        Step("lay_off_other", (lays_off(on_own=False),)),
        Step("swap", (kind("swap"),)),
        Step("go_out", (goes_out,), lets=frozenset({"meld", "layoff"})),
        Step("score", read=True),
        Step("deal7", read=True),
    ),
)

BASIC = Plan(
    name="basic",
    hands=(
        ("4H", "5H", "7H", "9C", "9D", "9S", "3H", "JS", "2C", "KD"),
        ("JH", "JD", "JC", "8S", "2S", "TD", "4D", "5C", "6D", "AS"),
    ),
    up="6H",
    stock=("QC", "9H"),
    script=(
        (),
        (Draw(1, Source.STOCK), Meld(1, (_cards("JH JD JC"),)), Discard(1, Card.parse("QC"))),
    ),
    steps=(
        Step("melds", read=True),
        Step("draw", (kind("draw", source="discard"),)),
        Step("lay_down", (kind("meld"),)),
        Step("discard", (kind("discard", card="2C"),)),
        Step("draw_stock", (kind("draw", source="stock"),)),
        Step("lay_off_own", (lays_off(on_own=True),)),
        Step("lay_off_other", (lays_off(on_own=False),)),
        Step("go_out", (goes_out,), lets=frozenset({"meld", "layoff"})),
        Step("score", read=True),
    ),
)

PLANS = {"contract": CONTRACT, "basic": BASIC}
