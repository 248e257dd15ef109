"""Stored data that cannot be read is set aside, never dropped without a word.

A saved game or a ledger that this version cannot read (corrupt, from a future version, cut
short) may still matter to the player, or to a later version. It is moved out of the way into
one of a few numbered slots (``<key>.unreadable.1`` ...), so a second bad save does not replace
the first. When it cannot be moved (the storage is full, or every slot is taken) it stays where
it is, and the page stops writing that key (it plays on without saving it) and offers the
player to download it, which then makes room. Pure Python over a small storage interface, so
it is tested without a browser (``browser.storage`` is the browser's).
"""

from __future__ import annotations

from typing import Protocol

SLOTS = 5


class Storage(Protocol):
    """Where the texts are kept: the browser's ``browser.storage``, or a dict in the tests (the
    records kept there are ``ui.records.stores``'s)."""

    def get(self, key: str) -> str | None: ...
    def put_text(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...


def slots(key: str) -> list[str]:
    """Where unreadable data of ``key`` may be set aside (the first is the oldest name used)."""
    return [f"{key}.unreadable"] + [f"{key}.unreadable.{n}" for n in range(1, SLOTS)]


def set_aside(store: Storage, key: str, raw: str) -> str | None:
    """Move the unreadable ``raw`` (stored at ``key``) into the first free slot; the slot's key,
    or ``None`` when it could not be kept elsewhere (it is then left at ``key``)."""
    for slot in slots(key):
        if store.get(slot) is not None:
            continue
        if not store.put_text(slot, raw):
            return None  # the storage refused (full, or too big): keep it where it is
        store.remove(key)
        return slot
    return None
