"""The save format: `to_dict`/`from_dict` round trips that play on identically (rule G9), and
corrupt saves that must raise ValueError and nothing else."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rommi import Game, IllegalAction
from rommilab.randomplay import random_action
from stacking import act, draw_stock, new_game, quiet_turn, saved


def round_trip(g: Game) -> Game:
    return Game.from_dict(json.loads(json.dumps(g.to_dict())))


def step(g: Game, rng: random.Random) -> dict[str, Any] | None:
    """One accepted random action (or `next_deal`); None once the match is over."""
    if g.over:
        return None
    seat = g.to_act
    if seat is None:
        action: dict[str, Any] = {"type": "next_deal"}
        g.apply(action)
        return action
    for action in random_action(g.view(seat), rng):
        try:
            g.apply(action)
        except IllegalAction:
            continue
        return action
    raise AssertionError(f"no legal action offered to seat {seat}")


def assert_same(a: Game, b: Game) -> None:
    assert saved(a) == saved(b)
    assert a.fingerprint() == b.fingerprint()
    for s in range(a.players):
        assert a.view(s) == b.view(s)


def play_both(a: Game, b: Game, rng: random.Random, steps: int) -> None:
    """Offer the same candidate actions to both games: they must accept and refuse alike."""
    for _ in range(steps):
        if a.over:
            break
        seat = a.to_act
        if seat is None:
            a.apply({"type": "next_deal"})
            b.apply({"type": "next_deal"})
            continue
        for action in random_action(a.view(seat), rng):
            try:
                a.apply(action)
            except IllegalAction as e:
                with pytest.raises(IllegalAction) as again:
                    b.apply(action)
                assert (again.value.rule, again.value.key) == (e.rule, e.key)
                continue
            b.apply(action)
            break
        assert a.fingerprint() == b.fingerprint()
    assert_same(a, b)


# ---------------------------------------------------------------- round trips


def _phases() -> dict[str, Game]:
    out: dict[str, Game] = {}
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7S", "7D", "7C", "8H", "8S", "8D", "8C", "9H", "9S"], []],
        up="QD",
        stock=["9D"],
    )
    out["draw"] = copy.deepcopy(g)
    act(g, "draw", source="stock")
    out["buy"] = copy.deepcopy(g)
    act(g, "pass")
    act(g, "pass")
    act(g, "meld", melds=[["7H", "7S", "7D", "7C"], ["8H", "8S", "8D"], ["9H", "9S", "9D"]])
    out["play"] = copy.deepcopy(g)
    act(g, "discard", card="8C")
    out["deal_over"] = copy.deepcopy(g)
    last = new_game(
        "contract",
        3,
        hands=[[], ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "8H"], []],
        up="QD",
        stock=["KS"],
        deal=7,
    )
    draw_stock(last)
    act(last, "meld", melds=[["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]])
    act(last, "discard", card="KS")
    out["match_over"] = last
    basic = Game.new("basic", players=3, seed=3, options={"jokers": 2, "ace_high": True, "target": 40})
    quiet_turn(basic)
    out["basic"] = basic
    return out


@pytest.mark.parametrize("phase", ["draw", "buy", "play", "deal_over", "match_over", "basic"])
def test_round_trip_is_exact_in_every_phase(phase: str) -> None:
    """rule G9: the JSON save of a game in any phase loads to an identical game."""
    g = _phases()[phase]
    d = g.to_dict()
    assert d["version"] == 1
    assert json.loads(json.dumps(d)) == d
    h = round_trip(g)
    assert_same(g, h)
    assert h.to_act == g.to_act and h.phase == g.phase and h.over == g.over
    assert h.winners() == g.winners() and h.ledger() == g.ledger()


def test_round_trip_keeps_the_random_generator_for_the_next_deal() -> None:
    """rule G9: the generator's state is saved, so the next deal's shuffle is the same after loading."""
    g = _phases()["deal_over"]
    h = round_trip(g)
    g.apply({"type": "next_deal"})
    h.apply({"type": "next_deal"})
    assert_same(g, h)
    assert g.view(0)["deal"] == 2


def test_round_trip_keeps_the_random_generator_for_a_stock_rebuild() -> None:
    """rule G9 / rule C13: a save taken with an empty stock rebuilds it with the same shuffle."""
    g = Game.new("contract", players=3, seed=30, dealer=0, options={"max_buys": 0})
    while g.view(0)["stock_size"] > 0:
        quiet_turn(g)
    h = round_trip(g)
    act(g, "draw", source="stock")
    act(h, "draw", source="stock")
    assert_same(g, h)
    assert g.to_dict()["rebuilds"] == 1


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("contract", 3, 1), ("contract", 6, 2), ("basic", 4, 3)]
)
def test_save_at_every_point_of_a_deal_plays_on(variant: str, players: int, seed: int) -> None:
    """rule G9: saves taken every few actions all load equal and play on identically."""
    g = Game.new(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for n in range(240):
        if step(g, rng) is None:
            break
        if n % 40 == 0:
            h = round_trip(g)
            assert_same(g, h)
            play_both(copy.deepcopy(g), h, random.Random(n), 25)


# ---------------------------------------------------------------- Hypothesis property

LAYOUTS = [
    ("contract", 3, None),
    ("contract", 4, {"max_buys": 2}),
    ("contract", 5, {"jokers": 4, "runs_differ_in_suit": True}),
    ("contract", 8, None),
    ("basic", 2, None),
    ("basic", 3, {"hand_size": 7, "jokers": 2, "ace_high": True}),
    ("basic", 5, {"decks": 2, "target": 60}),
]


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    layout=st.sampled_from(LAYOUTS),
    prefix=st.integers(min_value=0, max_value=350),
)
def test_property_json_round_trip_equals_and_plays_on(seed: int, layout: tuple, prefix: int) -> None:
    """rule G9: for any seed and any legal play prefix, the JSON round trip is equal and plays on
    identically (same acceptances, same refusals, same chance)."""
    variant, players, options = layout
    g = Game.new(variant, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(prefix):
        if step(g, rng) is None:
            break
    d = g.to_dict()
    h = Game.from_dict(json.loads(json.dumps(d)))
    assert h.to_dict() == d
    assert_same(g, h)
    play_both(g, h, random.Random(seed ^ 0x5EED), 40)


# ---------------------------------------------------------------- corrupt saves


def _base() -> dict[str, Any]:
    g = new_game(
        "contract",
        3,
        hands=[[], ["7H", "7S", "7D", "8C", "8D", "8S", "2C", "4D", "9H", "KS"], []],
        up="QD",
        stock=["5C"],
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["8C", "8D", "8S"]])
    return json.loads(json.dumps(g.to_dict()))


BASE = _base()
KEYS = sorted(BASE)


def _load_expect_value_error(d: Any) -> ValueError:
    with pytest.raises(ValueError) as info:
        Game.from_dict(d)
    return info.value


def test_base_save_loads() -> None:
    """rule G9: the corrupt-save tests start from a good save."""
    Game.from_dict(copy.deepcopy(BASE))


@pytest.mark.parametrize("version", [0, 2, "1", None, [1], 1.5])
def test_wrong_version_refused(version: Any) -> None:
    """rule G9: a save of another version raises ValueError."""
    d = copy.deepcopy(BASE)
    d["version"] = version
    assert "version" in str(_load_expect_value_error(d))


@pytest.mark.parametrize("key", KEYS)
def test_missing_key_refused(key: str) -> None:
    """rule G9: a save missing any key raises ValueError."""
    d = copy.deepcopy(BASE)
    del d[key]
    _load_expect_value_error(d)


@pytest.mark.parametrize("data", [None, [], "save", 5, 1.5, True, {}, {"version": 1}, [BASE]])
def test_not_a_save_refused(data: Any) -> None:
    """rule G9: data that is not a save object raises ValueError."""
    _load_expect_value_error(data)


def _edit(path: list[Any], value: Any = None, *, op: str = "set"):
    def f(d: dict[str, Any]) -> None:
        x = d
        for p in path[:-1]:
            x = x[p]
        if op == "set":
            x[path[-1]] = value
        elif op == "del":
            del x[path[-1]]
        elif op == "append":
            x[path[-1]].append(value)

    return f


CARD_EDITS = {
    "hand-missing-a-card": _edit(["hands", 0, 0], op="del"),
    "stock-missing-a-card": _edit(["stock", 0], op="del"),
    "discard-emptied": _edit(["discard"], []),
    "extra-card-in-stock": _edit(["stock"], "AS", op="append"),
    "extra-joker-in-hand": _edit(["hands", 2], "JK", op="append"),
    "card-changed-in-hand": _edit(["hands", 1, 0], "KS"),
    "card-changed-in-meld": _edit(["melds", 0, "cards", 0], "7C"),
    "third-copy": _edit(["stock", 0], "7H"),
    "hand-count-for-4-seats": _edit(["hands"], [[], [], [], []]),
    "options-more-jokers": _edit(["options", "jokers"], 3),
    "players-changed": _edit(["players"], 4),
    "variant-changed": _edit(["variant"], "basic"),
    "bad-card-string": _edit(["hands", 0, 0], "1H"),
    "card-not-a-string": _edit(["stock", 0], 7),
    "meld-not-a-meld": _edit(["melds", 0, "cards"], ["7H", "8C", "KS"]),
    "meld-kind-wrong": _edit(["melds", 0, "kind"], "run"),
}


@pytest.mark.parametrize("name", sorted(CARD_EDITS))
def test_cards_that_do_not_make_up_the_deck_refused(name: str) -> None:
    """rule C2 / rule G9: a save whose cards are not exactly the deck (or are not cards) raises ValueError."""
    d = copy.deepcopy(BASE)
    CARD_EDITS[name](d)
    _load_expect_value_error(d)


GARBAGE = [
    None,
    True,
    False,
    -1,
    0,
    99,
    2**64,
    1.5,
    1e300,
    float("inf"),
    float("nan"),
    "x",
    "",
    [],
    [None],
    [[]],
    {},
    {"a": 1},
    ["7H"],
    [1, 2, 3],
    [-1, -1, -1],
]


def _exercise(g: Game) -> None:
    """Use a loaded game the way the table would: views, saves, a few actions."""
    for s in range(g.players):
        json.dumps(g.view(s))
    json.dumps(g.to_dict())
    g.fingerprint()
    Game.from_dict(json.loads(json.dumps(g.to_dict())))
    seat = g.to_act
    actions: list[dict[str, Any]] = [{"type": "next_deal"}]
    if seat is not None:
        actions += [{"type": t, "player": seat} for t in ("buy", "pass")]
        actions += [{"type": "draw", "player": seat, "source": s} for s in ("stock", "discard")]
        actions += [{"type": "discard", "player": seat, "card": str(c)} for c in g.hand(seat)[:3]]
        actions += [
            {"type": "layoff", "player": seat, "meld": 0, "cards": [str(c)]} for c in g.hand(seat)[:3]
        ]
    for a in actions:
        with contextlib.suppress(IllegalAction):
            g.apply(a)


def _nested_paths() -> list[list[Any]]:
    paths: list[list[Any]] = [[k] for k in KEYS]
    paths += [["rng", 0], ["rng", 1], ["rng", 2], ["rng", 1, 0], ["rng", 1, 624]]
    paths += [["options", k] for k in BASE["options"]]
    paths += [
        ["hands", 0],
        ["hands", 0, 0],
        ["melds", 0],
        ["melds", 0, "owner"],
        ["melds", 0, "kind"],
        ["melds", 0, "cards"],
        ["scores", 0],
        ["buys", 0],
        ["laid_down", 0],
        ["last_drawn", 1],
        ["history", 0],
        ["history", 0, "type"],
    ]
    return paths


@pytest.mark.parametrize("path", _nested_paths(), ids=lambda p: ".".join(map(str, p)))
def test_garbage_raises_value_error_and_nothing_else(path: list[Any]) -> None:
    """rule G9 / rule G10: any garbage value anywhere in a save makes `from_dict` raise ValueError or
    load a game that then works (views, saves, actions refused only with IllegalAction); never any
    other exception (no TypeError, IndexError, OverflowError...)."""
    problems = []
    for value in GARBAGE:
        d = copy.deepcopy(BASE)
        _edit(path, value)(d)
        try:
            g = Game.from_dict(d)
        except ValueError:
            continue
        except Exception as e:
            problems.append(f"from_dict with {value!r}: {type(e).__name__}: {e}")
            continue
        try:
            _exercise(g)
        except Exception as e:
            problems.append(f"loaded {value!r}, then {type(e).__name__}: {e}")
    assert not problems, "\n".join(problems)


STRICT = {
    # value out of range or of the wrong type where the save format has a definite one
    "deal-0": (["deal"], 0),
    "deal-8": (["deal"], 8),
    "deal-99": (["deal"], 99),
    "deal-negative": (["deal"], -1),
    "deal-float": (["deal"], 1.5),
    "turn-bool": (["turn"], True),
    "rebuilds-negative": (["rebuilds"], -1),
    "went_out-string": (["went_out"], "x"),
    "went_out-no-such-seat": (["went_out"], 99),
    "deal_end-number": (["deal_end"], 5),
    "meld-owner-no-such-seat": (["melds", 0, "owner"], 99),
    "history-a-string": (["history"], "x"),
    "buy_queue-a-string": (["buy_queue"], ""),
    "deal_scores-short-row": (["deal_scores"], [[1]]),
    "scores-string": (["scores", 0], "5"),
    "laid_down-string": (["laid_down", 0], "no"),
    "version-true": (["version"], True),
    "rng-negative-word": (["rng", 1, 0], -1),
    "rng-huge-word": (["rng", 1, 0], 2**64),
    "deal-infinity": (["deal"], float("inf")),
}


@pytest.mark.parametrize("name", sorted(STRICT))
def test_garbage_values_refused(name: str) -> None:
    """rule G9: values no save can hold (deal 0 or 99, seats that do not exist, wrong types, a
    generator state that is not one) raise ValueError when loading."""
    path, value = STRICT[name]
    d = copy.deepcopy(BASE)
    _edit(path, value)(d)
    try:
        g = Game.from_dict(d)
    except ValueError:
        return
    except Exception as e:  # reported as a failure with its type, not as an error
        pytest.fail(f"from_dict raised {type(e).__name__}: {e}")
    pytest.fail(f"from_dict accepted {path}={value!r}: view(0) deal={g.deal}")


def test_json_infinity_in_a_save_text_raises_value_error() -> None:
    """rule G9: a save text with `Infinity` (which Python's json reads) raises ValueError on load."""
    text = json.dumps(BASE).replace('"rebuilds": 0', '"rebuilds": Infinity')
    assert "Infinity" in text
    try:
        Game.from_dict(json.loads(text))
    except ValueError:
        return
    except Exception as e:
        pytest.fail(f"from_dict raised {type(e).__name__}: {e}")
    pytest.fail("from_dict accepted rebuilds=Infinity")
