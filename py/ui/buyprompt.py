"""Whether the table asks you about a buy (rule C6), as your ``buy_prompt`` setting says.

The setting has three choices (``settings.BUY_PROMPTS``): ``"always"`` asks at
every offer, ``"never"`` always passes for you, and ``"fits"`` asks only when
the offered card fits. Whether it fits is not decided here by rules of our
own: every test is the engine's or the computer players' (pure Python, no DOM).

A card fits when

- it is a joker (wild, it fits any meld: G5);
- with it your hand melds more of its cards than without it, that is it
  completes a set or run with cards you hold (a pair of its rank, two cards of
  a run in its suit, or a card and a joker) or lengthens one you hold: the
  solver's best split of the hand, the same test the easy and normal computer
  players make before they take or buy a card (``bots.simple.makes_meld``);
- it lets you lay down the contract, which your hand could not before
  (``solver.can_meet``), as the normal computer player asks first;
- it could be laid off on a meld on the table, or take a joker's place there
  (``melds.fitting_ends``, ``melds.swap_joker``), in a deal where lay-offs and
  swaps are played at all (``rules.extend_refusal``: never in deal 7, C12). You
  may not have laid down yet (C8): the card is still one you can shed later;
- or the hard computer player in your seat would buy it (``bots.hint``): it
  also weighs cards that only start a meld (a pair, two cards of a run) against
  the extra card a buy costs.

Merely starting a meld does not count by itself: with a card of its rank, or a
card up to two away in its suit, two offers in three would fit, and "fits"
would ask almost as often as "always". Measured over 40 four-player matches of
normal computer players (3,427 offers to seat 0, not counting your own
discard): the engine's tests alone fit 23% of the offers; the hard player
would buy 14%, more than half of them cards those tests pass over (a card
that makes a pair it counts on); together they fit 31%, so "fits" asks about
one offer in three and never passes a card the hard player would buy.
"""

from __future__ import annotations

from typing import Any

from rommi.bots import hint
from rommi.bots.simple import makes_meld
from rommi.bots.table import Table, parse_view
from rommi.cards import Card
from rommi.errors import IllegalAction
from rommi.melds import fitting_ends, swap_joker
from rommi.rules import extend_refusal
from rommi.solver import can_meet


def buy_fit(view: dict[str, Any]) -> str | None:
    """Why the card offered in ``view`` (your view in the buy window) fits, or ``None``.

    The answer is a short word for tests and for the page: ``"joker"``,
    ``"contract"``, ``"meld"``, ``"layoff"``, ``"swap"`` or ``"hint"``. The hint,
    the dearest test, comes last.
    """
    offered = view.get("buy_card")
    if offered is None:
        return None
    card = Card.parse(offered)
    if card.is_joker:
        return "joker"
    table = parse_view(view)
    contract = table.contract
    building = contract is not None and not table.laid_down[table.seat] and not table.final_deal
    if (
        building
        and contract is not None
        and can_meet([*table.hand, card], contract, min_left=1)
        and not can_meet(table.hand, contract, min_left=1)
    ):
        return "contract"
    if makes_meld(table, card) is not None:
        return "meld"
    on_table = _table_fit(table, card)
    if on_table is not None:
        return on_table
    return "hint" if hint(view)["action"]["type"] == "buy" else None


def _table_fit(table: Table, card: Card) -> str | None:
    """``"layoff"`` or ``"swap"`` when ``card`` would go onto a meld on the table (C8, C9, C12)."""
    variant, deal = table.variant, table.deal
    lays_off = extend_refusal(variant, deal, True, swap=False) is None
    if lays_off and any(fitting_ends(tm.meld, (card,), table.ace_high) for tm in table.melds):
        return "layoff"
    if extend_refusal(variant, deal, True, swap=True) is None:
        for tm in table.melds:
            try:
                swap_joker(tm.meld, card)
            except IllegalAction:
                continue
            return "swap"
    return None


def asks(choice: str, view: dict[str, Any]) -> bool:
    """Whether to show you the offer in ``view``: every time, only when it fits, or never."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    return buy_fit(view) is not None
