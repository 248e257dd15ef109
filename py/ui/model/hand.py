"""The order of the cards in your hand, kept between turns (pure Python, no DOM).

The engine's hand is a multiset (two 7♥ from two decks are the same card, G1);
the table tracks each physical card by a small number (``uid``) so that you can
select, drag and compose with one particular 7♥. ``reconcile`` brings the order
up to date with the engine's hand: cards still held keep their place, cards
that arrived go to the right end and are marked new.

>>> h = HandOrder()
>>> h.reconcile(["7H", "2C", "7H"])
[1, 2, 3]
>>> h.codes()
['7H', '2C', '7H']
>>> h.sort("rank"); h.codes()
['2C', '7H', '7H']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rommi.cards import JOKER_CODE

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternating colours, as players sort by hand
RANK_ORDER = {r: i + 1 for i, r in enumerate("A23456789TJQK")}


def rank_of(code: str, ace_high: bool = False) -> int:
    if code == JOKER_CODE:
        return 99
    r = RANK_ORDER[code[0]]
    return 14 if ace_high and r == 1 else r


def suit_key(code: str, ace_high: bool = False) -> tuple[int, int]:
    if code == JOKER_CODE:
        return (9, 0)
    return (SUIT_ORDER[code[1]], rank_of(code, ace_high))


def rank_key(code: str, ace_high: bool = False) -> tuple[int, int]:
    if code == JOKER_CODE:
        return (99, 9)
    return (rank_of(code, ace_high), SUIT_ORDER[code[1]])


@dataclass
class HandOrder:
    """Your hand in your order: ``entries`` of ``(uid, card code)``; ``fresh`` the uids just arrived."""

    entries: list[tuple[int, str]] = field(default_factory=list)
    next_uid: int = 1
    fresh: set[int] = field(default_factory=set)

    def codes(self) -> list[str]:
        return [code for _, code in self.entries]

    def uids(self) -> list[int]:
        return [uid for uid, _ in self.entries]

    def code(self, uid: int) -> str | None:
        for u, c in self.entries:
            if u == uid:
                return c
        return None

    def codes_of(self, uids: Iterable[int]) -> list[str]:
        by_uid = dict(self.entries)
        return [by_uid[u] for u in uids if u in by_uid]

    def reconcile(self, hand: list[str], mark_new: bool = True) -> list[int]:
        """Match the engine's ``hand``: keep what is still held in place, add arrivals at the end.

        Returns the uids added. Cards that left are dropped from the right-most copy,
        unless ``remove`` was told first which copy went.
        """
        wanted = Counter(hand)
        kept: list[tuple[int, str]] = []
        for uid, code in self.entries:
            if wanted[code] > 0:
                wanted[code] -= 1
                kept.append((uid, code))
        added = []
        for code in hand:  # in the engine's order: the newest card is last
            if wanted[code] > 0:
                wanted[code] -= 1
                kept.append((self.next_uid, code))
                added.append(self.next_uid)
                self.next_uid += 1
        self.entries = kept
        held = set(self.uids())
        self.fresh &= held
        if added and mark_new:
            self.fresh = set(added)
        return added

    def remove(self, uids: Iterable[int]) -> None:
        """Forget these physical cards (they went to the table or the discard pile)."""
        gone = set(uids)
        self.entries = [(u, c) for u, c in self.entries if u not in gone]
        self.fresh -= gone

    def sort(self, by: str, ace_high: bool = False) -> None:
        """Sort by ``"suit"`` (then rank) or ``"rank"`` (then suit); jokers go right. Stable."""
        key = suit_key if by == "suit" else rank_key
        self.entries.sort(key=lambda e: key(e[1], ace_high))

    def move(self, uid: int, to: int) -> bool:
        """Move card ``uid`` to position ``to`` (clamped); returns whether anything moved."""
        index = self.uids().index(uid) if uid in self.uids() else -1
        if index < 0:
            return False
        to = max(0, min(to, len(self.entries) - 1))
        if to == index:
            return False
        entry = self.entries.pop(index)
        self.entries.insert(to, entry)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {
            "entries": [[u, c] for u, c in self.entries],
            "next": self.next_uid,
            "fresh": sorted(self.fresh),
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandOrder:
        """Read a saved order; ``ValueError`` when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("hand order is not an object")
        entries = data.get("entries")
        nxt = data.get("next")
        fresh = data.get("fresh", [])
        if not isinstance(entries, list) or type(nxt) is not int or not isinstance(fresh, list):
            raise ValueError("hand order is malformed")
        out: list[tuple[int, str]] = []
        for e in entries:
            if (
                not isinstance(e, list)
                or len(e) != 2
                or type(e[0]) is not int
                or not isinstance(e[1], str)
                or not 0 < e[0] < nxt
            ):
                raise ValueError("hand order entry is malformed")
            out.append((e[0], e[1]))
        if len({u for u, _ in out}) != len(out):
            raise ValueError("hand order repeats a card")
        return cls(out, nxt, {u for u in fresh if type(u) is int})
