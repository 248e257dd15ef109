"""Every reader of outside data, fed seeded hostile variations of good data: the saved game,
the settings, the ledger and the address's parameters. Each must answer (a value, or its own
refusal) and never raise; whatever it accepts must be usable: an accepted save plays on,
accepted settings hold allowed values, an accepted ledger holds bounded numbers.

Hostile values are the ones found before: numbers too big to compute with ("1e1000000000",
10**400), JSON nested 10,000 deep, wrong types, cut-short texts, markup in names. The seeds
are fixed and printed with any failure. A reader that does not answer within HANG_S seconds
is taken as hung (the ledger's "1e1000000000" froze the tab): a watchdog, not a speed test.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
import signal
from collections.abc import Iterator
from typing import Any

import pytest

from rommi import Game
from rommi.bots import hint
from ui.commands.restore import restore_game, restore_ledger, restore_settings
from ui.model.app import ADDRESS_MAX_SEED, LEDGER_MAX, App, Seat, bot_seed
from ui.model.query import read_query
from ui.model.settings import PACES, Settings, settings_from_dict
from ui.screen import Screen

SEEDS = range(12)
TRIES = 60
HOSTILE: list[Any] = [
    None, True, -1, 0, 2**64, 10**400, 1e308, "1e1000000000", "", "x" * 5000, "<img src=x onerror=alert(1)>",
    [], {}, [[[[[]]]]], {"version": 1}, "NaN", -0.0, "9" * 400,
]  # fmt: skip
DEEP = "[" * 10_000 + "]" * 10_000
HANG_S = 20


@contextlib.contextmanager
def answers_in_time(what: str) -> Iterator[None]:
    """Fail (instead of hanging the suite) when a reader has not answered within HANG_S."""

    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"{what}: no answer within {HANG_S} s (a hang)")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_S)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def reads(what: str, given: str) -> Iterator[None]:
    """One reader's answer: in time, and without an exception; a failure shows the input."""
    try:
        with answers_in_time(what):
            yield
    except Exception as e:  # pragma: no cover - the failure is the finding
        raise AssertionError(f"{what}: {type(e).__name__}: {e}\n{given[:300]}") from e


def a_save() -> dict[str, Any]:
    """A save some moves into a contract game for four."""
    g = Game.new("contract", 4, seed=5)
    for _ in range(30):
        g.apply(hint(g.view(g.to_act))["action"])
    seats = [Seat.here("Maija")] + [Seat.computer(n, "easy") for n in ("Aino", "Eero", "Helmi")]
    return App(g, seats, 5, [bot_seed(5, i) for i in range(4)]).to_save()


def paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (dict keys and list indexes), the root included."""
    out = [at]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*at, i))
    return out


def mutated(good: Any, rng: random.Random) -> str:
    """``good`` as JSON text, with one or a few places replaced, removed, or the text damaged."""
    data = json.loads(json.dumps(good))
    for _ in range(rng.randint(1, 3)):
        where = rng.choice(paths(data))
        if not where:
            data = copy.deepcopy(rng.choice(HOSTILE))  # a copy: later steps change it in place
            continue
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        if rng.random() < 0.2 and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    text = json.dumps(data)
    roll = rng.random()
    if roll < 0.1:
        text = text[: rng.randrange(len(text) + 1)]  # cut short
    elif roll < 0.15:
        text = text.replace("1", DEEP, 1)
    return text


def plays_on(app: App, moves: int = 40) -> None:
    """An accepted game goes on without error: each seat's move chosen by the hint."""
    g = app.game
    for _ in range(moves):
        v = g.view(0)
        if v["phase"] == "match_over":
            return
        if v["phase"] == "deal_over":
            g.apply({"type": "next_deal", "player": 0})
            continue
        g.apply(hint(g.view(g.to_act))["action"])
    app.view()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hostile_save_is_refused_or_plays_on(seed: int) -> None:
    good, rng = a_save(), random.Random(seed)
    accepted = 0
    for n in range(TRIES):
        text = mutated(good, rng)
        s = Screen()
        with reads(f"save, seed {seed} try {n}", text):
            ok = restore_game(s, text, setup_first=False)
            if ok and s.app is not None:
                accepted += 1
                plays_on(s.app)
            elif not ok:
                assert s.setup_notice, "a refused save is said"
    print(f"seed {seed}: {accepted} of {TRIES} mutated saves accepted, all played on")


@pytest.mark.parametrize("seed", SEEDS)
def test_hostile_settings_fall_back_to_allowed_values(seed: int) -> None:
    good, rng = Settings().to_dict(), random.Random(seed)
    for n in range(TRIES):
        text = mutated(good, rng)
        s = Screen()
        with reads(f"settings, seed {seed} try {n}", text):
            restore_settings(s, text)
        got = s.settings
        assert got.pace in PACES and isinstance(got.name, str) and len(got.name) <= 32, (seed, n, got)
        again, ok = settings_from_dict(got.to_dict())
        assert ok and again == got, "what was accepted reads back the same"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hostile_ledger_is_refused_or_holds_bounded_numbers(seed: int) -> None:
    good = {"version": 1, "games": 12, "balance": {"Maija": "-37", "Aino": "25/2"}, "wins": {"Maija": 3}}
    rng = random.Random(seed)
    for n in range(TRIES):
        text = mutated(good, rng)
        s = Screen()
        with reads(f"ledger, seed {seed} try {n}", text):
            restore_ledger(s, text)
        ledger = s.ledger
        assert 0 <= ledger["games"] <= LEDGER_MAX
        assert all(re.fullmatch(r"-?\d{1,13}(/\d{1,12})?", v) for v in ledger["balance"].values()), ledger
        assert all(0 <= w <= LEDGER_MAX for w in ledger["wins"].values()), ledger


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hostile_address_is_read_with_notes(seed: int) -> None:
    rng = random.Random(seed)
    keys = ["lang", "embed", "seed", "pace", "variant", "players", "level", "x", "seed[]", ""]
    values = [str(v) for v in HOSTILE] + [
        "fi",
        "1",
        "42",
        "fast",
        "basic",
        "3",
        "hard",
        "%00",
        "%ZZ",
        "&&",
        "==",
    ]
    for n in range(TRIES):
        search = "?" + "&".join(f"{rng.choice(keys)}={rng.choice(values)}" for _ in range(rng.randint(0, 8)))
        with reads(f"address, seed {seed} try {n}", search):
            q = read_query(search)
        assert q.lang in (None, "en", "fi") and q.pace in (None, *PACES), (search, q)
        assert q.seed is None or 1 <= q.seed <= ADDRESS_MAX_SEED, (search, q)
