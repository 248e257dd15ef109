"""Hostile guests (issue 41, point 8): malformed, oversized, too deep, wrongly typed, out-of-turn,
illegal messages, a move for another seat, and a flood past the rate limit are refused; nothing
changes at the table and nobody else hears of it; the table goes on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from online_table import BUILD, Table
from rommi import Refused
from ui.online import messages

SEED = 5


def seated() -> tuple[Table, int, int]:
    """A table in play (host, Liisa at 1, Pekka at 2, a computer at 3): a seat that is not to act."""
    table = Table(SEED)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 2)
    table.start("easy")
    app = table.host.app
    assert app is not None
    to_act = app.seat_to_act()
    assert to_act is not None
    idle = 1 if to_act != 1 else 2
    return table, to_act, idle


def state(table: Table) -> tuple[Any, ...]:
    app = table.host.app
    assert app is not None
    places = [(p.kind, p.name, p.token, p.peer, p.stand_in) for p in table.host.lobby.places]
    return json.dumps(app.game.to_dict()), json.dumps(app.log), places, table.host.turn


def refused_alone(table: Table, peer: str, text: Any) -> dict[str, Any]:
    """Send ``text`` as ``peer``: exactly one refusal comes back, to it, and nothing changed."""
    before = state(table)
    table.now += 1.0
    reply = table.deliver(table.host.receive(peer, text, table.now))
    assert [s.peer for s in reply.sends] == [peer], f"{text!r:.80}: {reply.sends}"
    assert reply.effects == []
    message = reply.sends[0].message
    assert message["t"] == "refused", f"{text!r:.80}"
    assert state(table) == before, f"{text!r:.80} changed the table"
    return message


def peer_of(seat: int) -> str:
    return {1: "peer-a", 2: "peer-b"}[seat]


BAD_TEXTS = [
    ("not json", "online.not_json"),
    ("", "online.not_json"),
    ("[]", "online.bad_message"),
    ('"act"', "online.bad_message"),
    ("x" * 3000, "online.too_long"),
    ('{"v": 1, "t": "act", "action": ' + "[" * 50 + "]" * 50 + "}", "online.too_deep"),
    ("[" * 100_000, "online.too_long"),
    ('{"v": 2, "t": "undo"}', "online.version"),
    ('{"v": true, "t": "undo"}', "online.version"),
    ('{"t": "undo"}', "online.version"),
    ('{"v": 1, "t": "shout"}', "online.bad_message"),
    ('{"v": 1, "t": 7}', "online.bad_message"),
    ('{"v": 1, "t": "undo", "extra": 1}', "online.bad_message"),
    ('{"v": 1, "t": "sit"}', "online.bad_message"),
    ('{"v": 1, "t": "sit", "seat": "1"}', "online.bad_message"),
    ('{"v": 1, "t": "sit", "seat": true}', "online.bad_message"),
    ('{"v": 1, "t": "sit", "seat": 99}', "online.bad_message"),
    ('{"v": 1, "t": "act", "action": "draw"}', "online.bad_message"),
    ('{"v": 1, "t": "act", "action": {"player": 1}}', "online.bad_message"),
    ('{"v": 1, "t": "react", "code": ["nice"]}', "online.bad_message"),
    ('{"v": 1, "t": "commit", "hash": "zz"}', "online.bad_message"),
    ('{"v": 1, "t": "reveal", "value": 5, "salt": null}', "online.bad_message"),
    ('{"v": 1, "t": "hello", "build": "b", "name": ""}', "online.bad_name"),
    ('{"v": 1, "t": "hello", "build": "b", "name": "a\\u0000b"}', "online.bad_name"),
    ('{"v": 1, "t": "hello", "build": "b", "name": "' + "n" * 200 + '"}', "online.bad_name"),
    ('{"v": 1, "t": "hello", "build": "<script>", "name": "x"}', "online.bad_message"),
    ('{"v": 1, "t": "hello", "build": "b", "name": "x", "token": "abc"}', "online.bad_message"),
]


@pytest.mark.parametrize(("text", "key"), BAD_TEXTS)
def test_a_malformed_message_is_refused_with_its_reason(text: str, key: str) -> None:
    table, _, idle = seated()
    assert refused_alone(table, peer_of(idle), text)["key"] == key


def test_a_text_that_is_no_text_is_refused() -> None:
    table, _, idle = seated()
    assert refused_alone(table, peer_of(idle), b"{}")["key"] == "online.not_text"  # type: ignore[arg-type]


def test_out_of_turn_illegal_and_for_another_seat_are_refused() -> None:
    table, to_act, idle = seated()
    peer = peer_of(idle)

    def act(action: dict[str, Any]) -> str:
        message = refused_alone(table, peer, json.dumps({"v": 1, "t": "act", "action": action}))
        return str(message["key"])

    assert act({"type": "draw", "player": idle, "source": "stock"}) == "engine.not_your_turn"
    assert act({"type": "draw", "player": to_act, "source": "stock"}) == "online.not_your_seat"
    assert act({"type": "discard", "player": 3, "card": "7H"}) == "online.not_your_seat"
    assert act({"type": "draw", "player": True, "source": "stock"}).startswith(("online.", "engine."))
    assert act({"type": "next_deal"}) == "engine.deal_not_over"
    assert act({"type": "fly", "player": idle}).startswith("engine.")
    assert act({"type": "meld", "player": idle, "melds": [[1, 2, 3]]}).startswith("engine.")
    assert refused_alone(table, peer, '{"v": 1, "t": "undo"}')["key"] == "online.no_undo"
    assert refused_alone(table, peer, '{"v": 1, "t": "sit", "seat": 3}')["key"] == "online.started"
    assert refused_alone(table, peer, '{"v": 1, "t": "commit", "hash": "' + "a" * 64 + '"}')["key"] == (
        "online.fair.none"
    )


def test_the_one_to_act_is_refused_an_illegal_move_and_plays_on() -> None:
    table, to_act, _ = seated()
    if to_act not in (1, 2):
        pytest.fail(f"seed {SEED}: a guest should be first to act")
    peer = peer_of(to_act)
    discard = {"type": "discard", "player": to_act, "card": "7H"}
    message = refused_alone(table, peer, json.dumps({"v": 1, "t": "act", "action": discard}))
    assert message["key"] == "engine.draw_first"
    table.send(peer, {"v": 1, "t": "act", "action": {"type": "draw", "player": to_act, "source": "stock"}})
    app = table.host.app
    assert app is not None and app.phase() != "draw"


def test_a_peer_without_a_seat_can_do_nothing_but_look() -> None:
    table, _, _ = seated()
    table.host.joined("peer-x")
    assert refused_alone(table, "peer-x", '{"v": 1, "t": "undo"}')["key"] == "online.hello_first"
    table.send("peer-x", {"v": 1, "t": "hello", "build": BUILD, "name": "Mallory"})
    action = {"type": "draw", "player": 1, "source": "stock"}
    assert refused_alone(table, "peer-x", json.dumps({"v": 1, "t": "act", "action": action}))["key"] == (
        "online.no_seat"
    )
    assert refused_alone(table, "peer-x", '{"v": 1, "t": "react", "code": "nice"}')["key"] == "online.no_seat"


def test_a_flood_is_dropped_past_the_rate_limit_and_counted() -> None:
    table, _, idle = seated()
    peer = peer_of(idle)
    before = state(table)
    at = table.now + 1.0
    answered = [table.host.receive(peer, '{"v": 1, "t": "undo"}', at) for _ in range(500)]
    told = [r.sends[0].message["key"] for r in answered if r.sends]
    assert told[:40] == ["online.no_undo"] * 40 and told[40:] == ["online.too_many"]  # said once
    assert table.host.peers[peer].dropped == 460
    assert state(table) == before
    # The other guest is not slowed down, and a second later the flooder is heard again.
    other = 3 - idle
    assert table.host.receive(peer_of(other), '{"v": 1, "t": "undo"}', at).sends[0].message["key"] == (
        "online.no_undo"
    )
    later = table.host.receive(peer, '{"v": 1, "t": "undo"}', at + 1.0)
    assert later.sends[0].message["key"] == "online.no_undo"


def test_random_garbage_is_always_refused_and_never_raises() -> None:
    """Seeded mutations of real messages: every one is read or refused, none escapes as an error."""
    table, _, idle = seated()
    peer = peer_of(idle)
    rng = random.Random(SEED)
    base: list[dict[str, Any]] = [
        {"v": 1, "t": "act", "action": {"type": "layoff", "player": idle, "meld": 0, "cards": ["7H"]}},
        {"v": 1, "t": "act", "action": {"type": "meld", "player": idle, "melds": [["7H", "7S", "JK"]]}},
        {"v": 1, "t": "act", "action": {"type": "swap", "player": idle, "meld": 0, "card": "6H"}},
        {"v": 1, "t": "sit", "seat": 1},
        {"v": 1, "t": "reveal", "value": "ab" * 16, "salt": "cd" * 16},
    ]
    junk: list[Any] = [None, True, -1, 2**70, 1.5, "", "JK", [], {}, [[]], {"a": 1}, "\u202e", "9" * 5000]
    before = state(table)
    for i in range(400):
        message = json.loads(json.dumps(rng.choice(base)))
        target = message["action"] if "action" in message and rng.random() < 0.8 else message
        key = rng.choice(sorted(target))
        target[key] = rng.choice(junk)
        try:
            text = json.dumps(message)
        except ValueError:
            continue
        table.now += 0.1
        reply = table.host.receive(peer, text, table.now)
        kinds = [s.message["t"] for s in reply.sends]
        assert kinds == ["refused"], f"seed {SEED}, case {i}: {text[:120]} -> {kinds}"
    assert state(table) == before


def test_every_refusal_key_is_worded_in_both_languages() -> None:
    import re
    from pathlib import Path

    from ui.words import text_en, text_fi

    folder = Path(__file__).resolve().parent.parent / "py" / "ui" / "online"
    key = re.compile(r'"(online\.[a-z_.]*[a-z_])"')  # a whole key; a prefix ("online.reaction.") is below
    keys = {k for p in folder.glob("*.py") for k in key.findall(p.read_text("utf-8"))}
    keys |= {f"online.reaction.{code}" for code in messages.REACTIONS}
    keys |= {f"online.bye.{reason}" for reason in messages.BYE_REASONS}
    assert len(keys) > 20
    for catalog in (text_en.TEXT, text_fi.TEXT):
        assert sorted(keys - set(catalog)) == []


def test_the_parser_refuses_rather_than_raises_for_any_json() -> None:
    rng = random.Random(SEED)
    values: list[Any] = [None, 1, "x", [1], {"v": 1}, {"v": 1, "t": "hello"}]
    values.append({"v": 1, "t": "act", "action": {}})
    for _ in range(200):
        value = rng.choice(values)
        try:
            messages.parse(json.dumps(value))
        except Refused as e:
            assert e.key.startswith("online.")


def test_a_guest_reads_a_hosts_message_within_bounds_only() -> None:
    assert messages.read_host('{"v": 1, "t": "started"}') == {"v": 1, "t": "started"}
    for text, key in (
        ("x" * 600_000, "online.too_long"),
        ('{"v": 1, "t": "view", "view": ' + "[" * 20 + "]" * 20 + "}", "online.too_deep"),
        ('{"v": 1, "t": "hello"}', "online.bad_message"),
        ('{"v": 9, "t": "view"}', "online.version"),
        ("nonsense", "online.not_json"),
    ):
        with pytest.raises(Refused) as e:
            messages.read_host(text)
        assert e.value.key == key
