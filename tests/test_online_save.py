"""A hosted game's own save (issue 41, point 7): the host reloads mid-game, the guests come back by
themselves with their seat tokens, and the game goes on as if nothing happened; a damaged save is
refused, never half-read.
"""

from __future__ import annotations

import json
import random

import pytest

from online_table import BUILD, Guest, Table, seeded_hex
from rommi import Phase, Refused
from test_online_buywindow import PEERS, answer, window_open
from ui.online.hostsave import restore, to_save
from ui.screen import Screen


def reloaded(table: Table) -> None:
    """The host's page reloads: a new ``Screen``, the hosted game read from its save (as JSON text)."""
    text = json.dumps(to_save(table.host))
    table.screen = Screen()
    table.host = restore(json.loads(text), table.screen, BUILD, table.now, seeded_hex(random.Random(1)))


def come_back(table: Table, peer: str) -> Guest:
    """A guest's device reconnects by itself, on a new connection, with the token it kept."""
    old = table.guests.pop(peer)
    guest = table.guests[peer] = Guest(peer, old.name, token=old.token, bot=old.bot, device=old.device)
    table.host.joined(peer)
    table.send(peer, {"v": 1, "t": "hello", "build": BUILD, "name": old.name, "token": old.token})
    assert guest.seat == old.seat, f"seed {table.seed}: {guest.got}"
    return guest


@pytest.mark.parametrize("seed", [7, 31])
def test_the_host_reloads_mid_deal_and_the_guests_carry_on(seed: int) -> None:
    table = Table(seed)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 3)
    table.start("easy")
    for _ in range(25):
        table.guest_moves() or table.host_moves()
    app = table.host.app
    assert app is not None
    game, log = json.dumps(app.game.to_dict()), list(app.log or [])
    reloaded(table)
    again = table.host.app
    assert again is not None and json.dumps(again.game.to_dict()) == game and again.log == log
    assert [seat for seat, _, _ in table.host.away(table.now)] == [1, 3]
    for peer in ("peer-a", "peer-b"):
        guest = come_back(table, peer)
        view = guest.last("view")
        assert view is not None and view["view"] == json.loads(json.dumps(again.game.view(guest.seat or 0)))
    table.play_deal()
    assert again.phase() is Phase.DEAL_OVER


def test_a_reload_keeps_the_buy_window_and_its_held_answers() -> None:
    table = window_open()
    answer(table, 3, "buy")
    answer(table, 1, "pass")
    opened = table.guests[PEERS[2]].last("view")
    reloaded(table)
    for seat in (1, 2, 3):
        come_back(table, PEERS[seat])
    assert table.guests[PEERS[2]].last("view") == opened  # the window as it opened: no answer shown
    answer(table, 2, "pass")
    app = table.host.app
    assert app is not None
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("pass", 1), ("pass", 2), ("buy", 3)]


def test_a_reload_in_the_seed_round_keeps_the_commitments() -> None:
    table = Table(8)
    table.join("peer-a", "Liisa", 1)
    table.deliver(table.host.start("easy", table.now))
    table.answer_fair(only="commit")
    reloaded(table)
    liisa = come_back(table, "peer-a")
    assert liisa.last("commits") is not None  # asked again for its value
    table.answer_fair()
    assert table.host.app is not None and liisa.last("started") is not None


def test_a_damaged_hosted_save_is_refused() -> None:
    table = Table(9)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    good = to_save(table.host)
    breakages = [
        lambda d: d.update(version=2),
        lambda d: d["places"][1].update(token="x"),
        lambda d: d["places"][1].update(token=None),
        lambda d: d["places"][2].update(level="god"),
        lambda d: d["places"][1].update(name="Someone else"),
        lambda d: d.update(players=True),
        lambda d: d["fair"]["hashes"].update({"1": 5}),
        lambda d: d["app"].update(version=99),
        lambda d: d.update(places=d["places"][:2]),
        lambda d: d.pop("round"),
    ]
    for i, breaking in enumerate(breakages):
        data = json.loads(json.dumps(good))
        breaking(data)
        with pytest.raises(Refused):
            restore(data, Screen(), BUILD, 0.0, seeded_hex(random.Random(i)))
    assert restore(json.loads(json.dumps(good)), Screen(), BUILD, 0.0, seeded_hex(random.Random(0))).started
