"""A guest's device's side of the wire, in plain Python: what it sends, and what it keeps.

The guest runs no engine during the match. It keeps its seat and token, the lobby, its seat's
last view with what it may do, and how many buy answers the table waits for; it takes part in
the seed's round by itself (a fresh random value, its hash first, the value once every hash is
in); and at the match's end it checks the host (``over``): every value against the hash it was
sent before the first card, the seed against the values, and every view it was sent against
the match played again from that seed and the match's actions. A host that dealt from another
seed, or showed this seat a table the match never had, fails the check.

Its table (``ui.commands``, ``browser.render``) draws from ``view`` and ``legal`` as it draws
from ``App`` at one device; what needs no hidden card (is this a valid meld, where does a card
fit) it works out from the view itself (``rommi.candidates.Sight.of_view``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rommi import Game, Refused
from rommi.options import OPTION_NAMES
from ui.online import messages
from ui.online.fairseed import check, commitment


def _digest(view: Any) -> str:
    """A view, as what is compared at the end (its canonical JSON's hash: a match sends many)."""
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode("utf-8")).hexdigest()


@dataclass
class Guest:
    """One guest's device at an online table; ``new_value`` makes its random values."""

    build: str
    name: str
    token: str | None = None  # kept in the browser: the seat back after a reload
    new_value: Callable[[int], str] = secrets.token_hex
    seat: int | None = None
    lobby: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    legal: dict[str, Any] | None = None
    waiting: int | None = None
    refused: dict[str, Any] | None = None  # the last refusal, for the table to say
    reactions: list[tuple[int, str]] = field(default_factory=list)
    bye: str | None = None
    undone: list[int] = field(default_factory=list)
    checked: bool | None = None  # at the match's end: whether the host's deal checked out
    matches: int = 0  # matches begun at this table (a rematch builds the guest's table afresh)
    _value: tuple[str, str] | None = None  # this match's value and salt
    _hashes: dict[int, str] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set)  # every view of this match, as its digest
    _last: str = ""  # the newest view's digest

    # ---------------------------------------------------------------- sending
    def hello(self) -> str:
        fields: dict[str, Any] = {"build": self.build, "name": self.name}
        if self.token is not None:
            fields["token"] = self.token
        return _text("hello", **fields)

    def sit(self, seat: int) -> str:
        return _text("sit", seat=seat)

    def act(self, action: dict[str, Any]) -> str:
        return _text("act", action=action)

    def take_back(self) -> str:
        return _text("undo")

    def react(self, code: str) -> str:
        return _text("react", code=code)

    # --------------------------------------------------------------- receiving
    def receive(self, text: str) -> list[str]:
        """Read a host's message (bounded: ``messages.read_host``); the texts to send back (the
        seed's round answers by itself). A message that does not read is dropped."""
        try:
            m = messages.read_host(text)
        except Refused:
            return []
        kind = m["t"]
        if kind == "welcome" and isinstance(m.get("token"), str):
            self.token, self.seat = m["token"], m.get("seat")
        elif kind == "lobby":
            self.lobby = m
        elif kind == "view":
            self.view, self.legal, self.waiting = m.get("view"), m.get("legal"), m.get("waiting")
            self.refused = None
            self._last = _digest(self.view)
            self._seen.add(self._last)
        elif kind == "waiting":
            self.waiting = m.get("count")
        elif kind == "refused":
            self.refused = m
        elif kind == "reaction":
            self.reactions.append((m.get("seat"), m.get("code")))  # type: ignore[arg-type]
        elif kind == "undone":
            # The move taken back is in no match played again: the view that showed it goes too
            # (the one just before: nobody else moves between a draw and its discard).
            self.undone.append(m.get("seat"))  # type: ignore[arg-type]
            self._seen.discard(self._last)
        elif kind == "bye":
            self.bye = m.get("reason")
        elif kind == "ask_commit":
            return self._commit()
        elif kind == "commits":
            return self._reveal(m.get("hashes"))
        elif kind == "started":
            self._seen, self.checked = set(), None
            self.matches += 1
        elif kind == "over":
            self.checked = self._check(m)
        return []

    def _commit(self) -> list[str]:
        """A new match: a fresh value and salt; only their hash goes out now."""
        self._value = (self.new_value(16), self.new_value(16))
        self._hashes = {}
        return [_text("commit", hash=commitment(*self._value))]

    def _reveal(self, hashes: Any) -> list[str]:
        """Every hash is in: keep them (to check at the end), and send the value behind ours."""
        if self._value is None or not isinstance(hashes, dict):
            return []
        try:
            self._hashes = {int(k): str(v) for k, v in hashes.items()}
        except ValueError:
            return []
        value, salt = self._value
        return [_text("reveal", value=value, salt=salt)]

    def _check(self, m: dict[str, Any]) -> bool:
        """The end's check: values, seed, and every view seen against the match played again."""
        try:
            reveals = {int(k): (str(v[0]), str(v[1])) for k, v in m["reveals"].items()}
            seed = m["seed"]
            if self.seat is None or self.view is None or not check(self._hashes, reveals, seed):
                return False
            if self._value is not None and reveals.get(self.seat) != self._value:
                return False  # the host changed this very device's value
            v = self.view
            rules = {k: x for k, x in v["options"].items() if k in OPTION_NAMES[v["variant"]]}
            game = Game.new(v["variant"], v["players"], seed=seed, options=rules)
            replayed = {_digest(game.view(self.seat))}
            for action in m["log"]:
                game.apply(action)
                replayed.add(_digest(json.loads(json.dumps(game.view(self.seat)))))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return False
        return self._seen <= replayed


def _text(kind: str, **fields: Any) -> str:
    return messages.encode({"v": messages.VERSION, "t": kind, **fields})
