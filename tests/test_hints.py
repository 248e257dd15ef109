"""Hints for the human seat (``rommi.bots.hint``): a legal action and the hard player's real reason.

A hint is data the table translates: ``{"action", "reason": {"key", "params"}, "text"}`` with the
key from ``rommi.bots.reasons.REASONS``. The reason is the hard bot's own decision record, never a
canned line, so the scenarios here check that it names what actually drove the choice.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hard_play import bot_match
from rommi import Game
from rommi.bots import REASONS, hint, make_bot, render
from rommi.bots.hard import HardBot
from rommi.bots.reasons import pretty_card
from stacking import new_game
from test_bots import _dead_position, _feed_position

STABLE_KEYS = {
    "take_completes_set",
    "take_completes_run",
    "take_meets_contract",
    "take_lays_off",
    "take_joker",
    "draw_stock_no_help",
    "buy_completes_set",
    "buy_completes_run",
    "buy_meets_contract",
    "buy_advances",
    "pass_no_help",
    "pass_laid_down",
    "pass_too_risky",
    "lay_down_contract",
    "lay_down_all",
    "meld_new",
    "lay_off",
    "swap_joker",
    "discard_go_out",
    "discard_dead",
    "discard_avoid_feeding",
    "discard_avoid_layoff",
    "discard_cut_losses",
    "discard_least_useful",
    "next_deal",
}


def _check(h: dict[str, Any], game: Game) -> None:
    assert set(h) == {"action", "reason", "text"}
    assert h["reason"]["key"] in REASONS
    json.dumps({**h, "action": h["action"].to_json()})  # JSON-safe for the table, the action as its JSON
    assert h["text"] and "{" not in h["text"], h
    copy = Game.from_dict(game.to_dict())
    copy.apply(h["action"])  # legal (rule G10)


def test_catalog_keys_are_stable_and_render() -> None:
    """The UI translates these keys: they stay, and every template renders with its parameters."""
    assert set(REASONS) >= STABLE_KEYS
    params = {
        "card": "7H",
        "avoided": "6S",
        "took": "5S",
        "rank": "7",
        "suit": "H",
        "player": 1,
        "points": 10,
        "melds": "7H 7S 7D / 3C 4C 5C",
        "meld": "3C 4C 5C",
        "seen": "JH KH QS",
        "contract": "two sets of three",
    }
    for key in REASONS:
        text = render(key, params)
        assert "{" not in text and text, key
    assert render("take_completes_set", params) == "take the 7♥: it completes your set of sevens"
    assert pretty_card("TS") == "10♠" and pretty_card("JK") == "joker"


def test_hint_avoids_feeding_the_next_player() -> None:
    """rule G8 (the next player takes the top discard): the hint throws a safe card, not the 6♠ next to
    the 5♠ the next player picked up, and says so."""
    g = _feed_position()
    h = hint(g.view(0))
    _check(h, g)
    assert h["action"].to_json()["type"] == "discard" and h["action"].to_json()["card"] != "6S"
    assert h["reason"] == {
        "key": "discard_avoid_feeding",
        "params": {"card": h["action"].to_json()["card"], "avoided": "6S", "player": 1, "took": "5S"},
    }
    assert "6♠" in h["text"] and "5♠" in h["text"] and "seat 1" in h["text"]


def test_hint_names_a_dead_card() -> None:
    """rules B3, B8: the hint throws the dead Q♥ and names the seen cards that killed it."""
    g = _dead_position()
    h = hint(g.view(0))
    _check(h, g)
    assert h["action"].to_json()["card"] == "QH"
    assert h["reason"]["key"] == "discard_dead"
    assert "J♥" in h["text"] and "K♥" in h["text"]


def test_hint_is_the_hard_bots_decision() -> None:
    """The hint's reason is the hard bot's decision record for the same view."""
    g = _feed_position()
    view = g.view(0)
    d = HardBot(0).decide(view)
    h = hint(view)
    assert h["action"] == d.action and h["reason"] == d.reason() and h["text"] == d.text


def test_hint_take_or_draw() -> None:
    """rules G8, C4: take the 7♥ that completes a set of sevens; draw from the stock past a useless card."""
    hands = [
        ["7S", "7D", "9C", "9D", "KC", "QD", "2H", "4S", "5C", "JH"],
        ["QH", "TC", "TD", "8H", "8S", "AC", "AD", "7C", "3D", "JS"],
        ["JC", "3S", "6C", "4C", "4H", "6S", "6D", "8C", "8D", "AS"],
    ]
    g = new_game("contract", 3, hands, "7H", ["2D"], dealer=2, seed=5)
    h = hint(g.view(0))
    _check(h, g)
    assert h["reason"] == {"key": "take_completes_set", "params": {"card": "7H", "rank": "7", "suit": "H"}}
    assert h["text"] == "take the 7♥: it completes your set of sevens"
    g2 = new_game("contract", 3, hands, "3C", ["2D"], dealer=2, seed=5)
    h2 = hint(g2.view(0))
    _check(h2, g2)
    assert h2["reason"]["key"] == "draw_stock_no_help" and "3♣" in h2["text"]


def test_hints_along_a_match() -> None:
    """rules C6, C7, C8, G6: along a whole match, the hint for the acting seat is always legal and
    well formed, and the hard player's reasons cover buying, passing, laying down, laying off, swapping
    and discarding."""
    g = Game.new("contract", 4, seed=8, options={"jokers": 6})
    bots = [make_bot(lv, s) for s, lv in enumerate(["hard", "normal", "hard", "easy"])]
    keys: set[str] = set()
    for steps, view in enumerate(bot_match(g, bots)):
        h = hint(view)
        if steps % 5 == 0:
            _check(h, g)
        keys.add(h["reason"]["key"])
    assert {"lay_down_contract", "lay_off", "pass_no_help", "draw_stock_no_help"} <= keys, keys
    assert keys & {"buy_completes_set", "buy_completes_run", "buy_advances", "buy_meets_contract"}, keys
    assert any(k.startswith("discard_") for k in keys)
    assert all(k in REASONS for k in keys)
    assert not [k for k in keys if re.search(r"[^a-z0-9_]", k)]


def test_hint_between_deals() -> None:
    """After a deal, the hint is to deal the next hand."""
    g = Game.new("basic", 2, seed=1, options={"target": 5})
    bots = [make_bot("normal", 0), make_bot("normal", 1)]
    while g.to_act is not None:
        g.apply(bots[g.to_act].choose(g.view(g.to_act)))
    if not g.over:
        h = hint(g.view(0))
        assert h["action"].to_json() == {"type": "next_deal"} and h["reason"]["key"] == "next_deal"
