"""Actions as small typed values: one frozen, hashable class per ``ActionType``.

The engine, the computer players and the table all speak these values; JSON
is only their outside form (saves, share links, replays, the protocol), so
``to_json()`` writes exactly the dict the protocol has always carried (the
same keys in the same order, optional keys left out when not given, cards
as their G2 codes) and ``from_json`` reads it back, refusing malformed input
with the very ``IllegalAction`` (rule id, key, params) ``Game.apply`` always
gave for it. A value is made of ``Card`` values, not codes: the engine then
checks a computer player's move without parsing a card, which keeps the
expert's rollouts cheap.

>>> from rommi.cards import Card
>>> a = Layoff(0, 2, (Card.parse("7H"),), End.LOW)
>>> a.to_json()
{'type': 'layoff', 'player': 0, 'meld': 2, 'cards': ['7H'], 'end': 'low'}
>>> from_json(a.to_json()) == a
True
>>> from_json({"type": "discard", "player": 1, "card": "XX"})
Traceback (most recent call last):
rommi.errors.IllegalAction: 'XX' is not a card.

What ``from_json`` cannot know without a game (is the seat in range, is the
meld on the table, is it this seat's turn) ``Game`` checks; a dict that is
malformed *and* out of turn is refused as ``Game`` always refused it, because
``Game`` runs its turn checks first when a dict will not parse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from .cards import Card
from .errors import IllegalAction
from .names import ActionType, End, MeldKind, Source

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile (G8)."""

    player: int
    source: Source
    type: ClassVar[ActionType] = ActionType.DRAW

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "player": self.player, "source": str(self.source)}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the offered discard with a card from the stock (C6)."""

    player: int
    type: ClassVar[ActionType] = ActionType.BUY

    def to_json(self) -> dict[str, Any]:
        return {"type": "buy", "player": self.player}


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the offered discard go (C6)."""

    player: int
    type: ClassVar[ActionType] = ActionType.PASS

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "player": self.player}


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay down new melds; ``kinds`` names each one's kind (set or run), or ``None`` to infer them."""

    player: int
    melds: tuple[Cards, ...]
    kinds: tuple[MeldKind, ...] | None = None
    type: ClassVar[ActionType] = ActionType.MELD

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "meld",
            "player": self.player,
            "melds": [[str(c) for c in g] for g in self.melds],
        }
        if self.kinds is not None:
            out["kinds"] = [str(k) for k in self.kinds]
        return out


@dataclass(frozen=True, slots=True)
class Layoff:
    """Add ``cards`` to the table's meld number ``meld``; ``end`` says which end of a run, if it matters."""

    player: int
    meld: int
    cards: Cards
    end: End | None = None
    type: ClassVar[ActionType] = ActionType.LAYOFF

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "layoff",
            "player": self.player,
            "meld": self.meld,
            "cards": [str(c) for c in self.cards],
        }
        if self.end is not None:
            out["end"] = str(self.end)
        return out


@dataclass(frozen=True, slots=True)
class Swap:
    """Put ``card`` in place of the joker it stands for in meld ``meld`` and take the joker (G6)."""

    player: int
    meld: int
    card: Card
    type: ClassVar[ActionType] = ActionType.SWAP

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "player": self.player, "meld": self.meld, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on the discard pile, ending the turn (G8)."""

    player: int
    card: Card
    type: ClassVar[ActionType] = ActionType.DISCARD

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "player": self.player, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next deal once a deal is over; anyone may ask, so it names no seat."""

    type: ClassVar[ActionType] = ActionType.NEXT_DEAL

    def to_json(self) -> dict[str, Any]:
        return {"type": "next_deal"}


Action = Draw | Buy | Pass | Meld | Layoff | Swap | Discard | NextDeal
"""Any action; ``action.type`` is its ``ActionType``."""

ActionJSON = dict[str, Any]
"""An action's outside form, as saves, links and replay records keep it (``to_json``, ``from_json``)."""

ACTION_CLASSES: frozenset[type] = frozenset({Draw, Buy, Pass, Meld, Layoff, Swap, Discard, NextDeal})
"""The classes of ``Action``, for a quick ``type(x) in ACTION_CLASSES`` test."""

NEXT_DEAL = NextDeal()

_SOURCES = {s.value: s for s in Source}
_ENDS = {e.value: e for e in End}
_KINDS = {k.value: k for k in MeldKind}


def _bad(name: str) -> IllegalAction:
    return IllegalAction("G10", "bad_field", field=name)


def _whole(value: Any) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (JSON has no booleans that count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_card(value: Any, name: str = "card") -> Card:
    """One card code, or the refusal ``Game`` gives for it (``bad_field``, ``bad_card``)."""
    if not isinstance(value, str):
        raise _bad(name)
    try:
        return Card.parse(value)
    except ValueError:
        raise IllegalAction("G10", "bad_card", text=value[:8]) from None


def parse_cards(value: Any, name: str = "cards") -> Cards:
    """A non-empty list of card codes, or the refusal ``Game`` gives for it."""
    if not isinstance(value, list) or not value:
        raise _bad(name)
    for t in value:
        if not isinstance(t, str):
            raise _bad(name)
    return tuple(parse_card(t, name) for t in value)


def from_json(data: Any) -> Action:
    """The action a protocol dict describes, or ``IllegalAction`` for the first thing wrong with it.

    The fields are checked in the order ``Game`` always checked them, so a
    dict wrong in two ways is refused for the same one. A seat is only
    checked to be a whole number not below 0 here (how many seats there are
    is the game's to say), and a meld number only to be whole. Each type has
    its reader, found by one look-up: saves, links and random playouts read
    many actions.
    """
    if not isinstance(data, dict):
        raise IllegalAction("G10", "bad_action", detail="not an object")
    raw = data.get("type")
    read = _READERS.get(raw) if isinstance(raw, str) else None
    if read is None:
        raise IllegalAction("G10", "unknown_action", type=str(raw))
    return read(data)


def _seat(data: dict[str, Any]) -> int:
    player = data.get("player")
    if not _whole(player) or player < 0:
        raise _bad("player")
    return player


def _meld_number(data: dict[str, Any]) -> int:
    meld = data.get("meld")
    if not _whole(meld):
        raise _bad("meld")
    return meld


def _draw(data: dict[str, Any]) -> Draw:
    player = _seat(data)
    source = data.get("source")
    found = _SOURCES.get(source) if isinstance(source, str) else None
    if found is None:
        raise _bad("source")
    return Draw(player, found)


def _layoff(data: dict[str, Any]) -> Layoff:
    player, meld = _seat(data), _meld_number(data)
    cards = parse_cards(data.get("cards"))
    end = data.get("end")
    if end is None:
        return Layoff(player, meld, cards)
    found = _ENDS.get(end) if isinstance(end, str) else None
    if found is None:
        raise _bad("end")
    return Layoff(player, meld, cards, found)


_READERS: dict[str, Callable[[dict[str, Any]], Action]] = {
    "draw": _draw,
    "buy": lambda data: Buy(_seat(data)),
    "pass": lambda data: Pass(_seat(data)),
    "meld": lambda data: _meld(_seat(data), data),
    "layoff": _layoff,
    "swap": lambda data: Swap(_seat(data), _meld_number(data), parse_card(data.get("card"))),
    "discard": lambda data: Discard(_seat(data), parse_card(data.get("card"))),
    "next_deal": lambda data: NEXT_DEAL,
}
assert set(_READERS) == set(ActionType)


def _meld(player: int, data: dict[str, Any]) -> Meld:
    groups = data.get("melds")
    if not isinstance(groups, list) or not groups:
        raise _bad("melds")
    kinds = data.get("kinds")
    if kinds is not None and (
        not isinstance(kinds, list)
        or len(kinds) != len(groups)
        or any(not isinstance(k, str) or k not in _KINDS for k in kinds)
    ):
        raise _bad("kinds")
    melds = tuple(parse_cards(g, "melds") for g in groups)
    return Meld(player, melds, None if kinds is None else tuple(_KINDS[k] for k in kinds))


def to_json(action: Action) -> dict[str, Any]:
    """The protocol dict of ``action`` (the same as ``action.to_json()``, for use as a function)."""
    return action.to_json()


__all__ = [
    "ACTION_CLASSES",
    "NEXT_DEAL",
    "Action",
    "ActionJSON",
    "Buy",
    "Discard",
    "Draw",
    "Layoff",
    "Meld",
    "Pass",
    "Swap",
    "from_json",
    "parse_card",
    "parse_cards",
    "to_json",
]
