"""The deal of the day (``ui.records.daily``): the date alone gives everyone the same match, and your
first result of each day is kept; the stored history survives hostile text."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

import pytest

from matches import play
from rommi import Game
from rommi.replay import house_rules
from test_readers_fuzz import mutated, reads
from ui.model.app import App
from ui.records import daily
from ui.records.daily import deal_of, read_history, record, result_of
from ui.records.stored import is_day

DAY = date(2026, 12, 1)


def test_a_date_gives_the_same_match_everywhere_and_days_differ() -> None:
    assert deal_of(DAY) == deal_of(date.fromisoformat("2026-12-01"))
    year = [deal_of(DAY + timedelta(n)) for n in range(365)]
    assert len({d.seed for d in year}) > 350
    assert {d.variant for d in year} == {"contract", "basic"}
    assert {lv for d in year for lv in d.levels} == {"normal", "hard"}
    one, two = deal_of(DAY).app("Maija"), deal_of(DAY).app("Pekka")
    assert one.game.to_dict() == two.game.to_dict() and one.daily == "2026-12-01"


def test_the_daily_match_has_the_standard_rules_whatever_this_browser_plays() -> None:
    """The app is made from the date alone: no settings go in, so every browser deals alike."""
    deal = deal_of(DAY)
    app = deal.app("Maija")
    assert app.game.to_dict() == Game.new(deal.variant, deal.players, seed=deal.seed).to_dict()
    assert [s.level for s in app.seats] == [None, *deal.levels]
    match = app.record()
    assert match is not None and match.seed == deal.seed and match.options == house_rules(app.game)


def test_the_first_result_of_a_day_stands_and_survives_a_save() -> None:
    deal = deal_of(DAY + timedelta(2))
    app = App.from_save(json.loads(json.dumps(play(deal.app("Maija"), actions=50).to_save())))
    assert app.daily == deal.day and result_of(app) is None
    play(app)
    result = result_of(app)
    assert result is not None and result["seed"] == deal.seed and result["players"] == deal.players
    history = record(daily.empty(), deal.day, result)
    again = record(history, deal.day, {**result, "score": 0, "won": True})
    assert again == history and again["days"][deal.day] == result
    assert read_history(json.dumps(history)).value == history


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("nope", "note.daily_unreadable"),
        ('{"version": 9, "days": {}}', "note.daily_newer"),
        ("{}", "note.daily_unreadable"),
    ],
)
def test_an_unreadable_history_is_said(text: str, key: str) -> None:
    got = read_history(text)
    assert got.key == key and got.value == daily.empty()


@pytest.mark.parametrize("seed", range(6))
def test_a_hostile_history_is_refused_or_holds_good_days(seed: int) -> None:
    result = {
        "variant": "contract",
        "players": 4,
        "seed": 5,
        "won": True,
        "place": 1,
        "score": 3,
        "scores": [3, 9, 8, 7],
    }
    good = record(
        record(daily.empty(), "2026-12-01", result), "2026-12-02", {**result, "won": False, "place": 2}
    )
    rng = random.Random(seed)
    for n in range(60):
        text = mutated(good, rng)
        with reads(f"daily, seed {seed} try {n}", text):
            got = read_history(text)
        assert read_history(json.dumps(got.value)).value == got.value
        assert all(is_day(d) for d in got.value["days"])
