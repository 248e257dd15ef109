"""The host of an online table (issue 41, points 3 and 7): seat tokens, each seat's own view only,
no seed before the match ends, and a seat handed to a computer player and back.

Plain Python: ``ui.online.host.Host`` with guests that read only what they are sent
(``tests/online_table.py``); every move goes through the one move path, ``ui.play.play``.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from online_table import BUILD, Table
from rommi import Phase
from rommi.cards import Card
from ui.model.app import SeatKind
from ui.online import messages
from ui.online.host import STAND_IN_AFTER

SEEDS = (7, 31, 2024)


def strings(value: Any) -> list[str]:
    """Every text anywhere in a message."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def card_codes(value: Any) -> set[str]:
    out = set()
    for s in strings(value):
        with contextlib.suppress(ValueError):
            out.add(str(Card.parse(s)))
    return out


def whole_deal(seed: int) -> Table:
    """A host (seat 0), two guests (seats 1 and 3) and one computer player (seat 2) play deal 1."""
    table = Table(seed)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 3)
    table.start("easy")
    table.play_deal()
    return table


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_deal_sends_each_guest_only_its_own_seat(seed: int) -> None:
    table = whole_deal(seed)
    app = table.host.app
    assert app is not None
    kinds = [s.played_by for s in app.seats]
    assert kinds == [SeatKind.HERE, SeatKind.ELSEWHERE, SeatKind.COMPUTER, SeatKind.ELSEWHERE]
    assert app.phase() is Phase.DEAL_OVER, f"seed {seed}"
    guest_moves = [a for a in app.log or [] if a.get("player") in (1, 3)]
    assert len(guest_moves) > 10, f"seed {seed}: the guests hardly played"
    views = [s for s in table.log if s.message["t"] == "view"]
    assert {s.peer for s in views} == {"peer-a", "peer-b"}
    for sent in table.log:
        before_seat = sent.message["t"] in ("lobby", "welcome")
        assert sent.seat in (1, 3) or before_seat, f"seed {seed}: to {sent.peer}, who has no seat"
        m = sent.message
        assert str(app.seed) not in sent.text, f"seed {seed}: the seed went to seat {sent.seat} in {m['t']}"
        for secret in sent.secrets:  # the other players' values for the seed, before the match ends
            assert secret not in sent.text, f"seed {seed}: another player's value in {m['t']}"
        if m["t"] != "view":
            assert not card_codes(m) - {"JK"}, f"seed {seed}: cards in a {m['t']} message"
            continue
        assert m["seat"] == sent.seat, f"seed {seed}: seat {sent.seat} was sent seat {m['seat']}'s view"
        view = m["view"]
        assert view == sent.own, f"seed {seed}: not the engine's view of seat {sent.seat} then"
        # Its own hand, and no card in the message that its own view does not show: the hidden
        # cards of the others appear nowhere, not even in what it may do.
        own = set(view["hand"])
        assert set(m["legal"]["discard"]) <= own
        for play_ in m["legal"]["plays"]:
            assert set(play_.get("cards", [play_.get("card")])) <= own
        shown = card_codes(view)
        assert card_codes(m) <= shown, f"seed {seed}: {card_codes(m) - shown} not in seat {sent.seat}'s view"
        if view["phase"] not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            assert view["revealed"] is None
            # Cards only another seat holds (in no public place this seat sees) are nowhere in it.
            others = {c for hand in sent.hidden.values() for c in hand}
            assert not (card_codes(m) & others) - shown


@pytest.mark.parametrize("seed", SEEDS[:1])
def test_each_view_is_the_engines_view_of_that_seat_when_sent(seed: int) -> None:
    table = Table(seed)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 3)
    table.start("easy")
    app = table.host.app
    assert app is not None
    checked = 0
    for _ in range(60):
        before = len(table.log)
        if not (table.guest_moves() or table.host_moves()):
            break
        for sent in table.log[before:]:
            if sent.message["t"] == "view":
                assert sent.message["view"] == json.loads(json.dumps(app.game.view(sent.message["seat"])))
                checked += 1
    assert checked > 20, f"seed {seed}"


def test_a_guest_who_comes_back_with_its_token_gets_its_seat_and_the_table_as_it_is() -> None:
    table = Table(11)
    liisa = table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 2)
    table.start("easy")
    token = liisa.token
    assert token is not None and len(token) == 32
    # The token is Liisa's alone: no other peer was ever sent it.
    assert all(token not in s.text for s in table.log if s.peer != "peer-a")
    for _ in range(8):
        table.guest_moves() or table.host_moves()
    table.deliver(table.host.left("peer-a", table.now))
    assert table.host.away(table.now + 5) == [(1, "Liisa", pytest.approx(5.0))]
    lobby = table.guests["peer-b"].last("lobby")
    assert lobby is not None and lobby["seats"][1]["away"] is True
    # A reload: a new connection, the same token.
    back = table.guests.setdefault("peer-a2", type(liisa)("peer-a2", "Liisa"))
    table.send("peer-a2", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token})
    assert back.seat == 1
    view = back.last("view")
    app = table.host.app
    assert app is not None and view is not None
    assert view["view"] == json.loads(json.dumps(app.game.view(1)))
    assert table.host.away(table.now) == []
    assert table.host.lobby.seat_of("peer-a2") == 1 and table.host.lobby.seat_of("peer-a") is None


def test_a_wrong_token_gets_nothing() -> None:
    table = Table(12)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    wrong = "0" * 32
    stranger = table.guests.setdefault("peer-x", type(table.guests["peer-a"])("peer-x", "Liisa"))
    before = len(table.log)
    table.send("peer-x", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": wrong})
    got = [s.message for s in table.log[before:]]
    assert [m["t"] for m in got] == ["refused"] and got[0]["key"] == "online.bad_token"
    assert stranger.seat is None and table.host.lobby.seat_of("peer-x") is None
    table.send("peer-x", {"v": 1, "t": "act", "action": {"type": "draw", "player": 1, "source": "stock"}})
    assert stranger.got[-1]["key"] == "online.hello_first"
    assert table.host.lobby.places[1].peer == "peer-a"  # Liisa keeps her seat and connection


def test_another_build_is_told_to_reload() -> None:
    table = Table(13)
    table.host.joined("peer-z")
    reply = table.host.receive("peer-z", json.dumps({"v": 1, "t": "hello", "build": "old", "name": "Z"}), 1.0)
    assert [s.message for s in reply.sends] == [{"v": 1, "t": "bye", "reason": "build"}]


def test_the_lobby_keeps_names_unique_and_seats_single() -> None:
    table = Table(14)
    table.join("peer-a", "Liisa", 1)
    table.guests.setdefault("peer-b", type(table.guests["peer-a"])("peer-b", "liisa"))
    table.send("peer-b", {"v": 1, "t": "hello", "build": BUILD, "name": "  liisa "})
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 2})
    assert table.guests["peer-b"].got[-1]["key"] == "online.name_taken"
    table.send("peer-b", {"v": 1, "t": "hello", "build": BUILD, "name": "Maija"})  # the host's name
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 2})
    assert table.guests["peer-b"].got[-1]["key"] == "online.name_taken"
    table.send("peer-b", {"v": 1, "t": "hello", "build": BUILD, "name": "Pekka"})
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 1})
    assert table.guests["peer-b"].got[-1]["key"] == "online.seat_taken"
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 0})
    assert table.guests["peer-b"].got[-1]["key"] == "online.seat_taken"
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 3})
    assert table.guests["peer-b"].seat == 3
    table.send("peer-b", {"v": 1, "t": "sit", "seat": 2})
    assert table.guests["peer-b"].got[-1]["key"] == "online.seated"
    lobby = table.guests["peer-a"].last("lobby")
    assert lobby is not None
    assert [s["kind"] for s in lobby["seats"]] == ["host", "person", "empty", "person"]
    assert [s["name"] for s in lobby["seats"]] == ["Maija", "Liisa", "", "Pekka"]
    assert "token" not in json.dumps(lobby)
    table.start("hard")
    app = table.host.app
    assert app is not None and app.seats[2].level == "hard" and app.seats[2].name == "Eero"


def test_a_seat_goes_to_a_computer_player_while_its_person_is_away_and_back() -> None:
    table = Table(21)
    liisa = table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 3)
    table.start("easy")
    app = table.host.app
    assert app is not None
    with pytest.raises(ValueError, match="not a person away"):
        table.host.stand_in(1, "easy")  # Liisa is here: nobody takes her seat
    table.deliver(table.host.left("peer-a", table.now))
    reply = table.deliver(table.host.stand_in(1, "normal"))
    assert app.seats[1].played_by == SeatKind.COMPUTER and app.seats[1].name == "Liisa"
    assert app.bots[1] is not None and reply.effects[0].run_bots
    start = len(app.log or [])
    moved_for_her = 0
    for _ in range(200):
        if app.seat_to_act() == 1:
            moved_for_her += 1
        if not (table.guest_moves() or table.host_moves()) or moved_for_her > 3:
            break
    assert moved_for_her > 0, "seed 21: the computer never played for Liisa"
    assert any(a.get("player") == 1 for a in (app.log or [])[start:])
    token = liisa.token
    back = table.guests.setdefault("peer-a2", type(liisa)("peer-a2", "Liisa"))
    table.send("peer-a2", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token})
    assert back.seat == 1
    assert app.seats[1].played_by == SeatKind.ELSEWHERE and app.bots[1] is None
    record = table.host.stood_in
    assert record == [{"seat": 1, "level": "normal", "from": start, "to": len(app.log or [])}]
    lobby = back.last("lobby")
    assert lobby is not None and lobby["seats"][1] == {
        "name": "Liisa",
        "kind": "person",
        "away": False,
        "stand_in": False,
    }


def test_quick_reactions_go_to_everyone_and_only_from_the_list() -> None:
    table = Table(22)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 2)
    reply = table.send("peer-a", {"v": 1, "t": "react", "code": "nice"})
    assert reply.reactions == [(1, "nice")]
    assert table.guests["peer-b"].last("reaction") == {"v": 1, "t": "reaction", "seat": 1, "code": "nice"}
    table.send("peer-a", {"v": 1, "t": "react", "code": "<b>free text</b>"})
    assert table.guests["peer-a"].got[-1]["t"] == "refused"
    assert table.guests["peer-b"].got[-1]["t"] == "reaction"


def test_a_closed_table_says_so_to_everyone() -> None:
    table = Table(23)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 2)
    reply = table.deliver(table.host.close())
    assert sorted((s.peer, s.message["reason"]) for s in reply.sends) == [
        ("peer-a", "closed"),
        ("peer-b", "closed"),
    ]
    assert table.host.peers == {}


def guest_to_play(seed: int) -> Table:
    """Basic rummy for three, Liisa at seat 1: on to her first turn's play (she drew from the stock)."""
    table = Table(seed, players=3, variant="basic")
    table.join("peer-a", "Liisa", 1)
    table.start()
    app = table.host.app
    assert app is not None
    for _ in range(40):
        if app.seat_to_act() == 1 and app.phase() is Phase.PLAY:
            return table
        if app.seat_to_act() == 1:
            table.send(
                "peer-a", {"v": 1, "t": "act", "action": {"type": "draw", "player": 1, "source": "stock"}}
            )
        else:
            assert table.host_moves(), f"seed {seed}"
    raise AssertionError(f"seed {seed}: Liisa never got to play")


def test_a_guest_takes_back_a_meld_until_the_discard_and_everyone_is_told() -> None:
    table = guest_to_play(28)
    app = table.host.app
    assert app is not None
    before, log = json.dumps(app.game.to_dict()), list(app.log or [])
    melds = app.game.view(1)["melds"]
    liisa = table.guests["peer-a"]
    meld = {"type": "meld", "player": 1, "melds": [["4C", "5C", "6C", "7C"]], "kinds": ["run"]}
    table.send("peer-a", {"v": 1, "t": "act", "action": meld})
    view = liisa.last("view")
    assert view is not None and view["legal"]["undo"] is True and len(view["view"]["melds"]) == len(melds) + 1
    assert table.host.turn is not None and table.host.turn.moves == [meld]
    mark = len(table.log)
    table.send("peer-a", {"v": 1, "t": "undo"})
    assert json.dumps(app.game.to_dict()) == before and app.log == log
    told = [s.message for s in table.log[mark:]]
    assert {"v": 1, "t": "undone", "seat": 1} in told
    view = liisa.last("view")
    assert view is not None and len(view["view"]["melds"]) == len(melds) and view["legal"]["undo"] is False
    assert {"4C", "5C", "6C", "7C"} <= set(view["view"]["hand"])
    table.send("peer-a", {"v": 1, "t": "undo"})
    assert liisa.got[-1]["key"] == "online.no_undo"
    # Played again and then the turn ends: nothing to take back any more.
    table.send("peer-a", {"v": 1, "t": "act", "action": meld})
    view = liisa.last("view")
    assert view is not None
    card = next(c for c in view["legal"]["discard"])
    table.send("peer-a", {"v": 1, "t": "act", "action": {"type": "discard", "player": 1, "card": card}})
    assert table.host.turn is None
    table.send("peer-a", {"v": 1, "t": "undo"})
    assert liisa.got[-1]["key"] == "online.no_undo"
    assert [a["type"] for a in (app.log or [])[len(log) :]] == ["meld", "discard"]


def test_one_connection_plays_one_seat() -> None:
    table = Table(24)
    table.join("peer-a", "Liisa", 1)
    pekka = table.join("peer-b", "Pekka", 2)
    table.send("peer-a", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": pekka.token})
    assert table.guests["peer-a"].got[-1]["key"] == "online.seated"
    assert table.host.lobby.places[2].peer == "peer-b" and table.host.lobby.seat_of("peer-a") == 1


def test_a_guest_who_reloads_mid_turn_carries_on_where_it_was() -> None:
    table = guest_to_play(28)
    app = table.host.app
    assert app is not None
    meld = {"type": "meld", "player": 1, "melds": [["4C", "5C", "6C", "7C"]], "kinds": ["run"]}
    table.send("peer-a", {"v": 1, "t": "act", "action": meld})
    token = table.guests["peer-a"].token
    table.deliver(table.host.left("peer-a", table.now))
    back = table.guests.setdefault("peer-a2", type(table.guests["peer-a"])("peer-a2", "Liisa"))
    table.send("peer-a2", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token})
    view = back.last("view")
    assert view is not None and view["legal"]["undo"] is True and view["legal"]["to_act"] is True
    assert view["view"] == json.loads(json.dumps(app.game.view(1)))
    table.send("peer-a2", {"v": 1, "t": "undo"})
    assert [m["t"] for m in back.got[-2:]] == ["undone", "view"]
    card = back.got[-1]["legal"]["discard"][0]
    table.send("peer-a2", {"v": 1, "t": "act", "action": {"type": "discard", "player": 1, "card": card}})
    assert (app.log or [])[-1] == {"type": "discard", "player": 1, "card": card}


def test_the_host_is_offered_a_computer_player_for_someone_away_a_while() -> None:
    table = Table(25)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    gone = table.now
    table.deliver(table.host.left("peer-a", gone))
    assert table.host.stand_in_offers(gone + STAND_IN_AFTER - 1) == []
    assert table.host.stand_in_offers(gone + STAND_IN_AFTER) == [1]
    table.deliver(table.host.stand_in(1, "easy"))
    assert table.host.stand_in_offers(gone + 3 * STAND_IN_AFTER) == []


def test_before_the_game_the_host_frees_a_seat_left_or_given_to_a_computer() -> None:
    table = Table(26)
    table.join("peer-a", "Liisa", 1)
    table.deliver(table.host.to_computer(2, "hard"))
    with pytest.raises(ValueError, match="not free to give"):
        table.host.free(1)  # Liisa is here
    table.deliver(table.host.left("peer-a", table.now))
    table.deliver(table.host.free(1))
    table.deliver(table.host.free(2))
    assert [p.kind for p in table.host.lobby.places] == ["host", "empty", "empty", "empty"]
    pekka = table.join("peer-b", "Pekka", 1)
    assert pekka.seat == 1
    table.start("easy")  # nobody left to wait for: Liisa's seat went to Pekka
    app = table.host.app
    assert app is not None and [s.name for s in app.seats] == ["Maija", "Pekka", "Eero", "Helmi"]


def test_a_guests_end_check_holds_after_a_move_taken_back() -> None:
    """The view that showed the meld taken back is in no replay: the device drops it on 'undone'."""
    table = guest_to_play(28)
    app = table.host.app
    assert app is not None
    meld = {"type": "meld", "player": 1, "melds": [["4C", "5C", "6C", "7C"]], "kinds": ["run"]}
    table.send("peer-a", {"v": 1, "t": "act", "action": meld})
    table.send("peer-a", {"v": 1, "t": "undo"})
    view = table.guests["peer-a"].last("view")
    assert view is not None
    card = next(c for c in view["legal"]["discard"] if c not in {"4C", "5C", "6C", "7C"})
    table.send("peer-a", {"v": 1, "t": "act", "action": {"type": "discard", "player": 1, "card": card}})
    device, fair = table.guests["peer-a"].device, table.host.fair
    assert device is not None and fair is not None and device.undone == [1]
    device.receive(messages.encode(messages.over(app.seed, fair.reveals, fair.hashes, app.log)))
    assert device.checked is True
