"""When the table asks you about a buy (C6): ``ui.buyprompt``.

Each position is a stacked deal of contract rummy for three: seat 1 draws from
the stock, so you (seat 0) are offered its discard pile card. Whether the card
"fits" is the engine's and the computer players' answer; these tests pin that
answer on hands where it is plain to see.
"""

from __future__ import annotations

from typing import Any

import pytest

from rommi import Game
from stacking import act, draw_stock, new_game
from ui.buyprompt import asks, buy_fit

JUNK = ["2C", "4D", "6S", "8C", "TD", "QH", "KS", "AS"]  # no two of a rank, no two near in a suit


def offered(hand: list[str], up: str, deal: int = 1) -> dict[str, Any]:
    """Your view when seat 1 drew from the stock and seat 2 passed: you may buy ``up``."""
    g = new_game("contract", 3, [hand, [], []], up, ["5C"], dealer=0, deal=deal)
    g.apply({"type": "draw", "player": 1, "source": "stock"})
    g.apply({"type": "pass", "player": 2})
    v = g.view(0)
    assert v["phase"] == "buy" and v["to_act"] == 0 and v["buy_card"] == up
    return v


def after_seat_1_lays_down(hand: list[str], melds: list[list[str]], kinds: list[str], throws: str) -> Game:
    """Seat 1 lays down ``melds`` and throws ``throws``; seat 2 draws from the stock: you are offered it."""
    seat1 = [c for m in melds for c in m if c != "JK"] + [throws]
    jokers = sum(c == "JK" for m in melds for c in m)
    g = new_game("contract", 3, [hand, seat1 + ["JK"] * jokers, []], "QD", ["3S", "4S"], dealer=0)
    draw_stock(g)  # seat 1 draws; seats 2 and 0 pass on the Q♦
    act(g, "meld", melds=melds, kinds=kinds)
    act(g, "discard", card=throws)
    g.apply({"type": "draw", "player": 2, "source": "stock"})
    assert g.to_act == 0 and g.view(0)["buy_card"] == throws
    return g


# ------------------------------------------------------------------ what fits
@pytest.mark.parametrize(
    ("hand", "up", "why"),
    [
        (["7H", "7S", *JUNK], "7D", "meld"),  # completes a set with a pair of its rank
        (["5H", "6H", *JUNK], "7H", "meld"),  # completes a run at its end
        (["5H", "7H", *JUNK], "6H", "meld"),  # fills the gap of a run
        (["5H", "6H", "7H", *JUNK[:7]], "8H", "meld"),  # lengthens a run you hold
        (["7H", "7S", "9C", "9H", "9S", *JUNK[:5]], "7D", "contract"),  # deal 1: two sets
        ([*JUNK, "3H", "9H"], "JK", "joker"),
    ],
)
def test_a_card_fits_when_it_makes_or_grows_a_meld_with_your_cards(
    hand: list[str], up: str, why: str
) -> None:
    """rules C6, G3-G5: the solver's best split of your hand melds more cards with it."""
    view = offered(hand, up)
    assert buy_fit(view) == why
    assert asks("fits", view) and asks("always", view) and not asks("never", view)


def test_a_card_that_fits_nothing_is_passed_under_fits_but_asked_under_always() -> None:
    """rule C6: a Q♦ beside no queen, no diamond near it and no joker."""
    view = offered(["9C", "9H", "3S", "5S", "7S", "JS", "KC", "AD", "2H", "4H"], "QD")
    assert buy_fit(view) is None
    assert not asks("fits", view) and asks("always", view) and not asks("never", view)


def test_a_card_that_only_starts_a_meld_fits_only_if_the_hard_player_would_buy_it() -> None:
    """rule C6: a lone card of its rank is no meld yet; the hard player's judgement decides."""
    buys = offered([*JUNK, "3H", "9H"], "QC")  # Q♥ and Q♣: a pair, in a hand with nothing else
    assert buy_fit(buys) == "hint"
    passes = offered(["5S", "7C", "TD", "QH", "AC", "JS", "QS", "4C", "6D", "AS"], "6S")
    assert buy_fit(passes) is None  # 6♦ 6♠ or 5♠ 6♠: starts the hard player would not pay a card for


def test_a_card_that_goes_onto_a_meld_on_the_table_fits_before_you_have_laid_down() -> None:
    """rules C6, C8: the 8♦ goes onto seat 1's eights; you may lay it off once you are down."""
    hand = ["2H", "4H", "6C", "TC", "QS", "KH", "AC", "3D", "JD", "9S"]
    g = after_seat_1_lays_down(hand, [["8H", "8S", "8C"], ["5D", "5S", "5C"]], ["set", "set"], "8D")
    view = g.view(0)
    assert not view["laid_down"][0] and buy_fit(view) == "layoff"


def test_a_card_that_takes_a_jokers_place_on_the_table_fits() -> None:
    """rules C6, G6: the 6♥ replaces the joker in seat 1's 5♥ joker 7♥ (it lays off at no end)."""
    hand = ["2C", "4C", "TC", "QS", "KD", "AC", "3D", "JD", "9S", "8D"]
    melds = [["8H", "8S", "8C"], ["5D", "5S", "5C"], ["5H", "JK", "7H"]]
    g = after_seat_1_lays_down(hand, melds, ["set", "set", "run"], "6H")
    assert buy_fit(g.view(0)) == "swap"
