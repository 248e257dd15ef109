"""A guest's device's plain half (``ui.online.guest``): what it sends and keeps, and that it drops
what does not read. Its seed's round and its end check run in the tables of the other online tests
(``tests/online_table.py`` feeds every text to it); here, the rest.
"""

from __future__ import annotations

import json

from online_table import BUILD, Table
from ui.online.guest import Guest


def test_the_device_keeps_its_seat_token_and_says_hello_with_it_after_a_reload() -> None:
    table = Table(51)
    liisa = table.join("peer-a", "Liisa", 1)
    device = liisa.device
    assert device is not None and device.seat == 1 and device.token == liisa.token
    hello = {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": liisa.token}
    assert json.loads(device.hello()) == hello
    fresh = Guest(BUILD, "Aada")
    assert json.loads(fresh.hello()) == {"v": 1, "t": "hello", "build": BUILD, "name": "Aada"}
    lobby = device.lobby
    assert lobby is not None and [s["kind"] for s in lobby["seats"]] == ["host", "person", "empty", "empty"]


def test_the_device_follows_the_table_and_its_messages_read_at_the_host() -> None:
    table = Table(52)
    liisa = table.join("peer-a", "Liisa", 1)
    table.start("easy")
    device = liisa.device
    assert device is not None and device.view is not None and device.legal is not None
    app = table.host.app
    assert app is not None and device.view == json.loads(json.dumps(app.game.view(1)))
    table.deliver(table.host.receive("peer-a", device.react("nice"), table.now + 1))
    assert device.reactions == [(1, "nice")]
    table.deliver(table.host.receive("peer-a", device.take_back(), table.now + 2))
    assert device.refused is not None and device.refused["key"] == "online.no_undo"
    draw = {"type": "draw", "player": 2, "source": "stock"}
    table.deliver(table.host.receive("peer-a", device.act(draw), table.now + 3))
    assert device.refused is not None and device.refused["key"] == "online.not_your_seat"
    table.deliver(table.host.close())
    assert device.bye == "closed"


def test_the_device_drops_what_does_not_read() -> None:
    device = Guest(BUILD, "Liisa")
    for text in ("[" * 10_000, "x" * 600_000, '{"v": 1, "t": "hello"}', "{}", "null"):
        assert device.receive(text) == []
    assert device.view is None and device.seat is None and device.refused is None
