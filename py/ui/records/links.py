"""Share links: a deal or a whole match as a short text for the address's ``#`` part (pure Python).

A match is its variant, options, seed and actions (rule G9), so a link carries
just those, and the seats' levels for the computer players' reasons (a person's seat
has none); the table replays it. A match played online where a computer player stood
in for an away person is written in format 2 (``r2.``): format 1 and, after the
actions, who stood in where (``MatchRecord.stood_in``). Every other match is written
in format 1, byte for byte as before, so the links of earlier releases still open and
an earlier release opening a format 2 link says it comes from a newer Rommi.

The text is ``r1.`` (the format's version, readable before anything else, so a
newer format is told apart from damage) and base64url of::

    length (2 bytes) | zlib(payload) | CRC-32 of the version and the zlib data (4 bytes)

The payload codes each action in a few bytes: a type byte, then for the types that
carry them a meld number, an end and card bytes (one per card, 53 codes); the acting
seat is left out, since only the seat to act may act (G10), and the decoder fills it in
while it replays. A deal's link is the match up to that deal's end: the deal's cards
come from the seed and every shuffle before it (G9), so the earlier deals ride along.

``encode`` refuses with ``LinkError`` (``link.unshareable``) a record no link can hold (a
negative seed); ``decode`` refuses with ``LinkError`` and a message key (``link.*``) a text that is
cut short, altered, too long, of a newer format or whose actions are illegal; it
raises nothing else, and it is bounded in time (the text's length and the unpacked
size are checked before anything is unpacked or replayed).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass
from typing import Any

from rommi import Game, IllegalAction
from rommi.bots import LEVELS
from rommi.cards import make_deck
from rommi.errors import Refused
from rommi.options import OPTION_NAMES, PLAYERS, VARIANTS
from rommi.replay import MAX_ACTIONS, MAX_SEED, MatchRecord
from ui.model.app import bot_seed
from ui.records import outside

FORMAT = 1  # a match's link; a match where a computer stood in for someone online is format 2
NEWEST = 2  # the newest format this Rommi reads (``link.newer`` above it)
# A whole 8-player contract match of long deals is about 3,000 characters; 16,000 leaves room
# for the longest real matches and still fits a chat message and every browser's address bar.
MAX_CHARS = 16_000
MAX_PAYLOAD = 200_000  # unpacked bytes: a zip bomb stops here (3 bytes an action, MAX_ACTIONS of them)
_TEXT = re.compile(r"r([0-9]{1,6})\.([A-Za-z0-9_-]*)")
CARDS: tuple[str, ...] = tuple(sorted({str(c) for c in make_deck(1, 1)}))
_CARD = {c: i for i, c in enumerate(CARDS)}
_OPTIONS: tuple[str, ...] = tuple(sorted(OPTION_NAMES[VARIANTS[0]] | OPTION_NAMES[VARIANTS[1]]))
_TYPES = ("draw_stock", "draw_discard", "buy", "pass", "discard", "meld", "layoff", "swap", "next_deal")
_CODE = {name: i for i, name in enumerate(_TYPES)}
_ENDS = (None, "low", "high")
_KINDS = ("set", "run")


class LinkError(Refused):
    """A link that cannot be opened: its own class only so that ``decode`` tells its refusals
    apart from those of what it calls (a replay's, which it words as an altered link)."""


@dataclass(frozen=True)
class Shared:
    """What a link holds: the match so far and the deal it points at (0: the whole match)."""

    record: MatchRecord
    deal: int


# ------------------------------------------------------------------------------ writing
def encode(record: MatchRecord, deal: int = 0) -> str:
    """The link text of ``record``: the whole match (``deal`` 0), or up to the end of ``deal``.

    ``LinkError`` (``link.unshareable``) for a record no link can hold: a seed or deal that is
    not a whole number from 0 below ``MAX_SEED`` (a negative number has no end in the varint
    code, so it is refused before anything is written).
    """
    numbers = (record.seed, deal, *record.bot_seeds)
    if not all(type(n) is int and 0 <= n < MAX_SEED for n in numbers):
        raise LinkError("link.unshareable", "a seed or deal is not a whole number from 0 below 2**63")
    try:
        out = _payload(record, deal)
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise LinkError("link.unshareable", f"cannot be written: {type(e).__name__}: {e}") from None
    version = 2 if record.stood_in and record.levels else 1
    if version == 2:
        _stood_in(out, record)
    packed = zlib.compress(bytes(out), 9)
    crc = zlib.crc32(bytes([version]) + packed).to_bytes(4, "big")
    body = (len(packed) + 6).to_bytes(2, "big") + packed + crc
    return f"r{version}." + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def _stood_in(out: bytearray, record: MatchRecord) -> None:
    """Format 2's tail: each computer that stood in for an away person at an online table (seat,
    level, from which action, and to which plus one, 0 for "to the end")."""
    _varint(out, len(record.stood_in))
    for seat, level, start, end in record.stood_in:
        out.extend((seat, LEVELS.index(level)))
        _varint(out, start)
        _varint(out, 0 if end is None else end + 1)


def _payload(record: MatchRecord, deal: int) -> bytearray:
    actions = list(record.actions)
    if deal:
        actions = actions[: _deal_end(actions, deal)]
    out = bytearray([VARIANTS.index(record.variant), record.players])
    _varint(out, record.seed)
    _varint(out, deal)
    _options(out, record.options)
    _seats(out, record)
    _varint(out, len(actions))
    for action in actions:
        _action(out, action)
    return out


def _deal_end(actions: list[dict[str, Any]], deal: int) -> int:
    """Where deal ``deal``'s actions end: before the ``next_deal`` that deals the one after."""
    seen = 0
    for i, a in enumerate(actions):
        if a.get("type") == "next_deal":
            seen += 1
            if seen == deal:
                return i
    return len(actions)


def _varint(out: bytearray, n: int) -> None:
    """``n`` in 7-bit groups, low first; a negative ``n`` would never end, so it is refused."""
    if n < 0:
        raise ValueError(f"a varint is never negative: {n}")
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return


def _options(out: bytearray, options: dict[str, Any]) -> None:
    given = [(k, v) for k, v in sorted(options.items()) if k in _OPTIONS]
    out.append(len(given))
    for name, value in given:
        out.append(_OPTIONS.index(name))
        _varint(out, 0 if value is None else 1 + int(value) if isinstance(value, bool) else 3 + int(value))


def _seats(out: bytearray, record: MatchRecord) -> None:
    """0: no levels; 1: levels, bots seeded as the table seeds them; 2: levels and seeds."""
    if not record.levels:
        out.append(0)
        return
    table_seeds = tuple(bot_seed(record.seed, s) for s in range(record.players))
    out.append(1 if record.bot_seeds == table_seeds else 2)
    out.extend(0 if lv is None else 1 + LEVELS.index(lv) for lv in record.levels)
    if record.bot_seeds != table_seeds:
        for seed in record.bot_seeds:
            _varint(out, seed)


def _action(out: bytearray, a: dict[str, Any]) -> None:
    kind = str(a["type"])
    if kind == "draw":
        out.append(_CODE["draw_" + str(a["source"])])
        return
    out.append(_CODE[kind])
    if kind == "discard":
        out.append(_CARD[a["card"]])
    elif kind == "meld":
        kinds = a.get("kinds")
        out.extend((len(a["melds"]), 0 if kinds is None else 1))
        for i, cards in enumerate(a["melds"]):
            if kinds is not None:
                out.append(_KINDS.index(kinds[i]))
            _cards(out, cards)
    elif kind == "layoff":
        _varint(out, a["meld"])
        out.append(_ENDS.index(a.get("end")))
        _cards(out, a["cards"])
    elif kind == "swap":
        _varint(out, a["meld"])
        out.append(_CARD[a["card"]])


def _cards(out: bytearray, cards: list[str]) -> None:
    out.append(len(cards))
    out.extend(_CARD[c] for c in cards)


# ------------------------------------------------------------------------------ reading
def decode(text: Any) -> Shared:
    """The match and deal a link holds, replayed and found legal; ``LinkError`` otherwise."""
    if not isinstance(text, str):
        raise LinkError("link.bad", "not a text")
    text = text.strip().removeprefix("#")
    try:  # not JSON, so no depth: the length alone, checked as every text from outside is
        outside.checked(text, MAX_CHARS, max_depth=None)
    except Refused as e:
        raise LinkError("link.oversized", e.detail) from None
    found = _TEXT.fullmatch(text)
    if found is None:
        raise LinkError("link.bad", "not a Rommi link")
    version = int(found.group(1))
    if version > NEWEST:
        raise LinkError("link.newer", f"format {version}, this Rommi reads formats up to {NEWEST}")
    if version < 1:
        raise LinkError("link.bad", f"format {version}")
    payload = _unpack(found.group(2), version)
    try:
        shared = _read(_Reader(payload), version)
    except LinkError:
        raise
    except (IndexError, ValueError, KeyError) as e:
        raise LinkError("link.altered", f"cannot be read: {type(e).__name__}") from None
    return shared


def _unpack(data: str, version: int) -> bytes:
    """The payload, after the length and the checksum say the text is whole and unchanged."""
    try:
        body = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("link.truncated", "the text ends in the middle of a character") from None
    if len(body) < 6:
        raise LinkError("link.truncated", "too short")
    size = int.from_bytes(body[:2], "big")
    if len(body) < size:
        raise LinkError("link.truncated", f"{len(body)} of {size} bytes")
    packed, crc = body[2:-4], body[-4:]
    if len(body) > size or zlib.crc32(bytes([version]) + packed).to_bytes(4, "big") != crc:
        raise LinkError("link.altered", "the checksum does not match")
    unzip = zlib.decompressobj()
    try:
        payload = unzip.decompress(packed, MAX_PAYLOAD)
    except zlib.error:
        raise LinkError("link.altered", "cannot be unpacked") from None
    if unzip.unconsumed_tail:
        raise LinkError("link.oversized", f"more than {MAX_PAYLOAD} bytes unpacked")
    return payload


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        n, shift = 0, 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 70:
                raise ValueError("number too long")

    def card(self) -> str:
        return CARDS[self.byte()]

    def cards(self) -> list[str]:
        return [self.card() for _ in range(self.byte())]


def _read(r: _Reader, version: int = 1) -> Shared:
    variant = VARIANTS[r.byte()]
    players, seed, deal = r.byte(), r.varint(), r.varint()
    low, high = PLAYERS[variant]
    if not low <= players <= high or seed >= MAX_SEED:
        raise ValueError("players or seed")
    options = {}
    for _ in range(r.byte()):
        name, value = _OPTIONS[r.byte()], r.varint()
        options[name] = None if value == 0 else bool(value - 1) if value < 3 else value - 3
    levels, seeds = _read_seats(r, players, seed)
    count = r.varint()
    if count > MAX_ACTIONS:
        raise LinkError("link.oversized", f"{count} actions, at most {MAX_ACTIONS}")
    skeletons = [_read_action(r) for _ in range(count)]
    stood_in = _read_stood_in(r, players, count) if version >= 2 else ()
    if version >= 2 and not (levels and stood_in):
        raise ValueError("a format 2 link names who stood in")
    if r.at != len(r.data):
        raise ValueError("bytes after the last action")
    if deal > 1 + sum(a["type"] == "next_deal" for a in skeletons):
        raise ValueError("no such deal")
    actions = _replayed(variant, players, seed, options, skeletons)
    record = MatchRecord(variant, players, options, seed, tuple(actions), levels, seeds, stood_in)
    return Shared(record, deal)


def _read_stood_in(r: _Reader, players: int, count: int) -> tuple[tuple[int, str, int, int | None], ...]:
    out: list[tuple[int, str, int, int | None]] = []
    for _ in range(r.varint()):
        if len(out) >= count:
            raise ValueError("more stand-ins than actions")
        seat, level, start, end = r.byte(), LEVELS[r.byte()], r.varint(), r.varint()
        if seat >= players or start > count or (end and not start <= end - 1 <= count):
            raise ValueError("a stand-in out of the match")
        out.append((seat, level, start, None if end == 0 else end - 1))
    return tuple(out)


def _read_seats(r: _Reader, players: int, seed: int) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
    how = r.byte()
    if how == 0:
        return (), ()
    if how not in (1, 2):
        raise ValueError("seats")
    levels = tuple(None if b == 0 else LEVELS[b - 1] for b in (r.byte() for _ in range(players)))
    if how == 1:
        return levels, tuple(bot_seed(seed, s) for s in range(players))
    return levels, tuple(r.varint() for _ in range(players))


def _read_action(r: _Reader) -> dict[str, Any]:
    kind = _TYPES[r.byte()]
    if kind.startswith("draw_"):
        return {"type": "draw", "source": kind[5:]}
    a: dict[str, Any] = {"type": kind}
    if kind == "discard":
        a["card"] = r.card()
    elif kind == "meld":
        count, has_kinds = r.byte(), r.byte()
        if has_kinds not in (0, 1):
            raise ValueError("kinds")
        kinds = []
        melds = []
        for _ in range(count):
            if has_kinds:
                kinds.append(_KINDS[r.byte()])
            melds.append(r.cards())
        a["melds"] = melds
        if has_kinds:
            a["kinds"] = kinds
    elif kind == "layoff":
        a["meld"], end = r.varint(), _ENDS[r.byte()]
        a["cards"] = r.cards()
        if end is not None:
            a["end"] = end
    elif kind == "swap":
        a["meld"], a["card"] = r.varint(), r.card()
    return a


def _replayed(
    variant: str, players: int, seed: int, options: dict[str, Any], skeletons: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The actions with their seats filled in, each applied in turn: ``link.illegal`` if refused."""
    try:
        game = Game.new(variant, players, seed=seed, options=options)
    except ValueError as e:
        raise LinkError("link.altered", f"options: {e}") from None
    out = []
    for i, skeleton in enumerate(skeletons):
        action = dict(skeleton)
        if action["type"] != "next_deal":
            action = {"type": action.pop("type"), "player": game.to_act, **action}
        try:
            game.apply(action)
        except IllegalAction as e:
            raise LinkError("link.illegal", f"action {i + 1}: {e} (rule {e.rule})") from None
        out.append(action)
    return out
