"""The engine's public face (docs/protocol.md): making games, options, refusals, views.

Rule ids named here: G7 (who acts), G10 (refusals), C2/B1 (options), C6 (buy
window seen from outside).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from rommi import Game, IllegalAction, Phase
from rommi.errors import IllegalAction as ErrorsIllegalAction
from rommi.messages import MESSAGES, render
from rommilab.randomplay import random_action
from stacking import act, draw_stock, hand, new_game, quiet_turn, refuse_act, saved

CARD = re.compile(r"\b(?:[A2-9TJQK][SHDC]|JK)\b")


# ---------------------------------------------------------------- IllegalAction


def test_illegal_action_is_a_value_error_with_rule_and_plain_message() -> None:
    """rule G10: refusals are `IllegalAction`, a `ValueError`, with `.rule` and a plain-words message."""
    assert IllegalAction is ErrorsIllegalAction
    assert issubclass(IllegalAction, ValueError)
    g = Game.new("contract", players=3, seed=1)
    before = saved(g)
    with pytest.raises(ValueError) as info:
        g.apply({"type": "discard", "player": g.to_act, "card": str(g.hand(g.to_act)[0])})
    err = info.value
    assert saved(g) == before
    assert isinstance(err, IllegalAction)
    assert err.rule == "G8"
    text = str(err)
    assert text and text[0].isupper() and text.endswith(".")
    assert "{" not in text and "}" not in text
    d = err.to_dict()
    assert d["rule"] == "G8" and d["message"] == text and json.loads(json.dumps(d)) == d


def test_every_message_renders_in_plain_words() -> None:
    """rule G10: every refusal message renders without leftover placeholders."""
    params = {
        "detail": "x",
        "type": "fly",
        "field": "card",
        "text": "7X",
        "player": 1,
        "to_act": 2,
        "phase": "p",
        "cards": "7H 8H",
        "count": 2,
        "kind": "pair",
        "meld": 0,
        "card": "7H",
        "deal": 3,
        "contract": "c",
        "suits": "hearts",
        "max": 3,
    }
    for key in MESSAGES:
        text = render(key, params)
        assert "{" not in text and "}" not in text, key


# ---------------------------------------------------------------- making games and options


@pytest.mark.parametrize(
    ("variant", "players", "options", "name"),
    [
        ("contract", 3, {"ace_high": True}, "ace_high"),
        ("contract", 3, {"target": 50}, "target"),
        ("contract", 3, {"hand_size": 7}, "hand_size"),
        ("contract", 3, {"decks": 3}, "decks"),
        ("contract", 3, {"colour": "red"}, "colour"),
        ("basic", 2, {"max_buys": 3}, "max_buys"),
        ("basic", 2, {"runs_differ_in_suit": True}, "runs_differ_in_suit"),
        ("basic", 2, {"Jokers": 1}, "Jokers"),
        ("contract", 3, {"jokers": 13}, "jokers"),
        ("contract", 3, {"jokers": -1}, "jokers"),
        ("contract", 3, {"jokers": "1"}, "jokers"),
        ("contract", 3, {"jokers": None}, "jokers"),
        ("contract", 3, {"max_buys": -1}, "max_buys"),
        ("contract", 3, {"max_buys": 2.0}, "max_buys"),
        ("contract", 3, {"runs_differ_in_suit": "yes"}, "runs_differ_in_suit"),
        ("contract", 3, {"runs_differ_in_suit": 1}, "runs_differ_in_suit"),
        ("basic", 2, {"ace_high": 1}, "ace_high"),
        ("basic", 2, {"ace_high": None}, "ace_high"),
        ("basic", 2, {"target": 0}, "target"),
        ("basic", 2, {"target": "100"}, "target"),
        ("basic", 4, {"hand_size": 8}, "hand_size"),
        ("basic", 4, {"decks": 3}, "decks"),
        ("basic", 2, {"jokers": 13}, "jokers"),
    ],
)
def test_options_validation_names_the_option(variant: str, players: int, options: dict, name: str) -> None:
    """rule C2 / rule B1: an option the game lacks or a bad value raises ValueError naming the option."""
    with pytest.raises(ValueError) as info:
        Game.new(variant, players=players, seed=1, options=options)
    assert not isinstance(info.value, IllegalAction)
    assert name in str(info.value)


@pytest.mark.parametrize("options", [5, "jokers", ["jokers"], True])
def test_options_that_are_not_a_mapping_raise_value_error(options: Any) -> None:
    """rule C2: `options` that is not a mapping is a bad value: ValueError, never a TypeError."""
    with pytest.raises(ValueError):
        Game.new("contract", players=3, seed=1, options=options)


def test_options_defaults_filled_in() -> None:
    """rule C2 / rule C6 / rule B1: defaults of every option, as the view reports them."""
    c = Game.new("contract", players=3, seed=1).view(0)["options"]
    assert c["jokers"] == 1 and c["max_buys"] is None and c["runs_differ_in_suit"] is False
    assert Game.new("contract", players=6, seed=1).view(0)["options"]["jokers"] == 2
    b = Game.new("basic", players=2, seed=1).view(0)["options"]
    assert b["jokers"] == 0 and b["ace_high"] is False and b["target"] == 100
    assert b["decks"] == 1 and b["hand_size"] == 10
    assert (
        Game.new("contract", players=3, seed=1, options=None).options
        == Game.new("contract", players=3, seed=1, options={}).options
    )


def test_every_allowed_layout_leaves_a_stock_and_a_discard() -> None:
    """rule B1 / rule C2: every option combination the engine accepts leaves two or more cards for
    the stock and the discard pile (the protocol's last ValueError case can never arise)."""
    for players in range(3, 9):
        for jokers in (0, 12):
            v = Game.new("contract", players=players, seed=1, options={"jokers": jokers}).view(0)
            assert v["stock_size"] + v["discard_size"] >= 2
    for players, decks, size in [
        (2, 1, 10),
        (3, 1, 10),
        (3, 1, 7),
        (4, 1, 7),
        (5, 1, 7),
        (5, 2, 10),
        (7, 2, 10),
    ]:
        g = Game.new("basic", players=players, seed=1, options={"decks": decks, "hand_size": size})
        v = g.view(0)
        assert v["stock_size"] + v["discard_size"] >= 2


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "gin"},
        {"variant": None},
        {"seed": "7"},
        {"seed": 1.5},
        {"seed": True},
        {"deal": 0},
        {"deal": 8},
        {"deal": "2"},
        {"dealer": 3},
        {"dealer": -1},
        {"dealer": "0"},
        {"deck": ["AS"] * 105},
        {"deck": []},
    ],
)
def test_game_new_bad_arguments_raise_value_error(kwargs: dict) -> None:
    """rule G7: bad variant, seed, deal, dealer or stacked deck raise ValueError."""
    args: dict[str, Any] = {"variant": "contract", "players": 3, "seed": 1, **kwargs}
    with pytest.raises(ValueError):
        Game.new(**args)


def test_basic_game_has_no_deal_limit() -> None:
    """rule B9: basic rummy has no fixed number of deals, so any deal number may start it."""
    assert Game.new("basic", players=2, seed=1, deal=12).deal == 12
    with pytest.raises(ValueError):
        Game.new("basic", players=2, seed=1, deal=0)


# ---------------------------------------------------------------- to_act and phases


def test_to_act_through_a_turn_and_between_deals() -> None:
    """rule G7 / rule C6: `to_act` is the drawer, then each seat asked in the buy window, then the
    drawer again; `None` between deals."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7S", "7D", "7C", "8H", "8S", "8D", "8C", "9H", "9S"], []],
        up="QD",
        stock=["9D"],
    )
    seen = [g.to_act]
    act(g, "draw", source="stock")
    seen.append(g.to_act)
    act(g, "pass")
    seen.append(g.to_act)
    act(g, "pass")
    seen.append(g.to_act)
    assert seen == [1, 2, 0, 1]
    assert g.phase is Phase.PLAY and g.view(0)["phase"] == "play"
    act(g, "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    act(g, "discard", card="8C")
    assert g.to_act is None and g.phase is Phase.DEAL_OVER and not g.over


# ---------------------------------------------------------------- views

PROTOCOL_KEYS = {
    "hand",
    "hand_sizes",
    "melds",
    "discard_top",
    "discard_size",
    "stock_size",
    "deal",
    "contract",
    "phase",
    "to_act",
    "scores",
    "deal_scores",
    "history",
}


@pytest.mark.parametrize(("variant", "players"), [("contract", 3), ("basic", 2)])
def test_view_has_the_protocol_keys_and_is_json_safe(variant: str, players: int) -> None:
    """rule G10: `view(seat)` carries the keys docs/protocol.md lists and survives JSON unchanged."""
    g = Game.new(variant, players=players, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        seat = g.to_act
        if seat is None:
            g.apply({"type": "next_deal"})
            continue
        for action in random_action(g.view(seat), rng):
            try:
                g.apply(action)
                break
            except IllegalAction:
                continue
        for s in range(players):
            v = g.view(s)
            assert set(v) >= PROTOCOL_KEYS
            assert json.loads(json.dumps(v)) == v
            assert sorted(v["hand"]) == hand(g, s)
            assert v["hand_sizes"] == [len(g.hand(i)) for i in range(players)]
            for m in v["melds"]:
                assert {"id", "owner", "kind", "cards"} <= set(m)


def test_view_of_a_bad_seat_raises_value_error() -> None:
    """rule G10: asking for a seat that does not exist raises ValueError."""
    g = Game.new("contract", players=3, seed=1)
    for seat in (-1, 3, "0", None, True):
        with pytest.raises(ValueError):
            g.view(seat)  # type: ignore[arg-type]


def test_view_melds_list_runs_low_to_high_with_ids() -> None:
    """rule G5: in a view a run is listed low to high with each joker where it stands; ids count up."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["JK", "5H", "6H", "9C", "9D", "9S", "2S", "3D", "4S", "KD"], []],
        up="QS",
        stock=["AS"],
        deal=2,
    )
    draw_stock(g)
    act(g, "meld", melds=[["9C", "9D", "9S"], ["JK", "5H", "6H"]])
    melds = g.view(0)["melds"]
    assert [(m["id"], m["owner"], m["kind"]) for m in melds] == [(0, 1, "set"), (1, 1, "run")]
    assert melds[1]["cards"] == ["JK", "5H", "6H"]
    assert melds[1]["stands_for"] == ["4H", "5H", "6H"]


def test_view_history_lists_the_deals_public_events() -> None:
    """rule C6 / rule G8: the history says who drew from which pile (with the card only when it came
    from the discard pile), buys, melds, lay-offs, swaps and discards."""
    g = new_game(
        "contract",
        3,
        hands=[
            ["6H", "8C", "8D", "8S", "2C", "3C", "4C", "QD", "KD", "TS"],
            ["9C", "9D", "9S", "5H", "JK", "7H", "2S", "3D", "4S", "KC"],
            [],
        ],
        up="QS",
        stock=["AS", "AD", "5C", "2H"],
        deal=2,
    )
    draw_stock(g)  # seat 1: AS
    act(g, "meld", melds=[["9C", "9D", "9S"], ["5H", "JK", "7H"]])
    act(g, "discard", card="AS")
    act(g, "draw", source="discard")  # seat 2 takes AS
    act(g, "discard", card=next(c for c in hand(g, 2) if c != "AS"))
    act(g, "draw", source="stock")  # seat 0: window asks seat 1 then seat 2
    act(g, "buy")  # seat 1 buys
    act(g, "meld", melds=[["8C", "8D", "8S"], ["2C", "3C", "4C"]])
    act(g, "swap", meld=1, card="6H")
    act(g, "layoff", meld=3, cards=["5C"])
    act(g, "discard", card="KD")
    events = g.view(2)["history"]
    kinds = [e["type"] for e in events]
    assert kinds == [
        "deal",
        "offer",
        "pass",
        "pass",
        "draw",
        "meld",
        "discard",
        "draw",
        "discard",
        "offer",
        "buy",
        "draw",
        "meld",
        "swap",
        "layoff",
        "discard",
    ]
    assert events[0]["discard"] == "QS"
    stock_draws = [e for e in events if e["type"] == "draw" and e["source"] == "stock"]
    assert all("card" not in e for e in stock_draws)
    assert [e for e in events if e["type"] == "draw" and e["source"] == "discard"] == [
        {"type": "draw", "player": 2, "source": "discard", "card": "AS"}
    ]
    assert {"type": "buy", "player": 1, "card": events[8]["card"]} in events
    assert events[12]["melds"] == [["8C", "8D", "8S"], ["2C", "3C", "4C"]]
    assert events[13] == {"type": "swap", "player": 0, "meld": 1, "card": "6H"}
    assert events[14]["cards"] == ["5C"] and events[14]["end"] == "high"


def _twin(seat2: list[str], stock: list[str]) -> Game:
    return new_game(
        "contract",
        3,
        hands=[
            ["AC", "2C", "3C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
            ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"],
            seat2,
        ],
        up="QC",
        stock=stock,
    )


def _twin_play(g: Game) -> None:
    quiet_turn(g)  # seat 1 draws QH and throws it
    draw_stock(g)  # seat 2 draws a hidden card
    act(g, "discard", card="KC")
    act(g, "draw", source="discard")  # seat 0 takes KC: public
    act(g, "discard", card="AC")
    act(g, "draw", source="stock")  # seat 1 draws from the stock ...
    act(g, "buy")  # ... seat 2 buys AC and gets the hidden stock top; seat 1 then gets KH
    act(g, "discard", card="KH")


def test_view_hides_other_hands_and_stock_draws() -> None:
    """rule G10 / PROTOCOL view: two deals differing only in seat 2's hidden cards (its hand, the card
    it draws from the stock, the stock card it gets with a buy) look the same to seats 0 and 1."""
    a = _twin(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "KC"], ["QH", "JS", "QS", "KH"])
    b = _twin(["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "KC"], ["QH", "JD", "QD", "KH"])
    _twin_play(a)
    _twin_play(b)
    for seat in (0, 1):
        assert a.view(seat) == b.view(seat), seat
    assert a.view(2) != b.view(2)
    shown = json.dumps(a.view(0))
    for hidden in ("2S", "5S", "TS", "JS", "QS"):
        assert hidden not in CARD.findall(shown), hidden
    assert "KC" in shown and "AC" in shown  # taken from the discard pile / bought: public


def test_view_taken_and_last_drawn_belong_to_the_viewer_only() -> None:
    """rule G10: `taken`/`last_drawn` in a view are the viewer's own; others' never show."""
    g = _twin(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "KC"], ["QH", "JS", "QS", "KH"])
    quiet_turn(g)
    draw_stock(g)  # seat 2 draws JS
    assert g.view(2)["last_drawn"] == "JS"
    assert g.view(0)["last_drawn"] is None and g.view(1)["last_drawn"] == "QH"
    assert "JS" not in CARD.findall(json.dumps(g.view(0)))


# ---------------------------------------------------------------- saves through the public face


def test_to_dict_from_dict_round_trip_plays_on_identically() -> None:
    """rule G9: `Game.from_dict(json.loads(json.dumps(g.to_dict())))` plays on exactly as `g`."""
    g = Game.new("contract", players=4, seed=21)
    rng = random.Random(21)
    copy: Game | None = None
    for step in range(500):
        if step == 150:
            copy = Game.from_dict(json.loads(json.dumps(g.to_dict())))
            assert saved(copy) == saved(g)
        seat = g.to_act
        if seat is None:
            if g.over:
                break
            g.apply({"type": "next_deal"})
            if copy is not None:
                copy.apply({"type": "next_deal"})
            continue
        for action in random_action(g.view(seat), rng):
            try:
                g.apply(action)
            except IllegalAction as e:
                if copy is not None:
                    with pytest.raises(IllegalAction) as again:
                        copy.apply(action)
                    assert (again.value.rule, again.value.key) == (e.rule, e.key)
                continue
            if copy is not None:
                copy.apply(action)
                assert saved(copy) == saved(g)
            break
    assert copy is not None and saved(copy) == saved(g)


def test_refused_action_mid_buy_window_changes_nothing() -> None:
    """rule G10 / rule C6: refusals inside a buy window leave the whole state as it was."""
    g = new_game("contract", 3, hands=[[], [], []], up="QD", stock=["2C"])
    act(g, "draw", source="stock")
    refuse_act(g, "G10", "buy", player=1)
    refuse_act(g, "G10", "pass", player=0)
    refuse_act(g, "C6", "meld", melds=[["2C", "3C", "4C"]])
    refuse_act(g, "G10", "next_deal")
    assert g.to_act == 2
