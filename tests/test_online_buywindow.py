"""The buy window with several people online (issue 41, point 6): everyone who may buy is asked at
once; early answers are held and given to the engine in C6's order; nobody sees an answer before
the window closes, only how many are still awaited; an optional answer time passes for the late.

Seed 3 deals the first turn to the host (seat 0), so its stock draw asks the three guests 1, 2, 3
in that order (C6).
"""

from __future__ import annotations

from typing import Any

import pytest

from online_table import Table
from rommi import Phase
from rommi.actions import Draw
from rommi.names import Source
from ui.online.buywindow import BuyWindow
from ui.play import play

SEED = 3
PEERS = {1: "peer-a", 2: "peer-b", 3: "peer-c"}


def window_open(answer_time: int | None = None) -> Table:
    """Four people; the host draws from the stock and the window opens for seats 1, 2 and 3."""
    table = Table(SEED, answer_time=answer_time)
    for seat, name in ((1, "Liisa"), (2, "Pekka"), (3, "Aada")):
        table.join(PEERS[seat], name, seat)
    table.start()
    app = table.host.app
    assert app is not None and app.seat_to_act() == 0, f"seed {SEED}"
    play(table.screen, 0, Draw(0, Source.STOCK))
    table.deliver(table.host.moved(table.now))
    assert app.phase() is Phase.BUY and app.seat_to_act() == 1
    return table


def answer(table: Table, seat: int, kind: str) -> None:
    table.send(PEERS[seat], {"v": 1, "t": "act", "action": {"type": kind, "player": seat}})


def since(table: Table, mark: int, seat: int) -> list[dict[str, Any]]:
    return [s.message for s in table.log[mark:] if s.peer == PEERS[seat]]


def test_everyone_is_asked_at_once() -> None:
    table = window_open()
    for seat in (1, 2, 3):
        view = table.guests[PEERS[seat]].last("view")
        assert view is not None and view["view"]["phase"] == "buy"
        assert view["legal"]["to_act"] and view["legal"]["buy"] is None and view["legal"]["pass"] is None
        assert view["waiting"] == 3


def test_early_answers_wait_for_their_turn_and_go_in_in_c6_order() -> None:
    table = window_open()
    app = table.host.app
    assert app is not None
    mark = len(table.log)
    answer(table, 3, "buy")  # the last asked answers first: held, the engine still asks seat 1
    assert app.phase() is Phase.BUY and app.seat_to_act() == 1
    assert [m["t"] for m in since(table, mark, 1)] == ["waiting"]
    assert since(table, mark, 1)[0] == {"v": 1, "t": "waiting", "count": 2}  # how many, never whose
    answer(table, 1, "pass")  # seat 1's pass goes in; seat 2 is asked by the engine, seat 3 waits
    assert app.phase() is Phase.BUY and app.seat_to_act() == 2
    mark2 = len(table.log)
    answer(table, 2, "pass")  # now both held answers go in, in order: 2 passes, 3 buys
    assert app.phase() is Phase.PLAY
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("pass", 1), ("pass", 2), ("buy", 3)]
    # Until the window closed nobody was sent a view (whose answer was what stays unseen) ...
    between = [s.message for s in table.log[mark:mark2]]
    assert {m["t"] for m in between} == {"waiting"}
    # ... and then everyone got the table with the window closed.
    for seat in (1, 2, 3):
        views = [m for m in since(table, mark2, seat) if m["t"] == "view"]
        assert views and views[-1]["view"]["phase"] == "play" and views[-1]["waiting"] is None


def test_an_earlier_buyer_wins_and_later_answers_are_dropped() -> None:
    table = window_open()
    app = table.host.app
    assert app is not None
    answer(table, 2, "buy")
    answer(table, 3, "buy")
    answer(table, 1, "buy")
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("buy", 1)]
    assert app.view()["buys"] == [0, 1, 0, 0]


def test_an_answer_counts_once_and_only_from_a_seat_asked() -> None:
    table = window_open()
    app = table.host.app
    assert app is not None
    answer(table, 3, "pass")
    answer(table, 3, "buy")
    assert table.guests[PEERS[3]].got[-1]["key"] == "online.buy.answered"
    table.send(PEERS[2], {"v": 1, "t": "act", "action": {"type": "buy", "player": 3}})
    assert table.guests[PEERS[2]].got[-1]["key"] == "online.not_your_seat"
    answer(table, 1, "pass")
    answer(table, 2, "pass")
    assert app.phase() is Phase.PLAY and app.view()["buys"] == [0, 0, 0, 0]
    answer(table, 1, "buy")  # the window is closed
    assert table.guests[PEERS[1]].got[-1]["key"] == "engine.not_your_turn"


@pytest.mark.parametrize("seconds", [15, 30, 60])
def test_the_answer_time_passes_for_whoever_has_not_answered(seconds: int) -> None:
    table = window_open(answer_time=seconds)
    app = table.host.app
    assert app is not None
    opened = table.host.window.deadline()
    assert opened is not None
    answer(table, 2, "buy")
    table.deliver(table.host.tick(opened - 0.1))
    assert app.phase() is Phase.BUY and app.seat_to_act() == 1
    table.deliver(table.host.tick(opened))
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("pass", 1), ("buy", 2)]


def test_no_answer_time_by_default_and_only_the_settings_values() -> None:
    table = window_open()
    table.deliver(table.host.tick(table.now + 10_000))
    app = table.host.app
    assert app is not None and app.phase() is Phase.BUY
    assert table.host.window.deadline() is None
    with pytest.raises(ValueError, match="answer time"):
        BuyWindow(20)


def test_a_guest_back_in_an_open_window_sees_it_as_it_opened() -> None:
    table = window_open()
    first = table.guests[PEERS[3]].last("view")
    answer(table, 1, "pass")  # seat 1's pass is in the engine's history now
    table.deliver(table.host.left(PEERS[3], table.now))
    token = table.guests[PEERS[3]].token
    guest = table.guests.setdefault("peer-c2", type(table.guests[PEERS[3]])("peer-c2", "Aada"))
    table.send("peer-c2", {"v": 1, "t": "hello", "build": "test-build-1", "name": "Aada", "token": token})
    again = guest.last("view")
    assert again == first
    assert again is not None and not [e for e in again["view"]["history"] if e["type"] == "pass"]


def test_the_hosts_own_seat_is_asked_at_once_too() -> None:
    """Seed 6 deals the first turn to Liisa (seat 1): her stock draw asks 2, 3 and the host (0)."""
    table = Table(6)
    for seat, name in ((1, "Liisa"), (2, "Pekka"), (3, "Aada")):
        table.join(PEERS[seat], name, seat)
    table.start()
    app = table.host.app
    assert app is not None and app.seat_to_act() == 1, "seed 6"
    table.send(PEERS[1], {"v": 1, "t": "act", "action": {"type": "draw", "player": 1, "source": "stock"}})
    assert app.phase() is Phase.BUY and app.seat_to_act() == 2
    mark = len(table.log)
    table.deliver(table.host.answer(0, True, table.now))  # the host answers first, from its own table
    assert app.seat_to_act() == 2
    assert [s.message for s in table.log[mark:]] == [{"v": 1, "t": "waiting", "count": 2}] * 3
    with pytest.raises(ValueError, match="answered already"):
        table.host.answer(0, False, table.now)
    answer(table, 3, "pass")
    answer(table, 2, "pass")
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("pass", 2), ("pass", 3), ("buy", 0)]
    assert app.view()["buys"] == [1, 0, 0, 0]


def test_the_hosts_table_counts_the_answers_awaited_too() -> None:
    table = window_open()
    assert table.host.buy_waiting() == 3
    answer(table, 3, "pass")
    assert table.host.buy_waiting() == 2
    answer(table, 1, "pass")
    answer(table, 2, "pass")
    assert table.host.buy_waiting() is None
