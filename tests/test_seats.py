"""Seats, not "the person": who plays each seat (a person here, a computer player, a person
elsewhere), the seat the table is drawn for, and saves that say both (issue 39, point 1).

Today's game is one person here at seat 0; these tests seat two people at one device, which
no screen offers yet (issue 40), to show it is a kind of seat and not another code path.

``tests/data/save_release_4deab09.json`` holds two saves written by release 4deab09, before
seats had kinds (``level: null`` was the person), made with that release's own code
(``tests/matches.py`` of the time: your seat by the hint, the others by the computer players):
"contract", Sitoumusrommi for four at hard, seed 4242, played 41 actions and on until seat 0 is
in its play phase (its undo is saved); "basic", Perusrommi for three at easy, seed 77, 15
actions, the deal of the day for 2026-12-06.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from rommi import Game
from rommi.bots import hint
from rommi.errors import Refused
from ui.model.app import App, Seat, SeatKind, bot_seed
from ui.records import daily, stats
from ui.screen import turn_line
from ui.words.i18n import set_language, t
from ui.words.logtext import log_lines

RELEASE = Path(__file__).parent / "data" / "save_release_4deab09.json"
NAMES = ["Maija", "Aino", "Liisa", "Eero"]  # Maija and Liisa play here, Aino and Eero are computers


def two_here(seed: int = 31, variant: str = "contract") -> App:
    """Four seats: a person here, a computer, a person here, a computer."""
    game = Game.new(variant, 4, seed=seed)
    seats = [
        Seat.here("Maija"),
        Seat.computer("Aino", "easy"),
        Seat.here("Liisa"),
        Seat.computer("Eero", "easy"),
    ]
    return App(game, seats, seed, [bot_seed(seed, i) for i in range(4)], log=[])


def step(app: App) -> int | None:
    """One action by whoever must act: the next deal, a computer player's move, or a person's
    move by the hint, the table first drawn for that person. Returns the seat that acted."""
    seat = app.seat_to_act()
    if seat is None:
        assert app.next_deal() is None
        return None
    if app.seats[seat].played_by == SeatKind.HERE:
        assert app.here_to_act() and app.bot_to_act() is None
        app.draw_for(seat)
        assert app.drawn_to_act()
        action = hint(app.view())["action"]
        assert app.apply(action, app.hint_cards(action)) is None
    else:
        assert app.bot_to_act() == seat and not app.here_to_act() and not app.drawn_to_act()
        app.bot_step()
    return seat


# ------------------------------------------------------------------ a table for two people here
def test_four_seats_two_people_here_each_drawn_for_and_the_right_seat_to_act() -> None:
    app = two_here()
    assert app.people_here() == [0, 2] and app.drawn_for == 0
    assert [s.played_by for s in app.seats] == [SeatKind.HERE, SeatKind.COMPUTER] * 2
    assert app.bots[0] is None and app.bots[2] is None and app.bots[1] is not None
    acted: set[int] = set()
    for _ in range(120):
        seat = app.seat_to_act()
        for drawn in app.people_here():
            if drawn != app.drawn_for and app.drawn_to_act() and app.phase() == "play":
                continue  # mid-turn: the table stays with the person playing
            app.draw_for(drawn)
            v = app.view()
            # Only the drawn seat's hand: its own view, and its hand order holds just its cards.
            assert v == app.game.view(drawn) and v["seat"] == drawn
            assert sorted(app.hand.codes()) == sorted(app.game.view(drawn)["hand"])
            assert "hands" not in v and v["hand_sizes"][drawn] == len(v["hand"])
            assert app.others() == [(drawn + k) % 4 for k in (1, 2, 3)]
            assert app.drawn_to_act() == (seat == drawn)
            assert app.here_to_act() == (seat in (0, 2))
            assert app.bot_to_act() == (seat if seat in (1, 3) else None)
        done = step(app)
        if done is not None:
            acted.add(done)
    assert acted == {0, 1, 2, 3}


def test_the_log_says_you_to_the_seat_drawn_for() -> None:
    set_language("en")
    app = two_here()
    while len({e.get("player") for e in app.view()["history"]} & {0, 2}) < 2:
        step(app)
    for drawn, other in ((0, 2), (2, 0)):
        app.draw_for(drawn)
        lines = log_lines(app.view(), app.names)
        assert any(line.startswith("You ") for line in lines), lines
        assert not any(NAMES[drawn] in line for line in lines), lines  # never named in the third person
        assert any(NAMES[other] in line for line in lines), lines
    app.draw_for(0)
    if app.seat_to_act() == 2:
        assert turn_line(app) != t("table.turn.you")


def test_each_person_here_keeps_their_own_hand_order() -> None:
    app = two_here()
    app.sort("rank")
    mine = list(app.hand.entries)
    app.draw_for(2)
    assert sorted(app.hand.codes()) == sorted(app.game.view(2)["hand"])
    app.draw_for(0)
    assert app.hand.entries == mine


def test_only_seats_played_here_are_drawn_for() -> None:
    app = two_here()
    for seat in (1, 3, 4, -1):
        with pytest.raises(ValueError):
            app.draw_for(seat)
    assert app.drawn_for == 0
    with pytest.raises(ValueError):
        App(app.game, app.seats, 31, app.bot_seeds, drawn_for=1)
    with pytest.raises(ValueError):
        Seat("Maija", "hard", SeatKind.HERE)  # a person has no level
    with pytest.raises(ValueError):
        Seat.computer("Aino", "grandmaster")


def test_statistics_count_the_seat_drawn_for_and_the_deal_of_the_day_the_owner() -> None:
    """Issue 40: each person's statistics are their own; the deal of the day is one result per
    device, the owner's (seat 0), whoever the table is drawn for at the match's end."""
    app = two_here(seed=8, variant="basic")
    app.daily = "2026-12-06"
    while not app.game.over:
        step(app)
    v = app.game.view(0)
    for drawn in (0, 2):
        app.draw_for(drawn)
        facts = stats.facts_of(app, date(2026, 12, 6))
        result = daily.result_of(app)
        assert facts is not None and result is not None
        assert facts["score"] == v["scores"][drawn] and result["score"] == v["scores"][0]
        assert facts["won"] == (drawn in v["winners"]) and result["won"] == (0 in v["winners"])
        assert [row[0] for row in facts["deals"]] == [r[drawn] for r in v["deal_scores"]]


# ----------------------------------------------------------------------------------- saves
def release_saves() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RELEASE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", ["contract", "basic"])
def test_a_save_written_by_release_4deab09_still_loads(name: str) -> None:
    save = release_saves()[name]
    assert all("played_by" not in s for s in save["seats"]) and "drawn_for" not in save  # as written then
    app = App.from_save(json.loads(json.dumps(save)))
    assert [s.played_by for s in app.seats] == [SeatKind.HERE] + [SeatKind.COMPUTER] * (
        len(save["seats"]) - 1
    )
    assert [(s.name, s.level) for s in app.seats] == [(s["name"], s["level"]) for s in save["seats"]]
    assert app.drawn_for == 0 and app.people_here() == [0]
    assert app.game.to_dict() == Game.from_dict(save["game"]).to_dict()
    assert app.view() == app.game.view(0)
    assert app.log == save["log"] and app.salt == save["salt"] and app.daily == save["daily"]
    assert app.hand.entries == [tuple(e) for e in save["ui"]["hand"]["entries"]]
    assert (app.turn_start is not None) == (save["ui"]["undo"] is not None)
    again = app.to_save()
    assert again["drawn_for"] == 0
    assert [s["played_by"] for s in again["seats"]] == ["here"] + ["computer"] * (len(save["seats"]) - 1)
    for _ in range(30):  # and it plays on
        if app.game.over:
            break
        step(app)


def test_a_save_with_two_people_here_round_trips() -> None:
    app = two_here()
    while app.seat_to_act() != 2 or app.phase() != "play":
        step(app)
    assert app.drawn_for == 2 and app.turn_start is not None
    save = app.to_save()
    assert save["drawn_for"] == 2
    assert [s["played_by"] for s in save["seats"]] == ["here", "computer", "here", "computer"]
    back = App.from_save(json.loads(json.dumps(save)))
    assert back.seats == app.seats and back.drawn_for == 2 and back.people_here() == [0, 2]
    assert back.view() == app.game.view(2) and back.hand.entries == app.hand.entries
    assert back.drawn_to_act() and back.turn_start is not None
    assert back.to_save() == save
    assert back.bots[2] is None and back.bots[1] is not None


def bad(change: Any) -> dict[str, Any]:
    save = json.loads(json.dumps(two_here().to_save()))
    change(save)
    return save


def _set(path: list[Any], value: Any) -> Any:
    def change(save: dict[str, Any]) -> None:
        target = save
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _old_format(save: dict[str, Any]) -> None:
    for s in save["seats"]:
        del s["played_by"]
    del save["drawn_for"]


@pytest.mark.parametrize(
    "change",
    [
        _set(["seats", 1, "played_by"], "robot"),
        _set(["seats", 1, "played_by"], ["computer"]),
        _set(["seats", 1, "played_by"], "here"),  # a person with a level
        _set(["seats", 0, "played_by"], "computer"),  # a computer without one
        _set(["seats", 0, "level"], "hard"),
        _set(["seats", 3, "level"], "grandmaster"),
        _set(["seats", 2, "name"], None),
        _set(["seats"], [{"name": "Maija", "level": None, "played_by": "here"}]),
        _set(["drawn_for"], 1),  # a computer's seat
        _set(["drawn_for"], 9),
        _set(["drawn_for"], "0"),
        _set(["drawn_for"], None),
        _set(["seats", 0, "played_by"], "elsewhere"),  # drawn for a seat played on another device
        _old_format,  # before kinds, only seat 0 was a person: two people then were never written
    ],
)
def test_bad_seat_data_is_refused_in_words(change: Any) -> None:
    with pytest.raises(Refused) as caught:
        App.from_save(bad(change))
    assert caught.value.key == "setup.save_seats"
    for lang in ("en", "fi"):
        set_language(lang)
        words = t(caught.value.key, detail=caught.value.detail)
        assert caught.value.detail in words and words != caught.value.key
    set_language("en")


def test_a_save_with_every_seat_a_computer_is_refused() -> None:
    def computers(save: dict[str, Any]) -> None:
        for i in (0, 2):
            save["seats"][i].update(level="easy", played_by="computer")

    with pytest.raises(Refused) as caught:
        App.from_save(bad(computers))
    assert caught.value.key == "setup.save_seats"


def test_a_seat_played_elsewhere_is_neither_a_person_here_nor_a_computer() -> None:
    game = Game.new("basic", 3, seed=5)
    seats = [Seat.here("Maija"), Seat.elsewhere("Aino"), Seat.computer("Eero", "easy")]
    app = App(game, seats, 5, [bot_seed(5, i) for i in range(3)], log=[])
    while app.seat_to_act() != 1:
        step(app)
    assert not app.here_to_act() and not app.drawn_to_act() and app.bot_to_act() is None
    assert app.bots[1] is None and app.seats[1].person
    back = App.from_save(json.loads(json.dumps(app.to_save())))
    assert back.seats == seats and back.drawn_for == 0
