"""The shapes of what a seat sees: the view ``Game.view(seat)`` returns and each logged event.

They stay plain JSON-safe dicts at run time (a view is handed to a computer player, to the
table and, later, to a device without an engine, and events are saved as they are), so these
are ``TypedDict``s: the same dicts, now with their keys and value types named once, for the
engine that writes them and for the computer players, the replay and the table that read
them. The strings in them are the protocol's: a card is its G2 code (``"7H"``, ``"JK"``), a
phase, a meld kind, a run end and a deal's end are the values of ``Phase``, ``MeldKind``,
``End`` and ``DealEnd``.
"""

# No ``from __future__ import annotations`` here: ``TypedDict`` reads ``NotRequired`` when the
# class is made, so the keys a reader may miss are known at run time too (``__optional_keys__``).
from typing import Any, Literal, NotRequired, TypedDict


class DealEvent(TypedDict):
    """A deal was dealt: the first event of every deal's log."""

    type: Literal["deal"]
    deal: int
    dealer: int
    discard: str
    """The card turned up to start the discard pile."""


class DrawEvent(TypedDict):
    """A seat drew: from the stock (the card is not said) or the discard pile (it is)."""

    type: Literal["draw"]
    player: int
    source: str
    card: NotRequired[str]


class OfferEvent(TypedDict):
    """A stock draw opened the buy window on the top discard (C6)."""

    type: Literal["offer"]
    player: int
    card: str


class BuyEvent(TypedDict):
    type: Literal["buy"]
    player: int
    card: str


class PassEvent(TypedDict):
    type: Literal["pass"]
    player: int


class MeldEvent(TypedDict):
    """New melds; ``ids`` are their numbers on the table, ``contract`` whether they laid the contract down."""

    type: Literal["meld"]
    player: int
    melds: list[list[str]]
    ids: list[int]
    contract: bool


class LayoffEvent(TypedDict):
    """Cards laid off on meld ``meld``: at the ``end`` of a run, or ``None`` on a set."""

    type: Literal["layoff"]
    player: int
    meld: int
    cards: list[str]
    end: str | None


class SwapEvent(TypedDict):
    type: Literal["swap"]
    player: int
    meld: int
    card: str


class DiscardEvent(TypedDict):
    type: Literal["discard"]
    player: int
    card: str


class RebuildEvent(TypedDict):
    """The stock was made again (C13, B7); in basic rummy the pile's new top card is said."""

    type: Literal["rebuild"]
    stock: int
    discard: NotRequired[str]


class DealEndEvent(TypedDict):
    """The deal ended: who went out (``None`` when the stock ran out), why, and its scores."""

    type: Literal["deal_end"]
    went_out: int | None
    reason: str
    scores: list[int]


Event = (
    DealEvent
    | DrawEvent
    | OfferEvent
    | BuyEvent
    | PassEvent
    | MeldEvent
    | LayoffEvent
    | SwapEvent
    | DiscardEvent
    | RebuildEvent
    | DealEndEvent
)
"""One entry of a deal's log (``SeatView["history"]``), told apart by its ``type``."""


class ContractView(TypedDict):
    """This deal's contract (C4): how many sets and runs, and its words."""

    sets: int
    runs: int
    distinct_run_suits: bool
    text: str


class MeldView(TypedDict):
    """A meld on the table: ``id`` is its number (what a lay-off or swap names)."""

    id: int
    owner: int
    kind: str
    cards: list[str]
    stands_for: list[str]
    """What each card stands for: itself, or for a joker the card (run) or rank (set) it plays."""
    suit: str | None
    rank: int


class RevealedHand(TypedDict):
    """A hand laid open once the deal is over, and what it costs (C14, B8)."""

    cards: list[str]
    points: int


class SeatView(TypedDict):
    """What one seat may see (``Game.view``): its own hand and everything public."""

    variant: str
    players: int
    seat: int
    options: dict[str, Any]
    deal: int
    deals: int | None
    dealer: int
    turn: int
    contract: ContractView | None
    phase: str
    to_act: int | None
    hand: list[str]
    hand_sizes: list[int]
    melds: list[MeldView]
    discard_top: str | None
    discard_size: int
    stock_size: int
    rebuilds: int
    rebuilt_stock: list[str] | None
    known: list[list[str]]
    laid_down: list[bool]
    buys: list[int]
    buy_card: str | None
    taken: str | None
    last_drawn: str | None
    scores: list[int]
    deal_scores: list[list[int]]
    went_out: int | None
    deal_end: str | None
    revealed: list[RevealedHand] | None
    over: bool
    winners: list[int]
    ledger: list[str]
    history: list[Event]


__all__ = [
    "BuyEvent",
    "ContractView",
    "DealEndEvent",
    "DealEvent",
    "DiscardEvent",
    "DrawEvent",
    "Event",
    "LayoffEvent",
    "MeldEvent",
    "MeldView",
    "OfferEvent",
    "PassEvent",
    "RebuildEvent",
    "RevealedHand",
    "SeatView",
    "SwapEvent",
]
