"""Basic rummy: the stock after the pile is turned over is known card by card (rule B7).

When the stock runs out, the discard pile is turned over, not shuffled, to make the new stock:
its first discard is turned up, the second is the stock's top card, and so on. Every one of those
cards was thrown face up in this deal, so a player who remembers the pile (the log the view
carries) knows the order of every card the stock still holds, and, while everybody draws from
it, which of them comes to which seat. At four players most deals that anyone wins are won in
that second pass through the stock (``docs/expert.md``), and there the draw is no longer chance:
the soonest this hand can go out is a fact to be worked out, not a guess.

``soonest_out`` works it out. A hand of ``h`` cards goes out on a turn when, with the card drawn,
at least ``h`` of its ``h + 1`` cards go into melds or lay-offs (the last one, if any, is the
discard, rule B6). Since any card may be thrown on any turn, the hand can have kept, by its
``t``-th draw, any ``h`` of the cards it has held so far; so it can go out on that draw exactly
when its cards now and the first ``t`` cards it draws, together, hold ``h`` cards that melds
(sets, runs, rule B3) and lay-offs can take (``melded``).

The cards of the stock still to come before the turn-over (the end of the first pass) are
unknown, and cards other seats draw are theirs; the order assumes that every other seat draws
from the stock, as they mostly do. Jokers and an ace-high option change what a meld is; with
either the module knows nothing (``draws_ahead`` is ``None``) and the expert's judgement decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .. import public
from ..cards import Card
from .table import Table, slot

UNKNOWN_TAIL = 8
"""How many cards of the first stock may be left for the turned-over pile behind them to be
weighed (0: only once it is turned over). Unknown draws are counted as useless."""


MIN_PLAYERS = 3
"""At two players it is not used: there the expert with it lost matches to the expert as it was,
217 against 228 of 400 paired at ``--rollouts 0`` (-0.028 a match, standard error 0.010; which
part cost them is not known), and the pile is turned over in fewer than 1% of two-player deals."""


def reads(table: Table) -> bool:
    """Whether this module reads the stock of this game: basic rummy without jokers or ace-high
    runs, at ``MIN_PLAYERS`` or more."""
    return table.contract is None and not table.ace_high and not table.jokers and table.players >= MIN_PLAYERS


def draws_ahead(table: Table) -> list[Card | None] | None:
    """The stock's cards from the top as far as the log shows them, ``None`` for an unknown one;
    ``None`` when nothing ahead is known (or the game is not one this module reads)."""
    if not reads(table):
        return None
    record = public.read(table.history, table.variant, table.players)
    if record.stock is not None:  # the pile turned over: its order is public (B7)
        return list(reversed(record.stock))
    if record.rebuilds == 0 and table.stock_size <= UNKNOWN_TAIL and len(record.pile) >= 2:
        # the first stock's last cards, then the pile as it is now, its first card turned up
        return [None] * table.stock_size + list(record.pile[1:])
    return None


def seat_draws(ahead: Sequence[Card | None], first: int, players: int) -> list[Card | None]:
    """The cards a seat draws when its next draw is ``ahead[first]`` and every seat draws from
    the stock in turn."""
    return [ahead[i] for i in range(first, len(ahead), players)]


def melded(cards: Sequence[Card]) -> int:
    """The most of ``cards`` (naturals, ace low) that sets and runs can take at once (G3, G4)."""
    return _melded(tuple(sorted(slot(c) for c in cards)))


@lru_cache(maxsize=100_000)
def _melded(slots: tuple[int, ...]) -> int:
    # The lowest card is left over, in a set of its rank, or the lowest card of a run.
    if not slots:
        return 0
    low, rest = slots[0], slots[1:]
    best = _melded(rest)
    rank = low // 4
    same = [i for i, s in enumerate(rest) if s // 4 == rank]
    for k in range(2, len(same) + 1):
        for chosen in combinations(same, k):
            left = tuple(s for i, s in enumerate(rest) if i not in chosen)
            best = max(best, 1 + k + _melded(left))
    left_run = list(rest)
    length = 1
    nxt = low + 4  # the same suit, one rank up
    while nxt < 52 and nxt in left_run:
        left_run.remove(nxt)
        length += 1
        if length >= 3:
            best = max(best, length + _melded(tuple(left_run)))
        nxt += 4
    return best


def soonest_out(hand: Sequence[Card], draws: Sequence[Card | None], fits: set[Card]) -> int | None:
    """On which of its coming ``draws`` (1 for the next) a hand of ``hand`` can go out at the
    soonest, or ``None`` if on none. ``fits``: cards a lay-off onto a meld on the table takes."""
    need = len(hand)
    kept = [c for c in hand if c not in fits]
    free = len(hand) - len(kept)
    for t, card in enumerate(draws, 1):
        if card is not None:
            if card in fits:
                free += 1
            else:
                kept.append(card)
        if free + melded(kept) >= need:
            return t
    return None


def fitting(table: Table, cards: Sequence[Card]) -> set[Card]:
    """Which of ``cards`` a lay-off onto a meld on the table would take now (rule B4)."""
    if not table.may_extend:
        return set()
    return {c for c in cards if any(table.layoff_ends(c, tm) for tm in table.melds)}
