"""Perusrommi (basic rummy), rules B1-B9, played on stacked decks.

Unless a test says otherwise: seat 0 deals, so seat 1 (eldest hand) plays
first. Basic rummy has no buy window, so a stock draw goes straight to play.
"""

from __future__ import annotations

from typing import Any

import pytest

from rommi import Game
from rommi.cards import Card
from rommi.melds import RUN, make_meld
from stacking import act, draw_stock, hand, new_game, quiet_turn, refuse_act, unreachable

B = "basic"


def value(card: str, ace_high: bool = False) -> int:
    """B8 written out independently of the engine."""
    if card == "JK":
        return 15
    if card[0] == "A":
        return 11 if ace_high else 1
    if card[0] in "TJQK":
        return 10
    return int(card[0])


def total_cards(g: Game) -> int:
    v = g.view(0)
    return (
        sum(v["hand_sizes"]) + v["stock_size"] + v["discard_size"] + sum(len(m["cards"]) for m in v["melds"])
    )


# ---------------------------------------------------------------- B1 players and cards

LAYOUTS = [
    # players, options, decks, hand size
    (2, {}, 1, 10),
    (3, {}, 1, 10),
    (3, {"hand_size": 7}, 1, 7),
    (4, {}, 1, 7),
    (4, {"decks": 2}, 2, 10),
    (5, {}, 1, 7),
    (5, {"decks": 2, "hand_size": 10}, 2, 10),
    (6, {}, 2, 10),
    (7, {}, 2, 10),
    (7, {"decks": 2, "hand_size": 10}, 2, 10),
]


@pytest.mark.parametrize(("players", "options", "decks", "size"), LAYOUTS)
def test_b1_decks_and_hand_sizes(players: int, options: dict, decks: int, size: int) -> None:
    """rule B1: 2 players one deck, 10 each; 3 one deck, 10 (or 7); 4-5 one deck 7 (or two decks 10);
    6-7 two decks, 10 each. Jokers default to none."""
    g = Game.new(B, players=players, seed=3, options=options)
    assert g.options.decks == decks and g.options.hand_size == size
    v = g.view(0)
    assert v["hand_sizes"] == [size] * players
    assert total_cards(g) == 52 * decks
    assert v["options"]["jokers"] == 0
    assert v["contract"] is None


BAD_LAYOUTS = [
    (2, {"hand_size": 7}, "hand_size"),
    (2, {"decks": 2}, "decks"),
    (3, {"decks": 2}, "decks"),
    (3, {"hand_size": 8}, "hand_size"),
    (4, {"hand_size": 10}, "hand_size"),
    (4, {"decks": 2, "hand_size": 7}, "hand_size"),
    (5, {"decks": 1, "hand_size": 10}, "hand_size"),
    (6, {"decks": 1}, "decks"),
    (7, {"hand_size": 7}, "hand_size"),
    (4, {"decks": 3}, "decks"),
    (4, {"decks": 0}, "decks"),
    (4, {"decks": "2"}, "decks"),
    (3, {"hand_size": True}, "hand_size"),
]


@pytest.mark.parametrize(("players", "options", "name"), BAD_LAYOUTS)
def test_b1_other_combinations_raise_value_error(players: int, options: dict, name: str) -> None:
    """rule B1: decks and hand sizes outside the table raise ValueError naming the option."""
    with pytest.raises(ValueError, match=name):
        Game.new(B, players=players, seed=1, options=options)


@pytest.mark.parametrize("players", [0, 1, 8, 9, "2", None, True])
def test_b1_player_counts_two_to_seven(players: Any) -> None:
    """rule B1: basic rummy is for 2 to 7 players."""
    with pytest.raises(ValueError, match="player"):
        Game.new(B, players=players, seed=1)


@pytest.mark.parametrize("players", range(2, 8))
def test_b1_every_player_count_deals(players: int) -> None:
    """rule B1: each player count from 2 to 7 makes a game."""
    assert Game.new(B, players=players, seed=players).view(0)["players"] == players


def test_b1_jokers_optional() -> None:
    """rule B1: jokers are optional (option `jokers`), default none; two or more allowed."""
    g = Game.new(B, players=2, seed=1, options={"jokers": 2})
    assert total_cards(g) == 54
    assert sum(n for c, n in g.all_cards().items() if c.is_joker) == 2
    with pytest.raises(ValueError, match="jokers"):
        Game.new(B, players=2, seed=1, options={"jokers": 13})


# ---------------------------------------------------------------- B2 stock and discard


def test_b2_stock_and_discard_as_in_g7() -> None:
    """rule B2: deal one at a time from the dealer's left, turn up the next card, the rest is the
    stock; eldest hand plays first."""
    g = new_game(
        B,
        2,
        hands=[
            ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"],
            ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"],
        ],
        up="KC",
        stock=["QC", "JC"],
        dealer=1,
    )
    assert hand(g, 0) == sorted(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"])
    v = g.view(0)
    assert v["dealer"] == 1 and v["to_act"] == 0
    assert v["discard_top"] == "KC" and v["stock_size"] == 31
    assert draw_stock(g) == "QC"
    assert g.phase.value == "play"  # no buy window in basic rummy


# ---------------------------------------------------------------- B3 melds


def test_b3_ace_high_option_allows_qka() -> None:
    """rule B3: with `ace_high`, Q-K-A is a run; A-2-3 still is; without it Q-K-A is not."""
    g = new_game(
        B,
        2,
        hands=[[], ["QH", "KH", "AH", "AD", "2D", "3D", "KC", "9S", "5C", "6D"]],
        up="8C",
        stock=["4S"],
        options={"ace_high": True},
    )
    draw_stock(g)
    act(g, "meld", melds=[["QH", "KH", "AH"], ["AD", "2D", "3D"]])
    assert g.view(0)["melds"][0]["stands_for"] == ["QH", "KH", "AH"]
    plain = new_game(
        B, 2, hands=[[], ["QH", "KH", "AH", "AD", "2D", "3D", "KC", "9S", "5C", "6D"]], up="8C", stock=["4S"]
    )
    assert plain.options.ace_high is False
    draw_stock(plain)
    refuse_act(plain, ("G4", "B3"), "meld", melds=[["QH", "KH", "AH"]])


def test_b3_never_king_ace_two() -> None:
    """rule B3: an ace is never high and low in one run: `KA2` is refused even with `ace_high`."""
    g = new_game(
        B,
        2,
        hands=[[], ["KH", "AH", "2H", "3H", "JK", "9S", "5C", "6D", "8D", "TC"]],
        up="8C",
        stock=["4S"],
        options={"ace_high": True, "jokers": 1},
    )
    draw_stock(g)
    refuse_act(g, ("B3", "G4"), "meld", melds=[["KH", "AH", "2H"]])
    refuse_act(g, ("B3", "G4"), "meld", melds=[["KH", "AH", "2H", "3H"]])
    refuse_act(g, ("B3", "G4"), "meld", melds=[["KH", "JK", "2H"]], kinds=["run"])
    for text in ("KH AH 2H", "QH KH AH 2H", "JK AH 2H 3H JK"):
        with pytest.raises(ValueError):
            make_meld([Card.parse(t) for t in text.split()], RUN, ace_high=True)


def test_b3_ace_high_lay_off_and_joker() -> None:
    """rule B3: with `ace_high` an ace may be laid off above K, and a joker above K stands for the ace."""
    g = new_game(
        B,
        2,
        hands=[
            ["AH", "2C", "3D", "4S", "6C", "7D", "8S", "9C", "TD", "5H"],
            ["JH", "QH", "KH", "QD", "KD", "JK", "9S", "5C", "6D", "8D"],
        ],
        up="8C",
        stock=["4C", "2S"],
        options={"ace_high": True, "jokers": 1},
    )
    draw_stock(g)
    act(g, "meld", melds=[["JH", "QH", "KH"], ["QD", "KD", "JK"]], kinds=["run", "run"])
    assert g.view(0)["melds"][1]["stands_for"] == ["QD", "KD", "AD"]
    act(g, "discard", card="4C")
    draw_stock(g)  # seat 0
    act(g, "layoff", meld=0, cards=["AH"])
    assert g.view(0)["melds"][0]["cards"] == ["JH", "QH", "KH", "AH"]


def test_b3_sets_and_runs_as_g3_g4() -> None:
    """rule B3: basic melds are sets and runs; a mixed group is neither."""
    g = new_game(
        B, 2, hands=[[], ["7H", "7S", "7D", "3C", "4C", "5C", "KC", "9S", "5D", "6D"]], up="8C", stock=["4S"]
    )
    draw_stock(g)
    refuse_act(g, ("G3", "G4"), "meld", melds=[["7H", "7S", "5C"]], kinds=["set"])
    refuse_act(g, "G4", "meld", melds=[["5C", "5D", "6D"]], kinds=["run"])
    act(g, "meld", melds=[["7H", "7S", "7D"], ["3C", "4C", "5C"]])
    assert [m["kind"] for m in g.view(0)["melds"]] == ["set", "run"]


# ---------------------------------------------------------------- B4 turn


def test_b4_meld_on_the_first_turn_and_lay_off_on_anyones_meld() -> None:
    """rule B4: no contract: a player melds on the first turn; anyone lays off on any meld, even
    one who has not melded, several in a turn."""
    g = new_game(
        B,
        2,
        hands=[
            ["8H", "2C", "6S", "9H", "4D", "TD", "QS", "KS", "8D", "JC"],
            ["5H", "6H", "7H", "3C", "3D", "3S", "9S", "TS", "2D", "KD"],
        ],
        up="QC",
        stock=["AD", "3H"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["5H", "6H", "7H"], ["3C", "3D", "3S"]])
    act(g, "discard", card="KD")
    draw_stock(g)  # seat 0 draws 3H
    act(g, "layoff", meld=0, cards=["8H", "9H"])
    act(g, "layoff", meld=1, cards=["3H"])
    v = g.view(0)
    assert v["melds"][0]["cards"] == ["5H", "6H", "7H", "8H", "9H"] and v["melds"][0]["owner"] == 1
    assert len(v["melds"][1]["cards"]) == 4
    act(g, "discard", card="JC")


def test_b4_discard_must_differ_from_the_taken_card() -> None:
    """rule B4: a player who took the top discard must discard a different card (rule B4)."""
    g = new_game(B, 2, hands=[[], ["5H", "6H", "7H", "3C", "3D", "3S", "9S", "TS", "2D", "KD"]], up="QC")
    act(g, "draw", source="discard")
    err = refuse_act(g, "B4", "discard", card="QC")
    assert "QC" in str(err)
    act(g, "discard", card="KD")


def test_b4_meld_leaving_only_the_taken_card_refused() -> None:
    """rule B4 / rule G8: a meld leaving only the taken card in hand is refused in basic rummy too."""
    g = new_game(B, 2, hands=[[], ["7H", "7S", "7D", "8H", "8S", "8D", "9H", "9S", "9D", "9C"]], up="KC")
    act(g, "draw", source="discard")
    refuse_act(g, "G8", "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["9H", "9S", "9D", "9C"]])


# ---------------------------------------------------------------- B5 jokers


def test_b5_anyone_may_swap_a_joker() -> None:
    """rule B5: a player who has melded nothing may swap the joker out of another's meld (G6)."""
    g = new_game(
        B,
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
    draw_stock(g)
    assert g.view(0)["melds"][0]["owner"] == 1
    act(g, "swap", meld=0, card="6H")
    assert "JK" in hand(g, 0)
    assert g.view(1)["melds"][0]["cards"] == ["5H", "6H", "7H"]


# ---------------------------------------------------------------- B6 going out

SETS_AND_RUN = ["7H", "7S", "7D", "8H", "8S", "8D", "2C", "3C", "4C", "5C"]


def test_b6_going_out_by_a_meld() -> None:
    """rule B6: melding the last card ends play at once: no discard is needed."""
    g = new_game(B, 2, hands=[[], SETS_AND_RUN], up="KD", stock=["6C"])
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["2C", "3C", "4C", "5C", "6C"]])
    v = g.view(0)
    assert v["went_out"] == 1 and v["phase"] == "deal_over" and v["hand_sizes"][1] == 0
    assert g.to_act is None
    refuse_act(g, "G10", "discard", player=1, card="KD")


def test_b6_going_out_by_a_meld_after_taking_the_discard() -> None:
    """rule B6: a player who took the discard may still go out by melding everything, the taken card
    included (rule B4 binds only the discard)."""
    g = new_game(B, 2, hands=[[], SETS_AND_RUN], up="6C")
    act(g, "draw", source="discard")
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["2C", "3C", "4C", "5C", "6C"]])
    assert g.view(0)["went_out"] == 1


def test_b6_going_out_by_a_lay_off() -> None:
    """rule B6: laying off the last card ends play at once."""
    g = new_game(
        B, 2, hands=[[], ["7H", "7S", "7D", "8H", "8S", "8D", "9H", "9S", "9D", "7C"]], up="KD", stock=["8C"]
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "layoff", meld=0, cards=["7C"])
    assert g.to_act == 1
    act(g, "layoff", meld=1, cards=["8C"])
    v = g.view(0)
    assert v["went_out"] == 1 and v["deal_end"] == "out" and g.to_act is None


def test_b6_going_out_by_the_discard() -> None:
    """rule B6: discarding the last card ends play."""
    g = new_game(
        B, 2, hands=[[], ["7H", "7S", "7D", "8H", "8S", "8D", "9H", "9S", "9D", "7C"]], up="KD", stock=["QC"]
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "discard", card="QC")
    assert g.view(0)["went_out"] == 1 and g.to_act is None


# ---------------------------------------------------------------- B7 empty stock


def _drain(g: Game) -> None:
    while g.view(0)["stock_size"] > 0:
        quiet_turn(g)


def test_b7_discard_pile_turned_over_not_shuffled() -> None:
    """rule B7: when a card must be drawn from the empty stock, the discard pile is turned over
    (its first discard on top) and the new stock's top card is turned up as the new pile."""
    g = Game.new(B, players=2, seed=6, dealer=0)
    _drain(g)
    v = g.view(0)
    assert v["stock_size"] == 0 and v["discard_size"] == 32
    # not earlier: the player may still take the top discard
    seat = g.to_act
    act(g, "draw", source="discard")
    assert g.view(0)["stock_size"] == 0
    taken = g.view(seat)["taken"]
    act(g, "discard", card=next(c for c in hand(g, seat) if c != taken))
    pile = g.to_dict()["discard"]
    assert len(pile) == 32
    seat = g.to_act
    act(g, "draw", source="stock")
    d = g.to_dict()
    assert d["discard"] == [pile[0]]  # the first card of the old pile, turned up again
    assert g.view(seat)["last_drawn"] == pile[1]  # the next one was the new stock's top
    assert d["stock"] == pile[:1:-1]  # the rest in order: no shuffle
    assert d["rebuilds"] == 1
    rebuild = [e for e in g.view(0)["history"] if e["type"] == "rebuild"]
    assert rebuild == [{"type": "rebuild", "stock": 31, "discard": pile[0]}]


def test_b7_second_turnover_ends_the_deal_with_no_score() -> None:
    """rule B7: a second draw from an empty stock in the deal ends it with nobody out and no score."""
    g = Game.new(B, players=2, seed=7, dealer=0)
    while g.to_act is not None:
        quiet_turn(g)
    v = g.view(0)
    assert v["deal_end"] == "stock_out" and v["went_out"] is None
    assert v["deal_scores"] == [[0, 0]] and v["scores"] == [0, 0]
    assert [e["type"] for e in v["history"]].count("rebuild") == 1
    assert v["phase"] == "deal_over"
    g.apply({"type": "next_deal"})
    assert g.view(0)["deal"] == 2


def _empty_stock(pile: int):
    """A save edit: the stock emptied, the discard pile cut to ``pile`` cards, the others to seat 0."""

    def edit(d: dict) -> None:
        spare = d["stock"] + d["discard"][:-pile]
        d["discard"] = d["discard"][-pile:]
        d["stock"] = []
        d["hands"][0] = d["hands"][0] + spare

    return edit


def test_b7_fewer_than_two_discards_ends_the_deal_with_no_score() -> None:
    """rule B7: with one card in the discard pile there is nothing to turn over: the deal ends,
    nobody out, no score."""
    g = unreachable(new_game(B, 2, hands=[[], []], up="KD"), _empty_stock(1))
    assert g.to_act == 1
    act(g, "draw", source="stock")
    v = g.view(0)
    assert v["deal_end"] == "stock_out" and v["deal_scores"] == [[0, 0]]


def test_b7_two_discards_are_enough_to_turn_over() -> None:
    """rule B7: with two discards, the bottom one is turned up and the other is the whole stock."""
    g = new_game(B, 2, hands=[[], []], up="KD", stock=["5C"])
    quiet_turn(g)  # seat 1 throws 5C: pile KD 5C
    g = unreachable(g, _empty_stock(2))
    act(g, "draw", source="stock")
    assert g.view(0)["discard_top"] == "KD"
    assert g.view(0)["last_drawn"] == "5C"
    assert g.view(0)["stock_size"] == 0


# ---------------------------------------------------------------- B8 score

B8_HANDS = [
    ["AS", "AD", "KS", "QS", "JS", "TS", "9S", "2H", "3H", "JK"],  # 1+1+40+9+2+3+15 = 71
    SETS_AND_RUN,
    ["AH", "AC", "5D", "6D", "7C", "8C", "2D", "3S", "4S", "9C"],  # 1+1+5+6+7+8+2+3+4+9 = 46
]


def _b8_out(options: dict) -> Game:
    g = new_game(B, 3, hands=B8_HANDS, up="KD", stock=["6C"], options={"jokers": 1, **options})
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8H", "8S", "8D"], ["2C", "3C", "4C", "5C", "6C"]])
    return g


@pytest.mark.parametrize("ace_high", [False, True])
def test_b8_the_one_out_scores_the_other_hands(ace_high: bool) -> None:
    """rule B8: the winner scores all other hands: joker 15, K Q J 10, ace 1 (11 with ace_high),
    others their index value (T is 10)."""
    g = _b8_out({"ace_high": ace_high, "target": 1000})
    expected = sum(value(c, ace_high) for seat in (0, 2) for c in B8_HANDS[seat])
    assert expected == (157 if ace_high else 117)
    v = g.view(0)
    assert v["deal_scores"] == [[0, expected, 0]]
    assert v["scores"] == [0, expected, 0]


# ---------------------------------------------------------------- B9 target


def test_b9_game_ends_when_a_player_reaches_the_default_target_100() -> None:
    """rule B9: the game ends when a player reaches the target, default 100."""
    g = _b8_out({})
    assert g.options.target == 100
    assert g.over and g.to_act is None and g.winners() == [1]
    refuse_act(g, "G10", "next_deal")


@pytest.mark.parametrize(("target", "over"), [(117, True), (118, False), (50, True), (200, False)])
def test_b9_target_option(target: int, over: bool) -> None:
    """rule B9: option `target`; reaching it exactly is enough; below it the next deal follows."""
    g = _b8_out({"target": target})
    assert g.over is over
    if not over:
        assert g.winners() == []
        g.apply({"type": "next_deal"})
        v = g.view(0)
        assert v["deal"] == 2 and v["dealer"] == 1 and v["scores"] == [0, 117, 0]


@pytest.mark.parametrize("bad", [0, -5, "100", True, 1.5, None])
def test_b9_bad_target_refused(bad: Any) -> None:
    """rule B9: `target` must be a whole number of at least 1."""
    with pytest.raises(ValueError, match="target"):
        Game.new(B, players=2, seed=1, options={"target": bad})
