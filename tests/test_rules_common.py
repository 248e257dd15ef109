"""Rules common to both games (G1-G10), played on stacked decks.

Unless a test says otherwise: contract rummy, three players, seat 0 deals, so
seat 1 (eldest hand) plays first, then seat 2, then seat 0.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

import pytest

from rommi import Game, IllegalAction
from rommi.cards import Card
from rommi.melds import RUN, SET, extend, make_meld, swap_joker
from rommilab.randomplay import random_action
from stacking import (
    act,
    draw_stock,
    full_deck,
    hand,
    new_game,
    quiet_turn,
    refuse_act,
    saved,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# ---------------------------------------------------------------- G1 cards


def test_g1_set_with_two_equal_cards_from_two_decks() -> None:
    """rule G1: with two decks the two 7H are interchangeable; rule G3: `7H 7H 7S` is a set."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7H", "7S", "8C", "8D", "8S", "2C", "4D", "9H", "KS"], []],
        up="QD",
        stock=["5C"],
    )
    assert draw_stock(g) == "5C"
    act(g, "meld", melds=[["7H", "7H", "7S"], ["8C", "8D", "8S"]])
    melds = g.view(2)["melds"]
    assert [m["kind"] for m in melds] == ["set", "set"]
    assert melds[0]["cards"] == ["7H", "7H", "7S"]
    assert hand(g, 1) == sorted(["2C", "4D", "9H", "KS", "5C"])


def test_g1_equal_cards_are_one_card_for_the_taken_discard_rule() -> None:
    """rule G1: a 9H from either deck is "the same card": having taken the turned-up 9H,
    the player may discard neither 9H (rule G8)."""
    g = new_game(
        "contract", 3, hands=[[], ["9H", "2C", "3D", "5S", "6S", "8C", "TD", "JD", "QS", "KH"], []], up="9H"
    )
    act(g, "draw", source="discard")
    assert hand(g, 1).count("9H") == 2
    err = refuse_act(g, "G8", "discard", card="9H")
    assert "9H" in str(err)
    act(g, "discard", card="KH")
    assert g.view(0)["discard_top"] == "KH"


def test_g1_decks_hold_every_card_once_per_deck() -> None:
    """rule G1: French 52-card decks, ranks A-K in four suits; rule C2: two decks and a joker."""
    deck = Counter(str(c) for c in Game.new("contract", players=3, seed=1).all_cards().elements())
    assert deck == Counter(full_deck("contract", 3))
    assert sum(deck.values()) == 105
    assert deck["JK"] == 1
    assert {c for c in deck if c != "JK"} == {r + s for r in "A23456789TJQK" for s in "SHDC"}
    assert all(n == 2 for c, n in deck.items() if c != "JK")


# ---------------------------------------------------------------- G2 notation


def test_g2_notation_and_piles_top_last() -> None:
    """rule G2: cards are rank then suit (`TH`, `JK`); a pile lists its top card last."""
    assert [str(c) for c in cards("AS TH 7D KC JK")] == ["AS", "TH", "7D", "KC", "JK"]
    for bad in ("10H", "1H", "7h", "7X", "J", "", "JKR", "HT"):
        with pytest.raises(ValueError):
            Card.parse(bad)
    g = new_game("contract", 3, hands=[[], [], []], up="4C", stock=["6D", "7D"])
    d = g.to_dict()
    assert d["discard"] == ["4C"]
    assert d["stock"][-1] == "6D" and d["stock"][-2] == "7D"
    quiet_turn(g)  # seat 1 draws 6D and throws it
    d = g.to_dict()
    assert d["discard"] == ["4C", "6D"]
    assert g.view(1)["discard_top"] == "6D"


# ---------------------------------------------------------------- G3 sets


def test_g3_sets() -> None:
    """rule G3: a set is three or more cards of one rank; a suit may repeat with several decks."""
    assert make_meld(cards("7H 7H 7S")).kind == SET
    assert make_meld(cards("KS KH KD KC KS")).kind == SET
    for bad in ("7H 7S", "7H 7S 8S", "7H 7S 7D 6D"):
        with pytest.raises(IllegalAction) as e:
            make_meld(cards(bad), SET)
        assert e.value.rule == "G3", bad


def test_g3_game_refuses_a_mixed_set_and_a_pair() -> None:
    """rule G3: the game refuses a lay-down whose set mixes ranks or has two cards."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7S", "7D", "8C", "8D", "8S", "9C", "4D", "5H", "KS"], []],
        up="QD",
        stock=["2C"],
    )
    draw_stock(g)
    refuse_act(g, "G3", "meld", melds=[["7H", "7S", "8S"], ["8C", "8D", "7D"]], kinds=["set", "set"])
    refuse_act(g, "G3", "meld", melds=[["7H", "7S"], ["8C", "8D", "8S"]])
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8C", "8D", "8S"]])


# ---------------------------------------------------------------- G4 runs


@pytest.mark.parametrize(
    "text", ["AH 2H 3H", "JS QS KS", "4D 5D 6D 7D 8D", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"]
)
def test_g4_runs_accepted(text: str) -> None:
    """rule G4: three to thirteen cards of one suit in consecutive ranks, ace low."""
    m = make_meld(cards(text))
    assert m.kind == RUN


@pytest.mark.parametrize(
    "text",
    [
        "QH KH AH",  # ace is low unless ace_high (B3)
        "KH AH 2H",  # never wraps
        "QH KH AH 2H",
        "KH AH 2H 3H",
        "4H 5H 7H",  # not consecutive
        "4H 5S 6H",  # mixed suits
        "4H 5H",  # too short
        "5H 4H 3H",  # not in rank order
        "JK AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",  # 14 cards
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JK",
    ],
)
def test_g4_not_runs(text: str) -> None:
    """rule G4: runs never wrap (`QKA2`, `KA2`), need one suit, consecutive ranks, 3-13 cards."""
    with pytest.raises(IllegalAction) as e:
        make_meld(cards(text), RUN)
    assert e.value.rule == "G4", text


def test_g4_game_refuses_a_wrapping_run() -> None:
    """rule G4: in contract rummy (no ace_high option) `QH KH AH` and `KH AH 2H` are refused."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["QH", "KH", "AH", "2H", "3H", "5S", "5D", "5C", "9C", "4D"], []],
        up="QD",
        stock=["2C"],
        deal=2,
    )
    draw_stock(g)
    refuse_act(g, "G4", "meld", melds=[["5S", "5D", "5C"], ["QH", "KH", "AH"]])
    refuse_act(g, "G4", "meld", melds=[["5S", "5D", "5C"], ["KH", "AH", "2H"]])
    refuse_act(g, "G4", "meld", melds=[["5S", "5D", "5C"], ["QH", "KH", "AH", "2H"]])
    assert g.view(1)["laid_down"][1] is False
    act(g, "meld", melds=[["5S", "5D", "5C"], ["AH", "2H", "3H"]])
    assert g.view(1)["melds"][1]["cards"] == ["AH", "2H", "3H"]


def test_g4_layoff_does_not_wrap() -> None:
    """rule G4: an ace laid off onto `JH QH KH` is refused: no ace high, no wrap."""
    m = make_meld(cards("JH QH KH"))
    with pytest.raises(IllegalAction):
        extend(m, cards("AH"), "high")
    low = make_meld(cards("AH 2H 3H"))
    with pytest.raises(IllegalAction):
        extend(low, cards("KH"), "low")
    assert [str(c) for c in extend(m, cards("TH"), None).cards] == ["TH", "JH", "QH", "KH"]


# ---------------------------------------------------------------- G5 jokers


def test_g5_joker_stands_for_the_card_at_its_position() -> None:
    """rule G5: in `5H JK 7H` the joker is 6H; at an end, the end it is placed at says what it is."""
    mid = make_meld(cards("5H JK 7H"))
    assert mid.stands_for(1) == Card.parse("6H")
    low = make_meld(cards("JK 5H 6H"))
    assert low.stands_for(0) == Card.parse("4H")
    high = make_meld(cards("5H 6H JK"))
    assert high.stands_for(2) == Card.parse("7H")
    s = make_meld(cards("9C JK 9D"))
    assert s.kind == SET and s.stands_for(1) is None  # any 9


def test_g5_a_meld_needs_a_natural_card_and_jokers_are_unlimited() -> None:
    """rule G5: `JK JK JK` is no meld; a meld may hold several jokers."""
    with pytest.raises(IllegalAction) as e:
        make_meld(cards("JK JK JK"), SET)
    assert e.value.rule == "G5"
    with pytest.raises(IllegalAction) as e:
        make_meld(cards("JK JK JK"), RUN)
    assert e.value.rule == "G5"
    assert make_meld(cards("7H JK JK"), RUN).stands_for(2) == Card.parse("9H")
    assert make_meld(cards("7H JK JK")).kind == SET
    assert make_meld(cards("JK JK 7H JK"), RUN).rank == 5


def test_g5_game_joker_positions_in_view_and_no_all_joker_meld() -> None:
    """rule G5: the view shows what each joker stands for; a meld of jokers only is refused (G5)."""
    opts = {"jokers": 4}
    g = new_game(
        "basic",
        2,
        hands=[[], ["5H", "JK", "7H", "JK", "JK", "JK", "9S", "9D", "2C", "KD"]],
        up="QD",
        stock=["3C"],
        options=opts,
    )
    draw_stock(g)
    refuse_act(g, "G5", "meld", melds=[["JK", "JK", "JK"]])
    act(g, "meld", melds=[["5H", "JK", "7H"], ["JK", "9S", "9D"]])
    melds = g.view(0)["melds"]
    assert melds[0]["stands_for"] == ["5H", "6H", "7H"]
    assert melds[1]["kind"] == "set"
    act(g, "meld", melds=[["JK", "2C", "JK"]], kinds=["run"])
    assert g.view(0)["melds"][2]["stands_for"] == ["AC", "2C", "3C"]


# ---------------------------------------------------------------- G6 joker swap


def test_g6_swap_in_a_run_joker_goes_to_hand() -> None:
    """rule G6: putting 6H from hand where the joker of `5H JK 7H` stands takes the joker to hand."""
    g = new_game(
        "basic",
        2,
        hands=[
            ["6H", "2S", "3S", "4D", "8C", "TC", "JD", "QS", "KS", "9D"],
            ["5H", "JK", "7H", "2C", "2D", "4S", "6C", "8D", "TS", "KD"],
        ],
        up="QD",
        stock=["3C", "AD"],
        options={"jokers": 1},
    )
    draw_stock(g)
    act(g, "meld", melds=[["5H", "JK", "7H"]])
    act(g, "discard", card="KD")
    draw_stock(g)  # seat 0
    refuse_act(g, "G6", "swap", meld=0, card="4D")
    act(g, "swap", meld=0, card="6H")
    assert g.view(0)["melds"][0]["cards"] == ["5H", "6H", "7H"]
    assert "JK" in hand(g, 0) and "6H" not in hand(g, 0)
    assert g.view(1)["history"][-1] == {"type": "swap", "player": 0, "meld": 0, "card": "6H"}


def test_g6_swap_in_a_set_takes_any_natural_of_the_rank() -> None:
    """rule G6: the joker of set `7H 7S JK` is freed by any natural 7 (here 7C), not by another rank
    and not by a joker."""
    g = new_game(
        "basic",
        2,
        hands=[
            ["7C", "8C", "2S", "3S", "4D", "TC", "JD", "QS", "KS", "9D"],
            ["7H", "7S", "JK", "2C", "2D", "4S", "6C", "8D", "TS", "KD"],
        ],
        up="QD",
        stock=["3C", "AD"],
        options={"jokers": 1},
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "JK"]])
    act(g, "discard", card="KD")
    draw_stock(g)
    refuse_act(g, "G6", "swap", meld=0, card="8C")
    act(g, "swap", meld=0, card="7C")
    assert sorted(g.view(0)["melds"][0]["cards"]) == ["7C", "7H", "7S"]
    assert "JK" in hand(g, 0)


def test_g6_swap_refused_without_a_fitting_joker_or_with_a_joker() -> None:
    """rule G6: only a natural card, only for a joker that stands for it."""
    run = make_meld(cards("5H JK 7H"))
    with pytest.raises(IllegalAction) as e:
        swap_joker(run, Card.parse("6S"))
    assert e.value.rule == "G6"
    with pytest.raises(IllegalAction) as e:
        swap_joker(run, Card.parse("JK"))
    assert e.value.rule == "G6"
    with pytest.raises(IllegalAction):
        swap_joker(make_meld(cards("5H 6H 7H")), Card.parse("6H"))
    assert [str(c) for c in swap_joker(run, Card.parse("6H")).cards] == ["5H", "6H", "7H"]


def test_g6_swap_only_between_draw_and_discard() -> None:
    """rule G6: a swap before drawing is refused (G8: draw first)."""
    g = new_game(
        "basic",
        2,
        hands=[
            ["6H", "2S", "3S", "4D", "8C", "TC", "JD", "QS", "KS", "9D"],
            ["5H", "JK", "7H", "2C", "2D", "4S", "6C", "8D", "TS", "KD"],
        ],
        up="QD",
        stock=["3C", "AD"],
        options={"jokers": 1},
    )
    draw_stock(g)
    act(g, "meld", melds=[["5H", "JK", "7H"]])
    act(g, "discard", card="KD")
    refuse_act(g, "G8", "swap", meld=0, card="6H")


# ---------------------------------------------------------------- G7 the deal


def test_g7_deals_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    """rule G7: first card to the dealer's left, clockwise; next card turned up; eldest hand plays first."""
    deck = full_deck("contract", 3)
    random.Random(5).shuffle(deck)
    g = Game.new("contract", players=3, seed=1, dealer=2, deck=deck)
    for seat in range(3):
        # seat 0 sits at the left of dealer 2, so it gets cards 0, 3, 6, ...
        mine = [deck[i] for i in range(30) if (2 + 1 + i) % 3 == seat]
        assert [str(c) for c in g.hand(seat)] == mine
    v = g.view(0)
    assert v["discard_top"] == deck[30]
    assert v["stock_size"] == 105 - 31
    assert v["dealer"] == 2 and v["to_act"] == 0
    assert g.to_dict()["stock"][-1] == deck[31]


def _finish_deal_by_stock_out(g: Game) -> None:
    """Play draws and discards of the drawn card until the deal ends."""
    while g.to_act is not None:
        if g.phase.value == "buy":
            act(g, "pass")
        elif g.phase.value == "draw":
            act(g, "draw", source="stock")
        else:
            act(g, "discard", card=g.view(g.to_act)["last_drawn"])


def test_g7_next_deal_moves_the_deal_left() -> None:
    """rule G7: after a deal, `next_deal` deals again with the next seat to the left dealing."""
    g = Game.new("contract", players=4, seed=3, dealer=3, options={"max_buys": 0})
    assert g.to_act == 0
    _finish_deal_by_stock_out(g)
    assert g.phase.value == "deal_over" and g.to_act is None
    g.apply({"type": "next_deal"})
    v = g.view(0)
    assert v["deal"] == 2 and v["dealer"] == 0 and v["to_act"] == 1
    assert v["hand_sizes"] == [10, 10, 10, 10]


def test_g7_first_dealer_by_cut_is_reproducible_per_seed() -> None:
    """rule G7: the first dealer is chosen by a seeded cut: same seed, same dealer; all seats can deal."""
    dealers = {}
    for seed in range(40):
        a = Game.new("contract", players=4, seed=seed)
        b = Game.new("contract", players=4, seed=seed)
        assert a.view(0)["dealer"] == b.view(0)["dealer"]
        assert a.to_act == (a.view(0)["dealer"] + 1) % 4
        dealers[seed] = a.view(0)["dealer"]
    assert set(dealers.values()) == {0, 1, 2, 3}
    basic = {Game.new("basic", players=2, seed=s).view(0)["dealer"] for s in range(20)}
    assert basic == {0, 1}


def test_g7_stacked_deck_must_be_exactly_the_variants_cards() -> None:
    """rule G7: a stacked deck that is not exactly the variant's cards raises ValueError."""
    deck = full_deck("contract", 3)
    with pytest.raises(ValueError):
        Game.new("contract", players=3, seed=1, dealer=0, deck=deck[:-1])
    with pytest.raises(ValueError):
        Game.new("contract", players=3, seed=1, dealer=0, deck=[*deck[:-1], "AS"])
    with pytest.raises(ValueError):
        Game.new("contract", players=3, seed=1, dealer=0, deck=[*deck, "JK"])
    with pytest.raises(ValueError):
        Game.new("contract", players=3, seed=1, dealer=0, deck=[*deck[:-1], "XX"])
    Game.new("contract", players=3, seed=1, dealer=0, deck=deck)


# ---------------------------------------------------------------- G8 a turn

EIGHT_TEN = ["5C", "5D", "5S", "6C", "6D", "6S", "8C", "8D", "8S", "7H"]


def test_g8_draw_then_discard_ends_the_turn() -> None:
    """rule G8: a turn is draw, then meld as allowed, then one discard, which ends it; rule C5."""
    g = new_game("contract", 3, hands=[[], [], []], up="QD", stock=["2C", "3C"])
    refuse_act(g, "G8", "discard", card=hand(g, 1)[0])
    act(g, "draw", source="stock")
    assert g.phase.value == "buy"
    act(g, "pass")
    act(g, "pass")
    assert g.to_act == 1 and g.phase.value == "play"
    assert "2C" in hand(g, 1) and len(hand(g, 1)) == 11
    refuse_act(g, "G8", "draw", source="stock")
    refuse_act(g, "G8", "draw", source="discard")
    act(g, "discard", card="2C")
    assert g.to_act == 2 and g.phase.value == "draw"
    assert len(hand(g, 1)) == 10
    assert g.view(0)["discard_top"] == "2C"


def test_g8_only_the_top_discard_is_visible_and_takeable() -> None:
    """rule G8: the view shows only the discard pile's top; drawing from it takes that card."""
    g = new_game("contract", 3, hands=[[], [], []], up="QD", stock=["2C", "3C"])
    quiet_turn(g)  # seat 1 throws 2C onto QD
    v = g.view(2)
    assert v["discard_top"] == "2C" and v["discard_size"] == 2
    assert "QD" not in json.dumps({k: v[k] for k in v if k not in ("history", "hand")})
    act(g, "draw", source="discard")
    assert "2C" in hand(g, 2)
    assert g.view(2)["discard_top"] == "QD"


def test_g8_taken_discard_may_not_be_discarded() -> None:
    """rule G8: a player who took the top discard may not discard it in the same turn."""
    g = new_game("contract", 3, hands=[[], [], []], up="QD")
    act(g, "draw", source="discard")
    refuse_act(g, "G8", "discard", card="QD")
    other = next(c for c in hand(g, 1) if c != "QD")
    act(g, "discard", card=other)
    # next turn the rule no longer binds: seat 2 takes `other` and may throw anything else
    assert g.view(2)["discard_top"] == other


def test_g8_meld_or_layoff_leaving_only_the_taken_card_refused() -> None:
    """rule G8: a meld or a lay-off that would leave only the taken card in hand is refused."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7S", "7D", "8H", "8S", "8D", "9H", "9S", "9D", "9C"], []],
        up="KC",
    )
    act(g, "draw", source="discard")
    refuse_act(g, "G8", "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["9H", "9S", "9D", "9C"]])
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    assert hand(g, 1) == ["9C", "KC"]
    refuse_act(g, "G8", "layoff", meld=2, cards=["9C"])
    refuse_act(g, "G8", "discard", card="KC")
    act(g, "discard", card="9C")
    assert hand(g, 1) == ["KC"]


def test_g8_taking_the_discard_when_every_card_equals_it_refused() -> None:
    """rule G8: a player whose hand is only cards equal to the top discard may not take it (G1)."""
    g = new_game(
        "contract",
        3,
        hands=[["7H"], EIGHT_TEN, []],
        up="QD",
        stock=["9C", "2D", "3D", "4D"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["5C", "5D", "5S"], ["6C", "6D", "6S"], ["8C", "8D", "8S"]])
    act(g, "discard", card="9C")
    assert hand(g, 1) == ["7H"]
    quiet_turn(g)  # seat 2
    draw_stock(g)  # seat 0
    act(g, "discard", card="7H")
    err = refuse_act(g, "G8", "draw", source="discard")
    assert "7H" in str(err)
    assert draw_stock(g) == "4D"


def test_g8_draw_source_must_be_stock_or_discard() -> None:
    """rule G8 / rule G10: a draw names its pile; anything else is a malformed action."""
    g = new_game("contract", 3, hands=[[], [], []], up="QD")
    for source in (None, "deck", "", 1, ["stock"]):
        refuse_act(g, "G10", "draw", source=source)


# ---------------------------------------------------------------- G9 chance


def _random_actions(g: Game, rng: random.Random, steps: int) -> list[dict]:
    """Apply up to ``steps`` accepted random actions; return them."""
    done: list[dict] = []
    while len(done) < steps and not g.over:
        seat = g.to_act
        if seat is None:
            action = {"type": "next_deal"}
            g.apply(action)
            done.append(action)
            continue
        for action in random_action(g.view(seat), rng):
            try:
                g.apply(action)
            except IllegalAction:
                continue
            done.append(action)
            break
        else:  # pragma: no cover - random_action always offers a legal discard or draw
            raise AssertionError("no legal action offered")
    return done


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("contract", 3, 11), ("contract", 5, 2), ("basic", 2, 4)]
)
def test_g9_same_seed_and_actions_give_the_same_game(variant: str, players: int, seed: int) -> None:
    """rule G9: options, seed and the list of actions determine the game completely."""
    a = Game.new(variant, players=players, seed=seed)
    actions = _random_actions(a, random.Random(seed), 400)
    b = Game.new(variant, players=players, seed=seed)
    for action in actions:
        b.apply(action)
    assert saved(a) == saved(b)
    assert a.to_dict()["rng"] == b.to_dict()["rng"]


def test_g9_different_seeds_give_different_deals() -> None:
    """rule G9: the shuffle comes from the seed."""
    hands = {tuple(str(c) for c in Game.new("contract", players=3, seed=s).hand(0)) for s in range(5)}
    assert len(hands) == 5


# ---------------------------------------------------------------- G10 malformed


def _midgame() -> Game:
    g = new_game("contract", 3, hands=[[], EIGHT_TEN, []], up="QD", stock=["9C", "2D"])
    draw_stock(g)
    act(g, "meld", melds=[["5C", "5D", "5S"], ["6C", "6D", "6S"]])
    return g


MALFORMED = [
    pytest.param(None, id="none"),
    pytest.param("draw", id="string"),
    pytest.param(["draw", 1], id="list"),
    pytest.param(7, id="int"),
    pytest.param({}, id="empty"),
    pytest.param({"type": "fly", "player": 1}, id="unknown-type"),
    pytest.param({"type": None, "player": 1}, id="null-type"),
    pytest.param({"type": "DISCARD", "player": 1, "card": "7H"}, id="type-case"),
    pytest.param({"type": "discard", "card": "7H"}, id="missing-player"),
    pytest.param({"type": "discard", "player": "1", "card": "7H"}, id="player-string"),
    pytest.param({"type": "discard", "player": True, "card": "7H"}, id="player-bool"),
    pytest.param({"type": "discard", "player": 1.0, "card": "7H"}, id="player-float"),
    pytest.param({"type": "discard", "player": 3, "card": "7H"}, id="player-out-of-range"),
    pytest.param({"type": "discard", "player": -1, "card": "7H"}, id="player-negative"),
    pytest.param({"type": "discard", "player": 2, "card": "7H"}, id="wrong-player"),
    pytest.param({"type": "discard", "player": 0, "card": "7H"}, id="wrong-player-0"),
    pytest.param({"type": "discard", "player": 1, "card": "7X"}, id="bad-card"),
    pytest.param({"type": "discard", "player": 1, "card": "7h"}, id="lowercase-card"),
    pytest.param({"type": "discard", "player": 1, "card": ""}, id="empty-card"),
    pytest.param({"type": "discard", "player": 1, "card": 7}, id="card-int"),
    pytest.param({"type": "discard", "player": 1}, id="missing-card"),
    pytest.param({"type": "discard", "player": 1, "card": "KH"}, id="card-not-held"),
    pytest.param({"type": "meld", "player": 1}, id="meld-missing-melds"),
    pytest.param({"type": "meld", "player": 1, "melds": "8C 8D 8S"}, id="meld-string"),
    pytest.param({"type": "meld", "player": 1, "melds": []}, id="meld-empty"),
    pytest.param({"type": "meld", "player": 1, "melds": [[]]}, id="meld-empty-group"),
    pytest.param({"type": "meld", "player": 1, "melds": [["8C", "8D", "8Z"]]}, id="meld-bad-card"),
    pytest.param({"type": "meld", "player": 1, "melds": [["8C", "8D", 8]]}, id="meld-card-int"),
    pytest.param(
        {"type": "meld", "player": 1, "melds": [["8C", "8D", "8S"]], "kinds": ["pair"]}, id="bad-kind"
    ),
    pytest.param(
        {"type": "meld", "player": 1, "melds": [["8C", "8D", "8S"]], "kinds": "set"}, id="kinds-str"
    ),
    pytest.param(
        {"type": "meld", "player": 1, "melds": [["8C", "8D", "8S"]], "kinds": ["set", "set"]},
        id="kinds-count",
    ),
    pytest.param({"type": "layoff", "player": 1, "meld": 9, "cards": ["8C"]}, id="no-such-meld"),
    pytest.param({"type": "layoff", "player": 1, "meld": "0", "cards": ["5H"]}, id="meld-id-string"),
    pytest.param({"type": "layoff", "player": 1, "meld": True, "cards": ["5H"]}, id="meld-id-bool"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": "8C"}, id="layoff-cards-string"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": []}, id="layoff-no-cards"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": ["5Q"]}, id="layoff-bad-card"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": ["8C"], "end": "low"}, id="set-end"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": ["8C"], "end": "middle"}, id="bad-end"),
    pytest.param({"type": "swap", "player": 1, "meld": 0}, id="swap-missing-card"),
    pytest.param({"type": "swap", "player": 1, "meld": 0, "card": "Z9"}, id="swap-bad-card"),
    pytest.param({"type": "swap", "player": 1, "meld": 5, "card": "7H"}, id="swap-no-meld"),
    pytest.param({"type": "draw", "player": 1, "source": "stock"}, id="draw-again"),
    pytest.param({"type": "next_deal"}, id="next-deal-mid-deal"),
    pytest.param({"type": "buy", "player": 1}, id="buy-no-window"),
]


@pytest.mark.parametrize("action", MALFORMED)
def test_g10_malformed_or_illegal_actions_are_refused_and_change_nothing(action: object) -> None:
    """rule G10: a malformed action is refused with a reason naming a rule and changes nothing."""
    g = _midgame()
    before = saved(g)
    fp = g.fingerprint()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    err = e.value
    assert isinstance(err, ValueError)
    assert err.rule in {"G3", "G4", "G8", "G10", "C6"}, err.rule
    assert str(err) and "{" not in str(err)
    assert saved(g) == before
    assert g.fingerprint() == fp


G10_STRICT = [
    pytest.param(None, id="none"),
    pytest.param(7, id="int"),
    pytest.param({}, id="empty"),
    pytest.param({"type": "fly", "player": 1}, id="unknown-type"),
    pytest.param({"type": ["discard"], "player": 1, "card": "7H"}, id="type-list"),
    pytest.param({"type": {"a": 1}, "player": 1}, id="type-dict"),
    pytest.param({"type": "discard", "card": "7H"}, id="missing-player"),
    pytest.param({"type": "discard", "player": 2, "card": "7H"}, id="wrong-player"),
    pytest.param({"type": "discard", "player": 1, "card": "7X"}, id="bad-card"),
    pytest.param({"type": "discard", "player": 1, "card": ["7H"]}, id="card-list"),
    pytest.param({"type": "layoff", "player": 1, "meld": 0, "cards": ["8C"], "end": ["low"]}, id="end-list"),
    pytest.param({"type": "draw", "player": 1, "source": {"pile": "stock"}}, id="source-dict"),
    pytest.param(
        {"type": "meld", "player": 1, "melds": [["8C", "8D", "8S"]], "kinds": [["set"]]}, id="kinds-nested"
    ),
]


@pytest.mark.parametrize("action", G10_STRICT)
def test_g10_malformed_actions_name_rule_g10(action: object) -> None:
    """rule G10: unknown type, missing or bad field, wrong player, bad card string, non-dict:
    IllegalAction with rule "G10", nothing changed."""
    g = _midgame()
    if isinstance(action, dict) and action.get("type") == "draw":
        g = new_game("contract", 3, hands=[[], [], []], up="QD")
    before = saved(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == "G10"
    assert saved(g) == before


def test_g10_refusal_leaves_a_refused_game_playable() -> None:
    """rule G10: after any refusal, the same game accepts the legal action it would have before."""
    g = _midgame()
    for action in MALFORMED:
        with contextlib.suppress(IllegalAction):
            g.apply(action.values[0])
    act(g, "meld", melds=[["8C", "8D", "8S"]])
    act(g, "discard", card="9C")
    assert hand(g, 1) == ["7H"]
    assert g.to_act == 2


def test_g8_swap_that_leaves_only_the_taken_card_is_refused() -> None:
    """rule G8: a joker swap may not leave the hand holding only copies of the card taken from the pile.

    Found by the playout benchmark: seat 0 took a joker from the pile, swapped its
    last natural card for a joker on the table, and was left with two jokers it
    could neither discard (G8) nor lay off without keeping only the taken joker.
    """
    import json

    from rommi import Game, IllegalAction

    d = Game.new("contract", 3, seed=1, options={"jokers": 2}).to_dict()
    pool = [c for h in d["hands"] for c in h] + d["stock"] + d["discard"]
    for card in ("5H", "7H", "6H", "JK", "JK"):
        pool.remove(card)
    d.update(
        hands=[["6H", "JK"], pool[:10], pool[10:20]],
        discard=[pool[20]],
        stock=pool[21:],
        melds=[{"owner": 1, "kind": "run", "cards": ["5H", "JK", "7H"]}],
        phase="play",
        turn=0,
        taken="JK",
        laid_down=[True, True, False],
        last_drawn=["JK", None, None],
    )
    from stacking import unchecked

    game = unchecked(d)  # the position itself, without the turns that led to it
    before = json.dumps(game.to_dict(), sort_keys=True)
    try:
        game.apply({"type": "swap", "player": 0, "meld": 0, "card": "6H"})
    except IllegalAction as e:
        assert e.rule == "G8"
    else:
        raise AssertionError("the swap was accepted")
    assert json.dumps(game.to_dict(), sort_keys=True) == before
