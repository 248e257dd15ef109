"""The wire format between the host's device and a guest's: JSON objects with a type and a version.

A peer's text is the least trusted input the table reads: anyone with the invitation can send
anything, as often as they like. So a text is bounded before it is parsed (its length and how
deep it nests, ``ui.records.outside.checked``: a deep text would overflow the parser in
Pyodide), and each type is read field by field into a small frozen value; an unknown type, a
missing or extra field, or a field of the wrong kind is ``Refused`` with a catalog key
(``online.*``), so the guest is told in its own language and nothing else happens.

Guest to host: ``hello``, ``sit``, ``act`` (an action as the engine's JSON), ``undo``,
``react``, ``commit``, ``reveal``. Host to guest: the builders below (``welcome``, ``lobby``,
``view``, ``refused`` ...), which the host writes and so need no checking here.

>>> parse('{"v": 1, "t": "sit", "seat": 2}')
Sit(seat=2)
>>> parse('{"v": 1, "t": "sit", "seat": "2"}')
Traceback (most recent call last):
...
rommi.errors.Refused: seat: not a seat number
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rommi.errors import Refused
from ui.records.outside import parse as parse_outside

VERSION = 1
# The longest message a guest has reason to send is a lay-down of a whole hand in deal 7 (about
# 300 characters) or a hello with a name: 2,000 is plenty and still cheap to scan for depth.
MAX_CHARS = 2_000
# The deepest a guest's message goes: the message, its action, the action's melds, a meld.
MAX_DEPTH = 4
MAX_NAME = 24  # a name at the table, after trimming; the lobby shows it beside the seat
MAX_SEAT = 7  # the most seats a table has is 8 (Sitoumusrommi for 8)
# The quick reactions, a short fixed list: nothing to moderate, and each is worded in both
# languages (``online.reaction.*`` in the catalogs).
REACTIONS = ("nice", "well_played", "oops", "thinking", "hurry", "laugh")
# Why the host says goodbye (``bye``; worded as ``online.bye.*``): another build (reload to join),
# the same seat taken up from another window, the table closed, a pairing link made for another
# person's seat (``ui.online.pairing.Pairings``).
BYE_REASONS = ("build", "replaced", "closed", "seat")

_HEX = {16: re.compile(r"[0-9a-f]{32}"), 32: re.compile(r"[0-9a-f]{64}")}
_BUILD = re.compile(r"[0-9A-Za-z._-]{1,64}")
_OUTSIDE_KEYS = {  # what ``ui.records.outside`` refuses, as the words of a message
    "outside.not_text": "online.not_text",
    "outside.too_long": "online.too_long",
    "outside.too_deep": "online.too_deep",
    "outside.not_json": "online.not_json",
}


@dataclass(frozen=True)
class Hello:
    """A peer introduces itself: its page's build (another build is told to reload), the name
    it plays under, and the seat token it was given before, if it is coming back."""

    build: str
    name: str
    token: str | None


@dataclass(frozen=True)
class Sit:
    """Take this (free) seat in the lobby."""

    seat: int


@dataclass(frozen=True)
class Act:
    """A move, as the engine's protocol JSON (``rommi.actions.to_json``); the engine reads it."""

    action: dict[str, Any]


@dataclass(frozen=True)
class Undo:
    """Take back this seat's last meld, lay-off or swap of the turn (until the discard)."""


@dataclass(frozen=True)
class React:
    """A quick reaction from ``REACTIONS``, shown beside the seat."""

    code: str


@dataclass(frozen=True)
class Commit:
    """The hash of this player's random value for the seed (``ui.online.fairseed``)."""

    hash: str


@dataclass(frozen=True)
class Reveal:
    """The random value and its salt, once every player has committed."""

    value: str
    salt: str


GuestMessage = Hello | Sit | Act | Undo | React | Commit | Reveal

# Each type's fields: name -> whether it may be left out.
_FIELDS: dict[str, dict[str, bool]] = {
    "hello": {"build": False, "name": False, "token": True},
    "sit": {"seat": False},
    "act": {"action": False},
    "undo": {},
    "react": {"code": False},
    "commit": {"hash": False},
    "reveal": {"value": False, "salt": False},
}


def parse(text: Any) -> GuestMessage:
    """A guest's message, read field by field; ``Refused`` (``online.*``) for anything else."""
    try:
        data = parse_outside(text, MAX_CHARS, MAX_DEPTH)
    except Refused as e:
        raise Refused(_OUTSIDE_KEYS.get(e.key, "online.bad_message"), e.detail) from None
    if not isinstance(data, dict):
        raise Refused("online.bad_message", "not an object")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise Refused("online.version", f"version {data.get('v')!r}, this Rommi speaks {VERSION}")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise Refused("online.bad_message", f"no message type {kind!r}"[:80])
    fields = _FIELDS[kind]
    extra = set(data) - set(fields) - {"v", "t"}
    if extra:
        raise Refused("online.bad_message", f"{kind}: unknown field {sorted(extra)[0]!r}"[:80])
    missing = [f for f, optional in fields.items() if not optional and f not in data]
    if missing:
        raise Refused("online.bad_message", f"{kind}: {missing[0]} missing")
    return _READERS[kind](data)


def _hello(d: dict[str, Any]) -> Hello:
    build = d["build"]
    if not isinstance(build, str) or not _BUILD.fullmatch(build):
        raise Refused("online.bad_message", "build: not a build")
    token = d.get("token")
    return Hello(build, name(d["name"]), None if token is None else hex_text(token, 16, "token"))


def name(value: Any) -> str:
    """A player's name: text of 1 to ``MAX_NAME`` characters once trimmed (inner runs of spaces
    made one), no control or format characters: it is shown to everyone at the table."""
    if not isinstance(value, str) or len(value) > 4 * MAX_NAME:
        raise Refused("online.bad_name", "name: not a text of a name's length")
    text = " ".join(value.split())
    if not 1 <= len(text) <= MAX_NAME or any(unicodedata.category(c).startswith("C") for c in text):
        raise Refused("online.bad_name", "name: empty, too long, or with control characters")
    return text


def hex_text(value: Any, size: int, field: str) -> str:
    """``size`` random bytes written as lower-case hex: a token, a value, a salt or a hash."""
    if not isinstance(value, str) or not _HEX[size].fullmatch(value):
        raise Refused("online.bad_message", f"{field}: not {2 * size} hex digits")
    return value


def _sit(d: dict[str, Any]) -> Sit:
    seat = d["seat"]
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        raise Refused("online.bad_message", "seat: not a seat number")
    return Sit(seat)


def _act(d: dict[str, Any]) -> Act:
    action = d["action"]
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise Refused("online.bad_message", "action: not an action")
    return Act(action)


def _react(d: dict[str, Any]) -> React:
    if d["code"] not in REACTIONS:
        raise Refused("online.bad_message", "code: not a reaction")
    return React(d["code"])


def _commit(d: dict[str, Any]) -> Commit:
    return Commit(hex_text(d["hash"], 32, "hash"))


def _reveal(d: dict[str, Any]) -> Reveal:
    return Reveal(hex_text(d["value"], 16, "value"), hex_text(d["salt"], 16, "salt"))


_READERS: dict[str, Callable[[dict[str, Any]], GuestMessage]] = {
    "hello": _hello,
    "sit": _sit,
    "act": _act,
    "undo": lambda d: Undo(),
    "react": _react,
    "commit": _commit,
    "reveal": _reveal,
}


# ------------------------------------------------------------------ host to guest
Message = dict[str, Any]

# What a guest's device reads from the host is bounded too (a host can be anyone with a link):
# a view carries the deal's whole history, a few tens of thousands of characters at most, and
# nests no deeper than a meld's cards inside an event inside the history inside the view.
MAX_HOST_CHARS = 500_000
MAX_HOST_DEPTH = 8
HOST_TYPES = frozenset(
    {"welcome", "lobby", "ask_commit", "commits", "started", "view", "waiting", "undone"}
    | {"reaction", "refused", "over", "bye"}
)


def read_host(text: Any) -> Message:
    """A host's message as a guest's device reads it: bounded before it is parsed, an object of
    this version and a known type (its fields are the guest's table's to read); else ``Refused``."""
    try:
        data = parse_outside(text, MAX_HOST_CHARS, MAX_HOST_DEPTH)
    except Refused as e:
        raise Refused(_OUTSIDE_KEYS.get(e.key, "online.bad_message"), e.detail) from None
    if not isinstance(data, dict) or data.get("v") != VERSION or type(data.get("v")) is not int:
        raise Refused("online.version", "not a message of this version")
    if data.get("t") not in HOST_TYPES:
        raise Refused("online.bad_message", "no such message")
    return data


def _message(kind: str, **fields: Any) -> Message:
    return {"v": VERSION, "t": kind, **fields}


def encode(message: Message) -> str:
    """A message as the text the transport carries (compact JSON, names as they are)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def welcome(token: str, seat: int, build: str) -> Message:
    """You sit at ``seat``; keep ``token`` to get the seat back after a reload."""
    return _message("welcome", token=token, seat=seat, build=build)


def lobby(seats: list[dict[str, Any]], you: int | None, started: bool) -> Message:
    """Who sits where (``{"name", "kind", "away"}`` per seat), your seat, and whether play began."""
    return _message("lobby", seats=seats, you=you, started=started)


def view(seat: int, seen: Any, legal: dict[str, Any], waiting: int | None) -> Message:
    """Your seat's view (``Game.view``), what you may do now (``ui.online.legal``), and in an
    open buy window how many answers the table still waits for."""
    return _message("view", seat=seat, view=seen, legal=legal, waiting=waiting)


def refused(key: str, params: dict[str, Any] | None = None) -> Message:
    """Your message changed nothing: why, as a catalog key (``online.*`` or ``engine.*``)."""
    return _message("refused", key=key, params=params or {})


def reaction(seat: int, code: str) -> Message:
    return _message("reaction", seat=seat, code=code)


def waiting(count: int) -> Message:
    """The buy window waits for ``count`` more answers (never whose)."""
    return _message("waiting", count=count)


def undone(seat: int) -> Message:
    """``seat`` took back its last move (the log says so; the view that follows is without it)."""
    return _message("undone", seat=seat)


def ask_commit() -> Message:
    """A new match: send the hash of a fresh random value (``ui.online.fairseed``)."""
    return _message("ask_commit")


def commits(hashes: dict[int, str]) -> Message:
    """Every player has committed: these are the hashes; now send your value."""
    return _message("commits", hashes={str(k): v for k, v in sorted(hashes.items())})


def started() -> Message:
    return _message("started")


def over(
    seed: int, reveals: dict[int, tuple[str, str]], hashes: dict[int, str], log: list[dict[str, Any]] | None
) -> Message:
    """The match is over: the seed, every value behind it and the match's actions, for each
    device to check the values against the hashes it was sent, the seed against the values,
    and the deals it saw against the match played again from them (every hand is open now)."""
    return _message(
        "over",
        seed=seed,
        reveals={str(k): list(v) for k, v in sorted(reveals.items())},
        hashes={str(k): v for k, v in sorted(hashes.items())},
        log=log,
    )


def bye(reason: str) -> Message:
    """The host will not talk to you any more (``BYE_REASONS``)."""
    if reason not in BYE_REASONS:
        raise ValueError(f"no reason {reason!r} to say goodbye")
    return _message("bye", reason=reason)
