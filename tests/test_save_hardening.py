"""Saves that `Game.from_dict` must refuse (issue 14 point 0): it checks everything it accepts.

A corrupt save raises ValueError ("corrupt save: ...") at once; a save that loads is a state the
engine could have reached by play, so it never crashes later: not in a view, not in the table's
log, not in play. Every valid save still loads: every position of seeded random matches goes
through the JSON round trip.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rommi import Card, Game, IllegalAction, savecheck
from rommi.melds import make_meld
from rommilab.randomplay import random_action
from ui.words.logtext import log_lines

NAMES = [f"seat{i}" for i in range(8)]


def step(g: Game, rng: random.Random) -> None:
    """One random legal action, or the next deal between deals."""
    seat = g.to_act
    if seat is None:
        g.apply({"type": "next_deal"})
        return
    for action in random_action(g.view(seat), rng):
        if not g.can(action):
            continue
        try:
            g.apply(action)
        except IllegalAction:
            continue
        return
    raise AssertionError(f"no legal action for seat {seat} in {g.phase.value}")


def positions(
    variant: str, players: int, options: dict[str, Any] | None, deal: int, seed: int, cap: int
) -> Iterator[Game]:
    """Every position of a seeded random match (begun at ``deal``), at most ``cap`` of them."""
    g = Game.new(variant, players, seed=seed, options=options, deal=deal)
    rng = random.Random(seed)
    for _ in range(cap):
        yield g
        if g.over:
            return
        step(g, rng)


def loads(d: Any) -> Game:
    return Game.from_dict(json.loads(json.dumps(d)))


def refused(d: Any) -> str:
    """The message of the ValueError that loading ``d`` must raise."""
    with pytest.raises(ValueError) as info:
        Game.from_dict(d)
    assert type(info.value) is ValueError
    message = str(info.value)
    assert message.startswith("corrupt save: "), message
    assert len(message) < 300, message
    return message


# ---------------------------------------------------------------- every valid save loads

MATCHES = [
    ("contract", 3, None, 6, 4, 700),
    ("contract", 4, {"max_buys": 2}, 1, 2, 150),
    ("contract", 5, {"jokers": 4}, 1, 3, 150),
    ("contract", 8, None, 1, 5, 150),
    ("basic", 2, None, 1, 1, 150),
    ("basic", 4, {"ace_high": True, "jokers": 2}, 1, 5, 150),
    ("basic", 6, None, 1, 0, 150),
]


def test_every_position_of_random_matches_loads() -> None:
    """rule G9: every position of seeded random matches (both games, 2 to 8 players, house rules,
    a match's last deals) saves and loads again through JSON, equal; straight from `to_dict`
    (with the engine's enum names in it) too. The positions cover every event the engine logs
    and every phase, so the checks are met by real play, not only by the saves chosen here."""
    events: set[str] = set()
    phases: Counter[str] = Counter()
    for variant, players, options, deal, seed, cap in MATCHES:
        where = f"{variant} players={players} options={options} seed={seed}"
        for k, g in enumerate(positions(variant, players, options, deal, seed, cap)):
            d = g.to_dict()
            text = json.dumps(d)
            try:
                h = Game.from_dict(json.loads(text))
                if k % 10 == 0:
                    Game.from_dict(d)
            except ValueError as e:
                raise AssertionError(f"{where}: position {k} refused: {e}") from None
            assert json.dumps(h.to_dict()) == text, f"{where}: position {k}"
            phases[g.phase.value] += 1
            events |= {e["type"] for e in g.view(0)["history"]}
    assert set(phases) == {"draw", "buy", "play", "deal_over", "match_over"}, phases
    assert events == set(savecheck.EVENT_TYPES), events


def test_the_saves_of_the_release_before_check_still_load() -> None:
    """rule G9: the saves written by the release before check (tests/data/saves_v1.json) load."""
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "saves_v1.json").read_text(encoding="utf-8"))
    for case in data.values():
        Game.from_dict(case["save"])
        Game.from_dict(case["after"])


# ---------------------------------------------------------------- saves to break


def _find(variant: str, players: int, options: dict[str, Any] | None, want: Callable[[Game], bool]) -> Game:
    """The first position of seeded random matches where ``want`` holds (deterministic)."""
    for seed in range(40):
        for g in positions(variant, players, options, 1, seed, 800):
            if want(g):
                return g
    raise AssertionError("no such position in 40 seeded matches")


def _logged(g: Game) -> set[str]:
    return {e["type"] for e in g.view(0)["history"]}


def _rich(g: Game) -> bool:
    """In the play phase, with a meld, a lay-off, a swap and a buy in this deal's log."""
    return g.phase.value == "play" and {"meld", "layoff", "swap", "buy"} <= _logged(g)


RICH = json.loads(json.dumps(_find("contract", 4, {"jokers": 6}, _rich).to_dict()))
BASIC = json.loads(
    json.dumps(
        _find(
            "basic",
            3,
            {"jokers": 2},
            lambda g: g.phase.value == "draw" and g.deal == 2 and g.view(0)["discard_size"] >= 3,
        ).to_dict()
    )
)
BUYING = json.loads(
    json.dumps(_find("contract", 4, {"max_buys": 1}, lambda g: g.phase.value == "buy").to_dict())
)


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(d))
    return out


def _first(d: dict[str, Any], kind: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in d["history"] if e["type"] == kind)
    return entry


def test_the_saves_to_break_load() -> None:
    """rule G9: the saves the tests below break are good saves to begin with."""
    for d in (RICH, BASIC, BUYING):
        assert loads(d).to_dict() == d


def _edit_history(kind: str, edit: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def f(d: dict[str, Any]) -> None:
        edit(_first(d, kind))

    return f


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def f(e: dict[str, Any]) -> None:
        e[key] = value

    return f


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def f(e: dict[str, Any]) -> None:
        del e[key]

    return f


HISTORY_EDITS: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "deal-without-fields": ("G7", lambda d: d["history"].append({"type": "deal"})),
    "deal-without-dealer": ("G7", _edit_history("deal", _drop("dealer"))),
    "swap-without-meld": ("G6", _edit_history("swap", _drop("meld"))),
    "swap-meld-a-string": ("G6", _edit_history("swap", _set("meld", "0"))),
    "swap-meld-out-of-range": ("G6", _edit_history("swap", _set("meld", 99))),
    "swap-a-joker": ("G6", _edit_history("swap", _set("card", "JK"))),
    "layoff-cards-a-number": ("C8", _edit_history("layoff", _set("cards", 5))),
    "layoff-no-cards": ("C8", _edit_history("layoff", _set("cards", []))),
    "layoff-end-middle": ("C8", _edit_history("layoff", _set("end", "middle"))),
    "layoff-meld-bool": ("C8", _edit_history("layoff", _set("meld", True))),
    "meld-ids-shifted": ("C7", _edit_history("meld", lambda e: e.update(ids=[i + 1 for i in e["ids"]]))),
    "meld-ids-missing": ("C7", _edit_history("meld", _drop("ids"))),
    "meld-cards-not-cards": ("C7", _edit_history("meld", lambda e: e["melds"][0].__setitem__(0, "1H"))),
    "meld-contract-flag-a-string": ("C7", _edit_history("meld", _set("contract", "yes"))),
    "draw-player-out-of-range": ("G8", _edit_history("draw", _set("player", 4))),
    "draw-player-negative": ("G8", _edit_history("draw", _set("player", -1))),
    "draw-unknown-source": ("G8", _edit_history("draw", _set("source", "table"))),
    "draw-extra-field": ("G8", _edit_history("draw", _set("note", "hi"))),
    "buy-card-missing": ("C6", _edit_history("buy", _drop("card"))),
    "offer-card-not-a-card": ("C6", _edit_history("offer", _set("card", ["AS"]))),
    "pass-player-float": ("C6", _edit_history("pass", _set("player", 1.0))),
    "discard-card-lowercase": ("G8", _edit_history("discard", _set("card", "7h"))),
    "unknown-type": ("G10", lambda d: d["history"].append({"type": "cheat", "player": 0})),
    "entry-not-an-object": ("G10", lambda d: d["history"].append(["draw", 0])),
    "type-missing": ("G10", _edit_history("pass", _drop("type"))),
}


@pytest.mark.parametrize("name", sorted(HISTORY_EDITS))
def test_history_entries_are_checked_against_the_engines_schema(name: str) -> None:
    """rules G6, G7, G8, C6, C7, C8 and G10: every logged event must be exactly what the engine
    writes (its type, its fields and nothing else, seats in range, cards that are cards, meld ids
    of melds on the table): the table's log renders them all after a load."""
    rule, edit = HISTORY_EDITS[name]
    d = _copy(RICH)
    edit(d)
    message = refused(d)
    assert "history" in message or "follow" in message, f"rule {rule}: {message}"


def test_a_logged_event_out_of_its_turn_is_refused() -> None:
    """rule G8: a well-formed event in the wrong place (a second draw in one turn, a discard by
    the wrong seat) is refused too: the log is replayed, not only read."""
    d = _copy(RICH)
    draw = _first(d, "draw")
    d["history"].insert(d["history"].index(draw), dict(draw))
    refused(d)
    d = _copy(RICH)
    discard = _first(d, "discard")
    discard["player"] = (discard["player"] + 1) % d["players"]
    refused(d)


def test_the_history_must_begin_with_this_deals_deal() -> None:
    """rule G7: the log's first event is the deal of the current deal, by the current dealer."""
    d = _copy(BASIC)
    d["history"][0]["deal"] = 1
    assert "another deal" in refused(d)
    d = _copy(BASIC)
    d["history"][0]["dealer"] = (d["dealer"] + 1) % d["players"]
    refused(d)
    d = _copy(BASIC)
    d["history"].pop(0)
    refused(d)
    d = _copy(BASIC)
    d["history"] = []
    refused(d)


def _state_after_deal(variant: str, options: dict[str, Any] | None, over: str) -> dict[str, Any]:
    g = _find(variant, 3, options, lambda g: g.phase.value == over)
    return _copy(g.to_dict())


def test_the_seat_to_act_must_hold_cards() -> None:
    """rule C10 / rule B6: in the draw or play phase the seat to act holds cards; an empty hand
    ends the deal. Its cards moved to the stock: the hand sizes no longer follow from the log."""
    d = _copy(BASIC)
    seat = d["turn"]
    d["stock"] += d["hands"][seat]
    d["hands"][seat] = []
    refused(d)


def test_contract_match_over_only_after_deal_7() -> None:
    """rule C15: a contract match is over after its seventh deal, not at deal 1."""
    d = _state_after_deal("contract", None, "deal_over")
    assert d["deal"] < 7
    d["phase"] = "match_over"
    assert "match end" in refused(d)


def test_contract_deal_7_ends_the_match() -> None:
    """rule C15: after deal 7 the match is over: a deal_over in deal 7 is refused."""
    g = next(g for g in positions("contract", 3, None, 6, 4, 700) if g.over)
    d = _copy(g.to_dict())
    loads(d)
    d["phase"] = "deal_over"
    assert "match end" in refused(d)


def test_basic_match_over_only_at_the_target() -> None:
    """rule B9: a basic match ends when a total reaches the target, and not before."""
    d = _state_after_deal("basic", {"target": 1000}, "deal_over")
    d["phase"] = "match_over"
    assert "match end" in refused(d)
    d = _state_after_deal("basic", None, "deal_over")
    d["options"]["target"] = max(d["scores"])
    refused(d)


def test_deal_scores_follow_the_deal_number() -> None:
    """rule C14 / rule C15: one row per deal played (never more than the deal number allows) and
    the totals are the rows' sums; the last row is what the hands at the deal's end score."""
    d = _copy(BASIC)
    assert len(d["deal_scores"]) == 1
    d["deal_scores"].append([0] * d["players"])
    assert "rows" in refused(d)
    d = _copy(BASIC)
    d["scores"][0] += 1
    assert "sums" in refused(d)
    d = _state_after_deal("contract", None, "deal_over")
    d["deal_scores"][-1][0] += 1
    d["scores"][0] += 1
    assert "scores" in refused(d)
    d = _state_after_deal("contract", None, "deal_over")
    d["deal_scores"].pop()
    d["scores"] = [0] * d["players"]
    refused(d)


def test_no_deal_end_while_the_deal_is_played() -> None:
    """rule C11: `went_out` and `deal_end` are set when the deal ends, never while it is played."""
    d = _copy(RICH)
    d["went_out"] = 0
    assert "deal end" in refused(d)
    d = _copy(RICH)
    d["deal_end"] = "stock_out"
    assert "deal end" in refused(d)


def test_taken_only_in_the_play_phase_and_only_the_card_taken() -> None:
    """rule G8: `taken` is the card the player to act took from the pile this turn: set only in
    the play phase after a discard draw. (It may have been melded since, so it need not be in hand.)"""
    d = _copy(BASIC)
    assert d["phase"] == "draw"
    d["taken"] = d["hands"][d["turn"]][0]
    assert "drawn" in refused(d)
    d = _copy(RICH)
    d["taken"] = "JK" if d["taken"] != "JK" else "AS"
    refused(d)


def test_the_buy_queue_is_the_seats_the_rules_ask() -> None:
    """rule C6: the seats asked are every other seat from the next in turn order, less those at
    the buy limit, less those who passed: not the player whose turn it is, not out of order."""
    d = _copy(BUYING)
    loads(d)
    d["buy_queue"] = [d["turn"], *d["buy_queue"]]
    refused(d)
    d = _copy(BUYING)
    d["buy_queue"] = d["buy_queue"][::-1] if len(d["buy_queue"]) > 1 else []
    refused(d)


def test_rebuilds_are_limited() -> None:
    """rule C13 / rule B7: at most two rebuilds in a contract deal and one in a basic deal."""
    d = _copy(RICH)
    d["rebuilds"] = 3
    assert "rebuilds" in refused(d)
    d = _copy(BASIC)
    d["rebuilds"] = 2
    assert "rebuilds" in refused(d)
    d = _copy(RICH)
    d["rebuilds"] = 1  # in range, but no rebuild is logged
    refused(d)


def test_hand_sizes_follow_from_the_history() -> None:
    """rule C3 / rule C6 / rule G8: every hand starts at the hand size, a draw adds one card, a
    buy two, a meld or lay-off takes its cards, a discard one: a card moved from the stock to a
    hand (or between hands) is refused, though every card is still there."""
    d = _copy(RICH)
    d["hands"][0].append(d["stock"].pop())
    assert "hand sizes" in refused(d)
    d = _copy(RICH)
    d["hands"][1].append(d["hands"][0].pop())
    assert "hand sizes" in refused(d)


def _unlogged_exchange(d: dict[str, Any]) -> bool:
    """Exchange a card of a meld for a card from a hand that the meld takes as well (a set's
    natural of another suit, the card a run's joker stands for): every count still agrees."""
    for m in d["melds"]:
        for i, old in enumerate(m["cards"]):
            for hand in d["hands"]:
                for c in hand:
                    new = [*m["cards"][:i], c, *m["cards"][i + 1 :]]
                    if c == old:
                        continue
                    try:
                        make_meld([Card.parse(x) for x in new], m["kind"], d["options"]["ace_high"])
                    except ValueError:
                        continue
                    m["cards"] = new
                    hand[hand.index(c)] = old
                    return True
    return False


def test_the_melds_follow_from_the_history() -> None:
    """rule C8 / rule G6: the melds on the table are the logged melds with the logged lay-offs
    and swaps: a card of a meld exchanged with a hand unlogged (a valid meld still, every count
    the same) is refused, and so is a meld given to another owner."""
    d = _copy(RICH)
    assert _unlogged_exchange(d)
    assert "melds" in refused(d)
    d = _copy(RICH)
    d["melds"][0]["owner"] = (d["melds"][0]["owner"] + 1) % d["players"]
    assert "melds" in refused(d)


def test_the_discard_pile_follows_from_the_history() -> None:
    """rule G2 / rule G8: the log knows the discard pile card for card; its cards reordered
    (or one exchanged with the stock) are refused."""
    d = _copy(BASIC)
    assert len(d["discard"]) > 1
    d["discard"][-1], d["discard"][0] = d["discard"][0], d["discard"][-1]
    assert d["discard"][-1] != d["discard"][0]  # one deck: every card is unique
    assert "piles" in refused(d)
    d = _copy(BASIC)
    d["discard"][-1], d["stock"][0] = d["stock"][0], d["discard"][-1]
    refused(d)


def test_options_must_be_what_the_game_gives() -> None:
    """rule C2 / rule B1: the saved options are exactly the game's options with its defaults."""
    d = _copy(RICH)
    d["options"]["target"] = 5  # not a contract rummy option
    assert "options" in refused(d)
    d = _copy(RICH)
    del d["options"]["ace_high"]
    refused(d)
    d = _copy(RICH)
    d["extra"] = 1
    refused(d)


# ---------------------------------------------------------------- deep and huge values


def deep(levels: int = 10_000) -> list[Any]:
    x: list[Any] = []
    for _ in range(levels):
        x = [x]
    return x


DEEP_PLACES: list[list[Any]] = [
    [k] for k in ("variant", "players", "options", "rng", "phase", "hands", "taken", "history", "deal_end")
] + [
    ["options", "jokers"],
    ["options", "max_buys"],
    ["rng", 0],
    ["rng", 1, 3],
    ["hands", 0],
    ["hands", 0, 0],
    ["melds", 0, "cards"],
    ["melds", 0, "kind"],
    ["history", 0, "type"],
    ["history", 1, "player"],
    ["history", 1, "source"],
    ["scores", 0],
    ["deal_scores"],
    ["last_drawn", 0],
    ["buy_queue"],
    ["went_out"],
    ["version"],
]


def _put(d: Any, path: list[Any], value: Any) -> None:
    for p in path[:-1]:
        d = d[p]
    d[path[-1]] = value


@pytest.mark.parametrize("path", DEEP_PLACES, ids=lambda p: ".".join(map(str, p)))
def test_a_value_nested_10000_deep_is_refused_quickly(path: list[Any]) -> None:
    """rule G9: 10,000 nested lists anywhere give ValueError, not RecursionError, and at once."""
    d = _copy(RICH)
    _put(d, path, deep())
    start = time.perf_counter()
    with pytest.raises(ValueError) as info:
        Game.from_dict(d)
    assert time.perf_counter() - start < 1.0
    assert str(info.value).startswith(("corrupt save: ", "save version"))
    assert len(str(info.value)) < 300


HUGE = {
    "target-huge": (["options", "target"], 10**5000),
    "max_buys-huge": (["options", "max_buys"], 2**64),
    "jokers-huge": (["options", "jokers"], 10**100),
    "deal-huge": (["deal"], 10**5000),
    "score-huge": (["scores", 0], 10**5000),
    "deal-score-huge": (["deal_scores"], [[10**5000] * 4]),
    "buys-huge": (["buys", 0], 2**80),
    "history-player-huge": (["history", 1, "player"], 10**5000),
    "history-deal-negative-huge": (["history", 0, "deal"], -(10**5000)),
    "phase-huge-string": (["phase"], "p" * 1_000_000),
    "card-huge-string": (["hands", 0, 0], "AS" * 500_000),
    "variant-huge-string": (["variant"], "contract" * 100_000),
    "history-type-huge-string": (["history", 1, "type"], "draw" * 250_000),
    "stock-huge-list": (["stock"], ["AS"] * 1_000_000),
    "history-huge-list": (["history"], [{"type": "pass", "player": 0}] * 200_000),
}


@pytest.mark.parametrize("name", sorted(HUGE))
def test_huge_values_are_refused_quickly(name: str) -> None:
    """rule G9: a huge number, string or list is bounded before it is used: ValueError at once,
    with a short message (never the value itself)."""
    path, value = HUGE[name]
    d = _copy(RICH)
    _put(d, path, value)
    start = time.perf_counter()
    message = refused(d)
    assert time.perf_counter() - start < 1.0, message


def test_a_recursion_error_while_loading_becomes_a_value_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """rule G9: whatever overflows the stack while a save is read is a corrupt save, not a crash."""

    def overflow(*args: Any) -> Any:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(savecheck, "replay", overflow)
    assert "nested" in refused(_copy(RICH))


def test_a_loaded_game_does_not_share_the_saves_lists() -> None:
    """rule G9: the loaded game's log is its own copy: changing the save afterwards changes nothing."""
    d = _copy(RICH)
    g = Game.from_dict(d)
    before = g.to_dict()
    for e in d["history"]:
        for v in e.values():
            if isinstance(v, list):
                v.clear()
    assert g.to_dict() == before


# ---------------------------------------------------------------- property: random mutations


def _saves_to_mutate() -> list[str]:
    """Saves from seeded random matches, in every phase and both games, as JSON text."""
    out = []
    for variant, players, options, deal, seed, cap in MATCHES:
        rng = random.Random(seed)
        for k, g in enumerate(positions(variant, players, options, deal, seed, cap)):
            if g.phase.value in ("deal_over", "match_over") or rng.random() < 0.03 or k == 0:
                out.append(json.dumps(g.to_dict()))
    return out


SAVES = _saves_to_mutate()
DEEP = deep()
GARBAGE: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "AS",
    "JK",
    "draw",
    "play",
    [],
    {},
    [None],
    [[]],
    ["AS"],
    {"type": "deal"},
]
WORDS = [
    "draw",
    "buy",
    "play",
    "deal_over",
    "match_over",
    "stock",
    "discard",
    "low",
    "high",
    "out",
    "stock_out",
    "set",
    "run",
    "contract",
    "basic",
    "pass",
    "offer",
    "meld",
    "layoff",
    "swap",
    "rebuild",
    "deal_end",
    "deal",
    "AS",
    "7H",
    "KC",
    "JK",
]


def _pick(d: dict[str, Any], rng: random.Random) -> tuple[Any, Any]:
    """A random place in the save: a top-level key, then deeper with some chance at each level."""
    parent: Any = d
    key: Any = rng.choice(sorted(d))
    while True:
        value = parent[key]
        if isinstance(value, dict) and value and rng.random() < 0.7:
            parent, key = value, rng.choice(sorted(value))
        elif isinstance(value, list) and value and rng.random() < 0.7:
            parent, key = value, rng.randrange(len(value))
        else:
            return parent, key


def _leaves(x: Any, want: type, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths to every value of type ``want`` (the generator's 625 words left out)."""
    if path[:1] == ("rng",) and len(path) == 2 and path[1] == 1:
        return
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, want, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaves(v, want, (*path, i))
    elif type(x) is want:
        yield path


def _card_lists(d: dict[str, Any]) -> list[list[Any]]:
    """Every list of cards in the save: hands, piles, melds and the logged ones."""
    lists = [*d["hands"], d["stock"], d["discard"], *(m["cards"] for m in d["melds"])]
    for e in d["history"]:
        if e["type"] == "meld":
            lists += e["melds"]
        elif e["type"] == "layoff":
            lists.append(e["cards"])
    return [x for x in lists if isinstance(x, list)]


def _at(d: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    for p in path[:-1]:
        d = d[p]
    return d, path[-1]


def m_delete(d: dict[str, Any], rng: random.Random) -> str:
    parent, key = _pick(d, rng)
    del parent[key]
    return f"delete {key!r}"


def m_type(d: dict[str, Any], rng: random.Random) -> str:
    parent, key = _pick(d, rng)
    parent[key] = rng.choice(GARBAGE)
    return f"{key!r} = {parent[key]!r}"


def m_number(d: dict[str, Any], rng: random.Random) -> str:
    paths = list(_leaves(d, int))
    parent, key = _at(d, rng.choice(paths))
    v = parent[key]
    parent[key] = rng.choice([v + 1, v - 1, -1, -v - 1, 2**31, 2**64, 10**30, -(10**18), 10**5000])
    return f"number {key!r}: {v} -> {'huge' if abs(parent[key]) > 10**40 else parent[key]}"


def m_word(d: dict[str, Any], rng: random.Random) -> str:
    paths = list(_leaves(d, str))
    parent, key = _at(d, rng.choice(paths))
    parent[key] = rng.choice(WORDS)
    return f"word {key!r} = {parent[key]!r}"


def m_history(d: dict[str, Any], rng: random.Random) -> str:
    h = d["history"]
    i = rng.randrange(len(h))
    how = rng.choice(["drop", "duplicate", "swap", "drop-last", "move"])
    if how == "drop":
        del h[i]
    elif how == "duplicate":
        h.insert(rng.randrange(len(h) + 1), json.loads(json.dumps(h[i])))
    elif how == "swap" and i + 1 < len(h):
        h[i], h[i + 1] = h[i + 1], h[i]
    elif how == "drop-last":
        h.pop()
    else:
        h.insert(rng.randrange(len(h) + 1), h.pop(i))
    return f"history {how} {i}"


def m_card(d: dict[str, Any], rng: random.Random) -> str:
    pile = rng.choice([x for x in _card_lists(d) if x])
    i = rng.randrange(len(pile))
    how = rng.choice(["drop", "duplicate", "change"])
    if how == "drop":
        del pile[i]
    elif how == "duplicate":
        pile.insert(rng.randrange(len(pile) + 1), pile[i])
    else:
        pile[i] = rng.choice(["AS", "KH", "7D", "2C", "JK", "TS"])
    return f"card {how}"


def m_swap_cards(d: dict[str, Any], rng: random.Random) -> str:
    piles = [x for x in [*d["hands"], d["stock"], d["discard"], *(m["cards"] for m in d["melds"])] if x]
    a, b = rng.choice(piles), rng.choice(piles)
    i, j = rng.randrange(len(a)), rng.randrange(len(b))
    if rng.random() < 0.5:
        a[i], b[j] = b[j], a[i]
        return "exchange two cards"
    b.insert(j, a.pop(i))
    return "move a card"


def m_nest(d: dict[str, Any], rng: random.Random) -> str:
    parent, key = _pick(d, rng)
    parent[key] = DEEP
    return f"nest {key!r} 10000 deep"


def m_huge_string(d: dict[str, Any], rng: random.Random) -> str:
    parent, key = _pick(d, rng)
    parent[key] = rng.choice(["x", "AS", "draw"]) * 250_000
    return f"huge string at {key!r}"


MUTATIONS: list[Callable[[dict[str, Any], random.Random], str]] = [
    m_delete,
    m_type,
    m_number,
    m_number,
    m_word,
    m_history,
    m_history,
    m_card,
    m_swap_cards,
    m_swap_cards,
    m_nest,
    m_huge_string,
]


def survive(g: Game, rng: random.Random, steps: int = 200) -> None:
    """Use a loaded game as the table and the players would; only IllegalAction may be raised."""
    for seat in range(g.players):
        view = g.view(seat)
        json.dumps(view)
        log_lines(view, NAMES[: g.players])
    g.legal_actions()
    list(g.legal_layoffs_and_swaps())
    Game.from_dict(json.loads(json.dumps(g.to_dict())))
    for _ in range(steps):
        if g.over:
            return
        step(g, rng)


def mutation_round(seed: int, count: int) -> tuple[Counter[str], list[str]]:
    """``count`` random mutations of the saves; the tally and every failure (with seed and number)."""
    tally: Counter[str] = Counter()
    failures: list[str] = []
    for k in range(count):
        rng = random.Random(seed * 1_000_003 + k)
        original = rng.choice(SAVES)
        d = json.loads(original)
        what = rng.choice(MUTATIONS)(d, rng)
        where = f"seed={seed} mutation={k} ({what})"
        tally["tried"] += 1
        start = time.perf_counter()
        try:
            g = Game.from_dict(d)
        except ValueError as e:
            took = time.perf_counter() - start
            tally["refused"] += 1
            try:
                message = str(e)
            except Exception as err:  # an error whose very message fails is a crash too
                message = f"<str() raised {type(err).__name__}>"
            if not message.startswith(("corrupt save: ", "save version")) or len(message) > 300:
                failures.append(f"{where}: message {message[:100]!r}")
            if took > 1.0:
                failures.append(f"{where}: took {took:.1f} s to refuse")
            continue
        except Exception as e:
            tally["crashed in from_dict"] += 1
            failures.append(f"{where}: from_dict raised {type(e).__name__}: {str(e)[:100]}")
            continue
        try:
            unchanged = json.dumps(d) == original
        except (ValueError, RecursionError):
            unchanged = False
        tally["accepted unchanged" if unchanged else "accepted changed"] += 1
        if unchanged:
            continue  # the very save of a position played: known good
        try:
            survive(g, rng)
        except Exception as e:
            tally["accepted then crashed"] += 1
            failures.append(f"{where}: loaded, then {type(e).__name__}: {str(e)[:100]}")
    return tally, failures


SEEDS = [1, 2, 3, 4]
PER_SEED = 1000


@pytest.mark.parametrize("seed", SEEDS)
def test_random_mutations_are_refused_or_survive_play(seed: int) -> None:
    """rule G9 / rule G10: thousands of random mutations of real saves (a key deleted, a value of
    another type, a number made huge or negative, a logged event dropped, duplicated or moved, a
    card dropped, duplicated, changed or moved between piles, a value nested 10,000 deep, a huge
    string): each is refused with ValueError at once, or loads a game that then survives its
    views, the table's log, its legal moves, a save and 200 steps of random play."""
    tally, failures = mutation_round(seed, PER_SEED)
    print(f"seed={seed}: {dict(tally)}")
    assert not failures, f"seed={seed}: {len(failures)} failures:\n" + "\n".join(failures[:20])
    assert tally["refused"] > PER_SEED // 2, f"seed={seed}: {dict(tally)}"
