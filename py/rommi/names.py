"""The engine's names: action types, piles, meld kinds, run ends and deal endings.

Each is a ``StrEnum``, so a member *is* its protocol string: it compares equal
to it, hashes like it and ``json.dumps`` writes it as that plain string. Code
inside the engine and the computer players names these members instead of
spelling strings, and saves and the JSON protocol stay byte-identical.
"""

from __future__ import annotations

import enum


class ActionType(enum.StrEnum):
    """The ``type`` of a protocol action (docs/protocol.md)."""

    DRAW = "draw"
    BUY = "buy"
    PASS = "pass"
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"
    NEXT_DEAL = "next_deal"


class Source(enum.StrEnum):
    """The pile a ``draw`` takes from (G8)."""

    STOCK = "stock"
    DISCARD = "discard"


class MeldKind(enum.StrEnum):
    """A set (G3) or a run (G4)."""

    SET = "set"
    RUN = "run"


class End(enum.StrEnum):
    """The end of a run that a lay-off goes to (G5, C8, B4)."""

    LOW = "low"
    HIGH = "high"


class DealEnd(enum.StrEnum):
    """How a deal ended: somebody went out (C11, B6), or the stock ran out for good (C13, B7)."""

    OUT = "out"
    STOCK_OUT = "stock_out"


__all__ = ["ActionType", "DealEnd", "End", "MeldKind", "Source"]
