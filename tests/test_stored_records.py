"""Stored records read whole or said to be cut (issue 42, point 8).

A save with a negative seed used to load with its match log silently dropped (the log
replays from the seed, and no replay takes a negative one): it is now refused as corrupt,
like any save that cannot be what the game wrote. Bad single entries inside a readable
ledger, statistics or deal-of-the-day record were left out without a word: they are still
left out, but the page says how many, and the record as it was is kept aside (the rest is
written in its place, so it is said once). An import takes such a record whole or not at all.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from matches import FIRST, SECOND, contract_match, play, settings_for
from rommi.errors import Refused
from test_outside_readers import Store
from ui.commands.restore import restore_game, restore_stored
from ui.model.app import App
from ui.records import daily, stats
from ui.records.bundle import import_bundle
from ui.records.stats_screen import restore_stats
from ui.records.stores import DAILY, GAME, LEDGER, STATS
from ui.screen import Screen
from ui.words.i18n import t


@pytest.mark.parametrize(("field", "value"), [("seed", -5), ("seed", -(2**70)), ("bot_seeds", [-1, 2, 3, 4])])
def test_a_save_with_a_negative_seed_is_refused_as_corrupt(field: str, value: Any) -> None:
    good = play(App.new_match(settings_for("contract", 4), 9), actions=40).to_save()
    s = Screen()
    assert restore_game(s, json.dumps(good), setup_first=False) and s.app is not None
    assert s.app.log is not None  # the good save's log is kept: it replays
    s = Screen()
    assert not restore_game(s, json.dumps({**good, field: value}), setup_first=False)
    assert s.app is None and s.setup_notice.startswith("Your saved game could not be read"), s.setup_notice
    with pytest.raises(ValueError):
        App.from_save({**good, field: value})


def good_stats() -> dict[str, Any]:
    s = stats.add_match(stats.empty(), contract_match(1, True, 1, 40, "30", FIRST))
    return stats.add_match(s, contract_match(2, False, 3, 180, "-25/2", SECOND))


def test_bad_matches_in_readable_statistics_are_left_out_and_said() -> None:
    stored = good_stats()
    stored["matches"].insert(1, {**stored["matches"][0], "score": "lots"})
    stored["matches"].append(["not a match"])
    raw = json.dumps(stored)
    store = Store({STATS.key: raw})
    s = Screen()
    restore_stats(s, store)
    assert s.records.stats == good_stats()
    assert s.notes == [t("note.stats_dropped", count=2)], s.notes
    assert "2 matches in your statistics could not be read" in s.notes[0]
    assert store.get(f"{STATS.key}.unreadable") == raw  # the record as it was, kept aside
    assert json.loads(store.get(STATS.key) or "") == good_stats()  # the rest in its place
    again = Screen()
    restore_stats(again, store)  # said once
    assert again.notes == [] and again.records.stats == good_stats()


def test_bad_days_and_ledger_entries_are_left_out_and_said() -> None:
    deal = daily.deal_of(date(2026, 12, 1))
    result = {"variant": deal.variant, "players": deal.players, "seed": deal.seed, "won": True, "place": 1}
    result |= {"score": 10, "scores": [10] * deal.players}
    history = daily.record(daily.empty(), deal.day, result)
    bad_history = {**history, "days": {**history["days"], "2026-12-02": {"won": "maybe"}}}
    ledger = {"version": 1, "games": 3, "balance": {"Liisa": "12", "Aino": "1e999"}, "wins": {"Liisa": 2}}
    store = Store({DAILY.key: json.dumps(bad_history), LEDGER.key: json.dumps(ledger)})
    s = Screen()
    restore_stored(s, store, setup_first=False)
    assert s.daily == history
    assert s.ledger["balance"] == {"Liisa": "12"} and s.ledger["games"] == 3
    assert t("note.daily_dropped", count=1) in s.notes and t("note.ledger_dropped", count=1) in s.notes
    assert "1 day of your deal-of-the-day results could not be read and was left out" in " ".join(s.notes)
    assert store.get(f"{LEDGER.key}.unreadable") == json.dumps(ledger)
    assert json.loads(store.get(LEDGER.key) or "") == s.ledger
    again = Screen()
    restore_stored(again, store, setup_first=False)
    assert again.notes == [] and again.ledger == s.ledger and again.daily == history


def test_when_the_record_cannot_be_kept_aside_it_stays_and_is_not_written() -> None:
    stored = good_stats()
    stored["matches"].append({"variant": "contract"})
    raw = json.dumps(stored)

    class Full(Store):
        def put_text(self, key: str, text: str) -> bool:
            return False

    store = Full({STATS.key: raw})
    s = Screen()
    restore_stats(s, store)
    assert store.get(STATS.key) == raw and STATS.key in s.stuck
    assert s.notes == [t("note.stuck.stats")]


def test_an_import_takes_a_record_whole_or_not_at_all() -> None:
    bad = good_stats()
    bad["matches"].append({"variant": "contract"})
    for part, value, key in [
        ("stats", bad, "bundle.bad_stats"),
        ("ledger", {"version": 1, "games": 1, "balance": {"A": 5}, "wins": {}}, "bundle.bad_ledger"),
        ("daily", {"version": 1, "days": {"2026-12-01": {}}}, "bundle.bad_daily"),
    ]:
        with pytest.raises(Refused) as e:
            import_bundle(json.dumps({"format": "rommi.bundle", "version": 1, "parts": {part: value}}))
        assert e.value.key == key, part
    plan = import_bundle(
        json.dumps({"format": "rommi.bundle", "version": 1, "parts": {"stats": good_stats()}})
    )
    assert json.loads(plan[STATS.key] or "") == good_stats() and plan[GAME.key] is None
