"""Records with several people at one device (issue 40, point 4 and 5): statistics and the
ledger by name, the deal of the day the owner's, ``game-started``'s people, replays and links.

The table is Ann (the device's owner, seat 0), Liisa and Pekka at this device and Aino, a
computer player, in seat 2. Whole matches are played through the one move path
(``ui.play.play``): an easy computer player decides every seat's moves, a person's after the
table is drawn for them (as "I am Liisa" does).
"""

from __future__ import annotations

import json
import random
from datetime import date
from fractions import Fraction
from typing import Any

import pytest

from rommi import Game
from rommi.actions import NEXT_DEAL
from rommi.bots import make_bot
from rommi.bots.base import finish
from rommi.replay import Replay
from test_readers_fuzz import mutated, reads
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.app import App, Seat, SeatKind, bot_seed
from ui.model.outbox import game_started
from ui.play import play
from ui.records import daily, links, replayview, stats
from ui.records.stats import add_match, facts_of_people, of_person, people, read_stats, summary
from ui.records.stats_screen import record_stats
from ui.records.stores import DAILY, LEDGER, STATS
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t
from ui.words.text_en import BOT_NAMES

DAY = date(2026, 12, 6)
NAMES = ["Ann", "Liisa", "Aino", "Pekka"]


def table(seed: int, variant: str = "contract") -> App:
    seats = [Seat.here("Ann"), Seat.here("Liisa"), Seat.computer("Aino", "easy"), Seat.here("Pekka")]
    game = Game.new(variant, 4, seed=seed)
    return App(game, seats, seed, [bot_seed(seed, i) for i in range(4)], log=[])


def finish_match(screen: Screen) -> list[Any]:
    """Play ``screen``'s match to its end through ``ui.play.play``; the effects of each move."""
    app = screen.app
    assert app is not None
    deciders = [make_bot("easy", bot_seed(app.seed, 100 + i)) for i in range(len(app.seats))]
    effects = []
    while not app.game.over:
        seat = app.seat_to_act()
        if seat is None:
            effects.append(play(screen, app.drawn_for, NEXT_DEAL))
            continue
        if app.seats[seat].played_by is SeatKind.HERE:
            app.draw_for(seat)  # the person lifted the cover: the table is theirs
            action = finish(deciders[seat].thinking(app.game.view(seat))).action
        else:
            action = finish(app.bot_thinking()[1]).action
        effects.append(play(screen, seat, action))
    return effects


def finished_screen(seed: int, variant: str = "contract") -> Screen:
    screen = Screen()
    screen.app = table(seed, variant)
    screen.records.today = lambda: DAY
    finish_match(screen)
    return screen


@pytest.fixture(scope="module")
def contract_screen() -> Screen:
    return finished_screen(11)


# ------------------------------------------------------------------------- statistics by name
def test_a_match_of_three_people_gives_each_their_own_row_once(contract_screen: Screen) -> None:
    screen = contract_screen
    app = screen.app
    assert app is not None and app.game.over
    v = app.game.view(0)
    rows = screen.records.stats["matches"]
    assert [r["name"] for r in rows] == ["Ann", "Liisa", "Pekka"], f"seed 11: {rows}"
    assert [r.get("owner") for r in rows] == [True, None, None]
    assert len({r["id"] for r in rows}) == 3 and rows[1]["id"] == rows[0]["id"] + "/1"
    for row, seat in zip(rows, (0, 1, 3), strict=True):
        assert row["score"] == v["scores"][seat] and row["ledger"] == v["ledger"][seat]
        assert row["won"] == (seat in v["winners"])
        assert [d[0] for d in row["deals"]] == [r[seat] for r in v["deal_scores"]]
        assert all(d[1] in (0, 1) and d[2] is not None for d in row["deals"])  # the log was kept
    assert len({tuple(map(tuple, r["deals"])) for r in rows}) == 3, "three people, three stories"
    # Recorded once, with the ledger: the match's end seen again adds nothing.
    assert not record_stats(screen, app)


def test_the_match_end_saves_the_statistics_and_the_ledger_by_name() -> None:
    screen = Screen()
    screen.app = table(5, "basic")
    screen.records.today = lambda: DAY
    effects = finish_match(screen)
    last = effects[-1]
    assert last.match_over and {STATS, LEDGER} <= last.save
    ledger = screen.ledger
    v = screen.app.game.view(0)
    assert ledger["games"] == 1 and set(ledger["balance"]) == set(NAMES)
    assert [ledger["balance"][n] for n in NAMES] == list(v["ledger"])
    assert ledger["wins"] == {NAMES[s]: 1 for s in v["winners"]}
    assert [(r["name"], r["variant"]) for r in screen.records.stats["matches"]] == [
        ("Ann", "basic"),
        ("Liisa", "basic"),
        ("Pekka", "basic"),
    ]


def test_a_second_match_adds_to_each_persons_ledger() -> None:
    ledger = Screen().ledger
    apps = [table(3, "basic"), table(4, "basic")]
    for app in apps:
        screen = Screen()
        screen.app, screen.ledger = app, ledger
        finish_match(screen)
        ledger = screen.ledger
    assert ledger["games"] == 2
    for seat, name in enumerate(NAMES):
        both = sum(Fraction(app.game.view(0)["ledger"][seat]) for app in apps)
        assert Fraction(ledger["balance"][name]) == both, name
    assert sum(Fraction(x) for x in ledger["balance"].values()) == 0


def test_each_person_sees_their_own_summary(contract_screen: Screen) -> None:
    s = contract_screen.records.stats
    assert people(s, "Ann") == ["Ann", "Liisa", "Pekka"]
    assert contract_screen.app is not None
    v = contract_screen.app.game.view(0)
    for name, seat in (("Ann", 0), ("Liisa", 1), ("Pekka", 3)):
        got = summary(of_person(s, name, "Ann"), "contract")
        assert got.played == 1 and got.best is not None and got.best["score"] == v["scores"][seat]
        assert got.won == (seat in v["winners"])
        assert got.ledger_series == [(DAY.isoformat(), v["ledger"][seat])]
        assert [line.average_penalty for line in got.contracts] == [r[seat] for r in v["deal_scores"]]
    assert of_person(s, None, "Ann") == of_person(s, "ann", "Ann")  # None: the owner


def test_rows_without_a_name_and_the_owners_rows_under_an_old_name_stay_the_owners() -> None:
    old = {**stats_row("contract/4/1/2026-11-01/x", "2026-11-01")}  # stored before names
    renamed = {**stats_row("contract/4/2/2026-11-02/x", "2026-11-02"), "name": "Annie", "owner": True}
    liisa = {**stats_row("contract/4/2/2026-11-02/x/1", "2026-11-02"), "name": "Liisa"}
    liisa_again = {**stats_row("contract/4/3/2026-11-03/x/2", "2026-11-03"), "name": "LIISA"}
    s = stats.empty()
    for m in (old, renamed, liisa, liisa_again):
        s = add_match(s, m)
    assert len(s["matches"]) == 4
    # The owner is "You" now (no name typed): every owner's row is still theirs.
    assert people(s, "You") == ["You", "LIISA"], "one person per name, case aside: the newest spelling"
    assert [m["id"] for m in of_person(s, None, "You")["matches"]] == [old["id"], renamed["id"]]
    assert summary(of_person(s, "liisa", "You"), "contract").played == 2
    # A friend's name that is the owner's now is the owner's.
    assert people(s, "Liisa") == ["Liisa"] and summary(of_person(s, None, "Liisa"), "contract").played == 4
    # With one person and only old rows, there is one name: the owner's.
    assert people(add_match(stats.empty(), old), "You") == ["You"]


def stats_row(mid: str, day: str) -> dict[str, Any]:
    return {
        "id": mid,
        "variant": "contract",
        "players": 4,
        "day": day,
        "daily": None,
        "won": False,
        "place": 2,
        "score": 50,
        "ledger": "-5",
        "deals": [[5, 1, 0]] * 7,
    }


def test_stored_rows_with_names_read_back_and_bad_names_are_left_out(contract_screen: Screen) -> None:
    s = contract_screen.records.stats
    back = read_stats(json.dumps(s))
    assert back.key is None and back.dropped == 0 and back.value == s
    assert STATS.read is not None and STATS.read(json.loads(json.dumps(s))) == s  # an import's reader
    good = s["matches"][1]
    bad = [
        {**good, "name": 7},
        {**good, "name": ""},
        {**good, "name": "x" * 61},
        {**good, "owner": False},
        {**good, "owner": "yes"},
    ]
    for n, m in enumerate(bad):
        text = json.dumps({"version": 1, "matches": [good, {**m, "id": f"bad{n}"}]})
        got = read_stats(text)
        assert got.dropped == 1 and got.value["matches"] == [good], m
        with pytest.raises(ValueError):
            STATS.read(json.loads(text))  # strict: an import with a bad row is refused whole


@pytest.mark.parametrize("seed", range(6))
def test_hostile_named_statistics_are_refused_or_read_and_sum_up(contract_screen: Screen, seed: int) -> None:
    good, rng = contract_screen.records.stats, random.Random(seed)
    for n in range(40):
        text = mutated(good, rng)
        with reads(f"named stats, seed {seed} try {n}", text):
            got = read_stats(text)
            for person in people(got.value, "Ann"):
                for variant in ("contract", "basic"):
                    summary(of_person(got.value, person, "Ann"), variant)
        assert read_stats(json.dumps(got.value)).value == got.value, "what was accepted reads back the same"
        assert all(
            isinstance(m.get("name", ""), str) and m.get("owner", True) is True for m in got.value["matches"]
        )


def test_a_person_without_matches_in_a_game_sees_it_empty(contract_screen: Screen) -> None:
    assert summary(of_person(contract_screen.records.stats, "Liisa", "Ann"), "basic").played == 0
    assert summary(of_person(contract_screen.records.stats, "Nobody", "Ann"), "contract").played == 0


# ----------------------------------------------------------------- the chooser (plain model)
def test_whose_statistics_are_chosen_by_name_and_opening_shows_the_owners(contract_screen: Screen) -> None:
    screen = Screen()
    screen.settings.name = "Ann"
    screen.records.stats = contract_screen.records.stats
    fx = handle(screen, Target(Act.STATS))
    assert screen.screen == "stats" and screen.records.person is None and fx.redraw
    fx = handle(screen, Target(Act.STATS_PERSON, value="Pekka"))
    assert screen.records.person == "Pekka" and fx.focus == "#stats-person"
    before = screen.records.person
    fx = handle(screen, Target(Act.STATS_PERSON, value="Eero"))  # not one whose matches are kept
    assert not fx.redraw and screen.records.person == before
    handle(screen, Target(Act.STATS_PERSON, value="Ann"))
    assert screen.records.person is None
    handle(screen, Target(Act.STATS_PERSON, value="Liisa"))
    handle(screen, Target(Act.STATS_PERSON, value=""))
    assert screen.records.person is None
    handle(screen, Target(Act.STATS_PERSON, value="Liisa"))
    handle(screen, Target(Act.STATS_BACK))
    handle(screen, Target(Act.STATS))
    assert screen.records.person is None, "the statistics open on the owner's"
    screen.screen = "setup"
    assert not handle(screen, Target(Act.STATS_PERSON, value="Liisa")).redraw  # not on the screen


# ------------------------------------------------------------------------- the deal of the day
def test_the_deal_of_the_day_keeps_the_owners_result_whoever_moved_last() -> None:
    screen = Screen()
    app = table(8, "basic")
    app.daily = DAY.isoformat()
    screen.app = app
    screen.records.today = lambda: DAY
    effects = finish_match(screen)
    v = app.game.view(0)
    assert app.drawn_for != 0 and v["scores"][0] != v["scores"][app.drawn_for], "seed 8: a telling end"
    kept = screen.daily["days"][DAY.isoformat()]
    assert kept["score"] == v["scores"][0] and kept["won"] == (0 in v["winners"])
    assert DAILY in effects[-1].save
    # Each person's statistics mark it as the deal of the day they played.
    assert [m["daily"] for m in screen.records.stats["matches"]] == [DAY.isoformat()] * 3


def test_facts_of_people_while_the_match_is_played_are_none() -> None:
    assert facts_of_people(table(2), DAY) == []


# ------------------------------------------------------------- messages to an embedding page
def test_game_started_says_which_seats_are_people() -> None:
    kind, data = game_started(table(1))
    assert kind == "game-started"
    assert data["people"] == [0, 1, 3] and data["levels"] == [None, None, "easy", None]
    assert data["names"] == NAMES
    one = App(
        Game.new("contract", 3, seed=1),
        [Seat.here("Ann"), Seat.computer("Aino", "easy"), Seat.computer("Eero", "hard")],
        1,
        [bot_seed(1, i) for i in range(3)],
    )
    assert game_started(one)[1]["people"] == [0]
    assert game_started(one)[1]["levels"] == [None, "easy", "hard"]


# ---------------------------------------------------------------------- replays and links
def test_links_of_a_match_several_people_played_round_trip(contract_screen: Screen) -> None:
    app = contract_screen.app
    assert app is not None
    record = app.record()
    assert record is not None and record.levels == (None, None, "easy", None)
    for deal in (0, 1, 3):
        back = links.decode(links.encode(record, deal))
        assert back.deal == deal
        assert back.record.levels == record.levels and back.record.bot_seeds == record.bot_seeds
        end = len(record.actions) if deal == 0 else links._deal_end(list(record.actions), deal)
        assert list(back.record.actions) == list(record.actions[:end])
    assert "Liisa" not in json.dumps(record.to_dict()), "a link names no one"


def test_the_replay_of_a_match_several_people_played_names_every_seat(contract_screen: Screen) -> None:
    app = contract_screen.app
    assert app is not None
    i18n.set_language("en")
    view = replayview.from_app(app, 1)
    assert view is not None and view.you is None
    view.go(len(view.deal))
    lines = view.lines()
    said = " ".join(lines)
    assert "You " not in said and "you " not in said and any(n in said for n in ("Ann", "Liisa", "Pekka"))
    # With one person the replay of their own match still says "you".
    solo = Screen()
    solo.app = App(
        Game.new("basic", 2, seed=3),
        [Seat.here("Ann"), Seat.computer("Aino", "easy")],
        3,
        [bot_seed(3, i) for i in range(2)],
        log=[],
    )
    finish_match(solo)
    own = replayview.from_app(solo.app, 1)
    assert own is not None and own.you == 0
    own.go(len(own.deal))
    assert any(line.startswith("You ") for line in own.lines()), own.lines()


def test_a_shared_match_of_several_people_names_their_seats_by_number_and_plays_with_one_person(
    contract_screen: Screen,
) -> None:
    app = contract_screen.app
    assert app is not None and app.record() is not None
    i18n.set_language("en")
    link = replayview.LINK_PREFIX + links.encode(app.record(), 2)
    view = replayview.from_link(link)
    # A link names no one: a computer player goes by its seat's name (BOT_NAMES[seat - 1]).
    assert view.names == [t("replay.sharer"), "Player 2", BOT_NAMES[1], "Player 4"]
    assert view.you is None
    # "Play these cards": you alone, in the sharer's seat; the others are computer players.
    mine = replayview.play_the_same(view.replay.record, "Maija", view.number)
    assert mine.people_here() == [0] and mine.names[0] == "Maija"
    assert [s.level is not None for s in mine.seats] == [False, True, True, True]
    assert mine.shared_from == 2
    assert Replay(mine.record()).deals  # the whole match so far still replays
    i18n.set_language("fi")
    try:
        assert replayview.link_names(4, (None, None, "easy", None))[1] == "Pelaaja 2"
    finally:
        i18n.set_language("en")
    assert replayview.link_names(3) == [t("replay.sharer"), *BOT_NAMES[:2]]  # no levels: as before


def test_daily_result_of_a_table_of_one_person_is_unchanged() -> None:
    deal = daily.deal_of(DAY)
    app = deal.app("Ann")
    assert app.people_here() == [0]
    screen = Screen()
    screen.app = app
    finish_match(screen)
    result = daily.result_of(app)
    assert result is not None and result["score"] == app.game.view(0)["scores"][0]
    assert [m.get("owner") for m in screen.records.stats["matches"]] == [True]
    assert screen.records.stats["matches"][0]["id"].count("/") == 4, "the owner's id as before"
