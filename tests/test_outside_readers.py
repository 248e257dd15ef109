"""Every reader of text from outside (storage, an imported file, a link), fed random and
adversarial text: each answers with its value, its default or its own refusal, in time, and
never hands ``json.loads`` a text nested deeper than ``ui.records.outside.MAX_DEPTH``.

That last check is what CPython alone cannot show otherwise: here a parse nested 10,000 deep
raises ``RecursionError``, which the old readers caught, but in Pyodide the same parse
overflows the JavaScript stack and kills Python (``tests/browser/test_outside_text.py`` runs a
sample of these texts inside Pyodide). So ``json.loads`` is watched: a text deeper than the
limit reaching it is a failure, whatever it would have raised.

The texts: deep nesting of every shape (arrays, objects, both mixed, unclosed, brackets inside
strings and after escaped quotes, deep inside an otherwise valid save, settings or export),
huge numbers (``1e999999``, ints of more than 4,300 digits, which Python 3.11+ refuses to read),
huge strings, wrong types, damaged and random text. Seeds are fixed and printed on failure.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rommi.errors import Refused
from test_bundle import full_store
from ui.commands.restore import restore_game, restore_ledger, restore_settings, restore_stored
from ui.model.app import LEDGER_MAX
from ui.model.settings import settings_from_dict
from ui.records import links, outside
from ui.records.bundle import import_bundle
from ui.records.daily import read_history
from ui.records.stats import read_stats
from ui.records.stats_screen import restore_stats
from ui.records.stored import parse as stored_parse
from ui.records.stores import DAILY, GAME, LEDGER, SETTINGS, STATS
from ui.screen import Screen

SEEDS = range(8)
TRIES = 40
HANG_S = 20
KEYS = (GAME.key, SETTINGS.key, LEDGER.key, STATS.key, DAILY.key)


def reference_depth(text: str) -> int:
    """The nesting of ``text`` counted the slow, obvious way: one character at a time."""
    deepest = level = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            level += 1
            deepest = max(deepest, level)
        elif c in "]}":
            level -= 1
    return deepest


def deep(n: int, rng: random.Random) -> str:
    """One of the shapes of JSON nested ``n`` deep (some of them not JSON at all)."""
    shapes: list[Callable[[], str]] = [
        lambda: "[" * n + "]" * n,
        lambda: '{"a":' * n + "1" + "}" * n,
        lambda: '[{"a":' * -(-n // 2) + "null" + "}]" * -(-n // 2),
        lambda: "[" * n,  # never closed
        lambda: "{" * n,
        lambda: '["\\"",' * n + "0" + "]" * n,  # escaped quotes do not end the strings
        lambda: '["\\\\",' * n + "0" + "]" * n,  # an escaped backslash does not escape the quote
        lambda: "[" * n + "1e999999" + "]" * n,
        lambda: " [ " * n + " ] " * n,
    ]
    return rng.choice(shapes)()


def shallow_lookalikes(n: int) -> list[str]:
    """Texts that look deep but are not: the brackets are inside strings."""
    return [
        json.dumps("[" * n),
        json.dumps({"a": "{" * n + "]" * n}),
        '["' + '\\"[' * n + '"]',
    ]


HUGE: list[str] = [
    "1e999999",
    "-1e999999",
    "[1e999999]",
    "9" * 5000,  # more digits than Python reads (ValueError, not a hang)
    "1" + "0" * 4000,
    '{"version": ' + "9" * 5000 + "}",
    '{"version": 1e999999}',
    "NaN",
    "[Infinity, -Infinity]",
    json.dumps("x" * 3_000_000),  # longer than a record, shorter than an export
    " " * (outside.MAX_CHARS + 1),  # longer than anything
    "null",
    "true",
    "0",
    "[]",
    "{}",
    '"a text"',
    "",
    "{not json",
    '{"version": 1, "games": "many"}',
    "\x00\udfff",
]


def hostile_texts(rng: random.Random) -> Iterator[str]:
    """``TRIES`` texts: deep ones of every shape and depth, huge ones, wrong ones, random ones."""
    for _ in range(TRIES):
        roll = rng.random()
        if roll < 0.4:
            yield deep(rng.choice([outside.MAX_DEPTH + 1, 100, 1000, 6000, 10_000, 50_000]), rng)
        elif roll < 0.55:
            yield rng.choice(shallow_lookalikes(rng.choice([10, 10_000])))
        elif roll < 0.8:
            yield rng.choice(HUGE)
        else:
            yield "".join(rng.choice('[]{}",:\\0123e-.ntrufalsx ') for _ in range(rng.randint(0, 400)))


def buried(good: dict[str, Any], rng: random.Random) -> str:
    """A valid document (a save, settings, an export) with one value replaced by a deep one."""
    text = json.dumps(good)
    marks = [i for i, c in enumerate(text) if c == ":"]
    at = rng.choice(marks) + 1
    end = at
    while end < len(text) and text[end] not in ",}]":
        end += 1
    if text[at:end].strip().startswith(("{", "[", '"')):
        return text[:at] + deep(10_000, rng) + "," + text[at:]  # a deep value as a new item
    return text[:at] + deep(10_000, rng) + text[end:]


@contextlib.contextmanager
def watched_json(what: str) -> Iterator[None]:
    """``json.loads`` refuses (fails the test) any text deeper than the limit, and every reader
    must answer within ``HANG_S`` seconds."""
    real = json.loads

    def loads(s: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(s, str) and reference_depth(s) > outside.MAX_DEPTH:
            raise AssertionError(f"{what}: json.loads was handed a text nested {reference_depth(s)} deep")
        return real(s, *args, **kwargs)

    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"{what}: no answer within {HANG_S} s (a hang)")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_S)
    json.loads = loads
    try:
        yield
    finally:
        json.loads = real
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class Store:
    def __init__(self, data: dict[str, str]) -> None:
        self.data = dict(data)

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def put_text(self, key: str, text: str) -> bool:
        self.data[key] = text
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def read_by_every_reader(text: str, what: str) -> None:
    """``text`` through every reader of outside text; each answers cleanly, as described."""
    with watched_json(what):
        s = Screen()
        restore_settings(s, text)
        again, ok = settings_from_dict(s.settings.to_dict())
        assert ok and again == s.settings, what

        assert isinstance(restore_ledger(s, text), bool)
        assert 0 <= s.ledger["games"] <= LEDGER_MAX, what

        if not restore_game(s, text, setup_first=False):
            assert s.setup_notice and s.app is None, what

        for read in (read_stats, read_history):
            got = read(text)
            assert isinstance(got.value, dict) and got.value["version"] == 1, what

        with contextlib.suppress(Refused):
            stored_parse(text)
        with contextlib.suppress(Refused):
            import_bundle(text)
        with contextlib.suppress(links.LinkError):
            links.decode(text)

        store = Store(dict.fromkeys(KEYS, text))
        s = Screen()
        restore_settings(s, store.get(SETTINGS.key))
        restore_stored(s, store, setup_first=False)
        restore_stats(s, store)
        assert s.screen == "setup" or s.app is not None, what


def random_value(rng: random.Random, room: int) -> Any:
    """A JSON value nested at most ``room`` deep, its strings full of brackets, quotes and
    backslashes (what the scan must not count)."""
    roll = rng.random()
    if room == 0 or roll < 0.3:
        return rng.choice(
            [None, True, 0, -1.5, "".join(rng.choice('[]{}"\\ a') for _ in range(rng.randint(0, 8)))]
        )
    if roll < 0.65:
        return [random_value(rng, room - 1) for _ in range(rng.randint(0, 3))]
    return {
        rng.choice(['"', "[", "\\", "k"]) * rng.randint(1, 3): random_value(rng, room - 1) for _ in range(3)
    }


def test_the_scan_counts_as_a_parser_nests() -> None:
    """On JSON and on every prefix of it (what a parser has read when it stops at damage),
    the scan's count is the parser's; past the first error a parser reads no further."""
    rng = random.Random(0)
    for n in range(1500):
        text = json.dumps(random_value(rng, rng.randint(0, 12)), indent=rng.choice([None, 1]))
        for cut in (len(text), rng.randrange(len(text) + 1)):
            assert outside.depth(text[:cut]) == reference_depth(text[:cut]), (n, text[:cut])


def test_deep_text_is_refused_before_it_is_parsed_and_lookalikes_are_read() -> None:
    rng = random.Random(1)
    for n in (outside.MAX_DEPTH + 1, 10_000, 100_000):
        text = deep(n, rng)
        with watched_json(f"depth {n}"), pytest.raises(Refused) as e:
            outside.parse(text)
        assert e.value.key in ("outside.too_deep", "outside.not_json"), text[:80]
    with watched_json("exactly the limit"):
        assert outside.parse("[" * outside.MAX_DEPTH + "]" * outside.MAX_DEPTH) is not None
        for text in shallow_lookalikes(10_000):
            assert outside.parse(text) == json.loads(text)
    with pytest.raises(Refused) as e:
        outside.parse("[" * 10_000 + "]" * 10_000)
    assert e.value.key == "outside.too_deep" and isinstance(e.value, ValueError)


def test_huge_numbers_and_texts_are_refused_or_read_not_raised() -> None:
    for text in HUGE:
        with watched_json(repr(text[:40])):
            try:
                outside.parse(text)
            except Refused as e:
                assert e.key.startswith("outside.") and len(e.detail) <= 200
    with pytest.raises(Refused) as e:
        outside.parse("9" * 5000)
    assert e.value.key == "outside.not_json"
    with pytest.raises(Refused) as e:
        outside.parse(" " * (outside.MAX_CHARS + 1))
    assert e.value.key == "outside.too_long"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_reader_answers_hostile_text(seed: int) -> None:
    rng = random.Random(seed)
    for n, text in enumerate(hostile_texts(rng)):
        read_by_every_reader(text, f"seed {seed} try {n}: {text[:60]!r}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_deep_value_inside_good_data_is_refused_everywhere(seed: int) -> None:
    rng = random.Random(100 + seed)
    store = full_store()
    export = {"format": "rommi.bundle", "version": 1, "parts": {}}
    export["parts"] = {name: json.loads(store.data[key]) for name, key in zip(
        ("save", "settings", "ledger", "stats", "daily"), KEYS, strict=True
    )}  # fmt: skip
    for n in range(6):
        key = rng.choice(KEYS)
        text = buried(json.loads(store.data[key]), rng)
        read_by_every_reader(text, f"seed {seed} try {n}: {key}")
        file = buried(export, rng)
        with watched_json(f"seed {seed} try {n}: export"), pytest.raises(Refused) as e:
            import_bundle(file)
        assert e.value.key in ("bundle.too_deep", "bundle.foreign"), e.value.key


def test_a_deep_value_under_every_key_still_opens_the_setup_form() -> None:
    poison = "[" * 10_000 + "]" * 10_000
    store = Store(dict.fromkeys(KEYS, poison))
    s = Screen()
    with watched_json("every key poisoned"):
        restore_settings(s, store.get(SETTINGS.key))
        restore_stored(s, store, setup_first=False)
        restore_stats(s, store)
    assert s.app is None and s.screen == "setup"
    assert "setup.settings_reset" in [n[0] for n in s.note_sources], s.note_sources
    assert s.setup_notice.startswith("Your saved game could not be read"), s.setup_notice
    assert "nested far more deeply" in s.setup_notice
    for key in (GAME.key, LEDGER.key, STATS.key, DAILY.key):  # set aside, never deleted
        assert store.get(key) is None and store.get(f"{key}.unreadable") == poison, key
