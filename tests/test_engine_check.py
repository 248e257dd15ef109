"""The engine answers "is this legal?" without doing it: ``check``, ``can``, ``copy``,
``legal_actions`` and ``legal_layoffs_and_swaps`` (docs/protocol.md, rule G10).

``check`` runs exactly the verification ``apply`` runs, so the two must agree on
every action, refused or not, for the same rule. The listings are compared
with a brute force that tries every conceivable action on a game restored from
its save, so they are judged by ``apply`` alone. Perft-style counts (how many
action sequences of a given length a fixed stacked position has) pin the
listings down the way chess engines pin their move generators.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rommi import Game, IllegalAction
from rommi.names import ActionType, DealEnd, End, MeldKind, Source
from rommilab.randomplay import random_action
from stacking import new_game, saved

Action = dict[str, Any]


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def _positions(
    variant: str, players: int, seed: int, options: dict[str, Any] | None, every: int, steps: int = 400
) -> Iterator[Game]:
    """Every ``every``-th position of the first ``steps`` of a seeded random match."""
    rng = random.Random(seed)
    g = Game.new(variant, players, seed=seed, options=options)
    step = 0
    while not g.over and step < steps:
        if step % every == 0:
            yield g
        step += 1
        if g.to_act is None:
            g.apply({"type": "next_deal"})
            continue
        for action in random_action(g.view(g.to_act), rng):
            if g.can(action):
                g.apply(action)
                break
        else:
            raise AssertionError(f"no legal action found, seed={seed}")


def _every_action(g: Game) -> Iterator[Action]:
    """Every action anyone could try now, legal or not, from every seat."""
    yield {"type": "next_deal"}
    for p in range(g.players):
        yield {"type": "draw", "player": p, "source": "stock"}
        yield {"type": "draw", "player": p, "source": "discard"}
        yield {"type": "buy", "player": p}
        yield {"type": "pass", "player": p}
    p = g.to_act
    if p is None:
        return
    view = g.view(p)
    cards = sorted(set(view["hand"])) + ["2C", "JK"]
    for c in cards:
        yield {"type": "discard", "player": p, "card": c}
        for m in view["melds"]:
            yield {"type": "swap", "player": p, "meld": m["id"], "card": c}
            if m["kind"] == "set":
                yield {"type": "layoff", "player": p, "meld": m["id"], "cards": [c]}
            else:
                for end in ("low", "high"):
                    yield {"type": "layoff", "player": p, "meld": m["id"], "cards": [c], "end": end}


def _accepted_by_apply(g: Game, action: Action) -> bool:
    twin = g.copy()  # a copy plays on exactly as the game (tested below, against the save format)
    try:
        twin.apply(action)
    except IllegalAction:
        return False
    return True


SETUPS = [
    ("contract", 3, 31, {"jokers": 4}),
    ("contract", 5, 32, {"max_buys": 2}),
    ("contract", 4, 33, {"runs_differ_in_suit": True}),
    ("basic", 2, 34, {"jokers": 2, "ace_high": True}),
    ("basic", 4, 35, None),
]


@pytest.mark.parametrize(("variant", "players", "seed", "options"), SETUPS)
def test_listings_are_exactly_what_apply_accepts(
    variant: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """rules G8, C6, C8, C9, C10, C12, B4, B5, G6: listed actions are those apply accepts."""
    seen: set[str] = set()
    for g in _positions(variant, players, seed, options, every=7):
        before = saved(g)
        listed = [a.to_json() for a in [*g.legal_actions(), *g.legal_layoffs_and_swaps()]]
        seen.update(a["type"] for a in listed)
        assert saved(g) == before, f"listing changed the game, seed={seed}"
        assert len({_key(a) for a in listed}) == len(listed), f"duplicates listed, seed={seed}"
        brute = {_key(a) for a in _every_action(g) if _accepted_by_apply(g, a)}
        assert {_key(a) for a in listed} == brute, f"seed={seed} deal={g.deal} phase={g.phase}"
    assert {"draw", "discard"} <= seen, f"seed={seed}"
    if seed == 31:
        assert {"buy", "pass", "layoff", "swap"} <= seen, f"the positions met no lay-off or swap, seed={seed}"


@pytest.mark.parametrize(("variant", "players", "seed", "options"), SETUPS)
def test_check_gives_the_refusal_apply_raises(
    variant: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """rule G10: check and apply agree on every action tried, with the same rule and message."""
    tried = refused = 0
    for g in _positions(variant, players, seed, options, every=3):
        before = g.fingerprint()
        for action in _every_action(g):
            tried += 1
            verdict = g.check(action)
            assert g.fingerprint() == before, f"check changed the game: {action}, seed={seed}"
            assert g.can(action) is (verdict is None)
            twin = g.copy()
            try:
                twin.apply(action)
            except IllegalAction as e:
                refused += 1
                assert verdict is not None, f"check allowed {action}, apply refused it ({e}), seed={seed}"
                assert (verdict.rule, verdict.key, str(verdict)) == (e.rule, e.key, str(e)), f"seed={seed}"
            else:
                assert verdict is None, f"check refused {action} ({verdict}), apply did it, seed={seed}"
    assert refused and tried > refused, f"seed={seed}: {tried} tried, {refused} refused"


HOSTILE: list[Any] = [
    None,
    [],
    "draw",
    {"type": "fly"},
    {"type": None},
    {"type": "draw", "player": True, "source": "stock"},
    {"type": "draw", "player": 0.0, "source": "stock"},
    {"type": "draw", "player": 99, "source": "stock"},
    {"type": "draw", "player": 0, "source": ["stock"]},
    {"type": "discard", "player": 0, "card": 7},
    {"type": "discard", "player": 0, "card": "ZZ" * 1000},
    {"type": "meld", "player": 0, "melds": "7H 7S 7D"},
    {"type": "meld", "player": 0, "melds": [["7H", "7S", 5]]},
    {"type": "meld", "player": 0, "melds": [["7H", "7S", "7D"]], "kinds": ["pair"]},
    {"type": "layoff", "player": 0, "meld": "0", "cards": ["7H"]},
    {"type": "layoff", "player": 0, "meld": 0, "cards": ["7H"], "end": "middle"},
    {"type": "swap", "player": 0, "meld": -1, "card": "7H"},
]


@pytest.mark.parametrize("action", HOSTILE, ids=range(len(HOSTILE)))
def test_check_refuses_malformed_actions_like_apply(action: Any) -> None:
    """rule G10: malformed actions get the same refusal from check as from apply."""
    for g in _positions("contract", 3, 41, {"jokers": 4}, every=13):
        players_turn = g.to_act
        if (
            players_turn is not None
            and isinstance(action, dict)
            and action.get("player") == 0
            and type(action["player"]) is int
        ):
            action = {**action, "player": players_turn}
        verdict = g.check(action)
        assert isinstance(verdict, IllegalAction)
        with pytest.raises(IllegalAction) as info:
            g.copy().apply(action)
        assert (verdict.rule, verdict.key) == (info.value.rule, info.value.key)


# ------------------------------------------------------------------------ copy


def test_copy_plays_on_exactly_as_the_original() -> None:
    """rule G9: a copy keeps the random generator, so both deal the same next hands."""
    for variant, players, seed in (("contract", 4, 51), ("basic", 3, 52)):
        rng = random.Random(seed)
        g = Game.new(variant, players, seed=seed, options={"jokers": 2})
        twin: Game | None = None
        for _ in range(600):
            if g.over:
                break
            if twin is None and rng.random() < 0.05:
                twin = g.copy()
                assert twin.to_dict() == g.to_dict()
            if g.to_act is None:
                action: Action = {"type": "next_deal"}
            else:
                action = next(a for a in random_action(g.view(g.to_act), rng) if g.can(a))
            g.apply(action)
            if twin is not None:
                twin.apply(action)
                assert twin.fingerprint() == g.fingerprint(), f"seed={seed}"
        assert twin is not None and twin.to_dict() == g.to_dict(), f"seed={seed}"


def test_a_copy_is_independent_of_its_original() -> None:
    """rule G9: playing on a copy leaves the original as it was, and the other way round."""
    g = Game.new("contract", 4, seed=53)
    before = saved(g)
    twin = g.copy()
    rng = random.Random(53)
    for _ in range(200):
        if twin.to_act is None:
            twin.apply({"type": "next_deal"})
            continue
        twin.apply(next(a for a in random_action(twin.view(twin.to_act), rng) if twin.can(a)))
    assert saved(g) == before
    assert saved(twin) != before
    moved = saved(twin)
    g.apply({"type": "draw", "player": g.to_act, "source": "discard"})
    assert saved(twin) == moved


def test_copy_is_much_cheaper_than_a_save_round_trip() -> None:
    """rule G9: copy skips the JSON round trip (figures come from tools/bench/bench_copy.py).

    Counted in operations, not seconds: a copy makes no card strings at all.
    """
    g = Game.new("contract", 6, seed=54)
    calls = 0
    original = type(g.hand(0)[0]).__str__

    def counting(card: Any) -> str:
        nonlocal calls
        calls += 1
        return original(card)

    cls = type(g.hand(0)[0])
    cls.__str__ = counting  # type: ignore[method-assign]
    try:
        g.copy()
        after_copy = calls
        Game.from_dict(g.to_dict())
    finally:
        cls.__str__ = original  # type: ignore[method-assign]
    assert after_copy == 0
    assert calls > 100


# ----------------------------------------------------------------------- perft


def perft(g: Game, depth: int) -> int:
    """The number of action sequences of ``depth`` actions (lay-offs and swaps included)."""
    moves = [*g.legal_actions(), *g.legal_layoffs_and_swaps()]
    if depth == 1:
        return len(moves)
    total = 0
    for action in moves:
        child = g.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def _contract_table() -> Game:
    """Deal 2 of 3 players (one set and one run): seat 1 acts first, holding 7H 7S JK 8C 9C TC;
    the turned-up 7D completes a set."""
    hands = [
        ["2S", "3S", "9D", "9C", "KH", "KD", "4H", "5H", "6C", "QS"],
        ["7H", "7S", "JK", "8C", "9C", "TC", "2D", "2H", "QH", "QD"],
        ["5S", "5D", "5C", "JD", "QC", "KC", "3D", "4D", "8H", "AH"],
    ]
    return new_game("contract", 3, hands, up="7D", stock=["JC", "6D", "5H"], options={"jokers": 4}, deal=2)


def _basic_table() -> Game:
    """Two players, ace high, ten cards each: seat 1 holds A K of hearts, a joker and 5C 6C 7C."""
    hands = [
        ["QH", "QS", "QC", "2D", "3D", "4D", "9S", "9H", "3C", "8D"],
        ["AH", "KH", "JK", "5C", "6C", "7C", "TD", "7S", "KD", "KC"],
    ]
    return new_game("basic", 2, hands, up="QD", stock=["8C", "2S"], options={"jokers": 2, "ace_high": True})


def test_perft_counts_in_a_stacked_contract_deal() -> None:
    """rules G8, C6, C7, C8: pinned numbers of action sequences from a fixed contract position."""
    g = _contract_table()
    assert g.to_act == 1
    # 1: stock or 7D. 2: after the stock the buy window asks seat 2 (buy, pass); after 7D, ten
    # discards (eleven cards less 7D itself, G8). 3: eleven discards after seat 2 bought, seat 0's
    # buy or pass after seat 2 passed, and seat 2's two draws after each of the ten discards.
    assert [perft(g, d) for d in (1, 2, 3, 4, 5)] == [2, 12, 33, 164, 528]


def test_perft_counts_in_a_stacked_basic_deal() -> None:
    """rules G8, B4, B5: pinned numbers of action sequences from a fixed basic position."""
    g = _basic_table()
    assert g.to_act == 1
    # 2: eleven discards after the stock, ten after QD (not QD itself, B4); 3: the next two draws.
    assert [perft(g, d) for d in (1, 2, 3, 4)] == [2, 21, 42, 441]


def test_perft_after_laying_down_counts_lay_offs_and_swaps() -> None:
    """rules C8, C9, G6: once down, lay-offs at each end and joker swaps are listed."""
    g = _contract_table()
    g.apply({"type": "draw", "player": 1, "source": "discard"})  # 7D: a set of sevens
    g.apply({"type": "meld", "player": 1, "melds": [["7H", "7S", "7D"], ["8C", "9C", "TC"]]})
    listed = [a.to_json() for a in [*g.legal_actions(), *g.legal_layoffs_and_swaps()]]
    kinds = sorted(a["type"] for a in listed)
    assert kinds.count("discard") == 5  # JK 2D 2H QH QD
    layoffs = [a for a in listed if a["type"] == "layoff"]
    assert {(a["meld"], a["cards"][0], a.get("end")) for a in layoffs} == {
        (0, "JK", None),
        (1, "JK", "low"),
        (1, "JK", "high"),
    }
    # A discard hands the turn on (the next seat's two draws); a lay-off leaves four discards.
    assert perft(g, 2) == 5 * 2 + 3 * 4


def test_legal_actions_between_deals_and_at_the_end() -> None:
    """rules C11, C15: between deals only next_deal is legal; after the match nothing is."""
    g = Game.new("contract", 3, seed=61)
    rng = random.Random(61)
    seen_break = False
    while not g.over:
        if g.to_act is None:
            assert [a.to_json() for a in g.legal_actions()] == [{"type": "next_deal"}]
            assert list(g.legal_layoffs_and_swaps()) == []
            seen_break = True
            g.apply({"type": "next_deal"})
            continue
        g.apply(next(a for a in random_action(g.view(g.to_act), rng) if g.can(a)))
    assert seen_break
    assert g.legal_actions() == [] and list(g.legal_layoffs_and_swaps()) == []


def test_check_is_cheap_beside_a_copy() -> None:
    """rule G10: check runs the verification alone; it builds no copy (sanity, not timing).

    Counted by the save format: check never calls ``to_dict``.
    """
    g = Game.new("contract", 4, seed=62)
    calls = 0
    real = Game.to_dict

    def spy(self: Game) -> dict[str, Any]:
        nonlocal calls
        calls += 1
        return real(self)

    Game.to_dict = spy  # type: ignore[method-assign]
    try:
        for action in _every_action(g):
            g.check(action)
        list(g.legal_actions())
    finally:
        Game.to_dict = real  # type: ignore[method-assign]
    assert calls == 0


# ------------------------------------------------------------- saves and names


def test_a_save_from_the_release_before_check_loads_and_plays_on_alike() -> None:
    """rules G9, G10: saves made before check existed load, save back byte for byte, and play
    on as they did then (tests/data/saves_v1.json holds the save, the actions the computer
    players took from it, and the state they reached, all written by that release)."""
    data = json.loads((Path(__file__).parent / "data" / "saves_v1.json").read_text(encoding="utf-8"))
    assert set(data) == {"contract", "basic"}
    for name, case in data.items():
        g = Game.from_dict(case["save"])
        assert json.dumps(g.to_dict(), sort_keys=True) == json.dumps(case["save"], sort_keys=True), name
        for action in case["actions"]:
            assert g.can(action), f"{name}: {action}"
            g.apply(action)
        assert json.dumps(g.to_dict(), sort_keys=True) == json.dumps(case["after"], sort_keys=True), name


def test_names_are_their_protocol_strings() -> None:
    """rule G10: the StrEnum names write exactly the JSON the protocol has always used."""
    assert json.dumps([ActionType.NEXT_DEAL, Source.STOCK, MeldKind.RUN, End.LOW, DealEnd.STOCK_OUT]) == (
        '["next_deal", "stock", "run", "low", "stock_out"]'
    )
    g = Game.new("contract", 3, seed=71)
    assert json.dumps([a.to_json() for a in g.legal_actions()]) == json.dumps(
        [{"type": "draw", "player": g.to_act, "source": s} for s in ("stock", "discard")]
    )
