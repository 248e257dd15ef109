"""Fair cards: the seed mixes a random value from every person at the table.

The seed fixes every card of the match (G9), and the host's device runs the engine, so a host
who chose the seed would choose the cards. Instead each person draws a random value and first
sends only its hash (sha256 of a salt and the value): once every hash is in, each reveals its
value to the host, which checks it against the hash. The seed is the hash of all values in
seat order, fixed only when the last is revealed, so nobody's value could be picked after
seeing another's, the host's included (its hash is among the first). At the match's end the
host sends every value, and each device checks the hashes and the seed, and can replay the
deal from it (``check``). Guests never see each other's values before then: with them, a guest
could work out every hand.

The salt keeps a value from being guessed from its hash; a value is 128 random bits.

>>> a, b = commitment("00" * 16, "11" * 16), commitment("22" * 16, "33" * 16)
>>> r = Round((0, 2))
>>> r.commit(0, a); r.commit(2, b)
>>> r.reveal(2, "22" * 16, "33" * 16); r.seed is None
True
>>> r.reveal(0, "00" * 16, "11" * 16); r.seed == seed_of(["00" * 16, "22" * 16])
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rommi.errors import Refused
from ui.model.app import NEW_SEED_HIGH, NEW_SEED_LOW


def commitment(value: str, salt: str) -> str:
    """What a player sends first: sha256 of its salt, a colon and its value, in hex."""
    return hashlib.sha256(f"{salt}:{value}".encode("ascii")).hexdigest()


def seed_of(values: Iterable[str]) -> int:
    """The match's seed from every player's value in seat order: a new game's range (52 bits,
    which a JavaScript number holds exactly, as ``App.new_match``'s seeds)."""
    digest = hashlib.sha256(":".join(values).encode("ascii")).digest()
    return NEW_SEED_LOW + int.from_bytes(digest[:8], "big") % (NEW_SEED_HIGH - NEW_SEED_LOW)


@dataclass
class Round:
    """One match's commitments and reveals, for the seats played by people (``seats``)."""

    seats: tuple[int, ...]
    hashes: dict[int, str] = field(default_factory=dict)
    reveals: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (value, salt)

    def commit(self, seat: int, digest: str) -> None:
        """``seat``'s hash, once: were it replaceable, a player who had seen some values (the
        host sees each as it is revealed) could commit anew to one that picks the cards."""
        if seat not in self.seats:
            raise Refused("online.fair.not_playing", f"seat {seat} has no value in this match")
        if seat in self.hashes:
            raise Refused("online.fair.twice", f"seat {seat} has committed already")
        self.hashes[seat] = digest

    @property
    def committed(self) -> bool:
        return set(self.hashes) == set(self.seats)

    def reveal(self, seat: int, value: str, salt: str) -> None:
        """``seat``'s value: only after every hash is in, once, and only if it matches its hash."""
        if seat not in self.seats:
            raise Refused("online.fair.not_playing", f"seat {seat} has no value in this match")
        if not self.committed:
            raise Refused("online.fair.early", "not every player has committed yet")
        if seat in self.reveals:
            raise Refused("online.fair.twice", f"seat {seat} has revealed already")
        if commitment(value, salt) != self.hashes[seat]:
            raise Refused("online.fair.mismatch", f"seat {seat}'s value does not match its hash")
        self.reveals[seat] = (value, salt)

    @property
    def waiting(self) -> list[int]:
        """The seats whose hash (before all are in) or value (after) has not come yet."""
        done = self.reveals if self.committed else self.hashes
        return [s for s in self.seats if s not in done]

    @property
    def seed(self) -> int | None:
        """The seed, once every value is revealed; None until then."""
        if set(self.reveals) != set(self.seats):
            return None
        return seed_of(self.reveals[s][0] for s in sorted(self.seats))


def check(hashes: Mapping[int, str], reveals: Mapping[int, tuple[str, str]], seed: int) -> bool:
    """What each device checks at the match's end: every value matches the hash it saw before
    the match began, and the seed is the one those values make."""
    if set(hashes) != set(reveals) or not hashes:
        return False
    if any(commitment(v, s) != hashes[seat] for seat, (v, s) in reveals.items()):
        return False
    return seed_of(reveals[s][0] for s in sorted(reveals)) == seed
