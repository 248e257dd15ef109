"""Actions as typed values (``rommi.actions``): their JSON is the protocol's, byte for byte, and
a malformed dict is refused exactly as the engine refused it before actions were typed.

Saves, share links and replay records keep actions as JSON and hand them to ``Game.apply``;
the engine, the computer players and the table speak typed values. Nothing may change at the
seam: ``to_json`` writes what the protocol always carried, ``from_json`` reads it back to an
equal value, and a dict that is wrong (or wrong and out of turn) is refused for the same rule,
key and parameters as before.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rommi import Game, IllegalAction
from rommi.actions import (
    NEXT_DEAL,
    Action,
    Buy,
    Discard,
    Draw,
    Layoff,
    Meld,
    Pass,
    Swap,
    from_json,
)
from rommi.bots import make_bot
from rommi.cards import Card
from rommi.names import End, MeldKind, Source
from rommilab.randomplay import play_match

DATA = Path(__file__).parent / "data"


def _same_bytes(data: dict[str, Any], where: str) -> Action:
    action = from_json(data)
    assert json.dumps(action.to_json()) == json.dumps(data), where
    assert from_json(action.to_json()) == action, where
    return action


def _bot_match(variant: str, players: int, seed: int) -> Iterator[Action]:
    """Every action of a seeded match of computer players of every level but the expert."""
    g = Game.new(variant, players, seed=seed, options={"jokers": 4} if variant == "contract" else None)
    bots = [make_bot(("easy", "normal", "hard")[(seed + s) % 3], seed * 7 + s) for s in range(players)]
    while not g.over:
        seat = g.to_act
        action = NEXT_DEAL if seat is None else bots[seat].choose(g.view(seat))
        g.apply(action)
        yield action


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_action_of_seeded_matches_round_trips_byte_for_byte(seed: int) -> None:
    """rule G10: each computer player's typed action writes the JSON it is read back from, and
    each action of a random playout (the protocol's dicts, every kind, with and without ``end``
    and ``kinds``) is read to a value that writes the very same bytes."""
    kinds: set[str] = set()
    for variant, players in (("contract", 4), ("basic", 3)):
        for action in _bot_match(variant, players, seed):
            where = f"seed={seed} {variant}: {action}"
            assert from_json(action.to_json()) == action, where
            assert hash(from_json(action.to_json())) == hash(action), where
            kinds.add(action.type)
        log: list[dict[str, Any]] = []
        play_match(variant, players, seed, check=False, log=log)
        for data in log:
            kinds.add(_same_bytes(data, f"seed={seed} {variant} playout: {data}").type)
    assert {"draw", "buy", "pass", "meld", "layoff", "discard", "next_deal"} <= kinds, f"seed={seed}: {kinds}"


def test_saved_actions_round_trip() -> None:
    """rule G9: the actions of the saves written by earlier releases (tests/data) read to typed
    values that write them again, and the game plays on alike with either form."""
    data = json.loads((DATA / "saves_v1.json").read_text(encoding="utf-8"))
    for name, case in data.items():
        as_json, typed = Game.from_dict(case["save"]), Game.from_dict(case["save"])
        for action in case["actions"]:
            as_json.apply(action)
            # That file was written with sorted keys, so the same keys and values, in any order.
            value = from_json(action)
            assert value.to_json() == action and from_json(value.to_json()) == value, name
            typed.apply(value)
        assert as_json.to_dict() == typed.to_dict() == case["after"], name


def test_optional_keys_are_left_out_and_written_in_order() -> None:
    """The protocol's key order, and ``end`` and ``kinds`` only when given."""
    seven, joker = Card.parse("7H"), Card.parse("JK")
    written = [
        Draw(0, Source.DISCARD),
        Buy(1),
        Pass(2),
        Meld(0, ((seven, seven, joker),)),
        Meld(0, ((seven, seven, joker),), (MeldKind.SET,)),
        Layoff(1, 3, (seven,)),
        Layoff(1, 3, (seven, joker), End.HIGH),
        Swap(2, 0, seven),
        Discard(3, joker),
        NEXT_DEAL,
    ]
    assert [json.dumps(a.to_json()) for a in written] == [
        '{"type": "draw", "player": 0, "source": "discard"}',
        '{"type": "buy", "player": 1}',
        '{"type": "pass", "player": 2}',
        '{"type": "meld", "player": 0, "melds": [["7H", "7H", "JK"]]}',
        '{"type": "meld", "player": 0, "melds": [["7H", "7H", "JK"]], "kinds": ["set"]}',
        '{"type": "layoff", "player": 1, "meld": 3, "cards": ["7H"]}',
        '{"type": "layoff", "player": 1, "meld": 3, "cards": ["7H", "JK"], "end": "high"}',
        '{"type": "swap", "player": 2, "meld": 0, "card": "7H"}',
        '{"type": "discard", "player": 3, "card": "JK"}',
        '{"type": "next_deal"}',
    ]
    assert len(set(written)) == len(written)  # hashable, and no two kinds alike (Buy(1) is not Pass(1))
    assert Buy(1) != Pass(1)


def _refusal(g: Game, action: Any) -> list[Any] | None:
    e = g.check(action)
    return None if e is None else [e.rule, e.key, e.params]


def test_a_malformed_action_out_of_turn_is_refused_for_its_turn_first() -> None:
    """rule G10: the engine checks whether play is on, the seat, its turn and the phase before an
    action's own fields (a lay-off's meld number before its cards), as it always has."""
    g = Game.new("contract", 3, seed=4)
    p = g.to_act
    assert p is not None and g.phase == "draw"
    other = (p + 1) % 3
    assert _refusal(g, {"type": "layoff", "player": p, "meld": 9, "cards": "x"}) == ["G8", "draw_first", {}]
    assert _refusal(g, {"type": "discard", "player": other, "card": 5}) == [
        "G10",
        "not_your_turn",
        {"player": other, "to_act": p},
    ]
    assert _refusal(g, {"type": "draw", "player": p, "source": "pile"}) == [
        "G10",
        "bad_field",
        {"field": "source"},
    ]
    assert _refusal(g, {"type": "draw", "player": 7, "source": "pile"}) == [
        "G10",
        "bad_field",
        {"field": "player"},
    ]
    g.apply(Draw(p, Source.STOCK))
    while g.phase == "buy":
        g.apply(Pass(g.to_act or 0))
    assert _refusal(g, {"type": "draw", "player": p, "source": "pile"}) == ["G8", "already_drawn", {}]
    assert _refusal(g, {"type": "layoff", "player": p, "meld": 9, "cards": "x"}) == [
        "G10",
        "no_such_meld",
        {"meld": 9},
    ]
    assert _refusal(g, {"type": "swap", "player": p, "meld": -1, "card": 5}) == [
        "G10",
        "no_such_meld",
        {"meld": -1},
    ]
    assert _refusal(g, {"type": "meld", "player": p, "melds": [["7H", "XX"]]}) == [
        "G10",
        "bad_card",
        {"text": "XX"},
    ]
    assert _refusal(g, "not a dict") == ["G10", "bad_action", {"detail": "not an object"}]
    with pytest.raises(IllegalAction) as e:
        from_json({"type": "layoff", "player": p, "meld": 9, "cards": []})
    assert (e.value.rule, e.value.key, e.value.params) == ("G10", "bad_field", {"field": "cards"})


_TYPES = ["draw", "buy", "pass", "meld", "layoff", "swap", "discard", "next_deal", "bogus", None, 3]
_VALUES: list[Any] = [None, True, -1, 0, 1, 7, 99, "x", "7H", "JK", "XX", "", [], ["7H"], ["XX"], [5]]
_VALUES += [[["7H"]], [[]], ["set"], ["bogus"], "low", "high", "stock", "discard", {}, 1.5]
_FIELDS = ["source", "card", "cards", "meld", "melds", "kinds", "end"]


def _probes() -> Iterator[list[Any]]:
    """Seeded positions (a seeded choice among ``legal_actions``: draws, buys, passes, discards) and, in each,
    odd dicts built at random: each with the refusal it gets (rule, key, params), or None."""
    for variant, players in (("contract", 3), ("basic", 2)):
        for seed in (5, 6):
            g = Game.new(variant, players, seed=seed, options={"jokers": 4})
            rng = random.Random(seed)
            for step in range(240):
                if g.over:
                    break
                p = g.to_act if g.to_act is not None else 0
                for _ in range(12 if step % 2 else 0):
                    d: dict[str, Any] = {"type": rng.choice(_TYPES)}
                    if rng.random() < 0.9:
                        d["player"] = p if rng.random() < 0.6 else rng.choice(_VALUES)
                    for k in _FIELDS:
                        if rng.random() < 0.4:
                            d[k] = rng.choice(_VALUES)
                    if rng.random() < 0.3:
                        hand = g.view(p)["hand"]
                        d["card"] = rng.choice(hand)
                        d["cards"] = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
                    yield [json.dumps(d, sort_keys=True), _refusal(g, d)]
                g.apply(rng.choice(g.legal_actions()))


# The digest of ``_probes`` as release 4deab09's engine (dict actions, before rommi.actions) gave it.
RELEASE_4DEAB09 = "1e7f5babba7c157c4d6bf231a0759cafcdbe6ad566a172a1e4bc69350f4a5d4b"


def test_odd_dicts_are_refused_as_the_release_before_typed_actions_refused_them() -> None:
    """rule G10: thousands of malformed, out-of-turn and odd dicts in seeded positions get the very
    refusals (rule, key, params) the engine gave them before actions were typed values."""
    probes = list(_probes())
    assert len(probes) > 2000 and sum(r is None for _, r in probes) > 20
    keys = {r[1] for _, r in probes if r is not None}
    assert {
        "bad_field",
        "unknown_action",
        "not_your_turn",
        "draw_first",
        "no_such_meld",
    } <= keys
    digest = hashlib.sha256(json.dumps(probes, sort_keys=True).encode()).hexdigest()
    assert digest == RELEASE_4DEAB09
