"""Games sampled from one seat's view (``rommi.sampling``) and the public facts views carry (issue 13).

Positions come from seeded random matches of both games, stopped partway;
every message names the seed (and the seat), so a failure replays.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from rommi import Game
from rommi.bots import make_bot
from rommi.cards import Card
from rommi.public import read
from rommi.sampling import sample_game, unseen
from rommilab.randomplay import random_action
from stacking import act, draw_stock, new_game, quiet_turn

SETUPS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("contract", 4, None),
    ("basic", 2, None),
    ("contract", 3, {"jokers": 2, "max_buys": 2}),
    ("basic", 4, {"jokers": 2}),
]
SEEDS = range(24)


def play(g: Game, rng: random.Random, most: int, until: Callable[[], bool] = lambda: False) -> None:
    """Random legal actions, at most ``most``, stopping at the deal's end or once ``until()``."""
    for _ in range(most):
        if g.to_act is None or until():
            return
        g.apply(next(a for a in random_action(g.view(g.to_act), rng) if g.can(a)))


@cache
def position(seed: int) -> Game:
    """A random legal match stopped partway: seeds 0-7 early in a deal, 8-15 after the stock was
    rebuilt (or the deal ended first), 16-23 at a deal's end or early in the next."""
    variant, players, options = SETUPS[seed % len(SETUPS)]
    rng = random.Random(seed)
    g = Game.new(variant, players, seed=seed, options=options)
    if seed < 8:
        play(g, rng, rng.randrange(0, 120))
    elif seed < 16:
        play(g, rng, 3000, until=lambda: g.view(0)["rebuilds"] > 0)
        play(g, rng, rng.randrange(0, 12))
    else:
        play(g, rng, 3000)
        if seed % 3 == 0 and not g.over:
            g.apply({"type": "next_deal"})
            play(g, rng, rng.randrange(0, 12))
    return g


def hidden(g: Game, seat: int) -> list[list[str]]:
    """Everything ``seat`` cannot see: the other hands and the stock, in order."""
    d = g.to_dict()
    return [h for p, h in enumerate(d["hands"]) if p != seat] + [d["stock"]]


def held(g: Game, seat: int) -> Counter[str]:
    return Counter(str(c) for c in g.hand(seat))


@pytest.mark.parametrize("seed", SEEDS, ids=[f"seed={s}" for s in SEEDS])
def test_a_sample_is_the_view_with_the_hidden_cards_dealt_again(seed: int) -> None:
    """For every seat: the sample shows that seat exactly its view, holds the very cards of the deck,
    keeps every known card with its holder, and is a state the engine's own save check accepts."""
    g = position(seed)
    for seat in range(g.players):
        view = g.view(seat)
        where = f"seed={seed} seat={seat} phase={view['phase']}"
        for k, weighted in enumerate((False, True)):
            s = sample_game(view, random.Random(seed * 100 + seat * 10 + k), weighted=weighted, check=False)
            got = s.view(seat)
            for key in view:
                assert got[key] == view[key], f"{key} differs ({where}, weighted={weighted})"
            assert got.keys() == view.keys(), where
            assert s.all_cards() == g.all_cards(), where
            for p, cards in enumerate(view["known"]):
                assert not Counter(cards) - held(s, p), f"seat {p}'s known {cards} not kept ({where})"
            assert held(s, seat) == held(g, seat), where
            # The state follows from its history exactly as a real one does (rommi.savecheck).
            Game.from_dict(json.loads(json.dumps(s.to_dict())))
            assert s.to_dict()["rng"] != g.to_dict()["rng"], f"the sample shares the real generator ({where})"
        twin = sample_game(view, random.Random(seed * 100 + seat * 10))
        again = sample_game(json.loads(json.dumps(view)), random.Random(seed * 100 + seat * 10))
        assert twin.fingerprint() == again.fingerprint(), f"the same rng gives another sample ({where})"


def test_the_positions_cover_what_sampling_must_respect() -> None:
    """The seeds reach both games' rebuilt stocks, buy windows, deal ends and known cards."""
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        g = position(seed)
        v = g.view(0)
        seen[f"{g.variant} rebuilt"] += v["rebuilds"] > 0
        seen[v["phase"]] += 1
        seen["known"] += any(v["known"][p] for p in range(1, g.players))
    for what in ("contract rebuilt", "basic rebuilt", "buy", "draw", "play", "deal_over", "known"):
        assert seen[what], f"no position with {what}: {seen}"


@pytest.mark.parametrize("seed", SEEDS[::3], ids=[f"seed={s}" for s in SEEDS[::3]])
def test_a_sample_plays_to_the_end_of_its_deal(seed: int) -> None:
    """The sample is an ordinary game: computer players finish its deal with no refusal."""
    g = position(seed)
    seat = g.to_act if g.to_act is not None else 0
    s = sample_game(g.view(seat), random.Random(seed), weighted=seed % 2 == 1)
    bots = [make_bot("easy" if p % 2 else "normal", seed + p) for p in range(s.players)]
    full = s.all_cards()
    for _ in range(1500):
        p = s.to_act
        if p is None:
            break
        s.apply(bots[p].choose(s.view(p)))
    assert s.to_act is None, f"the deal did not end (seed={seed})"
    assert s.all_cards() == full, f"seed={seed}"
    if not s.over:
        s.apply({"type": "next_deal"})
        assert s.all_cards() == full, f"seed={seed}"


def test_different_rngs_deal_the_hidden_cards_differently() -> None:
    """Two generators give two different deals of the hidden cards wherever there is room for it."""
    compared = 0
    for seed in SEEDS:
        g = position(seed)
        seat = g.to_act if g.to_act is not None else 0
        view = g.view(seat)
        if view["revealed"] is not None or unseen(view).total() < 10:
            continue
        a = sample_game(view, random.Random(1), check=False)
        b = sample_game(view, random.Random(2), check=False)
        assert hidden(a, seat) != hidden(b, seat), f"seed={seed}"
        assert hidden(a, seat) != hidden(g, seat), f"the sample is the real game (seed={seed})"
        compared += 1
    assert compared >= 8, compared


def test_the_unseen_cards_fill_the_hidden_places() -> None:
    """``unseen``: the other hands' unknown places and the stock, card for card with the real game."""
    for seed in SEEDS:
        g = position(seed)
        for seat in range(g.players):
            view = g.view(seat)
            if view["revealed"] is not None:
                continue
            real: Counter[Card] = Counter()
            for p in range(g.players):
                if p != seat:
                    real.update(g.hand(p))
                    real.subtract(Card.parse(c) for c in view["known"][p])
            if not (g.variant == "basic" and view["rebuilds"]):  # a turned-over stock is public (B7)
                real.update(Card.parse(c) for c in g.to_dict()["stock"])
            assert unseen(view) == +real, f"seed={seed} seat={seat}"


# ------------------------------------------------------------------ the public facts of a view


def test_views_carry_the_public_record_read_afresh_from_the_history() -> None:
    """``known``, ``rebuilds`` and ``rebuilt_stock`` after every action agree with a fresh read of the
    history and with a game loaded from its save (which keeps no record); every card a seat is known
    to hold it really holds, and the log remembers the very discard pile."""
    for seed in (0, 1, 2, 3):
        variant, players, options = SETUPS[seed]
        g = Game.new(variant, players, seed=seed, options=options)
        rng = random.Random(seed)
        twin = None
        for step in range(260):
            if g.to_act is None:
                g.apply({"type": "next_deal"})
                continue
            v = g.view(g.to_act)
            g.apply(next(a for a in random_action(v, rng) if g.can(a)))
            if step == 40:
                twin = g.copy()  # shares the record; each must read only its own events
            for seat in range(players):
                v = g.view(seat)
                rec = read(v["history"], variant, players)
                assert v["known"] == [[str(c) for c in k] for k in rec.known], f"seed={seed} step={step}"
                assert [str(c) for c in rec.pile] == g.to_dict()["discard"], f"seed={seed} step={step}"
                assert v["rebuilds"] == rec.rebuilds
                assert v["rebuilt_stock"] == (None if rec.rebuilt is None else [str(c) for c in rec.rebuilt])
                for p, cards in enumerate(v["known"]):  # what is known is true
                    assert not Counter(cards) - held(g, p), f"seed={seed} step={step} seat={p}"
            if step % 20 == 0:
                assert Game.from_dict(g.to_dict()).view(0) == g.view(0), f"seed={seed} step={step}"
            if twin is not None and twin.to_act is not None and step % 5 == 0:
                twin.apply(next(a for a in random_action(twin.view(twin.to_act), rng) if twin.can(a)))
                assert twin.view(0) == Game.from_dict(twin.to_dict()).view(0), f"seed={seed} step={step}"


def test_cards_taken_or_bought_are_known_until_played() -> None:
    """Rules G8 and C6 in public: a card taken from the pile or bought is known in that hand; once
    played it is not. A bought seat's extra stock card stays unknown."""
    g = new_game(
        "contract",
        3,
        hands=[["2S", "2H", "2D"], ["9C", "9D", "4D", "5D", "6D", "KD"], ["7H", "8H", "5S"]],
        up="9H",
        stock=["3C", "QS", "4D"],
        deal=2,
    )
    act(g, "draw", source="discard")  # seat 1 takes 9H
    assert g.view(0)["known"] == [[], ["9H"], []]
    act(g, "meld", melds=[["9C", "9D", "9H"], ["4D", "5D", "6D"]])
    assert g.view(2)["known"] == [[], [], []]
    act(g, "discard", card="KD")
    act(g, "draw", source="stock")  # seat 2 draws; seat 0 is asked first and buys KD
    act(g, "buy")
    v = g.view(1)
    assert v["known"] == [["KD"], [], []]
    assert v["discard_size"] == 0
    assert v["hand_sizes"] == [12, 4, 11]
    for k in range(20):
        s = sample_game(v, random.Random(k))
        assert "KD" in held(s, 0)
        assert s.hand(1) == g.hand(1)


def test_a_turned_over_basic_stock_is_public_card_by_card() -> None:
    """Rule B7: after the pile is turned over the stock's order is known, so every draw from it is
    known, and every sample holds the real stock in its real order."""
    g = Game.new("basic", 2, seed=5)
    while not g.view(0)["rebuilds"]:
        assert quiet_turn(g), "the deal ended before the pile was turned over"
    v = g.view(0)
    pile = v["rebuilt_stock"]
    assert pile is not None and len(pile) == v["stock_size"] + 1  # one drawn (and thrown) already
    drawer = g.to_act
    assert drawer is not None
    drawn = draw_stock(g)
    assert drawn == pile[v["stock_size"] - 1]
    v = g.view(1 - drawer)
    assert drawn in v["known"][drawer]
    stock = g.to_dict()["stock"]
    assert stock == v["rebuilt_stock"][: v["stock_size"]]
    for k in range(5):
        s = sample_game(v, random.Random(k))
        assert s.to_dict()["stock"] == stock
        assert drawn in [str(c) for c in s.hand(drawer)]


def test_a_sample_deals_its_next_deal_from_its_own_generator() -> None:
    """A sample made at a deal's end does not know the real game's next deal (G9)."""
    g = Game.new("contract", 3, seed=11)
    rng = random.Random(11)
    while g.to_act is not None:
        g.apply(next(a for a in random_action(g.view(g.to_act), rng) if g.can(a)))
    s = sample_game(g.view(0), random.Random(3))
    assert s.view(1)["revealed"] == g.view(1)["revealed"]
    g.apply({"type": "next_deal"})
    s.apply({"type": "next_deal"})
    assert s.view(0)["dealer"] == g.view(0)["dealer"]
    assert s.hand(0) != g.hand(0)


# ------------------------------------------------------------------ views no game can give


def _tampered(view: dict[str, Any], change: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(view))
    change(out)
    return out


def _add_card(v: dict[str, Any]) -> None:
    v["hand"].append("5C")
    v["hand"].append("5C")
    v["hand"].append("5C")
    v["hand_sizes"][v["seat"]] += 3


TAMPERED = {
    "an opponent's hand size": (lambda v: v["hand_sizes"].__setitem__(1, v["hand_sizes"][1] + 1), "add up"),
    "the stock's size": (lambda v: v.__setitem__("stock_size", v["stock_size"] - 1), "add up"),
    "more copies than the deck": (_add_card, "more copies of 5C"),
    "a hand size against the hand": (lambda v: v["hand"].pop(), "hand_sizes"),
    "the pile's top against the log": (lambda v: v.__setitem__("discard_top", "KS"), "does not agree"),
    "a hand smaller than its known cards": (lambda v: v["hand_sizes"].__setitem__(2, 0), "known to hold"),
    "no log": (lambda v: v.__setitem__("history", {}), "history"),
    "a meld's id": (lambda v: v["melds"][0].__setitem__("id", 5), "meld 0"),
    "the options": (lambda v: v["options"].__setitem__("decks", 3), "options"),
    "a missing key": (lambda v: v.pop("hand_sizes"), "not a view"),
    "a missing public fact": (lambda v: v.pop("known"), "shows other known"),
    "the deal": (lambda v: v.__setitem__("deal", "two"), "not a view|contradicts"),
    "the phase": (lambda v: v.__setitem__("phase", "draw"), "contradicts its history"),
    "the scores": (lambda v: v.__setitem__("scores", [5, 0, 0, 0]), "contradicts its history"),
    "an opponent's known card": (lambda v: v["known"][2].append("7S"), "shows other known"),
}


@pytest.mark.parametrize("what", list(TAMPERED))
def test_a_view_no_game_can_give_is_refused_with_the_reason(what: str) -> None:
    """``ValueError`` saying what does not hold, never a sample of an impossible game."""
    g = new_game(
        "contract",
        4,
        hands=[["2S", "2H", "2D", "JK", "3C", "4C", "5C"], [], [], []],
        up="9H",
        deal=2,
    )
    act(g, "draw", source="stock")
    while g.phase.value == "buy":
        act(g, "pass")
    act(g, "discard", card=str(g.hand(1)[0]))
    act(g, "draw", source="discard")  # seat 2 takes it: known
    act(g, "discard", card=str(g.hand(2)[0]))
    draw_stock(g)
    assert g.to_act == 3
    act(g, "discard", card=str(g.hand(3)[0]))
    act(g, "draw", source="stock")
    while g.phase.value == "buy":
        act(g, "pass")
    act(g, "meld", melds=[["2S", "2H", "2D"], ["3C", "4C", "5C"]])
    view = g.view(0)
    assert view["known"][2] and view["melds"]
    sample_game(view, random.Random(1))  # untouched, it samples
    change, says = TAMPERED[what]
    with pytest.raises(ValueError, match=says):
        sample_game(_tampered(view, change), random.Random(1))
