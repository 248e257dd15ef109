"""Export and import (``ui.records.bundle``): everything stored as one file, and a file checked part by
part with the stored data's own readers before anything is written (all or nothing)."""

from __future__ import annotations

import json
import random
from datetime import date
from typing import Any

import pytest

from matches import play, played, settings_for
from rommi.errors import Refused
from test_readers_fuzz import mutated, reads
from ui.model.app import App
from ui.model.settings import Settings
from ui.records import daily, stats
from ui.records.bundle import MAX_CHARS, PARTS, export_bundle, import_bundle
from ui.records.stores import DAILY, GAME, LEDGER, SETTINGS, STATS


class Store:
    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)


def full_store() -> Store:
    finished = played("basic", 2, 4)
    facts = stats.facts_of(finished, date(2026, 12, 1))
    assert facts is not None
    deal = daily.deal_of(date(2026, 12, 1))
    result = {"variant": deal.variant, "players": deal.players, "seed": deal.seed, "won": True, "place": 1}
    result |= {"score": 10, "scores": [10] * deal.players}
    ledger = finished.record_match({})
    app = play(App.new_match(settings_for("contract", 4), 9), actions=40)
    return Store(
        {
            GAME.key: json.dumps(app.to_save()),
            SETTINGS.key: json.dumps(Settings().to_dict()),
            LEDGER.key: json.dumps(ledger),
            STATS.key: json.dumps(stats.add_match(stats.empty(), facts)),
            DAILY.key: json.dumps(daily.record(daily.empty(), deal.day, result)),
        }
    )


@pytest.fixture(scope="module")
def store() -> Store:
    return full_store()


def test_everything_exported_imports_back_the_same(store: Store) -> None:
    bundle = export_bundle(store)
    assert bundle["skipped"] == [] and set(bundle["parts"]) == set(PARTS)
    plan = import_bundle(json.dumps(bundle))
    assert set(plan) == set(store.data)
    for key, text in plan.items():
        assert text is not None and json.loads(text) == json.loads(store.data[key]), key


def test_missing_parts_are_removed_and_unreadable_ones_skipped(store: Store) -> None:
    partial = Store({SETTINGS.key: store.data[SETTINGS.key], LEDGER.key: "{not json"})
    bundle = export_bundle(partial)
    assert bundle["skipped"] == ["ledger"] and bundle["parts"]["save"] is None
    plan = import_bundle(json.dumps(bundle))
    assert plan[GAME.key] is None and plan[LEDGER.key] is None and plan[SETTINGS.key] is not None


def refused(text: Any) -> str:
    with pytest.raises(Refused) as e:
        import_bundle(text)
    return e.value.key


def test_a_bad_or_foreign_file_is_refused_with_its_reason(store: Store) -> None:
    good = export_bundle(store)
    assert refused("not json") == "bundle.foreign"
    assert refused(json.dumps({"format": "other", "version": 1})) == "bundle.foreign"
    assert refused(json.dumps({**good, "version": 2})) == "bundle.newer"
    assert refused(json.dumps({**good, "parts": {**good["parts"], "extra": 1}})) == "bundle.foreign"
    assert refused(" " * (MAX_CHARS + 1)) == "bundle.oversized"
    assert refused("[" * 10_000 + "]" * 10_000) == "bundle.too_deep"
    assert refused(None) == "bundle.foreign"
    for name, bad in [
        ("save", {"version": 1, "game": {}}),
        ("settings", {"version": 1, "pace": "warp"}),
        ("ledger", {"version": 7}),
        ("stats", {"version": 1}),
        ("daily", {"version": 1, "days": []}),
    ]:
        parts = {**good["parts"], name: bad}
        assert refused(json.dumps({**good, "parts": parts})) == f"bundle.bad_{name}", name


@pytest.mark.parametrize("seed", range(6))
def test_a_hostile_file_is_refused_or_every_part_reads(seed: int, store: Store) -> None:
    good, rng = export_bundle(store), random.Random(seed)
    for n in range(40):
        text = mutated(good, rng)
        with reads(f"bundle, seed {seed} try {n}", text):
            try:
                plan = import_bundle(text)
            except Refused as e:
                assert e.key.startswith("bundle."), e.key
                continue
        if plan[GAME.key] is not None:
            App.from_save(json.loads(plan[GAME.key]))
        for key in (STATS.key, DAILY.key):
            text_of = plan[key]
            reader = stats.read_stats if key == STATS.key else daily.read_history
            assert text_of is None or reader(text_of).key is None
