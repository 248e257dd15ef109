"""Share links (``ui.records.links``): a match or a deal as a short text for the address's ``#`` part.

Hundreds of seeded matches round-trip exactly (the seed is in every failure); a link is
refused, with its own message key and nothing else raised, when it is cut short, altered,
too long, from a newer Rommi, or holds actions the rules refuse (rule G10). Hostile texts
get an answer in time (the readers' watchdog of test_readers_fuzz).
"""

from __future__ import annotations

import base64
import random
import zlib
from typing import Any

import pytest

from rommi import Game
from rommi.bots import make_bot
from rommi.replay import MatchRecord, Replay
from test_readers_fuzz import HOSTILE, reads
from ui.model.app import bot_seed
from ui.records import links
from ui.records.links import LinkError, decode, encode

OPTIONS: list[dict[str, Any]] = [{}, {"max_buys": 2}, {"jokers": 4, "runs_differ_in_suit": True}]
BASIC_OPTIONS: list[dict[str, Any]] = [{"target": 30}, {"target": 30, "jokers": 2, "ace_high": True}]


def bots_match(variant: str, players: int, seed: int, options: dict[str, Any], deals: int) -> MatchRecord:
    """``deals`` deals (or the whole match, if shorter) of easy and normal bots, as the table seeds them."""
    g = Game.new(variant, players, seed=seed, options=options)
    levels = [None] + [("easy", "normal")[(seed + s) % 2] for s in range(1, players)]
    seeds = [bot_seed(seed, s) for s in range(players)]
    bots = [make_bot(lv or "easy", seeds[s]) for s, lv in enumerate(levels)]
    actions: list[dict[str, Any]] = []
    while not g.over and not (g.to_act is None and g.deal == deals):
        action = (
            {"type": "next_deal"} if g.to_act is None else bots[g.to_act].choose(g.view(g.to_act)).to_json()
        )
        g.apply(action)
        actions.append(action)
    return MatchRecord(variant, players, options, seed, tuple(actions), tuple(levels), tuple(seeds))


def records() -> list[tuple[int, MatchRecord]]:
    out = []
    for seed in range(1, 101):
        out.append((seed, bots_match("contract", 3 + seed % 6, seed, OPTIONS[seed % 3], deals=2)))
        out.append((seed, bots_match("basic", 2 + seed % 6, seed, BASIC_OPTIONS[seed % 2], deals=3)))
    return out


def test_two_hundred_seeded_matches_round_trip() -> None:
    for seed, record in records():
        where = f"{record.variant} players={record.players} seed={seed}"
        whole = decode(encode(record))
        assert whole == links.Shared(record, 0), where
        deals = Replay(record).deals
        pick = deals[seed % len(deals)].deal
        one = decode(encode(record, pick))
        assert one.deal == pick and Replay(one.record).deals[-1].deal == pick, where
        assert one.record.actions == record.actions[: len(one.record.actions)], where


def test_a_link_without_seats_and_with_explicit_bot_seeds_round_trips() -> None:
    record = bots_match("basic", 3, 7, {"target": 30}, deals=1)
    plain = MatchRecord(record.variant, 3, record.options, 7, record.actions)
    assert decode(encode(plain)).record == plain
    seeded = MatchRecord(record.variant, 3, record.options, 7, record.actions, record.levels, (5, 6, 7))
    assert decode(encode(seeded)).record == seeded


def mangle(text: str, rng: random.Random) -> str:
    roll = rng.random()
    at = rng.randrange(len(text))
    if roll < 0.3:
        return text[:at]
    if roll < 0.6:
        alphabet = "ABCxyz019-_"
        return text[:at] + rng.choice(alphabet.replace(text[at], "")) + text[at + 1 :]
    if roll < 0.75:
        return text[:at] + rng.choice(["=", "#", " ", "%", "é", "\x00"]) + text[at:]
    if roll < 0.9:
        return text[:at] + text[at + 1 :]
    return str(rng.choice(HOSTILE))


@pytest.mark.parametrize("seed", range(8))
def test_hostile_links_are_refused_with_a_key_or_read_whole(seed: int) -> None:
    rng = random.Random(seed)
    record = bots_match("contract", 4, seed + 1, {}, deals=1)
    good = encode(record)
    for n in range(80):
        text = mangle(good, rng)
        with reads(f"link, seed {seed} try {n}", text):
            try:
                shared = decode(text)
            except LinkError as e:
                assert e.key.startswith("link.") and e.key in KEYS, e.key
                continue
        assert shared.record == record, f"seed {seed} try {n}: an altered link read as another match"


KEYS = {"link.bad", "link.truncated", "link.altered", "link.oversized", "link.newer", "link.illegal"}


def refusal(text: Any) -> str:
    with pytest.raises(LinkError) as e:
        decode(text)
    return e.value.key


def body(payload: bytes, size: int | None = None) -> str:
    packed = zlib.compress(payload)
    crc = zlib.crc32(bytes([links.FORMAT]) + packed).to_bytes(4, "big")
    raw = ((size or len(packed) + 6).to_bytes(2, "big")) + packed + crc
    return "r1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_each_kind_of_bad_link_has_its_own_message_key() -> None:
    good = encode(bots_match("basic", 2, 3, {"target": 30}, deals=1))
    assert refusal(good[: len(good) // 2]) == "link.truncated"
    flipped = good[:20] + ("A" if good[20] != "A" else "B") + good[21:]
    assert refusal(flipped) == "link.altered"
    assert refusal(f"r{links.NEWEST + 1}." + good[3:]) == "link.newer"
    assert refusal("r1." + "A" * links.MAX_CHARS) == "link.oversized"
    assert refusal(body(bytes(links.MAX_PAYLOAD + 10))) == "link.oversized"  # a zip bomb
    assert refusal("https://example.org") == "link.bad"
    assert refusal(None) == "link.bad"
    seat = Game.new("basic", 2, seed=3).to_act
    draw = {"type": "draw", "player": seat, "source": "stock"}
    assert refusal(encode(MatchRecord("basic", 2, {}, 3, (draw, draw)))) == "link.illegal"
    assert refusal(body(b"\x00\x04")) == "link.altered"  # whole and checked, but not a match
    assert decode("#" + good).deal == 0  # the address's own # is allowed


def test_links_are_short() -> None:
    """The lengths the report quotes: a first deal, and a whole match, of each game."""
    contract = bots_match("contract", 4, 5, {}, deals=7)
    basic = bots_match("basic", 2, 5, {}, deals=99)
    lengths = {
        "contract deal 1": len(encode(contract, 1)),
        "contract match": len(encode(contract)),
        "basic deal 1": len(encode(basic, 1)),
        "basic match": len(encode(basic)),
    }
    print(lengths)
    assert lengths["contract deal 1"] < 400 and lengths["contract match"] < 3000, lengths
    assert lengths["basic match"] < links.MAX_CHARS, lengths
