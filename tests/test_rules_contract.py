"""Sitoumusrommi (contract rummy), rules C1-C16, played on stacked decks.

Unless a test says otherwise: three players, seat 0 deals, so seat 1 (eldest
hand) plays first, then seat 2, then seat 0; `draw_stock` draws from the stock
with everyone in the buy window passing.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from rommi import Game
from rommi.game import ledger_payments
from stacking import act, draw_stock, finish_with, hand, new_game, quiet_turn, refuse, refuse_act

C = "contract"


def penalty(card: str) -> int:
    """C14 written out independently of the engine: joker and ace 15, T-K 10, 2-9 face value."""
    if card in ("JK",) or card[0] == "A":
        return 15
    if card[0] in "TJQK":
        return 10
    return int(card[0])


def total_cards(g: Game) -> int:
    v = g.view(0)
    return (
        sum(v["hand_sizes"]) + v["stock_size"] + v["discard_size"] + sum(len(m["cards"]) for m in v["melds"])
    )


# ---------------------------------------------------------------- C1-C3


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_c1_three_to_eight_players(players: int) -> None:
    """rule C1: contract rummy is for 3 to 8 players."""
    g = Game.new(C, players=players, seed=1)
    assert g.view(0)["players"] == players
    assert len(g.view(0)["hand_sizes"]) == players


@pytest.mark.parametrize("players", [0, 1, 2, 9, 12, -3, "4", 3.0, True, None])
def test_c1_other_player_counts_refused(players: Any) -> None:
    """rule C1: any other player count raises ValueError."""
    with pytest.raises(ValueError, match="player"):
        Game.new(C, players=players, seed=1)


@pytest.mark.parametrize(("players", "cards", "jokers"), [(3, 105, 1), (4, 105, 1), (5, 158, 2), (8, 158, 2)])
def test_c2_card_counts(players: int, cards: int, jokers: int) -> None:
    """rule C2: 3-4 players: two decks and a joker (105); 5-8 players: three decks and two jokers (158)."""
    g = Game.new(C, players=players, seed=2)
    assert total_cards(g) == cards
    assert g.card_count() == cards
    assert g.options.jokers == jokers
    assert g.view(0)["options"]["jokers"] == jokers


@pytest.mark.parametrize(
    ("players", "jokers", "cards"), [(3, 0, 104), (4, 4, 108), (5, 0, 156), (8, 12, 168)]
)
def test_c2_jokers_option(players: int, jokers: int, cards: int) -> None:
    """rule C2: house option `jokers` sets any count from 0 to 12."""
    g = Game.new(C, players=players, seed=2, options={"jokers": jokers})
    assert total_cards(g) == cards
    assert sum(n for c, n in g.all_cards().items() if c.is_joker) == jokers


@pytest.mark.parametrize("jokers", [-1, 13, 100, "2", 1.5, True, None])
def test_c2_bad_jokers_refused(jokers: Any) -> None:
    """rule C2: `jokers` outside 0-12 (or not a whole number) raises ValueError naming it."""
    with pytest.raises(ValueError, match="jokers"):
        Game.new(C, players=3, seed=2, options={"jokers": jokers})


@pytest.mark.parametrize("deal", range(1, 8))
def test_c3_ten_card_hands_in_every_deal(deal: int) -> None:
    """rule C3: 10 cards each, in every deal; the stock holds the rest but the turned-up card."""
    g = Game.new(C, players=5, seed=deal, deal=deal)
    v = g.view(0)
    assert v["hand_sizes"] == [10] * 5
    assert v["discard_size"] == 1 and v["stock_size"] == 158 - 51
    assert v["deal"] == deal


def test_c3_next_deal_deals_ten_again() -> None:
    """rule C3: after a deal ends, the next deal again gives everybody 10 cards."""
    g = Game.new(C, players=3, seed=4, options={"max_buys": 0})
    _play_out_by_stock(g)
    g.apply({"type": "next_deal"})
    assert g.view(0)["hand_sizes"] == [10, 10, 10] and g.deal == 2


# ---------------------------------------------------------------- C4 contracts

#          deal: (seat 1's hand, a lay-down meeting the contract, lay-downs falling short)
CONTRACT_HANDS: dict[int, tuple[list[str], list[list[str]], list[list[list[str]]]]] = {
    1: (
        ["7H", "7S", "7D", "8C", "8D", "8S", "3H", "5C", "JD", "KS"],
        [["7H", "7S", "7D"], ["8C", "8D", "8S"]],
        [[["7H", "7S", "7D"]]],
    ),
    2: (
        ["7H", "7S", "7D", "3C", "4C", "5C", "9H", "JD", "KS", "QD"],
        [["7H", "7S", "7D"], ["3C", "4C", "5C"]],
        [[["7H", "7S", "7D"]], [["3C", "4C", "5C"]]],
    ),
    3: (
        ["3C", "4C", "5C", "8D", "9D", "TD", "7H", "7S", "7D", "KS"],
        [["3C", "4C", "5C"], ["8D", "9D", "TD"]],
        [[["3C", "4C", "5C"]], [["3C", "4C", "5C"], ["7H", "7S", "7D"]]],
    ),
    4: (
        ["7H", "7S", "7D", "8C", "8D", "8S", "9H", "9S", "9D", "KS"],
        [["7H", "7S", "7D"], ["8C", "8D", "8S"], ["9H", "9S", "9D"]],
        [[["7H", "7S", "7D"], ["8C", "8D", "8S"]]],
    ),
    5: (
        ["7H", "7S", "7D", "8C", "8D", "8S", "3H", "4H", "5H", "KS"],
        [["7H", "7S", "7D"], ["8C", "8D", "8S"], ["3H", "4H", "5H"]],
        [[["7H", "7S", "7D"], ["8C", "8D", "8S"]], [["7H", "7S", "7D"], ["3H", "4H", "5H"]]],
    ),
    6: (
        ["7H", "7S", "7D", "3C", "4C", "5C", "8D", "9D", "TD", "KS"],
        [["7H", "7S", "7D"], ["3C", "4C", "5C"], ["8D", "9D", "TD"]],
        [[["7H", "7S", "7D"], ["3C", "4C", "5C"]], [["3C", "4C", "5C"], ["8D", "9D", "TD"]]],
    ),
    7: (
        ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "8H"],
        [["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]],
        [[["3C", "4C", "5C"], ["8D", "9D", "TD"]]],
    ),
}
CONTRACT_SHAPES = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2), 7: (0, 3)}


@pytest.mark.parametrize("deal", range(1, 8))
def test_c4_each_contract_accepts_a_matching_lay_down(deal: int) -> None:
    """rule C4: the seven contracts: 2 sets; set+run; 2 runs of different suits; 3 sets;
    2 sets+run; set+2 runs; 3 runs. A first lay-down holding exactly that is accepted."""
    cards, good, _ = CONTRACT_HANDS[deal]
    g = new_game(C, 3, hands=[[], cards, []], up="QS", stock=["KH"], deal=deal)
    v = g.view(1)
    assert (v["contract"]["sets"], v["contract"]["runs"]) == CONTRACT_SHAPES[deal]
    assert v["contract"]["distinct_run_suits"] is (deal == 3)
    assert draw_stock(g) == "KH"
    act(g, "meld", melds=good)
    v = g.view(1)
    assert v["laid_down"] == [False, True, False]
    assert [m["cards"] for m in v["melds"]] == good
    assert v["history"][-1]["contract"] is True


@pytest.mark.parametrize("deal", range(1, 8))
def test_c4_each_contract_refuses_a_short_lay_down(deal: int) -> None:
    """rule C4: a first lay-down missing one of the contract's melds is refused (rule C7) and
    changes nothing."""
    cards, _, shorts = CONTRACT_HANDS[deal]
    g = new_game(C, 3, hands=[[], cards, []], up="QS", stock=["KH"], deal=deal)
    draw_stock(g)
    for short in shorts:
        err = refuse_act(g, ("C4", "C7"), "meld", melds=short)
        assert f"Deal {deal}" in str(err) or str(deal) in str(err)
    assert g.view(1)["laid_down"][1] is False


def test_c4_deal3_two_runs_of_one_suit_refused_naming_the_suits() -> None:
    """rule C4: deal 3 needs two runs of different suits; two hearts runs are refused with rule C4,
    and the message names the suit (hearts) in plain words."""
    g = new_game(
        C,
        3,
        hands=[[], ["3H", "4H", "5H", "8H", "9H", "TH", "7S", "7D", "7C", "KS"], []],
        up="QS",
        stock=["KH"],
        deal=3,
    )
    draw_stock(g)
    err = refuse_act(g, "C4", "meld", melds=[["3H", "4H", "5H"], ["8H", "9H", "TH"]])
    assert err.key == "contract_runs_same_suit"
    assert "hearts" in str(err).lower(), str(err)


def test_c4_deal3_more_runs_than_needed_may_share_a_suit() -> None:
    """rule C4: deal 3 is met by any two runs of different suits; a third hearts run may join them."""
    g = new_game(
        C,
        3,
        hands=[[], ["3H", "4H", "5H", "8H", "9H", "TH", "7S", "8S", "9S", "KS"], []],
        up="QS",
        stock=["KH"],
        deal=3,
    )
    draw_stock(g)
    act(g, "meld", melds=[["3H", "4H", "5H"], ["8H", "9H", "TH"], ["7S", "8S", "9S"]])
    assert g.view(0)["laid_down"][1]


SAME_SUIT = {
    6: (
        ["7C", "7S", "7D", "3H", "4H", "5H", "8H", "9H", "TH", "KS"],
        [["7C", "7S", "7D"], ["3H", "4H", "5H"], ["8H", "9H", "TH"]],
    ),
    7: (
        ["3H", "4H", "5H", "6H", "8H", "9H", "TH", "JS", "QS", "KS"],
        [["3H", "4H", "5H", "6H"], ["8H", "9H", "TH"], ["JS", "QS", "KS"]],
    ),
}


@pytest.mark.parametrize("deal", [6, 7])
def test_c4_deals_6_and_7_runs_may_share_a_suit_by_default(deal: int) -> None:
    """rule C4: only deal 3 requires different suits; `runs_differ_in_suit` defaults off."""
    cards, melds = SAME_SUIT[deal]
    g = new_game(C, 3, hands=[[], cards, []], up="QD", stock=["KH"], deal=deal)
    assert g.options.runs_differ_in_suit is False
    assert g.view(1)["contract"]["distinct_run_suits"] is False
    draw_stock(g)
    act(g, "meld", melds=melds)
    assert g.view(0)["laid_down"][1]


@pytest.mark.parametrize("deal", [6, 7])
def test_c4_runs_differ_in_suit_option_extends_to_deals_6_and_7(deal: int) -> None:
    """rule C4: with `runs_differ_in_suit` the runs of deals 6 and 7 must be of different suits."""
    cards, melds = SAME_SUIT[deal]
    opts = {"runs_differ_in_suit": True}
    g = new_game(C, 3, hands=[[], cards, []], up="QD", stock=["KH"], deal=deal, options=opts)
    assert g.view(1)["contract"]["distinct_run_suits"] is True
    draw_stock(g)
    refuse_act(g, "C4", "meld", melds=melds)
    assert not g.view(0)["laid_down"][1]


@pytest.mark.parametrize("deal", [1, 2, 4, 5])
def test_c4_runs_differ_in_suit_changes_nothing_else(deal: int) -> None:
    """rule C4: the option touches only contracts with two or more runs."""
    cards, good, _ = CONTRACT_HANDS[deal]
    g = new_game(
        C, 3, hands=[[], cards, []], up="QS", stock=["KH"], deal=deal, options={"runs_differ_in_suit": True}
    )
    assert g.view(1)["contract"]["distinct_run_suits"] is False
    draw_stock(g)
    act(g, "meld", melds=good)


def test_c4_two_sets_of_one_rank_are_two_melds() -> None:
    """rule C4: each set is its own meld, so with two decks `7H 7S 7D` and `7C 7H 7S` meet deal 1's
    two sets [engine's reading; RULES.md does not forbid it]."""
    g = new_game(
        C,
        3,
        hands=[[], ["7H", "7S", "7D", "7C", "7H", "7S", "2C", "4D", "9H", "KS"], []],
        up="QD",
        stock=["5C"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["7C", "7H", "7S"]])
    assert [m["kind"] for m in g.view(0)["melds"]] == ["set", "set"]


# ---------------------------------------------------------------- C5 turn


def test_c5_turn_is_draw_melds_discard() -> None:
    """rule C5: a contract turn is as G8: draw first, then lay down, then one discard ends it."""
    cards, good, _ = CONTRACT_HANDS[1]
    g = new_game(C, 3, hands=[[], cards, []], up="QS", stock=["KH", "2C"])
    refuse_act(g, "G8", "meld", melds=good)
    refuse_act(g, "G8", "discard", card="KS")
    draw_stock(g)
    act(g, "meld", melds=good)
    act(g, "discard", card="KH")
    assert g.to_act == 2 and g.phase.value == "draw"
    refuse_act(g, "G10", "meld", melds=[["3H", "5C", "JD"]], player=1)


# ---------------------------------------------------------------- C6 buying


def test_c6_buy_window_asks_in_turn_order_from_the_drawers_left() -> None:
    """rule C6: after seat 1 draws from the stock, seats 2, 3 and 0 are asked in turn; if all pass,
    seat 1 gets the stock's top card."""
    g = new_game(C, 4, hands=[[], [], [], []], up="QD", stock=["2C", "3C"])
    act(g, "draw", source="stock")
    v = g.view(0)
    assert v["phase"] == "buy" and v["buy_card"] == "QD"
    asked = []
    while g.phase.value == "buy":
        asked.append(g.to_act)
        act(g, "pass")
    assert asked == [2, 3, 0]
    assert g.to_act == 1 and g.phase.value == "play"
    assert g.view(1)["last_drawn"] == "2C"
    kinds = [(e["type"], e.get("player")) for e in g.view(0)["history"][1:]]
    assert kinds == [("offer", 1), ("pass", 2), ("pass", 3), ("pass", 0), ("draw", 1)]
    assert g.view(0)["discard_top"] == "QD"


def test_c6_first_claimer_takes_discard_and_stock_top_and_discards_nothing() -> None:
    """rule C6: the first who claims the discard gets it and the stock's top card and discards
    nothing; the window closes; then the drawer draws the next stock card and plays on."""
    g = new_game(C, 4, hands=[[], [], [], []], up="QD", stock=["2C", "3C", "4C"])
    before3 = hand(g, 3)
    act(g, "draw", source="stock")
    act(g, "pass")  # seat 2
    assert g.to_act == 3
    act(g, "buy")
    assert hand(g, 3) == sorted([*before3, "QD", "2C"])
    v = g.view(0)
    assert v["hand_sizes"] == [10, 11, 10, 12]
    assert v["buys"] == [0, 0, 0, 1]
    assert g.phase.value == "play" and g.to_act == 1
    assert g.view(1)["last_drawn"] == "3C"
    assert v["discard_size"] == 0 and v["discard_top"] is None
    buy = [e for e in v["history"] if e["type"] == "buy"]
    assert buy == [{"type": "buy", "player": 3, "card": "QD"}]
    act(g, "discard", card="3C")
    assert g.to_act == 2 and g.view(0)["hand_sizes"] == [10, 10, 10, 12]


def test_c6_buy_only_when_asked_and_nothing_else_in_the_window() -> None:
    """rule C6: buying outside a window, or drawing/discarding while one is open, is refused."""
    g = new_game(C, 3, hands=[[], [], []], up="QD", stock=["2C", "3C"])
    refuse_act(g, "C6", "buy")
    refuse_act(g, "C6", "pass")
    act(g, "draw", source="stock")
    assert g.to_act == 2
    refuse_act(g, "C6", "draw", source="discard")
    refuse_act(g, "C6", "discard", card=hand(g, 2)[0])
    refuse_act(g, ("G10",), "buy", player=0)  # seat 0 is asked after seat 2
    refuse_act(g, ("G10",), "discard", player=1, card=hand(g, 1)[0])


def test_c6_max_buys_skips_a_player_who_has_bought_enough() -> None:
    """rule C6: with `max_buys` 1, a player who has bought once this deal is no longer asked."""
    g = new_game(
        C, 4, hands=[[], [], [], []], up="QD", stock=["2C", "3C", "4C", "5C", "6C"], options={"max_buys": 1}
    )
    act(g, "draw", source="stock")  # seat 1 draws
    act(g, "buy")  # seat 2 buys QD + 2C
    act(g, "discard", card="3C")
    quiet_turn(g)  # seat 2's own turn: everybody passes
    act(g, "draw", source="stock")  # seat 3 draws
    asked = []
    while g.phase.value == "buy":
        asked.append(g.to_act)
        act(g, "pass")
    assert asked == [0, 1]  # seat 2 is skipped
    assert g.view(0)["buys"] == [0, 0, 1, 0]


def test_c6_max_buys_zero_never_opens_a_window_and_default_is_unlimited() -> None:
    """rule C6: `max_buys` 0 means no buying at all; by default there is no limit."""
    g = Game.new(C, players=3, seed=3, options={"max_buys": 0})
    act(g, "draw", source="stock")
    assert g.phase.value == "play"
    g = Game.new(C, players=3, seed=3)
    assert g.options.max_buys is None
    for _ in range(6):  # seat after the drawer buys every time
        act(g, "draw", source="stock")
        act(g, "buy")
        act(g, "discard", card=g.view(g.to_act)["last_drawn"])
    assert g.view(0)["buys"] == [2, 2, 2]


@pytest.mark.parametrize("bad", [-1, "3", 1.5, True])
def test_c6_bad_max_buys_refused(bad: Any) -> None:
    """rule C6: `max_buys` must be a whole number of at least 0."""
    with pytest.raises(ValueError, match="max_buys"):
        Game.new(C, players=3, seed=1, options={"max_buys": bad})


def test_c6_no_window_when_the_drawer_takes_the_discard() -> None:
    """rule C6: the window opens only when the player whose turn it is does not take the discard."""
    g = new_game(C, 3, hands=[[], [], []], up="QD", stock=["2C"])
    act(g, "draw", source="discard")
    assert g.phase.value == "play" and g.to_act == 1
    assert not [e for e in g.view(0)["history"] if e["type"] == "offer"]


def test_c6_a_player_who_has_laid_down_may_buy() -> None:
    """rule C6: a player who has met the contract may still buy."""
    cards, good, _ = CONTRACT_HANDS[1]
    g = new_game(C, 3, hands=[[], cards, []], up="QS", stock=["KH", "2C", "3C", "4C"])
    draw_stock(g)
    act(g, "meld", melds=good)
    act(g, "discard", card="KH")
    act(g, "draw", source="stock")  # seat 2 draws; seat 0 then seat 1 are asked
    act(g, "pass")
    assert g.to_act == 1
    act(g, "buy")
    assert hand(g, 1) == sorted(["3H", "5C", "JD", "KS", "KH", "2C"])
    assert g.view(0)["laid_down"][1] and g.view(0)["buys"][1] == 1
    assert g.to_act == 2 and g.view(2)["last_drawn"] == "3C"


# ---------------------------------------------------------------- C7-C9 laying down

DEAL2_WITH_JOKER = ["9C", "9D", "9S", "5H", "JK", "7H", "2S", "3D", "4S", "KD"]


def test_c7_before_the_contract_no_layoff_swap_or_partial_meld() -> None:
    """rule C7: a player who has not met the contract may not lay off, swap or meld short of it."""
    g = new_game(
        C,
        3,
        hands=[[], DEAL2_WITH_JOKER, ["6H", "8H", "9H", "2C", "3C", "JC", "QC", "KC", "TD", "4D"]],
        up="QS",
        stock=["AS", "AD"],
        deal=2,
    )
    draw_stock(g)
    act(g, "meld", melds=[["9C", "9D", "9S"], ["5H", "JK", "7H"]])
    act(g, "discard", card="AS")
    draw_stock(g)  # seat 2 draws AD
    refuse_act(g, ("C7", "C8"), "layoff", meld=1, cards=["8H"], end="high")
    refuse_act(g, ("C7", "C8"), "layoff", meld=0, cards=["9H"])
    refuse_act(g, ("C7", "C9"), "swap", meld=1, card="6H")
    refuse_act(g, "C7", "meld", melds=[["JC", "QC", "KC"]])
    act(g, "discard", card="AD")
    assert g.view(0)["laid_down"] == [False, True, False]


def test_c7_first_lay_down_may_hold_more_than_the_contract() -> None:
    """rule C7: the first lay-down must contain the contract and may contain more melds."""
    g = new_game(
        C,
        3,
        hands=[[], ["7H", "7S", "7D", "8C", "8D", "8S", "3H", "4H", "5H", "KS"], []],
        up="QS",
        stock=["KH"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8C", "8D", "8S"], ["3H", "4H", "5H"]])
    assert len(g.view(0)["melds"]) == 3
    assert hand(g, 1) == ["KH", "KS"]


def test_c8_lay_off_in_the_same_turn_and_onto_others_melds_at_either_end() -> None:
    """rule C8: once the contract is met, in that same turn the player lays off onto its melds
    (a run at either end); later others lay off onto them too, several cards at once."""
    g = new_game(
        C,
        3,
        hands=[
            [],
            ["9C", "9D", "9S", "4H", "5H", "6H", "9H", "3H", "KC", "KS"],
            ["5C", "5D", "5S", "TC", "JC", "QC", "8H", "2H", "4D", "6D"],
        ],
        up="QD",
        stock=["7H", "AH", "3S", "KH"],
        deal=2,
    )
    draw_stock(g)  # 7H
    act(g, "meld", melds=[["9C", "9D", "9S"], ["4H", "5H", "6H"]])
    act(g, "layoff", meld=0, cards=["9H"])
    act(g, "layoff", meld=1, cards=["3H"], end="low")
    act(g, "layoff", meld=1, cards=["7H"])  # fits the high end only
    assert g.view(0)["melds"][1]["cards"] == ["3H", "4H", "5H", "6H", "7H"]
    assert [e.get("end") for e in g.view(0)["history"] if e["type"] == "layoff"] == [None, "low", "high"]
    act(g, "discard", card="KS")
    draw_stock(g)  # seat 2 draws AH
    act(g, "meld", melds=[["5C", "5D", "5S"], ["TC", "JC", "QC"]])
    act(g, "layoff", meld=1, cards=["8H"], end="high")
    act(g, "layoff", meld=1, cards=["AH", "2H"], end="low")
    assert g.view(0)["melds"][1]["cards"] == ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    assert g.view(0)["melds"][1]["owner"] == 1
    act(g, "discard", card="6D")
    quiet_turn(g)  # seat 0
    draw_stock(g)  # seat 1 draws KH
    act(g, "layoff", meld=3, cards=["KC"])  # onto seat 2's run TC JC QC
    assert g.view(0)["melds"][3]["cards"] == ["TC", "JC", "QC", "KC"]
    act(g, "discard", card="KH")
    assert g.view(0)["went_out"] == 1


def test_c8_further_melds_in_later_turns() -> None:
    """rule C8: after meeting the contract a player may lay down a single further meld later."""
    g = new_game(
        C,
        3,
        hands=[[], ["7H", "7S", "7D", "8C", "8D", "8S", "2C", "2D", "2S", "4H"], []],
        up="QD",
        stock=["QS", "3C", "3D", "KD"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8C", "8D", "8S"]])
    act(g, "discard", card="QS")
    quiet_turn(g)
    quiet_turn(g)
    draw_stock(g)  # KD
    act(g, "meld", melds=[["2C", "2D", "2S"]])
    assert g.view(0)["history"][-1]["contract"] is False
    act(g, "discard", card="KD")
    assert hand(g, 1) == ["4H"]


def test_c8_a_joker_laid_off_on_a_run_must_name_its_end() -> None:
    """rule C8: a card that fits both ends of a run needs `end`; rule G5: the end says what it is."""
    g = new_game(
        C,
        3,
        hands=[[], ["9C", "9D", "9S", "4H", "5H", "6H", "JK", "2S", "KC", "KS"], []],
        up="QD",
        stock=["3D"],
        deal=2,
    )
    draw_stock(g)
    act(g, "meld", melds=[["9C", "9D", "9S"], ["4H", "5H", "6H"]])
    err = refuse_act(g, "G5", "layoff", meld=1, cards=["JK"])
    assert err.key == "layoff_which_end"
    act(g, "layoff", meld=1, cards=["JK"], end="low")
    assert g.view(0)["melds"][1]["stands_for"] == ["3H", "4H", "5H", "6H"]


def test_c9_only_a_player_who_met_the_contract_may_swap() -> None:
    """rule C9: a joker swap is refused before the contract and allowed once it is met, in the
    same turn; rule G6: the joker goes to hand."""
    g = new_game(
        C,
        3,
        hands=[[], DEAL2_WITH_JOKER, ["6H", "8C", "8D", "8S", "2C", "3C", "4C", "QD", "KD", "TS"]],
        up="QS",
        stock=["AS", "AD"],
        deal=2,
    )
    draw_stock(g)
    act(g, "meld", melds=[["9C", "9D", "9S"], ["5H", "JK", "7H"]])
    act(g, "discard", card="AS")
    draw_stock(g)  # seat 2: AD
    refuse_act(g, ("C9", "C7"), "swap", meld=1, card="6H")
    act(g, "meld", melds=[["8C", "8D", "8S"], ["2C", "3C", "4C"]])
    act(g, "swap", meld=1, card="6H")
    assert g.view(0)["melds"][1]["cards"] == ["5H", "6H", "7H"]
    assert "JK" in hand(g, 2)
    act(g, "discard", card="AD")


# ---------------------------------------------------------------- C10, C11

TWELVE = ["7H", "7S", "7D", "7C", "8H", "8S", "8D", "8C", "9H", "9S"]


def test_c10_may_not_meld_the_last_card() -> None:
    """rule C10: a lay-down that would leave no card to discard is refused."""
    g = new_game(C, 3, hands=[[], TWELVE, []], up="QD", stock=["9D"])
    draw_stock(g)
    err = refuse_act(
        g, "C10", "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D", "8C"], ["9H", "9S", "9D"]]
    )
    assert err.key == "keep_a_discard"


def test_c10_may_not_lay_off_the_last_card() -> None:
    """rule C10: a lay-off of the last card in hand is refused; rule C11: discarding it goes out."""
    g = new_game(C, 3, hands=[[], TWELVE, []], up="QD", stock=["9D"])
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "layoff", meld=0, cards=["7C"])
    refuse_act(g, "C10", "layoff", meld=1, cards=["8C"])
    act(g, "discard", card="8C")
    assert g.view(0)["went_out"] == 1


def test_c11_discarding_the_last_card_ends_the_deal_and_nobody_melds_after() -> None:
    """rule C11: the deal ends when a player discards the last card; from then on nobody may meld."""
    g = new_game(C, 3, hands=[[], TWELVE, []], up="QD", stock=["9D"])
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "discard", card="8C")
    v = g.view(2)
    assert v["phase"] == "deal_over" and v["to_act"] is None and g.to_act is None
    assert v["went_out"] == 1 and v["deal_end"] == "out" and v["hand_sizes"][1] == 0
    assert v["history"][-1]["type"] == "deal_end"
    for seat in range(3):
        refuse_act(g, "G10", "meld", player=seat, melds=[["7H", "7S", "7D"]])
        refuse_act(g, "G10", "draw", player=seat, source="stock")
        refuse_act(g, "G10", "layoff", player=seat, meld=0, cards=["7H"])
    assert len(v["deal_scores"]) == 1


# ---------------------------------------------------------------- C12 deal 7

DEAL7 = ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "8H"]


def test_c12_deal7_all_cards_but_one_at_once_then_discard_ends_the_deal() -> None:
    """rule C12: in deal 7 a player lays down all but one card at once, meeting three runs, then
    discards and the deal (the last) ends."""
    g = new_game(C, 3, hands=[[], DEAL7, []], up="QD", stock=["KS"], deal=7)
    draw_stock(g)
    act(g, "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]])
    assert hand(g, 1) == ["KS"]
    act(g, "discard", card="KS")
    assert g.view(0)["went_out"] == 1 and g.over


def test_c12_deal7_partial_lay_down_refused() -> None:
    """rule C12: in deal 7 a lay-down meeting three runs but keeping two cards is refused."""
    g = new_game(
        C,
        3,
        hands=[[], ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "QS"], []],
        up="QD",
        stock=["KS"],
        deal=7,
    )
    draw_stock(g)
    err = refuse_act(g, "C12", "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H"]])
    assert err.key == "deal7_all_at_once"
    refuse_act(g, "C7", "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"]])


def test_c12_deal7_laying_down_every_card_refused() -> None:
    """rule C12 / rule C10: in deal 7 the lay-down keeps exactly one card for the discard; laying down
    all eleven is refused (the engine names C12)."""
    g = new_game(C, 3, hands=[[], DEAL7, []], up="QD", stock=["9H"], deal=7)
    draw_stock(g)
    refuse_act(
        g,
        ("C12", "C10"),
        "meld",
        melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H", "9H"]],
    )


def test_c12_deal7_further_melds_allowed_in_the_one_lay_down() -> None:
    """rule C12: the deal-7 lay-down may hold more than the three runs (here a set bought with C6)."""
    g = new_game(
        C,
        3,
        hands=[[], [], ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "QS"]],
        up="QH",
        stock=["QD", "2S", "KS"],
        deal=7,
    )
    act(g, "draw", source="stock")  # seat 1 draws; seat 2 buys QH and QD
    act(g, "buy")
    act(g, "discard", card="2S")
    assert draw_stock(g) == "KS"
    act(g, "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H"], ["QS", "QH", "QD"]])
    act(g, "discard", card="KS")
    assert g.view(0)["went_out"] == 2


def test_c12_deal7_no_layoff_and_no_swap() -> None:
    """rule C12: in deal 7 there is no laying off and no joker swapping, not even by the player who
    has just laid down."""
    g = new_game(
        C,
        3,
        hands=[[], ["3C", "JK", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "8H"], []],
        up="QD",
        stock=["4C"],
        deal=7,
    )
    draw_stock(g)
    act(g, "meld", melds=[["3C", "JK", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]])
    assert hand(g, 1) == ["4C"]
    refuse_act(g, "C12", "swap", meld=0, card="4C")
    refuse_act(g, "C12", "layoff", meld=0, cards=["4C"], end="high")
    act(g, "discard", card="4C")
    assert g.over


# ---------------------------------------------------------------- C13 empty stock


def _play_out_by_stock(g: Game) -> None:
    """Everybody draws from the stock and throws the card drawn, until the deal ends."""
    while g.to_act is not None:
        if g.phase.value == "buy":
            act(g, "pass")
        elif g.phase.value == "draw":
            act(g, "draw", source="stock")
        else:
            act(g, "discard", card=g.view(g.to_act)["last_drawn"])


def _drain_stock(g: Game) -> None:
    while g.view(0)["stock_size"] > 0:
        quiet_turn(g)


def test_c13_stock_rebuilt_only_when_a_card_must_be_taken() -> None:
    """rule C13: an empty stock stays empty until a card must be taken from it; then the discard
    pile except its top card is shuffled into the new stock; the top stays to start the pile."""
    g = Game.new(C, players=3, seed=8, dealer=0)
    _drain_stock(g)
    v = g.view(0)
    assert v["stock_size"] == 0 and v["discard_size"] == 75 and v["phase"] == "draw"
    # taking the top discard needs no stock
    seat = g.to_act
    act(g, "draw", source="discard")
    taken = g.view(seat)["taken"]
    act(g, "discard", card=next(c for c in hand(g, seat) if c != taken))
    assert g.view(0)["stock_size"] == 0
    pile = g.to_dict()["discard"]
    top = pile[-1]
    act(g, "draw", source="stock")
    d = g.to_dict()
    assert d["discard"] == [top]
    assert sorted(d["stock"]) == sorted(pile[:-1])
    assert d["stock"] not in (pile[:-1], pile[-2::-1])  # shuffled, not just turned over
    assert d["rebuilds"] == 1
    assert [e for e in g.view(0)["history"] if e["type"] == "rebuild"] == [{"type": "rebuild", "stock": 74}]
    # C6: the window that follows offers the kept top card
    assert g.phase.value == "buy" and g.view(0)["buy_card"] == top
    while g.phase.value == "buy":
        act(g, "pass")
    assert g.view(0)["stock_size"] == 73


def test_c13_third_rebuild_ends_the_deal_everyone_scoring_their_hand() -> None:
    """rule C13: when the stock would be rebuilt a third time, the deal ends with nobody out and
    every player scores the hand they hold (rule C14 values)."""
    g = Game.new(C, players=3, seed=9, dealer=0, options={"max_buys": 0})
    _play_out_by_stock(g)
    v = g.view(0)
    assert v["phase"] == "deal_over" and v["went_out"] is None and v["deal_end"] == "stock_out"
    assert [e["type"] for e in v["history"]].count("rebuild") == 2
    expected = [sum(penalty(c) for c in hand(g, s)) for s in range(3)]
    assert v["deal_scores"] == [expected] and v["scores"] == expected
    assert all(x > 0 for x in expected)


@pytest.mark.parametrize("jokers", [1, 0])
def test_c13_no_cards_to_rebuild_ends_the_deal(jokers: int) -> None:
    """rule C13: with the discard pile down to its top card when a stock card is needed, the deal
    ends with nobody out and everyone scoring their hand (here every turn is bought, C6)."""
    g = Game.new(C, players=3, seed=10, dealer=0, options={"jokers": jokers})
    while g.to_act is not None:
        act(g, "draw", source="stock")
        if g.phase.value == "buy":
            act(g, "buy")
        if g.phase.value == "play":
            act(g, "discard", card=g.view(g.to_act)["last_drawn"])
    v = g.view(0)
    assert v["deal_end"] == "stock_out" and v["went_out"] is None
    assert v["stock_size"] == 0 and v["discard_size"] <= 1
    assert "rebuild" not in [e["type"] for e in v["history"]]
    assert v["deal_scores"][0] == [sum(penalty(c) for c in hand(g, s)) for s in range(3)]
    assert total_cards(g) == 104 + jokers


# ---------------------------------------------------------------- C14 penalties

SEAT1_OUT = ["7H", "7S", "7D", "7C", "8H", "8S", "8D", "8C", "9H", "9S"]
SEAT2_HAND = ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "2H", "3H", "4H"]  # 15+15+10*4+9+2+3+4 = 88
SEAT0_HAND = ["AH", "AD", "5C", "6C", "7D", "8D", "2D", "3S", "4S", "9C"]  # 15+15+5+6+7+8+2+3+4+9 = 74


def _go_out_first_turn(g: Game) -> None:
    draw_stock(g)  # 9D
    act(g, "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "discard", card="8C")


def test_c14_penalty_points_of_a_finished_deal() -> None:
    """rule C14: the others score joker 15, ace 15, K Q J T 10, 2-9 face value; the one out scores 0."""
    g = new_game(C, 3, hands=[SEAT0_HAND, SEAT1_OUT, SEAT2_HAND], up="QD", stock=["9D"])
    _go_out_first_turn(g)
    v = g.view(0)
    assert v["deal_scores"] == [[74, 0, 88]]
    assert v["scores"] == [74, 0, 88]
    assert v["history"][-1] == {"type": "deal_end", "went_out": 1, "reason": "out", "scores": [74, 0, 88]}
    g.apply({"type": "next_deal"})
    assert g.view(1)["scores"] == [74, 0, 88] and g.view(1)["deal_scores"] == [[74, 0, 88]]


# ---------------------------------------------------------------- C15 the match


def test_c15_a_match_is_seven_deals() -> None:
    """rule C15: the match is seven deals, each with its contract; then it is over."""
    g = Game.new(C, players=3, seed=12, options={"max_buys": 0})
    contracts = []
    for deal in range(1, 8):
        assert g.deal == deal and not g.over
        contracts.append(g.view(0)["contract"]["text"])
        _play_out_by_stock(g)
        if deal < 7:
            assert g.phase.value == "deal_over"
            g.apply({"type": "next_deal"})
    assert g.over and g.phase.value == "match_over" and g.to_act is None
    v = g.view(0)
    assert len(v["deal_scores"]) == 7 and v["over"] is True
    assert v["scores"] == [sum(r[s] for r in v["deal_scores"]) for s in range(3)]
    assert len(set(contracts)) == 7
    refuse(g, {"type": "next_deal"}, "G10")
    assert v["winners"] == [s for s in range(3) if v["scores"][s] == min(v["scores"])]


def _deal7(scores_before: list[int]) -> Game:
    """Deal 7 where seat 1 goes out at once; seats 0 and 2 score 74 and 88 (see C14)."""
    g = new_game(C, 3, hands=[SEAT0_HAND, DEAL7, SEAT2_HAND], up="QD", stock=["KS"], deal=7)

    def earlier(d: dict) -> None:
        d["scores"] = list(scores_before)
        d["deal_scores"] = [list(scores_before)] + [[0, 0, 0]] * 5

    g = finish_with(g, earlier)
    draw_stock(g)
    act(g, "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]])
    act(g, "discard", card="KS")
    return g


def test_c15_lowest_total_wins() -> None:
    """rule C15: after deal 7 the lowest total wins."""
    g = _deal7([10, 200, 0])
    assert g.over
    v = g.view(0)
    assert v["scores"] == [84, 200, 88]
    assert g.winners() == [0] and v["winners"] == [0]


def test_c15_ties_for_lowest_share_the_win() -> None:
    """rule C15: players tied for the lowest total share the win."""
    g = _deal7([14, 88, 0])
    assert g.view(0)["scores"] == [88, 88, 88]
    assert g.winners() == [0, 1, 2]
    assert g.ledger() == [0, 0, 0]


def test_c15_match_not_over_before_deal_7() -> None:
    """rule C15: deal 6 ending leaves the match running (no winners yet); deal 7 follows."""
    g = new_game(
        C,
        3,
        hands=[SEAT0_HAND, ["7H", "7S", "7D", "3C", "4C", "5C", "8D", "9D", "TD", "JD"], SEAT2_HAND],
        up="QS",
        stock=["KH"],
        deal=6,
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["3C", "4C", "5C"], ["8D", "9D", "TD", "JD"]])
    act(g, "discard", card="KH")
    assert g.phase.value == "deal_over" and not g.over
    assert g.winners() == [] and g.view(0)["winners"] == []
    g.apply({"type": "next_deal"})
    v = g.view(0)
    assert v["deal"] == 7 and v["dealer"] == 1 and v["to_act"] == 2
    assert (v["contract"]["sets"], v["contract"]["runs"]) == (0, 3)


# ---------------------------------------------------------------- C16 the ledger


def test_c16_ledger_others_pay_the_winner_the_difference() -> None:
    """rule C16: every other player pays the winner the difference of totals; zero-sum."""
    g = _deal7([0, 0, 0])
    assert g.view(0)["scores"] == [74, 0, 88]
    assert g.ledger() == [Fraction(-74), Fraction(162), Fraction(-88)]
    assert g.view(2)["ledger"] == ["-74", "162", "-88"]
    assert sum(g.ledger()) == 0


def test_c16_tied_winners_split_each_payment_exactly() -> None:
    """rule C16: with two tied winners each payment is split equally, kept as exact halves."""
    g = _deal7([0, 74, 1])  # totals 74, 74, 89
    assert g.winners() == [0, 1]
    assert g.ledger() == [Fraction(15, 2), Fraction(15, 2), Fraction(-15)]
    assert g.view(0)["ledger"] == ["15/2", "15/2", "-15"]
    assert sum(g.ledger()) == 0


def test_c16_thirds_and_zero_sum() -> None:
    """rule C16: three tied winners share in thirds; the ledger always sums to zero."""
    assert ledger_payments([5, 5, 5, 6]) == [Fraction(1, 3)] * 3 + [Fraction(-1)]
    assert ledger_payments([5, 5, 5, 7, 9]) == [Fraction(2)] * 3 + [Fraction(-2), Fraction(-4)]
    for totals in ([0, 1, 2, 3], [9, 9, 40], [3, 3, 3], [100, 0, 0, 7, 12]):
        assert sum(ledger_payments(totals)) == 0


def test_c16_ledger_is_zero_until_the_match_is_over() -> None:
    """rule C16: the ledger is settled after a match; during it every entry is 0."""
    g = new_game(C, 3, hands=[SEAT0_HAND, SEAT1_OUT, SEAT2_HAND], up="QD", stock=["9D"])
    _go_out_first_turn(g)
    assert g.ledger() == [0, 0, 0] and g.view(0)["ledger"] == ["0", "0", "0"]
    assert json.loads(json.dumps(g.view(0)))["ledger"] == ["0", "0", "0"]
