"""Issue 44: in basic rummy the expert reads the turned-over pile as the stock it is (rule B7).

The pile is turned over, not shuffled, so once the first stock is used up every card still to be
drawn was thrown face up in this deal, in an order the log shows. The expert works out from it the
soonest its hand can go out (``rommi.bots.ahead``) and draws and discards for that; its judgement,
which treats the stock as chance, decides everywhere else.
"""

from __future__ import annotations

import pytest

from hard_play import hard_match
from rommi import Game
from rommi.bots.ahead import UNKNOWN_TAIL, draws_ahead, melded, seat_draws, soonest_out
from rommi.bots.expert import ExpertBot
from rommi.bots.hard import HardBot
from rommi.bots.table import parse_view
from rommi.cards import Card
from stacking import act, full_deck, new_game, quiet_turn


def _cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


@pytest.mark.parametrize(
    ("codes", "most"),
    [
        ("2C 3C 4C 5C 9H 9S 9D", 7),  # a run of four and a set of three (B3)
        ("2C 3C 4C 5C 9H 9S KD", 4),
        ("5S 5H 5D 4S 6S", 3),  # the five of spades goes into the set or the run, not both
        ("4S 5S 6S 5H 5D 5C", 6),  # the run and the other three fives
        ("QS KS AS", 0),  # the ace is low (B3's option off): no Q-K-A
        ("AS 2S 3S", 3),
        ("7H 7H 7S", 3),  # two decks: a suit may repeat in a set (G3)
        ("7H 7H 8H", 0),
    ],
)
def test_melded_counts_the_most_cards_sets_and_runs_take_at_once(codes: str, most: int) -> None:
    """rules G3, G4, B3: the most of the cards that sets and runs take at once, each card once."""
    assert melded(_cards(codes)) == most


def test_soonest_out_is_the_first_draw_that_completes_the_hand() -> None:
    """rule B6: a hand of seven goes out on the draw after which seven of its eight cards meld; any
    card may be thrown on the way, so the cards drawn before count too; an unknown draw helps nothing."""
    hand = _cards("2C 3C 4C 5C 9H 9S KD")
    assert soonest_out(hand, _cards("7D KS KH"), set()) == 3  # KD KS KH and the run
    assert soonest_out(hand, _cards("9D 7D"), set()) == 1
    assert soonest_out(hand, [None, Card.parse("7D")], set()) is None
    assert soonest_out(hand, [None, Card.parse("9C")], set()) == 2
    # a card a lay-off onto the table takes counts as placed (B4)
    assert soonest_out(hand, _cards("8D"), {Card.parse("KD"), Card.parse("8D")}) is None
    assert soonest_out(hand, _cards("8D 9C"), {Card.parse("KD")}) == 2


def test_seat_draws_take_every_players_th_card() -> None:
    ahead = _cards("2C 3C 4C 5C 6C 7C 8C 9C TC")
    assert seat_draws(ahead, 0, 4) == _cards("2C 6C TC")
    assert seat_draws(ahead, 3, 4) == _cards("5C 9C")


def _stock_of(g: Game) -> list[str]:
    """The real stock, top first (what no seat sees)."""
    return list(reversed(g.to_dict()["stock"]))


@pytest.mark.parametrize("seed", [1, 3, 9])
def test_b7_the_turned_over_stock_read_from_a_view_is_the_real_one(seed: int) -> None:
    """rule B7: after the turn-over, every seat's view gives the stock card for card as the game
    holds it (read from the log alone); with the first stock's last ``UNKNOWN_TAIL`` cards to go,
    those unknown and then the pile as it will be turned over; before that, nothing is claimed.
    Four hard players, one match of seed 1, 3 or 9 (each with deals that reach the turn-over),
    every view."""
    turned = before = near = 0
    for g, view in hard_match("basic", 4, seed):
        ahead = draws_ahead(parse_view(view))
        if view["rebuilds"]:
            assert ahead is not None and [str(c) for c in ahead] == _stock_of(g), (seed, view["history"])
            turned += 1
        elif view["stock_size"] <= UNKNOWN_TAIL and view["discard_size"] >= 2:
            # the first stock's last cards unknown, then the pile as it will be turned over
            k = view["stock_size"]
            assert ahead is not None and ahead[:k] == [None] * k
            assert [str(c) for c in ahead[k:]] == g.to_dict()["discard"][1:]
            near += 1
        else:
            assert ahead is None
            before += 1
    assert turned > 20 and before > 20 and near > 5, (turned, before, near)


# Seat 0 holds a run of four clubs, a pair of nines and the king of diamonds; the other nines and
# kings wait where the test puts them. Everybody draws from the stock and throws the card drawn,
# so the pile turned over is the turned-up card and then the first stock in its order: in the
# second pass seat 0 draws its 1st, 5th, 9th ... card, and takes the 4th, 8th ... if it takes the
# discard of seat 3 (who threw the card it drew).
HANDS = [
    ["2C", "3C", "4C", "5C", "9H", "9S", "KD"],
    ["9D", "6C", "AC", "2D", "3D", "4H", "5S"],
    ["9C", "8S", "TD", "JH", "2H", "3H", "6D"],
    ["KC", "QC", "JC", "TC", "8H", "2S", "3S"],
]
UP = "6H"


def _first_stock(cards_at: dict[int, str]) -> list[str]:
    """The 23 cards of the first stock, top first: ``cards_at`` by position (1 is the top), the
    rest from ``FILL`` in order."""
    used = {c for h in HANDS for c in h} | {UP, *cards_at.values()}
    fill = iter(c for c in full_deck("basic", 4) if c not in used)
    return [cards_at.get(i) or next(fill) for i in range(1, 24)]


def _second_pass(cards_at: dict[int, str]) -> Game:
    """The stacked deal played to the turn-over with quiet turns, and seat 0's first draw of the
    turned-over stock (its position 1) made."""
    stock = _first_stock(cards_at)
    g = new_game("basic", 4, HANDS, up=UP, stock=stock, dealer=0)
    for _ in range(23):  # seats 1, 2, 3, 0 ... draw the whole first stock
        quiet_turn(g)
    assert g.to_act == 0 and g.view(0)["stock_size"] == 0
    act(g, "draw", source="stock")  # the pile turns over (B7): seat 0 draws its second card
    assert str(g.view(0)["last_drawn"]) == stock[0]
    return g


def _decide(bot: HardBot, g: Game, seat: int = 0) -> tuple[str, str | None, str]:
    d = bot.decide(g.view(seat))
    j = d.action.to_json()
    return j["type"], j.get("card") or j.get("source"), d.key


def test_b7_the_expert_keeps_the_card_the_known_stock_completes() -> None:
    """rules B6, B7: seat 0 drew the 7♦; the stock, the turned-over pile, brings it the K♠ and then
    the K♥. Hard, which treats the stock as chance, throws the lone king (more points than the 7♦);
    the expert keeps it and throws the 7♦, and says why."""
    g = _second_pass({1: "7D", 5: "KS", 9: "KH"})
    assert _decide(HardBot(1), g)[:2] == ("discard", "KD")
    kind, card, key = _decide(ExpertBot(1, rollouts=0), g)
    assert (kind, card, key) == ("discard", "7D", "discard_stock_known")
    d = ExpertBot(1, rollouts=0).decide(g.view(0))
    assert (d.params["seen"], d.params["avoided"]) == ("KS KH", "KD")


def test_b7_the_expert_takes_the_discard_that_moves_the_known_stock_its_way() -> None:
    """rules B7, G8: seat 3 threw the K♠; from the stock seat 0 would get the 5th, 9th ... cards of
    the turned-over pile, none of them any use, but taking the K♠ moves every later card one seat
    on, and the 8th is the K♥: taking it, seat 0 goes out on its next draw."""
    g = _second_pass({1: "7D", 4: "KS", 8: "KH"})
    act(g, "discard", card="7D")
    for _ in range(3):
        quiet_turn(g)
    view = g.view(0)
    assert view["discard_top"] == "KS"
    assert _decide(HardBot(1), g)[:2] == ("draw", "stock")  # hard sees a lone pair of kings
    d = ExpertBot(1, rollouts=0).decide(view)
    assert d.action.to_json() == {"type": "draw", "player": 0, "source": "discard"}
    assert (d.key, d.params["seen"]) == ("take_stock_known", "KH")


def test_at_two_players_the_expert_plays_as_before() -> None:
    """At two players the known stock is not used (``MIN_PLAYERS``): playing for the pile behind the
    first stock's last cards lost matches there. Hard players, one match of seed 1, every view."""
    views = 0
    for _, view in hard_match("basic", 2, 1):
        assert draws_ahead(parse_view(view)) is None
        views += 1
    assert views > 20, views
