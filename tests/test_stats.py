"""Statistics (``ui.records.stats``) over stacked matches of known results, one real match's facts, and
stored statistics that are hostile or corrupt (a message key, empty statistics, nothing else)."""

from __future__ import annotations

import json
import random
from datetime import date
from fractions import Fraction
from typing import Any

import pytest

from matches import FIRST, SECOND, contract_match, played
from test_readers_fuzz import mutated, reads
from ui.records import stats
from ui.records.stats import add_match, facts_of, read_stats, summary

# Match 3's log was not kept (its deal rows hold no met or bought).
KNOWN = [
    contract_match(1, True, 1, 40, "30", FIRST),
    contract_match(2, False, 3, 180, "-25/2", SECOND),
    contract_match(3, False, 2, 90, "-5", [[20, None, None]] * 7),
]
BASIC = {**contract_match(4, True, 1, 105, "0", [[60, 1, 0], [45, 1, 0]]), "variant": "basic", "players": 2}
BASIC["id"] = "basic/2/4"


def stacked() -> dict[str, Any]:
    s = stats.empty()
    for m in [*KNOWN, BASIC]:
        s = add_match(s, m)
    return s


def test_a_stack_of_known_matches_sums_up_as_worked_by_hand() -> None:
    s = stacked()
    c = summary(s, "contract")
    assert (c.played, c.won) == (3, 1)
    first = c.contracts[0]
    assert (first.deals, first.average_penalty, first.met, first.known) == (3, Fraction(80, 3), 1, 2)
    fifth = c.contracts[4]
    assert (fifth.average_penalty, fifth.met, fifth.known) == (Fraction(95, 3), 0, 2)
    assert c.buys_per_deal == Fraction(10, 14)
    assert c.best is not None and c.best["day"] == "2026-11-01"
    assert c.worst is not None and c.worst["day"] == "2026-11-02"
    assert c.ledger_series == [("2026-11-01", "30"), ("2026-11-02", "35/2"), ("2026-11-03", "25/2")]
    assert [m["daily"] for m in c.daily] == ["2026-11-03"]
    b = summary(s, "basic")
    assert (b.played, b.won, b.contracts, b.buys_per_deal, b.ledger_series) == (1, 1, [], None, [])


def test_a_match_is_added_once_and_bad_facts_not_at_all() -> None:
    s = stacked()
    assert add_match(s, KNOWN[0]) == s
    assert add_match(s, {**KNOWN[0], "id": "other", "place": 0}) == s
    assert len(add_match(s, {**KNOWN[0], "id": "again"})["matches"]) == 5


def test_stored_statistics_read_back_as_written() -> None:
    s = stacked()
    back = read_stats(json.dumps(s))
    assert back.key is None and back.value == s
    assert read_stats(None).value == stats.empty() and read_stats(None).key is None


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("{", "note.stats_unreadable"),
        ("[]", "note.stats_unreadable"),
        ('{"version": 2, "matches": []}', "note.stats_newer"),
        ('{"version": 1}', "note.stats_unreadable"),
        ("[" * 10_000 + "]" * 10_000, "note.stats_unreadable"),
        ('{"version": 1, "matches": []}' + " " * 3_000_000, "note.stats_unreadable"),
    ],
)
def test_unreadable_statistics_are_said_and_read_as_empty(text: str, key: str) -> None:
    got = read_stats(text)
    assert got.key == key and got.value == stats.empty()


@pytest.mark.parametrize("seed", range(8))
def test_hostile_statistics_are_refused_or_hold_bounded_facts(seed: int) -> None:
    good, rng = stacked(), random.Random(seed)
    for n in range(60):
        text = mutated(good, rng)
        with reads(f"stats, seed {seed} try {n}", text):
            got = read_stats(text)
            for variant in ("contract", "basic"):
                summary(got.value, variant)
        assert read_stats(json.dumps(got.value)).value == got.value, "what was accepted reads back the same"


def test_a_real_match_gives_its_facts() -> None:
    app = played("contract", 4, 6)
    facts = facts_of(app, date(2026, 12, 1))
    assert facts is not None and facts["day"] == "2026-12-01" and facts["daily"] is None
    v = app.view()
    assert [r[0] for r in facts["deals"]] == [r[0] for r in v["deal_scores"]]
    assert all(r[1] in (0, 1) and r[2] is not None and r[2] >= 0 for r in facts["deals"])
    assert facts["won"] == (0 in v["winners"]) and facts["ledger"] == v["ledger"][0]
    s = add_match(stats.empty(), facts)
    assert read_stats(json.dumps(s)).value == s
    line = summary(s, "contract").contracts[0]
    assert line.deals == 1 and line.known == 1
