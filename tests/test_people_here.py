"""Who sits where (issue 40, point 1): the settings' seats and friends, the setup form's fields,
the seats of a new match, unique names at a table, and ``people=N`` in the address.

Plain Python: ``ui.model.settings``, ``ui.model.app.App.new_match``, ``ui.commands.table``'s
``start_game`` and ``form_changed``, ``ui.model.query``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rommi import Refused
from ui.commands.table import Act, Target, form_changed, handle
from ui.model.app import App, Seat, SeatKind
from ui.model.query import preset_form, read_query
from ui.model.settings import (
    MAX_OPPONENTS,
    SEAT_COMPUTER,
    SEAT_HERE,
    Settings,
    apply_form,
    settings_from_dict,
)
from ui.records.stores import GAME, SETTINGS
from ui.screen import Screen
from ui.words.i18n import set_language, t
from ui.words.text_en import BOT_NAMES

RELEASE_SETTINGS = json.loads(
    (Path(__file__).parent / "data" / "link_export_release_4deab09.json").read_text(encoding="utf-8")
)["export"]["parts"]["settings"]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def friends_at(*seats: int, **names: str) -> Settings:
    """Settings for Sitoumusrommi for four, with friends at ``seats`` and names by seat ("s2")."""
    s = Settings()
    s.name = "Maija"
    for seat in seats:
        s.seat_kinds[seat - 1] = SEAT_HERE
    for key, name in names.items():
        s.friends[int(key[1:]) - 1] = name
    return s


# ----------------------------------------------------------------- settings
def test_the_seat_kinds_are_the_seats_kinds() -> None:
    assert (SeatKind.COMPUTER.value, SeatKind.HERE.value) == (SEAT_COMPUTER, SEAT_HERE)
    s = Settings()
    assert s.seat_kinds == [SEAT_COMPUTER] * MAX_OPPONENTS and s.friends == [""] * MAX_OPPONENTS


def test_seats_and_friends_round_trip_through_storage() -> None:
    s = friends_at(1, 3, s1="Liisa", s3="Ville")
    back, ok = settings_from_dict(json.loads(json.dumps(s.to_dict())))
    assert ok and back == s
    assert back.seat_kinds[:4] == [SEAT_HERE, SEAT_COMPUTER, SEAT_HERE, SEAT_COMPUTER]
    assert back.friends[:3] == ["Liisa", "", "Ville"]


def test_a_stored_name_is_cleaned_and_bad_seats_are_reported() -> None:
    data = {**Settings().to_dict(), "friends": [" Li\x07isa  K "] + [""] * (MAX_OPPONENTS - 1)}
    back, ok = settings_from_dict(data)
    assert ok and back.friends[0] == "Li isa K"
    for key, bad in (
        ("seat_kinds", ["here"]),  # too short
        ("seat_kinds", ["robot"] * MAX_OPPONENTS),
        ("seat_kinds", "here"),
        ("friends", [1] * MAX_OPPONENTS),
        ("friends", None),
    ):
        back, ok = settings_from_dict({**Settings().to_dict(), key: bad})
        assert not ok, (key, bad)
        assert back.seat_kinds == Settings().seat_kinds and back.friends == Settings().friends


def test_settings_stored_before_friends_could_sit_down_read_as_good() -> None:
    """Settings without ``seat_kinds`` and ``friends`` are not "reset": all computer players."""
    old = Settings().to_dict()
    del old["seat_kinds"], old["friends"]
    assert settings_from_dict(old) == (Settings(), True)
    assert "seat_kinds" not in RELEASE_SETTINGS  # release 4deab09's own exported settings
    back, ok = settings_from_dict(RELEASE_SETTINGS)
    assert ok and back.seat_kinds == [SEAT_COMPUTER] * MAX_OPPONENTS and back.friends == [""] * MAX_OPPONENTS


def test_the_form_reads_seat_kinds_and_friends_names() -> None:
    form = {
        "seat1": "here",
        "friend1": "  Liisa\x00 ",
        "seat2": "robot",  # not a kind: kept
        "friend2": 7,  # not text: kept
        "seat3": "here",
        "friend3": "",
        "seat7": "here",
        "friend7": "x" * 50,
    }
    before = friends_at(2, s2="Ville", s3="Old")
    new = apply_form(before, form)
    assert new.seat_kinds == [
        SEAT_HERE,
        SEAT_HERE,
        SEAT_HERE,
        SEAT_COMPUTER,
        SEAT_COMPUTER,
        SEAT_COMPUTER,
        SEAT_HERE,
    ]
    assert new.friends[:3] == ["Liisa", "Ville", ""] and len(new.friends[6]) == 32
    assert before.seat_kinds[0] == SEAT_COMPUTER and before.friends[0] == ""  # a copy
    assert apply_form(new, {"seat1": "computer"}).seat_kinds[0] == SEAT_COMPUTER


def test_a_friend_without_a_name_is_player_n_in_both_languages() -> None:
    s = friends_at(1, 2, s2="Ville")
    assert (s.friend_name(1), s.friend_name(2), s.friend_name(7)) == ("Player 2", "Ville", "Player 8")
    set_language("fi")
    assert (s.friend_name(1), s.friend_name(2)) == ("Pelaaja 2", "Ville")


def test_choosing_who_plays_a_seat_redraws_the_form_and_typing_a_name_does_not() -> None:
    s = Screen()
    fx = form_changed(s, "seat2", {"seat2": "here", "friend2": "Liisa"})
    assert fx.redraw and s.form.seat_kinds[1] == SEAT_HERE and s.form.friends[1] == "Liisa"
    assert all(form_changed(Screen(), f"seat{i}", {f"seat{i}": "here"}).redraw for i in range(1, 8))
    assert not form_changed(s, "friend2", {"friend2": "Ville"}).redraw and s.form.friends[1] == "Liisa"


# ---------------------------------------------------------------- new match
def test_a_table_for_four_with_two_friends_and_one_computer_player() -> None:
    """Seat 0 is you; a computer player's name goes with its seat (BOT_NAMES[seat - 1])."""
    s = friends_at(1, 3, s3="Ville")
    s.same_level, s.levels = False, ["easy", "expert", "hard"] + ["normal"] * (MAX_OPPONENTS - 3)
    app = App.new_match(s, 11)
    assert app.seats == [
        Seat.here("Maija"),
        Seat.here("Player 2"),
        Seat.computer(BOT_NAMES[1], "expert"),
        Seat.here("Ville"),
    ]
    assert app.people_here() == [0, 1, 3] and app.game.players == 4
    s.same_level, s.level = True, "hard"
    assert [seat.level for seat in App.new_match(s, 11).seats] == [None, None, "hard", None]


def test_the_default_table_is_as_before() -> None:
    app = App.new_match(Settings(), 11)
    assert app.seats == [Seat.here("Player")] + [Seat.computer(n, "normal") for n in BOT_NAMES[:3]]
    alone = Settings()
    alone.name = "aino"  # alone you may share a computer player's name, as before
    assert App.new_match(alone, 11).names == ["aino", "Aino", "Eero", "Helmi"]


def test_starting_from_the_form_seats_the_friends() -> None:
    s = Screen()
    s.seed_from_url = 77
    form = {"variant": "contract", "players": "5", "name": "Maija", "seat2": "here", "friend2": "Liisa"}
    fx = handle(s, Target(Act.START, form=form))
    assert s.app is not None and s.screen == "table" and fx.new_game
    assert s.app.names == ["Maija", "Aino", "Liisa", "Helmi", "Onni"] and s.app.people_here() == [0, 2]
    assert s.settings.seat_kinds[1] == SEAT_HERE and s.settings.friends[1] == "Liisa"


CLASHES = [
    # (your name, friends' seats, typed names, the name the refusal says)
    ("Maija", (2,), {"s2": "aino"}, "aino"),  # a friend takes the computer player's name at seat 1
    ("Maija", (1,), {"s1": "HELMI"}, "HELMI"),  # ... at seat 3, after the friend's seat
    ("Maija", (1,), {"s1": "maija"}, "maija"),  # a friend takes your name
    ("Maija", (1, 2), {"s1": "Ville", "s2": "ville"}, "ville"),  # two friends
    ("PLAYER 2", (1,), {}, "Player 2"),  # you take a friend's default name
    ("EERO", (1,), {"s1": "Liisa"}, "EERO"),  # with friends at the table, you take Eero's (seat 2)
]


@pytest.mark.parametrize(("you", "seats", "names", "said"), CLASHES)
def test_two_seats_of_one_name_are_refused_before_any_game_is_made(
    you: str, seats: tuple[int, ...], names: dict[str, str], said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = friends_at(*seats, **names)
    s.name = you

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was made")

    monkeypatch.setattr("ui.model.app.Game.new", no_game)
    with pytest.raises(Refused) as refused:
        App.new_match(s, 5)
    assert (refused.value.key, refused.value.detail) == ("setup.name_taken", said)


def test_a_name_clash_at_start_is_said_and_changes_nothing() -> None:
    s = Screen()
    before = App.new_match(Settings(), 3)
    s.app, s.screen = before, "setup"
    settings_before = s.settings.to_dict()
    form = {"name": "Maija", "seat1": "here", "friend1": "Eero", "seat3": "here", "friend3": "Ville"}
    fx = handle(s, Target(Act.START, form=form))
    assert s.setup_error == t("setup.name_taken", name="Eero")
    assert s.setup_error == "Two players at the table cannot both be called Eero: choose another name."
    assert s.app is before and s.screen == "setup" and s.settings.to_dict() == settings_before
    assert GAME not in fx.save and SETTINGS not in fx.save and not fx.new_game and not fx.run_bots
    assert s.form.friends[:3] == ["Eero", "", "Ville"] and s.form.name == "Maija"  # kept as typed
    set_language("fi")
    handle(s, Target(Act.START, form=form))
    assert s.setup_error == "Pöydässä ei voi olla kahta pelaajaa nimeltä Eero: valitse toinen nimi."
    form["friend1"] = "Liisa"
    handle(s, Target(Act.START, form=form))
    assert s.app is not before and s.app is not None and s.app.names == ["Maija", "Liisa", "Eero", "Ville"]


# ------------------------------------------------------------------ address
def preset(search: str, form: Settings | None = None) -> tuple[Settings, bool, list[str]]:
    form = form or Settings()
    done, notes = preset_form(form, read_query(search))
    return form, done, [f"{p['param']}={p['value']}" for _, p in notes]


def test_people_in_the_address_presets_people_at_this_device() -> None:
    form, done, notes = preset("?people=3")
    assert done and notes == [] and form.players["contract"] == 4
    assert form.seat_kinds == [SEAT_HERE] * 2 + [SEAT_COMPUTER] * (MAX_OPPONENTS - 2)
    form, done, notes = preset("?people=6")  # more people than the default table: it grows
    assert done and notes == [] and form.players["contract"] == 6 and form.here_seats(6) == [1, 2, 3, 4, 5]
    form, done, notes = preset("?variant=basic&players=5&people=5")
    assert done and notes == [] and form.players["basic"] == 5 and form.here_seats(5) == [1, 2, 3, 4]
    form, done, notes = preset("?people=8")
    assert done and form.players["contract"] == 8 and form.seat_kinds == [SEAT_HERE] * MAX_OPPONENTS
    typed = friends_at(2, 5, s1="Liisa", s5="Ville")
    form, done, notes = preset("?people=1", typed)  # one person: everyone else a computer player
    assert done and form.seat_kinds == [SEAT_COMPUTER] * MAX_OPPONENTS and form.players["contract"] == 4
    form, done, notes = preset("?people=2", typed)
    assert form.here_seats(4) == [1] and form.friend_name(1) == "Liisa" and form.friends[4] == "Ville"


@pytest.mark.parametrize(
    ("search", "said"),
    [
        ("?people=9", "people=9"),  # more than any game seats
        ("?people=0", "people=0"),
        ("?people=-2", "people=-2"),
        ("?people=two", "people=two"),
        ("?people=", "people="),
        ("?people=" + "3" * 30, "people=" + "3" * 20 + "…"),
        ("?variant=basic&people=8", "people=8"),  # Perusrommi seats 7 at most
        ("?players=3&people=4", "people=4"),  # more people than players
    ],
)
def test_a_bad_number_of_people_is_noted_and_changes_nothing(search: str, said: str) -> None:
    form, _, notes = preset(search)
    assert notes == [said]
    assert form.seat_kinds == [SEAT_COMPUTER] * MAX_OPPONENTS
    expected = Settings()
    expected.variant = form.variant
    if "players=3" in search:
        expected.players["contract"] = 3
    assert form.players == expected.players
    param, value = said.split("=", 1)
    assert value in t("setup.url_note", param=param, value=value)


def test_a_bad_players_beside_people_leaves_people_to_grow_the_table() -> None:
    form, done, notes = preset("?players=12&people=5")
    assert (
        done
        and notes == ["players=12"]
        and form.players["contract"] == 5
        and form.here_seats(5) == [1, 2, 3, 4]
    )
