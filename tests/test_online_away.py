"""Someone away at an online table, and the table's own controls (issue 41 points 6 and 7, and
the records of point 9): "Waiting for Liisa…" on every table, the host's offer of a computer
player after a while, the seat handed back on Liisa's hello, the buy offer's answer time chosen
in the host's lobby, the host's own count of answers awaited, "New game" asked first, and
replays and links that say who played each seat and when a computer stood in.

Plain Python: a host and its guests in memory (``tests/online_table.py``), each screen's clicks
through ``ui.commands.table.handle`` as on the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from online_table import BUILD, Table
from rommi.actions import Draw
from rommi.names import Source
from rommi.replay import MatchRecord, Replay
from ui.commands import online_table
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.app import SeatKind
from ui.model.invite import Online
from ui.online import hostsave
from ui.online.away import SHOW_BACK, came_back, lines, news, waiting_words
from ui.online.host import STAND_IN_AFTER
from ui.play import play
from ui.records.links import decode, encode
from ui.records.replayview import from_app
from ui.screen import Screen
from ui.words.i18n import set_language

ROOM, SECRET = "0123456789abcdef" * 2, "fedcba9876543210" * 2


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def hosted(table: Table) -> Online:
    """The host's page's online state around ``table.host`` (its screen's, as the lobby makes it)."""
    online = Online("host", ROOM, SECRET, [], host=table.host, solo=None, level="easy")
    table.screen.online = online
    return online


def guest_online(table: Table, peer: str) -> Online:
    """A guest's page's online state around the device the table made for ``peer``."""
    return Online("guest", ROOM, SECRET, [], guest=table.guests[peer].device)


def texts(online: Online, now: float) -> list[str]:
    return [line.text for line in lines(online, now)]


def liisa_away(seed: int = 21) -> tuple[Table, float]:
    """Maija hosts, Liisa (seat 1) and Pekka (seat 3) play, and Liisa's connection drops."""
    table = Table(seed)
    table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 3)
    table.start("easy")
    gone = table.now
    table.deliver(table.host.left("peer-a", gone))
    return table, gone


def test_every_table_waits_for_someone_away_and_only_the_host_is_offered_a_stand_in() -> None:
    table, gone = liisa_away()
    host, pekka = hosted(table), guest_online(table, "peer-b")
    assert texts(host, gone + 1) == ["Waiting for Liisa…"]
    assert texts(pekka, gone + 1) == ["Waiting for Liisa…"]  # learnt from the lobby's "away"
    assert [line.offer for line in lines(host, gone + STAND_IN_AFTER - 1)] == [None]
    assert [line.offer for line in lines(host, gone + STAND_IN_AFTER)] == [1]
    assert [line.offer for line in lines(pekka, gone + STAND_IN_AFTER)] == [None]
    set_language("fi")
    assert texts(pekka, gone + 1) == ["Odotetaan pelaajaa Liisa…"]


def test_nobody_away_says_nothing_and_the_lobby_says_nothing_on_a_table() -> None:
    table = Table(21)
    table.join("peer-a", "Liisa", 1)
    host = hosted(table)
    table.deliver(table.host.left("peer-a", table.now))
    assert texts(host, table.now + 100) == []  # the game has not started: the lobby shows "away"
    assert lines(None, 0.0) == []


def test_the_host_lets_the_computer_play_for_liisa_only_once_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    table, gone = liisa_away()
    host = hosted(table)
    app = table.host.app
    assert app is not None
    monkeypatch.setattr(online_table, "clock", lambda: gone + STAND_IN_AFTER - 1)
    handle(table.screen, Target(Act.STAND_IN, index=1))  # not offered yet: nothing changes
    assert app.seats[1].played_by == SeatKind.ELSEWHERE and app.bots[1] is None
    handle(table.screen, Target(Act.STAND_IN, index=3))  # Pekka is here
    assert app.seats[3].played_by == SeatKind.ELSEWHERE
    monkeypatch.setattr(online_table, "clock", lambda: gone + STAND_IN_AFTER)
    fx = handle(table.screen, Target(Act.STAND_IN, index=1))
    assert fx.run_bots and app.seats[1].played_by == SeatKind.COMPUTER and app.bots[1] is not None
    assert app.seats[1].name == "Liisa" and app.seats[1].level == "easy"
    assert host.outbox, "the guests are told (the lobby's stand_in)"
    table.deliver(table.host._lobby_to_all())
    pekka = guest_online(table, "peer-b")
    now = gone + STAND_IN_AFTER
    assert texts(host, now) == ["The computer plays for Liisa until they are back."]
    assert texts(pekka, now) == ["The computer plays for Liisa until they are back."]
    assert [line.offer for line in lines(host, now + 100)] == [None]  # not offered twice


def test_a_shorter_wait_is_the_hosts_setting_for_the_tests() -> None:
    table, gone = liisa_away()
    table.host.stand_in_after = 2.0
    assert table.host.stand_in_offers(gone + 1.9) == []
    assert table.host.stand_in_offers(gone + 2.0) == [1]


def test_liisa_back_with_her_token_gets_her_seat_and_the_host_table_says_so() -> None:
    table, _ = liisa_away()
    host = hosted(table)
    app = table.host.app
    assert app is not None
    table.deliver(table.host.stand_in(1, "normal"))
    for _ in range(40):  # the computer plays for her a while
        if not (table.guest_moves() or table.host_moves()):
            break
    token = table.guests["peer-a"].token
    table.guests["peer-a2"] = type(table.guests["peer-a"])("peer-a2", "Liisa")
    table.host.joined("peer-a2")
    hello = {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token}
    reply = table.send("peer-a2", hello)
    assert reply.back == [1]
    assert app.seats[1].played_by == SeatKind.ELSEWHERE and app.bots[1] is None
    assert any(fx.announce == "Liisa is back and plays their own seat again." for fx in reply.effects)
    came_back(host, reply.back, table.now)
    assert texts(host, table.now) == ["Liisa is back and plays their own seat again."]
    assert texts(host, table.now + SHOW_BACK) == []  # said for a while, then gone
    assert texts(guest_online(table, "peer-b"), table.now) == []
    assert table.host.stood_in[0]["to"] == len(app.log or [])


def test_only_what_is_new_in_the_notice_is_announced_so_liisa_back_is_not_talked_over() -> None:
    """The host's live region said "Liisa is back at the table."; the notice losing her line must
    not announce "Waiting for Pekka…" over it, while someone newly away or an offer newly made is
    announced."""
    table, gone = liisa_away()
    host = hosted(table)
    alone = lines(host, gone + 1)
    table.deliver(table.host.left("peer-b", gone + 1))
    both = lines(host, gone + 2)
    assert news(alone, both) == "Waiting for Pekka…"  # Pekka newly away
    assert news(None, both) == "Waiting for Liisa… Waiting for Pekka…"
    token = table.guests["peer-a"].token
    table.guests["peer-a2"] = type(table.guests["peer-a"])("peer-a2", "Liisa")
    table.host.joined("peer-a2")
    table.send("peer-a2", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token})
    after = lines(host, gone + 3)
    assert [line.text for line in after] == ["Waiting for Pekka…"]
    assert news(both, after) == ""  # she is back: nothing new to say over it
    offered = lines(host, gone + 1 + STAND_IN_AFTER)
    assert [line.offer for line in offered] == [3]
    assert news(after, offered) == "Waiting for Pekka…"  # the offer beside it is new


def test_a_wrong_token_hands_nothing_back() -> None:
    table, _ = liisa_away()
    table.deliver(table.host.stand_in(1, "normal"))
    table.guests["peer-x"] = type(table.guests["peer-a"])("peer-x", "Liisa")
    table.host.joined("peer-x")
    reply = table.send("peer-x", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": "f" * 32})
    app = table.host.app
    assert reply.back == [] and app is not None and app.seats[1].played_by == SeatKind.COMPUTER


# ------------------------------------------------------------------ the answer time
def test_the_host_chooses_the_answer_time_in_the_lobby_and_it_is_kept() -> None:
    table = Table(3)
    table.join("peer-a", "Liisa", 1)
    hosted(table)
    assert table.host.window.answer_time is None  # off by default
    handle(table.screen, Target(Act.ANSWER_TIME, value="30"))
    assert table.host.window.answer_time == 30
    assert hostsave.to_save(table.host)["answer_time"] == 30  # the hosted game's save keeps it
    handle(table.screen, Target(Act.ANSWER_TIME, value="45"))  # not one of the choices
    assert table.host.window.answer_time == 30
    assert table.screen.online.error is not None and table.screen.online.error[0] == "online.bad_message"
    handle(table.screen, Target(Act.ANSWER_TIME, value="abc"))
    assert table.host.window.answer_time == 30
    handle(table.screen, Target(Act.ANSWER_TIME, value=""))
    assert table.host.window.answer_time is None
    handle(table.screen, Target(Act.ANSWER_TIME, value="15"))
    table.start("easy")
    handle(table.screen, Target(Act.ANSWER_TIME, value="60"))  # the game is on: no change
    assert table.host.window.answer_time == 15
    assert table.screen.online.error is not None and table.screen.online.error[0] == "online.started"


def test_the_answer_time_chosen_passes_for_whoever_has_not_answered() -> None:
    table = Table(3)
    for seat, name in ((1, "Liisa"), (2, "Pekka"), (3, "Aada")):
        table.join(f"peer-{seat}", name, seat)
    hosted(table)
    handle(table.screen, Target(Act.ANSWER_TIME, value="15"))
    table.start()
    app = table.host.app
    assert app is not None and app.seat_to_act() == 0, "seed 3"
    play(table.screen, 0, Draw(0, Source.STOCK))
    table.deliver(table.host.moved(table.now))
    opened = table.now
    assert table.host.buy_waiting() == 3
    assert waiting_words(table.screen) == "Waiting for 3 answers."  # the host's own table says it too
    table.deliver(table.host.tick(opened + 14))
    assert table.host.buy_waiting() == 3
    table.deliver(table.host.tick(opened + 15))
    assert table.host.buy_waiting() is None and waiting_words(table.screen) is None
    answers = [e for e in app.view()["history"] if e["type"] in ("pass", "buy")]
    assert [(e["type"], e["player"]) for e in answers] == [("pass", 1), ("pass", 2), ("pass", 3)]


def test_the_hosts_table_says_how_many_answers_it_waits_for_never_whose() -> None:
    table = Table(3)
    for seat, name in ((1, "Liisa"), (2, "Pekka"), (3, "Aada")):
        table.join(f"peer-{seat}", name, seat)
    hosted(table)
    table.start()
    assert waiting_words(table.screen) is None  # no window open
    play(table.screen, 0, Draw(0, Source.STOCK))
    table.deliver(table.host.moved(table.now))
    assert waiting_words(table.screen) == "Waiting for 3 answers."
    table.send("peer-3", {"v": 1, "t": "act", "action": {"type": "pass", "player": 3}})
    assert waiting_words(table.screen) == "Waiting for 2 answers."
    table.send("peer-1", {"v": 1, "t": "act", "action": {"type": "pass", "player": 1}})
    assert waiting_words(table.screen) == "Waiting for 1 answer."
    set_language("fi")
    assert waiting_words(table.screen) == "Odotetaan yhtä vastausta."
    assert waiting_words(Screen()) is None  # a game at one device


# ------------------------------------------------------------------ New game asked first
def test_new_game_at_the_host_table_asks_first_and_no_keeps_the_table() -> None:
    table = Table(21)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    online = hosted(table)
    screen = table.screen
    for act in (Act.MENU_NEW_GAME, Act.NEW_GAME):
        fx = handle(screen, Target(act))
        assert online.asking and screen.screen == "table" and fx.online is None
        assert online.outbox == [] and screen.online is online  # nobody told anything yet
        fx = handle(screen, Target(Act.LEAVE_NO))
        assert not online.asking and screen.screen == "table" and screen.online is online
    handle(screen, Target(Act.MENU_NEW_GAME))
    fx = handle(screen, Target(Act.LEAVE_YES))
    assert fx.online == "leave" and screen.screen == "setup"
    assert [text for _, text in online.outbox] == ['{"v":1,"t":"bye","reason":"closed"}']
    assert screen.app is None  # the game this device had before the table (none here)


def test_new_game_at_a_guest_table_means_leaving_it_asked_first() -> None:
    table = Table(21)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    screen = Screen()
    online = guest_online(table, "peer-a")
    screen.online, screen.screen = online, "table"
    from ui.online.remote import guest_app

    device = online.guest
    screen.app = guest_app(device.view, device.legal, device.lobby, device.waiting)
    handle(screen, Target(Act.MENU_NEW_GAME))
    assert online.asking and screen.screen == "table"
    fx = handle(screen, Target(Act.LEAVE_YES))
    assert fx.online == "leave" and screen.screen == "setup" and screen.app is None
    assert online.outbox == []  # a guest just goes: its seat waits for it at the host


def test_new_game_at_one_device_is_as_before() -> None:
    table = Table(21)
    table.start("easy")
    screen = table.screen  # no online table: the setup screen at once
    fx = handle(screen, Target(Act.MENU_NEW_GAME))
    assert screen.screen == "setup" and fx.online is None


# ------------------------------------------------------------------ replays and links
def stood_in_match() -> tuple[Table, MatchRecord]:
    """Liisa is away, a computer plays for her a while, she is back, and the deal goes on."""
    table, _ = liisa_away(21)
    table.deliver(table.host.stand_in(1, "normal"))
    app = table.host.app
    assert app is not None
    moved = 0
    for _ in range(400):
        moved += app.seat_to_act() == 1
        if not (table.guest_moves() or table.host_moves()) or moved > 3:
            break
    table.guests["peer-a2"] = type(table.guests["peer-a"])("peer-a2", "Liisa")
    table.host.joined("peer-a2")
    token = table.guests["peer-a"].token
    table.guests["peer-a2"].bot = table.guests["peer-a"].bot  # Liisa plays on from her new device
    table.send("peer-a2", {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa", "token": token})
    mark = len(app.log or [])
    for _ in range(400):
        if any(a.get("player") == 1 for a in (app.log or [])[mark:]):
            break
        if not (table.guest_moves() or table.host_moves()):
            break
    record = app.record()
    assert record is not None
    return table, record


def test_the_match_record_says_who_played_each_seat_and_when_a_computer_stood_in() -> None:
    table, record = stood_in_match()
    r = table.host.stood_in[0]
    assert record.stood_in == ((1, "normal", r["from"], r["to"]),)
    assert r["from"] < r["to"] <= len(record.actions)
    assert record.levels[1] is None and record.levels[3] is None  # people's seats
    assert record.levels[2] == "easy"  # the computer player's
    assert record.level_at(1, r["from"]) == "normal" and record.level_at(1, r["to"]) is None
    assert record.level_at(1, r["from"] - 1) is None
    assert MatchRecord.from_dict(record.to_dict()) == record


def test_a_replay_gives_the_stand_ins_reasons_and_none_for_the_person() -> None:
    _, record = stood_in_match()
    deal = Replay(record).deal(1)
    seat_one = [s.index for s in deal.steps if s.seat == 1]
    _, _, start, end = record.stood_in[0]
    by_computer = [i for i in seat_one if start <= i - 1 < (end or 10**9)]
    by_liisa = [i for i in seat_one if not start <= i - 1 < (end or 10**9)]
    assert by_computer and by_liisa, "seed 21"
    assert any(deal.reason(i) is not None for i in by_computer)
    assert all(deal.reason(i) is None for i in by_liisa)


def test_the_hosts_replay_says_where_the_computer_played_for_liisa() -> None:
    table, record = stood_in_match()
    app = table.host.app
    assert app is not None
    view = from_app(app, 1)
    assert view is not None
    _, _, start, end = record.stood_in[0]
    said = []
    for step in view.deal.steps:
        view.go(step.index)
        if step.seat == 1:
            said.append((start <= step.index - 1 < (end or 10**9), view.why()))
    assert any(by_computer for by_computer, _ in said) and not all(by_computer for by_computer, _ in said)
    for by_computer, why in said:
        if by_computer:
            assert why is not None and why.startswith("The computer played for Liisa here."), why
        else:
            assert why is None, why


def test_a_link_carries_the_stand_ins_in_format_2_and_others_stay_format_1() -> None:
    _, record = stood_in_match()
    text = encode(record)
    assert text.startswith("r2.")
    assert decode(text).record == record
    plain = MatchRecord(
        record.variant,
        record.players,
        record.options,
        record.seed,
        record.actions,
        record.levels,
        record.bot_seeds,
    )
    old = encode(plain)
    assert old.startswith("r1.") and decode(old).record.stood_in == ()
    # An earlier release's record (no "stood_in") reads as before, and writes as before.
    data = plain.to_dict()
    assert "stood_in" not in data and MatchRecord.from_dict(data) == plain


def test_a_stored_record_with_bad_stand_ins_reads_without_them() -> None:
    _, record = stood_in_match()
    data = record.to_dict()
    for bad in ([[9, "normal", 0, None]], [[1, "genius", 0, 3]], [[1, "normal", 5, 2]], "x", [[1, "normal"]]):
        data["stood_in"] = bad
        assert MatchRecord.from_dict(data).stood_in == ()
