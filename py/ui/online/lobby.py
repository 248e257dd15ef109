"""The online table's seats before and during play: who sits where, and their seat tokens.

A seat is empty, the host's, a person's on another device, or a computer player's. A
person's seat has a token, 128 random bits the host gives when they sit: their browser keeps
it, and whoever shows it later (after a reload, or a lost connection) gets the seat back;
anyone else gets nothing, whatever name they give. Names are unique at a table, compared
without case: the log, the scores and each person's statistics tell players apart by name.
"""

from __future__ import annotations

import enum
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rommi.bots import LEVELS
from rommi.errors import Refused
from ui.model.app import Seat
from ui.words.text_en import BOT_NAMES

TOKEN_BYTES = 16  # a seat token: 128 random bits, as hex


class Kind(enum.StrEnum):
    """Who a seat is for (the lobby message's ``kind``)."""

    EMPTY = "empty"
    HOST = "host"
    PERSON = "person"
    COMPUTER = "computer"


@dataclass
class Place:
    """One seat of the online table.

    ``peer``: the connection the person is on now (None: away, since ``away_since``).
    ``stand_in``: the level of a computer player playing for the person while away.
    """

    kind: Kind = Kind.EMPTY
    name: str = ""
    level: str | None = None
    token: str | None = None
    peer: str | None = None
    away_since: float | None = None
    stand_in: str | None = None

    def public(self) -> dict[str, Any]:
        """What every player may know of the seat (never its token)."""
        return {
            "name": self.name,
            "kind": str(self.kind),
            "away": self.kind == Kind.PERSON and self.peer is None,
            "stand_in": self.stand_in is not None,
        }

    def seat(self) -> Seat:
        """The seat as the table (``App``) knows it."""
        if self.kind == Kind.HOST:
            return Seat.here(self.name)
        if self.kind == Kind.PERSON:
            if self.stand_in is not None:
                return Seat.computer(self.name, self.stand_in)
            return Seat.elsewhere(self.name)
        if self.level is None:
            raise ValueError("an empty seat has no player")
        return Seat.computer(self.name, self.level)


class Lobby:
    """The seats, seat 0 the host's; ``new_token`` makes a token (secure randomness, or a
    seeded one in the tests)."""

    def __init__(self, players: int, host_name: str, new_token: Callable[[int], str]) -> None:
        self.places = [Place(Kind.HOST, host_name)] + [Place() for _ in range(players - 1)]
        self.new_token = new_token

    def public(self) -> list[dict[str, Any]]:
        return [p.public() for p in self.places]

    def people(self) -> list[int]:
        """The seats played by people (the host and the guests), who each give the seed a value."""
        return [i for i, p in enumerate(self.places) if p.kind in (Kind.HOST, Kind.PERSON)]

    def seat_of(self, peer: str) -> int | None:
        return next((i for i, p in enumerate(self.places) if p.peer == peer and p.kind == Kind.PERSON), None)

    def by_token(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), or None."""
        for i, p in enumerate(self.places):
            if p.token is not None and hmac.compare_digest(p.token, token):
                return i
        return None

    def sit(self, seat: int, name: str, peer: str) -> str:
        """A person takes a free seat under a name no one else at the table has: its new token."""
        if not 0 <= seat < len(self.places) or self.places[seat].kind != Kind.EMPTY:
            raise Refused("online.seat_taken", f"seat {seat} is not free")
        self.check_name(name)
        token = self.new_token(TOKEN_BYTES)
        self.places[seat] = Place(Kind.PERSON, name, token=token, peer=peer)
        return token

    def check_name(self, name: str, seat: int | None = None) -> None:
        taken = {p.name.casefold() for i, p in enumerate(self.places) if p.kind != Kind.EMPTY and i != seat}
        if name.casefold() in taken:
            raise Refused("online.name_taken", name)

    def to_computer(self, seat: int, level: str) -> None:
        """The host gives an empty (or computer's) seat to a computer player at ``level``."""
        if not 0 < seat < len(self.places) or self.places[seat].kind not in (Kind.EMPTY, Kind.COMPUTER):
            raise Refused("online.seat_taken", f"seat {seat} is not free")
        if level not in LEVELS:
            raise ValueError(f"no level {level!r}")
        self.places[seat] = Place(Kind.COMPUTER, self.computer_name(seat), level)

    def computer_name(self, seat: int) -> str:
        """The name that goes with the seat (as at one device), or the first free one."""
        taken = {p.name.casefold() for p in self.places if p.kind != Kind.EMPTY}
        names = (BOT_NAMES[seat - 1], *BOT_NAMES)
        return next((n for n in names if n.casefold() not in taken), f"{BOT_NAMES[seat - 1]} {seat + 1}")

    def fill(self, level: str) -> None:
        """Every seat still empty goes to a computer player at ``level`` ("Start the game")."""
        for seat, p in enumerate(self.places):
            if p.kind == Kind.EMPTY:
                self.to_computer(seat, level)
