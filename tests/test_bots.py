"""The computer players (``rommi.bots``): always legal, always finishing, reproducible, blind.

Every bot choice here is applied to a real ``Game``; a refusal fails the test
with the seed that shows it (rule G10). The tournament command
(``python -m rommilab.tournament``) plays hundreds of such matches; the suite
plays a handful per game and level, and then checks the seed's strategy tips
in scenarios on stacked decks.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rommi import Game, IllegalAction
from rommi.actions import Action
from rommi.bots import LEVELS, make_bot
from rommilab.tournament import play_match, wilson
from stacking import act, new_game

DEAL_BOUND = 3000


def play(
    variant: str, players: int, seed: int, levels: list[str], options: dict[str, Any] | None = None
) -> tuple[Game, list[tuple[int, dict[str, Any], Action]]]:
    """A whole match of bots; returns the game and every (seat, view, action)."""
    g = Game.new(variant, players, seed=seed, options=options)
    bots = [make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    log: list[tuple[int, dict[str, Any], Action]] = []
    in_deal = 0
    where = f"variant={variant} players={players} seed={seed} levels={levels} options={options}"
    while not g.over:
        seat = g.to_act
        if seat is None:
            g.apply({"type": "next_deal"})
            in_deal = 0
            continue
        view = g.view(seat)
        action = bots[seat].choose(view)
        try:
            g.apply(action)
        except IllegalAction as e:
            pytest.fail(f"{levels[seat]} bot played {action} refused for rule {e.rule}: {e} ({where})")
        log.append((seat, view, action))
        in_deal += 1
        assert in_deal <= DEAL_BOUND, f"deal {g.deal} did not end within {DEAL_BOUND} actions ({where})"
    return g, log


MATCHES = [
    ("contract", 4, ["hard", "normal", "easy", "normal"], None),
    ("contract", 3, ["hard", "hard", "hard"], None),
    ("contract", 5, ["easy", "hard", "normal", "easy", "hard"], {"max_buys": 2}),
    (
        "contract",
        6,
        ["normal", "easy", "hard", "normal", "easy", "hard"],
        {"jokers": 4, "runs_differ_in_suit": True},
    ),
    ("basic", 2, ["hard", "normal"], None),
    ("basic", 2, ["easy", "hard"], {"jokers": 2, "ace_high": True}),
    ("basic", 4, ["easy", "normal", "hard", "hard"], {"target": 60}),
    ("basic", 7, ["hard", "easy", "normal", "hard", "easy", "normal", "hard"], {"jokers": 3}),
]


@pytest.mark.parametrize(("variant", "players", "levels", "options"), MATCHES)
def test_seeded_matches_are_legal_and_end(
    variant: str, players: int, levels: list[str], options: dict[str, Any] | None
) -> None:
    """rules G8, G10, C6, C7, C8, C10, C12, C13, C15, B4, B6, B7, B9: bots of every level play whole
    matches of both games with only legal actions (buys, passes, lay-downs, lay-offs, joker swaps and
    deal 7 included), and every deal ends within a bound."""
    seed = 11 + players
    g, log = play(variant, players, seed, levels, options)
    assert g.over, f"seed={seed}"
    kinds = {a.type for _, _, a in log}
    assert {"draw", "discard", "meld"} <= kinds, f"seed={seed}: {kinds}"
    if variant == "contract":
        assert len(g.view(0)["deal_scores"]) == 7
        assert "pass" in kinds, f"seed={seed}"


def test_every_level_reaches_every_kind_of_action() -> None:
    """rules C6, C8, C9, C12, G6: across a few contract matches the bots buy, lay off, swap jokers and
    finish deal 7."""
    seen: dict[str, set[str]] = {lv: set() for lv in LEVELS}
    for seed in (3, 4):
        levels = ["hard", "normal", "easy", "expert"]
        _, log = play("contract", 4, seed, levels, {"jokers": 6})
        for seat, _, a in log:
            seen[levels[seat]].add(a.type)
    for lv in LEVELS:
        assert {"buy", "pass", "layoff", "meld", "draw", "discard"} <= seen[lv], (lv, seen[lv])
    assert "swap" in seen["hard"] | seen["normal"]


def test_same_seed_same_views_same_choices() -> None:
    """rule G9: a bot's choices depend only on its seed and the views it is shown."""
    levels = ["hard", "normal", "easy", "hard"]
    g1, log1 = play("contract", 4, 21, levels)
    g2, log2 = play("contract", 4, 21, levels)
    assert [a for _, _, a in log1] == [a for _, _, a in log2]
    assert g1.view(0)["scores"] == g2.view(0)["scores"]
    # A fresh bot shown the recorded views (round-tripped through JSON) makes the recorded choices.
    fresh = {s: make_bot(lv, 21 * 7 + s) for s, lv in enumerate(levels)}
    for seat, view, action in log1[::7]:
        again = json.loads(json.dumps(view))
        assert fresh[seat].choose(again) == action
        assert fresh[seat].choose(copy.deepcopy(view)) == action


def test_choose_does_not_change_the_view() -> None:
    """A bot treats the view as read-only."""
    g = Game.new("contract", 4, seed=5)
    for lv in LEVELS:
        view = g.view(g.to_act or 0)
        before = json.dumps(view, sort_keys=True)
        make_bot(lv, 1).choose(view)
        assert json.dumps(view, sort_keys=True) == before


# -------------------------------------------------------------- no peeking

DEALT = [
    ["7H", "7S", "8D", "9D", "TD", "KC", "2S", "4H", "QS", "AC"],
    ["3C", "3D", "5H", "6H", "JC", "JD", "9S", "2D", "KH", "4C"],
    ["5S", "5C", "8H", "9H", "TH", "QD", "QC", "6D", "AS", "3H"],
    ["6C", "7C", "8C", "JH", "JS", "KD", "KS", "2H", "4D", "TC"],
]
STOCK = ["7D", "9C", "3S", "AH", "QH", "5D", "6S", "8S", "2C", "4S", "TS", "AD"]


def _twin_games(players: int) -> tuple[Game, Game]:
    """Two deals that differ only in cards seat 0 cannot see: two opponents' cards swapped, and an
    opponent's card swapped with one deep in the stock."""
    hands_a = [list(h) for h in DEALT[:players]]
    g_a = new_game("contract", players, hands_a, "6S", STOCK[:6], dealer=players - 1, seed=4)
    deck = _deck_of(g_a)
    # seat 1's 3C <-> seat 2's 5S, and seat 3's (or seat 2's) TH <-> the stock's last card
    deck_b = list(deck)
    i = _dealt_index(players, 1, hands_a[1].index("3C"))
    k = _dealt_index(players, 2, hands_a[2].index("5S"))
    deck_b[i], deck_b[k] = deck_b[k], deck_b[i]
    m = _dealt_index(players, 2, hands_a[2].index("TH"))
    deck_b[m], deck_b[-1] = deck_b[-1], deck_b[m]
    g_b = Game.new("contract", players, seed=4, dealer=players - 1, deck=deck_b)
    g_a2 = Game.new("contract", players, seed=4, dealer=players - 1, deck=deck)
    assert g_a2.hand(1) != g_b.hand(1)
    return g_a2, g_b


def _dealt_index(players: int, seat: int, pos: int) -> int:
    """Where the ``pos``-th card of ``seat``'s hand sits in the deck (dealer = last seat)."""
    return pos * players + seat


def _deck_of(g: Game) -> list[str]:
    d = g.to_dict()
    players = d["players"]
    hands = d["hands"]
    dealt = [hands[(d["dealer"] + 1 + i) % players][i // players] for i in range(players * 10)]
    return dealt + d["discard"] + list(reversed(d["stock"]))


def plain_move(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The other seats' moves in the twin games: pass, draw from the stock, throw the card drawn."""
    if view["phase"] == "buy":
        return {"type": "pass", "player": seat}
    if view["phase"] == "draw":
        return {"type": "draw", "player": seat, "source": "stock"}
    return {"type": "discard", "player": seat, "card": view["last_drawn"]}


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking(level: str) -> None:
    """rule G9 and PROTOCOL: two games that differ only in cards seat 0 cannot see (other hands, the
    stock below its top) give seat 0's bot the same view and so the same choices, turn after turn."""
    g_a, g_b = _twin_games(4)
    bot = make_bot(level, 9)
    compared = 0
    for _ in range(120):
        if g_a.over or g_a.to_act is None:
            break
        seat = g_a.to_act
        assert g_b.to_act == seat
        va, vb = g_a.view(seat), g_b.view(seat)
        if seat == 0:
            assert va == vb
            a, b = bot.choose(va), bot.choose(vb)
            assert a == b, f"{level}: {a} != {b}"
            compared += 1
            action = a
        else:
            action = plain_move(va, seat)
        g_a.apply(action)
        g_b.apply(action)
    assert compared >= 10


# ------------------------------------------------------------ strategy tips


def _feed_position() -> Game:
    """As the tips' example: seat 0 threw 5♠, the next player (seat 1) took it from the pile."""
    hands = [
        ["5S", "9C", "9D", "9H", "KC", "KD", "6S", "4D", "2H", "3C"],
        ["QH", "TC", "TD", "8H", "8S", "AC", "AD", "7C", "7D", "JH"],
        ["JC", "3S", "3D", "4C", "4S", "6C", "6D", "QC", "8D", "AS"],
        ["JD", "TS", "TH", "5C", "5D", "7S", "7H", "9S", "KS", "QS"],
    ]
    stock = ["2D", "4H", "6H", "3H"]
    g = new_game("contract", 4, hands, "KH", stock, dealer=3, seed=2)
    act(g, "draw", source="stock")  # seat 0 draws 2D
    for _ in range(3):
        act(g, "pass")
    act(g, "discard", card="5S")
    act(g, "draw", source="discard")  # seat 1 takes the 5♠
    act(g, "discard", card="QH")
    act(g, "draw", source="stock")  # seat 2 draws 4H
    for _ in range(3):
        act(g, "pass")
    act(g, "discard", card="JC")
    act(g, "draw", source="stock")  # seat 3 draws 6H
    for _ in range(3):
        act(g, "pass")
    act(g, "discard", card="JD")
    act(g, "draw", source="stock")  # seat 0 draws 3H
    for _ in range(3):
        act(g, "pass")
    assert g.to_act == 0 and g.phase.value == "play"
    return g


def test_hard_holds_back_a_dangerous_discard() -> None:
    """rule G8 (what the next player may take): seat 1 took the 5♠ from the discard pile, so the hard
    bot keeps its 6♠ and throws a safe card instead; the normal bot, who does not watch, throws the 6♠
    (its most expensive useless card)."""
    g = _feed_position()
    view = g.view(0)
    assert sorted(view["hand"]) == sorted(["9C", "9D", "9H", "KC", "KD", "6S", "4D", "2H", "3C", "2D", "3H"])
    hard = make_bot("hard", 1).decide(view)
    assert hard.action.to_json()["type"] == "discard"
    assert hard.action.to_json()["card"] != "6S"
    assert hard.key == "discard_avoid_feeding"
    assert hard.params["avoided"] == "6S" and hard.params["took"] == "5S" and hard.params["player"] == 1
    assert make_bot("normal", 1).choose(view).to_json() == {"type": "discard", "player": 0, "card": "6S"}
    g.apply(hard.action)


def _dead_position() -> Game:
    """Basic rummy, two players. Seat 1 has thrown Q♠, Q♦, J♥ and K♥: seat 0's Q♥ can make no set
    (one queen left) and no run (J♥ and K♥ gone), so it is dead; its K♣ is not."""
    hands = [
        ["AS", "2S", "3S", "5D", "5H", "5C", "7C", "8C", "QH", "KC"],
        ["QS", "QD", "JH", "KH", "2C", "4C", "6H", "9D", "TS", "JS"],
    ]
    stock = ["TD", "3D", "6S", "2D", "4S", "8D", "2H", "7D", "9C"]
    g = new_game("basic", 2, hands, "4D", stock, dealer=1, seed=3)
    for card in ("QS", "QD", "JH", "KH"):
        act(g, "draw", source="stock")
        act(g, "discard", card=g.view(0)["last_drawn"])
        act(g, "draw", source="stock")
        act(g, "discard", card=card)
    act(g, "draw", source="stock")  # seat 0 draws 9♣
    assert g.to_act == 0 and g.phase.value == "play"
    return g


def test_hard_throws_the_dead_card_first() -> None:
    """rules B3, B4 and the tips' dead card: with Q♥ dead and K♣ alive, both loose and worth 10 (B8),
    the hard bot throws the Q♥ (keeping its melds in hand while the opponent is far from going out);
    the normal bot, who does not remember the pile, lays its melds down and throws the K♣."""
    g = _dead_position()
    view = g.view(0)
    assert "QH" in view["hand"] and "KC" in view["hand"] and "9C" in view["hand"]
    hard = make_bot("hard", 2).decide(view)
    assert hard.action.to_json() == {"type": "discard", "player": 0, "card": "QH"}
    assert hard.key == "discard_dead"
    assert "JH" in hard.params["seen"] and "KH" in hard.params["seen"]
    normal = make_bot("normal", 2)
    action = normal.choose(view)
    while action.type != "discard":  # the normal bot lays its melds down first
        g.apply(action)
        action = normal.choose(g.view(0))
    assert action.to_json()["card"] == "KC"


def test_hard_takes_a_discard_only_when_it_is_used() -> None:
    """rules G8, C4: the hard bot takes the 7♥ that completes its set of sevens in deal 1, and draws
    from the stock when the discard is a card its hand cannot use."""
    hands = [
        ["7S", "7D", "9C", "9D", "KC", "QD", "2H", "4S", "5C", "JH"],
        ["QH", "TC", "TD", "8H", "8S", "AC", "AD", "7C", "3D", "JS"],
        ["JC", "3S", "6C", "4C", "4H", "6S", "6D", "8C", "8D", "AS"],
    ]
    g = new_game("contract", 3, hands, "7H", ["2D"], dealer=2, seed=5)
    d = make_bot("hard", 3).decide(g.view(0))
    assert d.action.to_json() == {"type": "draw", "player": 0, "source": "discard"}
    assert d.key == "take_completes_set" and d.params["card"] == "7H"
    g2 = new_game("contract", 3, hands, "3C", ["2D"], dealer=2, seed=5)
    d2 = make_bot("hard", 3).decide(g2.view(0))
    assert d2.action.to_json()["source"] == "stock" and d2.key == "draw_stock_no_help"


def test_deal7_lays_down_everything_at_once() -> None:
    """rule C12: in deal 7 a bot lays down only when all its cards but one go down, then discards last."""
    hands = [
        ["2H", "3H", "4H", "5C", "6C", "7C", "9S", "TS", "JS", "KD"],
        ["QH", "TC", "TD", "8H", "8S", "AC", "AD", "7D", "3D", "JC"],
        ["3S", "6S", "4C", "4S", "6D", "8C", "8D", "AS", "2C", "9D"],
    ]
    for level in LEVELS:
        g = new_game("contract", 3, hands, "2D", ["QS", "5H"], dealer=2, deal=7, seed=6)
        bot = make_bot(level, 4)
        before = bot.choose(g.view(0))
        assert before.to_json() == {"type": "draw", "player": 0, "source": "stock"}, level
        g.apply(before)
        while g.phase.value == "buy":
            g.apply({"type": "pass", "player": g.to_act})
        view = g.view(0)
        assert g.to_act == 0 and "QS" in view["hand"]
        action = bot.choose(view)
        assert action.type == "meld", (level, action)
        assert sum(len(m) for m in action.to_json()["melds"]) == len(view["hand"]) - 1 == 10
        g.apply(action)
        last = bot.choose(g.view(0))
        assert last.to_json() == {"type": "discard", "player": 0, "card": "KD"}
        g.apply(last)
        assert g.view(0)["went_out"] == 0


def test_tournament_counts_and_interval() -> None:
    """rule C15: the tournament counts a shared win as 1/k; its interval is Wilson's."""
    lo, hi = wilson(40, 100)
    assert 0.30 < lo < 0.31 and 0.49 < hi < 0.50
    r = play_match("basic", 2, 5, ["hard", "normal"], {"target": 30}, hero_seat=0)
    assert r.hero_share in (0, 1)
    assert set(r.latencies) == {"hard", "normal"}


def test_bots_stop_taking_discards_so_the_deal_ends() -> None:
    """rules G8, C13: the stock runs down only through stock draws, so after the discard pile has gone
    round (two takes per player in a row) every level draws from the stock, even for a card it wants."""
    hands = [["7S", "7D", "3D", "6C"], ["4S", "8D"], ["5H", "7H"]]
    g = new_game("contract", 3, hands, "2C", [], dealer=2, seed=7)
    for card in ("3D", "4S", "5H", "6C", "8D", "7H"):
        act(g, "draw", source="discard")
        act(g, "discard", card=card)
    view = g.view(0)
    assert view["to_act"] == 0 and view["discard_top"] == "7H"
    for level in LEVELS:
        d = make_bot(level, 1).decide(view)
        assert d.action.to_json() == {"type": "draw", "player": 0, "source": "stock"}, level
        assert d.key == "draw_stock_keep_moving"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_hand_that_already_meets_the_contract_does_not_buy_for_it(level: str) -> None:
    """rules C3, C6: holding two sets for deal 1 already, a 5♣ that fits nothing is passed; a
    hand one card short of the contract buys the card that completes it."""
    from stacking import new_game

    met = ["7H", "7S", "7D", "9C", "9H", "9S", "KS", "2D", "4D", "JC"]
    short = ["7H", "7S", "9C", "9H", "9S", "KS", "2D", "4D", "JC", "QH"]
    for hand, card, want in ((met, "5C", "pass"), (short, "7D", "buy")):
        g = new_game("contract", 3, [[], [], hand], card, ["8S"], dealer=2)
        g.apply({"type": "draw", "player": 0, "source": "stock"})
        g.apply({"type": "pass", "player": 1})
        assert g.to_act == 2 and g.view(2)["phase"] == "buy", g.view(2)["phase"]
        decision = make_bot(level, 3).decide(g.view(2))
        assert decision.action.type == want, (hand, card, decision.key)
