"""Positions the coach is tried on (issue 43), shared by its CPython and browser tests: stacked
games (``stacking``) where a costly move can be made, each with its close variant."""

from __future__ import annotations

from rommi import Game
from stacking import act, draw_stock, quiet_turn
from stacking import new_game as stacked_game

NOBODY = ["2D", "4H", "6D", "8H", "TC", "QS", "AC", "3D", "5D", "JC"]  # a hand that melds nothing


def offered_the_5c(eero_run: bool = True) -> Game:
    """Contract rummy for three: Eero (seat 2) laid down two sets (and, with ``eero_run``, a run
    too, so one card is left in his hand); Aino threw the 5♣, Eero drew from the stock, and you
    may buy the 5♣ (which helps nothing of yours: the Hint passes)."""
    eero = ["7H", "7S", "7D", "9C", "9H", "9S", "4S", "5S", "6S", "KC"]
    mine = ["2C", "4D", "6H", "8C", "TD", "QH", "KS", "AS", "3H", "JD"]
    g = stacked_game("contract", 3, [mine, NOBODY, eero], "QD", ["KH", "2S", "3S", "5C", "8D"], dealer=0)
    quiet_turn(g)  # Aino
    draw_stock(g)  # Eero
    act(g, "meld", melds=[["7H", "7S", "7D"], ["9C", "9H", "9S"]], kinds=["set", "set"])
    if eero_run:
        act(g, "meld", melds=[["4S", "5S", "6S"]], kinds=["run"])
    act(g, "discard", card="KC")
    quiet_turn(g)  # you
    quiet_turn(g)  # Aino throws the 5♣
    g.apply({"type": "draw", "player": 2, "source": "stock"})
    assert g.to_act == 0 and g.view(0)["buy_card"] == "5C"
    return g


def laid_down_then_drew_the_7c(kept: str = "4D") -> Game:
    """Contract rummy for three: you laid down 7♥ 7♠ 7♦ and 9♣ 9♥ 9♠ last turn and kept ``kept``
    and the J♦; now you drew the 7♣, which goes on your sevens (and the 9♦, if kept, on your nines)."""
    mine = ["7H", "7S", "7D", "9C", "9H", "9S", "2C", "KS", kept, "JD"]
    others = [["3C", "5H", "8S", "TD", "QC", "AH", "4S", "6C", "8D", "TS"], NOBODY]
    g = stacked_game("contract", 3, [mine, *others], "QD", ["5C", "3H", "KD", "7C"], dealer=2)
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["9C", "9H", "9S"]], kinds=["set", "set"])
    act(g, "discard", card="KS")
    quiet_turn(g)
    quiet_turn(g)
    assert draw_stock(g) == "7C"
    return g
