"""Save checks: a loaded state must be one the engine itself could have reached (issue 14).

``Game.from_dict`` reads a save field by field with the readers here, which
bound every number and never show a deep or huge value in a message. Then
``replay`` walks the deal's history, which must follow the exact schema the
engine logs, with the engine's own counting: every hand starts at the hand
size, a draw adds one card, a buy two, a meld or lay-off takes its cards, a
discard one. The replay knows the discard pile exactly, the stock's size,
every meld on the table, whose turn it is and who is asked to buy, so
``Game.from_dict`` can refuse a save whose state does not follow from its
history. A save that passes cannot crash play later: whatever the table, the
log and the computer players read agrees as in a game played to that point.

Every refusal is a ``ValueError`` whose message starts ``corrupt save: ``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import rules
from .cards import Card, make_deck
from .errors import IllegalAction
from .melds import SET, Meld, extend, make_meld, swap_joker
from .names import DealEnd, End, Source
from .options import CONTRACT, Options

PREFIX = "corrupt save: "
BIG = 10**9
"""The largest number a save may hold outside the generator (a target, a buy limit, a deal, a score)."""

STOCK_DUE = ("draw", "stock_draw", "extra", "turn_draw")
"""Replay phases in which a card must come from the stock before anything else happens."""


def corrupt(what: str) -> ValueError:
    """The one error of a bad save; the table tells it from an old version by its prefix."""
    return ValueError(PREFIX + what)


def show(value: Any) -> str:
    """A short, safe description of a value for a message.

    Never ``repr`` of a container (10,000 nested lists would overflow the
    stack), of a huge number (Python refuses to print one) or of a long string.
    """
    if value is None or isinstance(value, bool) or type(value) is float:
        return repr(value)
    if type(value) is int:
        return str(value) if -BIG <= value <= BIG else "a huge number"
    if isinstance(value, str):
        return repr(str(value)) if len(value) <= 12 else f"a string of {len(value)} characters"
    return f"a {type(value).__name__}"


def whole(value: Any, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``: not a bool or float passing for one."""
    if type(value) is not int or not low <= value <= high:
        raise corrupt(f"{name} is {show(value)}")
    return value


def flag(value: Any, name: str) -> bool:
    """A true JSON boolean: ``0`` or ``"no"`` would pass an ``if`` but are not what the engine writes."""
    if type(value) is not bool:
        raise corrupt(f"{name} is {show(value)}")
    return value


def seq(value: Any, name: str, length: int | None = None, most: int = BIG) -> list[Any]:
    """A JSON list, of exactly ``length`` items or at most ``most``."""
    if type(value) is not list or (length is not None and len(value) != length) or len(value) > most:
        raise corrupt(
            f"{name} is {show(value)}" if type(value) is not list else f"{name} has {len(value)} items"
        )
    return value


def obj(value: Any, name: str, keys: Sequence[str]) -> dict[str, Any]:
    """A JSON object with exactly ``keys``: the engine writes no other and leaves none out."""
    if type(value) is not dict:
        raise corrupt(f"{name} is {show(value)}")
    if len(value) != len(keys) or any(k not in value for k in keys):
        raise corrupt(f"{name} has the wrong fields")
    return value


def text(value: Any, name: str, allowed: Sequence[str]) -> str:
    """One of the strings ``allowed``, as a plain ``str``: a save straight from ``to_dict``
    (not through JSON) holds the engine's ``StrEnum`` names, which are strings too."""
    if not isinstance(value, str) or value not in allowed:
        raise corrupt(f"{name} is {show(value)}")
    return str(value)


def card(value: Any, name: str) -> Card:
    """A card in G2 notation; anything else is named in the message by ``show``, never printed."""
    if not isinstance(value, str):
        raise corrupt(f"{name}: {show(value)} is not a card")
    try:
        return Card.parse(value)
    except ValueError:
        raise corrupt(f"{name}: {show(value)} is not a card") from None


def cards(value: Any, name: str, most: int) -> list[Card]:
    """A list of at most ``most`` cards (a deck's worth), checked before any is parsed."""
    return [card(c, name) for c in seq(value, name, most=most)]


def maybe_card(value: Any, name: str) -> Card | None:
    """A card or ``None`` (no card taken, nothing drawn yet)."""
    return None if value is None else card(value, name)


def seat(value: Any, name: str, players: int) -> int:
    """A seat of this game: a save's seat indexes hands and views."""
    return whole(value, name, 0, players - 1)


# ------------------------------------------------------------------ history schema

Entry = dict[str, Any]
Parse = Callable[[dict[str, Any], int, int], Entry]


def history_entry(e: Any, i: int, players: int, variant: str, most: int) -> Entry:
    """One logged event, checked against the schema the engine writes, as a fresh copy.

    The copy holds only validated plain values, so nothing the save's reader
    keeps a hold of can change the game's log afterwards. Field names go into
    a message only when one is wrong: a save holds thousands of events.
    """
    kind = e.get("type") if type(e) is dict else None
    if not isinstance(kind, str) or kind not in _SCHEMA:
        raise corrupt(f"history {i} is not an event of the game")
    keys, parse = _SCHEMA[kind]
    if kind == "draw" and e.get("source") == Source.DISCARD:
        keys = _DRAW_DISCARD_KEYS
    elif kind == "rebuild" and variant != CONTRACT:
        keys = _BASIC_REBUILD_KEYS
    try:
        if e.keys() != keys:
            raise corrupt("the wrong fields")
        return parse(e, players, most)
    except ValueError as err:
        raise corrupt(f"history {i} ({kind}): {str(err).removeprefix(PREFIX)}") from None


_CARD_TEXTS = frozenset(str(c) for c in make_deck(1, 1))


def _card_text(value: Any) -> str:
    """A card's G2 text, checked: the log keeps the plain string (a save holds thousands)."""
    if not isinstance(value, str) or value not in _CARD_TEXTS:
        raise corrupt(f"{show(value)} is not a card")
    return str(value)


def _card_texts(value: Any, most: int) -> list[str]:
    out = [_card_text(c) for c in seq(value, "cards", most=most)]
    if not out:
        raise corrupt("no cards")
    return out


def _deal_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    return {
        "type": "deal",
        "deal": whole(e["deal"], "deal", 1, BIG),
        "dealer": seat(e["dealer"], "dealer", n),
        "discard": _card_text(e["discard"]),
    }


def _draw_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    p = seat(e["player"], "player", n)
    if "card" in e:
        return {"type": "draw", "player": p, "source": "discard", "card": _card_text(e["card"])}
    text(e["source"], "source", (Source.STOCK,))
    return {"type": "draw", "player": p, "source": "stock"}


def _player_card_entry(kind: str) -> Parse:
    """offer, buy and discard: a seat and one card."""

    def parse(e: dict[str, Any], n: int, most: int) -> Entry:
        return {"type": kind, "player": seat(e["player"], "player", n), "card": _card_text(e["card"])}

    return parse


def _pass_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    return {"type": "pass", "player": seat(e["player"], "player", n)}


def _meld_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    groups = [_card_texts(g, most) for g in seq(e["melds"], "melds", most=most)]
    if not groups:
        raise corrupt("melds nothing")
    return {
        "type": "meld",
        "player": seat(e["player"], "player", n),
        "melds": groups,
        "ids": [whole(x, "ids", 0, most) for x in seq(e["ids"], "ids", len(groups))],
        "contract": flag(e["contract"], "contract"),
    }


def _layoff_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    end = e["end"]
    return {
        "type": "layoff",
        "player": seat(e["player"], "player", n),
        "meld": whole(e["meld"], "meld", 0, most),
        "cards": _card_texts(e["cards"], most),
        "end": None if end is None else text(end, "end", tuple(End)),
    }


def _swap_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    return {
        "type": "swap",
        "player": seat(e["player"], "player", n),
        "meld": whole(e["meld"], "meld", 0, most),
        "card": _card_text(e["card"]),
    }


def _rebuild_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    """Contract rummy logs the new stock's size (C13); basic rummy also the card turned up (B7)."""
    out: Entry = {"type": "rebuild", "stock": whole(e["stock"], "stock", 1, most)}
    if "discard" in e:
        out["discard"] = _card_text(e["discard"])
    return out


def _deal_end_entry(e: dict[str, Any], n: int, most: int) -> Entry:
    out = e["went_out"]
    return {
        "type": "deal_end",
        "went_out": None if out is None else seat(out, "went_out", n),
        "reason": text(e["reason"], "reason", tuple(DealEnd)),
        "scores": [whole(x, "scores", 0, BIG) for x in seq(e["scores"], "scores", n)],
    }


def _keys(*names: str) -> frozenset[str]:
    return frozenset(("type", *names))


_DRAW_DISCARD_KEYS = _keys("player", "source", "card")
_BASIC_REBUILD_KEYS = _keys("stock", "discard")
_SCHEMA: dict[str, tuple[frozenset[str], Parse]] = {
    "deal": (_keys("deal", "dealer", "discard"), _deal_entry),
    "draw": (_keys("player", "source"), _draw_entry),
    "offer": (_keys("player", "card"), _player_card_entry("offer")),
    "buy": (_keys("player", "card"), _player_card_entry("buy")),
    "pass": (_keys("player"), _pass_entry),
    "meld": (_keys("player", "melds", "ids", "contract"), _meld_entry),
    "layoff": (_keys("player", "meld", "cards", "end"), _layoff_entry),
    "swap": (_keys("player", "meld", "card"), _swap_entry),
    "discard": (_keys("player", "card"), _player_card_entry("discard")),
    "rebuild": (_keys("stock"), _rebuild_entry),
    "deal_end": (_keys("went_out", "reason", "scores"), _deal_end_entry),
}
"""Each event type the engine logs: its exact fields and the reader of their values.

A discard draw also names the card; a basic rummy rebuild also the card turned up (B7).
"""
EVENT_TYPES = frozenset(_SCHEMA)


# ------------------------------------------------------------------ replay

STOCK_TAKEN = "stock"
"""``Replay.last_drawn`` for a seat whose last draw was a stock card nobody else saw."""


@dataclass
class Replay:
    """What the deal's history says the state is now.

    ``phase`` is ``draw``, ``buy``, ``play`` or ``over`` once the history is
    done; in between it may also be ``stock_draw`` (a stock draw under way
    after a rebuild), ``extra`` (a buyer's stock card is due), ``turn_draw``
    (the turn's stock card is due after a buy window) or ``out`` (a hand is
    empty and the deal must end).
    """

    variant: str
    players: int
    options: Options
    deal: int
    kinds: list[str]
    phase: str = "draw"
    turn: int = 0
    hands: list[int] = field(default_factory=list)
    stock: int = 0
    discard: list[Card] = field(default_factory=list)
    melds: list[tuple[int, Meld]] = field(default_factory=list)
    laid_down: list[bool] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    rebuilds: int = 0
    taken: Card | None = None
    last_drawn: list[Card | str | None] = field(default_factory=list)
    buy_queue: list[int] = field(default_factory=list)
    buyer: int = 0
    went_out: int | None = None
    end: Entry | None = None
    history: list[Entry] = field(default_factory=list)


def replay(
    raw: Sequence[Any],
    variant: str,
    players: int,
    options: Options,
    deal: int,
    dealer: int,
    kinds: list[str],
) -> Replay:
    """Read the deal's events and walk them with the engine's counting, one at a time.

    An event the engine could not have logged there is refused at once, so a
    long list of junk costs no more than its first bad event. ``kinds`` are
    the kinds of the melds on the table, which the log does not repeat; each
    logged meld must be a valid meld of its kind (G3-G5) and each lay-off and
    swap must fit the meld as it was then. The checked events are kept in
    ``Replay.history``.
    """
    total = options.decks * 52 + options.jokers
    first = history_entry(raw[0], 0, players, variant, total) if raw else None
    if first is None or first["type"] != "deal":
        raise corrupt("the history does not start with the deal")
    if first["deal"] != deal or first["dealer"] != dealer:
        raise corrupt("the history is of another deal")
    r = Replay(variant, players, options, deal, kinds)
    r.history = [first]
    r.turn = (dealer + 1) % players
    r.hands = [options.hand_size] * players
    r.stock = total - players * options.hand_size - 1
    r.discard = [Card.parse(first["discard"])]
    r.laid_down = [False] * players
    r.buys = [0] * players
    r.last_drawn = [None] * players
    for i in range(1, len(raw)):
        e = history_entry(raw[i], i, players, variant, total)
        r.history.append(e)
        _settle(r)
        if r.phase == "over":
            raise corrupt(f"history {i} comes after the deal's end")
        try:
            _STEPS[e["type"]](r, e)
        except IllegalAction as err:
            raise corrupt(f"history {i} ({e['type']}): {err.rule} {err.key}") from None
        except ValueError as err:
            raise corrupt(f"history {i} ({e['type']}): {str(err).removeprefix(PREFIX)}") from None
    _settle(r)
    if r.phase not in ("draw", "buy", "play", "over"):
        raise corrupt("the history stops in the middle of an action")
    return r


def _settle(r: Replay) -> None:
    """A buyer's second card comes from the stock unlogged (C6), once there is one."""
    if r.phase == "extra" and r.stock > 0:
        r.stock -= 1
        r.hands[r.buyer] += 1
        r.phase = "turn_draw"


def _turn(r: Replay, e: Entry, *phases: str) -> int:
    """The event's seat, which must be the one whose turn it is, in one of ``phases``."""
    if r.phase not in phases:
        raise corrupt(f"not in the {phases[0]} phase")
    if e["player"] != r.turn:
        raise corrupt("not that seat's turn")
    return int(e["player"])


def _top(r: Replay, e: Entry) -> Card:
    c = Card.parse(e["card"])
    if not r.discard or r.discard[-1] != c:
        raise corrupt("not the top of the discard pile")
    return c


def _offer_due(r: Replay) -> bool:
    """Whether a stock draw now opens a buy window (C6)."""
    return (
        r.variant == CONTRACT
        and bool(r.discard)
        and bool(rules.buyers(r.players, r.turn, r.buys, r.options.max_buys))
    )


def _take(r: Replay, p: int, n: int) -> None:
    """Seat ``p``'s hand grows (or shrinks, ``n`` < 0); an empty hand ends the deal (C11, B6, C10)."""
    r.hands[p] += n
    if r.hands[p] < 0:
        raise corrupt(f"seat {p} plays cards it does not hold")
    if r.hands[p] == 0:
        r.phase = "out"
        r.went_out = p


def _step_deal(r: Replay, e: Entry) -> None:
    raise corrupt("a second deal in one deal's history")


def _step_draw(r: Replay, e: Entry) -> None:
    if e["source"] == Source.DISCARD:
        p = _turn(r, e, "draw")
        top = _top(r, e)
        r.discard.pop()
        r.taken = top
        r.last_drawn[p] = top
    else:
        p = _turn(r, e, "draw", "stock_draw", "turn_draw")
        if r.stock < 1:
            raise corrupt("a draw from an empty stock")
        if r.phase != "turn_draw" and _offer_due(r):
            raise corrupt("a stock draw without the buy window (C6)")
        r.stock -= 1
        r.taken = None
        r.last_drawn[p] = STOCK_TAKEN
    r.hands[p] += 1
    r.phase = "play"


def _step_offer(r: Replay, e: Entry) -> None:
    _turn(r, e, "draw", "stock_draw")
    _top(r, e)
    if r.stock < 1 or not _offer_due(r):
        raise corrupt("a buy window where none opens (C6)")
    r.buy_queue = rules.buyers(r.players, r.turn, r.buys, r.options.max_buys)
    r.phase = "buy"


def _asked(r: Replay, e: Entry) -> int:
    if r.phase != "buy" or e["player"] != r.buy_queue[0]:
        raise corrupt("not that seat's turn to buy or pass (C6)")
    return int(e["player"])


def _step_pass(r: Replay, e: Entry) -> None:
    _asked(r, e)
    r.buy_queue.pop(0)
    if not r.buy_queue:
        r.phase = "turn_draw"


def _step_buy(r: Replay, e: Entry) -> None:
    p = _asked(r, e)
    _top(r, e)
    r.discard.pop()
    r.hands[p] += 1
    r.buys[p] += 1
    r.buy_queue = []
    r.buyer = p
    r.phase = "extra"


def _step_rebuild(r: Replay, e: Entry) -> None:
    """C13: all but the pile's top shuffled into a stock; B7: the pile turned over, its first card up."""
    if r.phase not in STOCK_DUE or r.stock:
        raise corrupt("a rebuild of a stock that was not empty or not drawn from")
    if not rules.rebuild_possible(r.variant, len(r.discard), r.rebuilds):
        raise corrupt("a rebuild the rules do not allow (C13, B7)")
    r.rebuilds += 1
    r.stock = len(r.discard) - 1
    r.discard = [r.discard[0 if r.variant != CONTRACT else -1]]
    if e["stock"] != r.stock or ("discard" in e and Card.parse(e["discard"]) != r.discard[0]):
        raise corrupt("the rebuilt stock does not match the pile")
    if r.phase == "draw":
        r.phase = "stock_draw"


def _step_meld(r: Replay, e: Entry) -> None:
    p = _turn(r, e, "play")
    if e["ids"] != list(range(len(r.melds), len(r.melds) + len(e["melds"]))):
        raise corrupt("meld ids out of order")
    if e["contract"] != (r.variant == CONTRACT and not r.laid_down[p]):
        raise corrupt("meld contract flag")
    if rules.final_deal(r.variant, r.deal) and r.laid_down[p]:
        raise corrupt("a second lay-down in deal 7 (C12)")
    for k, group in zip(e["ids"], e["melds"], strict=True):
        if k >= len(r.kinds):
            raise corrupt("a logged meld that is not on the table")
        meld = make_meld([Card.parse(c) for c in group], r.kinds[k], r.options.ace_high)
        r.melds.append((p, meld))
    r.laid_down[p] = True
    _take(r, p, -sum(len(g) for g in e["melds"]))
    if rules.final_deal(r.variant, r.deal) and r.hands[p] != 1:
        raise corrupt("deal 7 lays down all but the discard (C12)")
    _kept_a_discard(r, p)


def _kept_a_discard(r: Replay, p: int) -> None:
    if r.variant == CONTRACT and r.hands[p] == 0:
        raise corrupt("a contract hand emptied without a discard (C10)")


def _table_meld(r: Replay, e: Entry, p: int, *, swap: bool) -> Meld:
    refusal = rules.extend_refusal(r.variant, r.deal, r.laid_down[p], swap=swap)
    if refusal is not None:
        raise refusal
    if e["meld"] >= len(r.melds):
        raise corrupt("no such meld")
    return r.melds[e["meld"]][1]


def _step_layoff(r: Replay, e: Entry) -> None:
    p = _turn(r, e, "play")
    old = _table_meld(r, e, p, swap=False)
    if (e["end"] is None) != (old.kind == SET):
        raise corrupt("a lay-off's end does not suit the meld")
    new = extend(old, [Card.parse(c) for c in e["cards"]], e["end"], r.options.ace_high)
    r.melds[e["meld"]] = (r.melds[e["meld"]][0], new)
    _take(r, p, -len(e["cards"]))
    _kept_a_discard(r, p)


def _step_swap(r: Replay, e: Entry) -> None:
    p = _turn(r, e, "play")
    old = _table_meld(r, e, p, swap=True)
    r.melds[e["meld"]] = (r.melds[e["meld"]][0], swap_joker(old, Card.parse(e["card"])))


def _step_discard(r: Replay, e: Entry) -> None:
    p = _turn(r, e, "play")
    c = Card.parse(e["card"])
    refusal = rules.discard_refusal(r.variant, r.deal, r.laid_down[p], r.taken, c, r.hands[p] - 1)
    if refusal is not None:
        raise corrupt(f"a discard the rules refuse ({refusal.rule})")
    r.discard.append(c)
    r.taken = None
    _take(r, p, -1)
    if r.phase == "play":
        r.turn = (r.turn + 1) % r.players
        r.phase = "draw"


def _step_deal_end(r: Replay, e: Entry) -> None:
    """The deal ends when a hand empties (C11, B6) or a due stock card cannot be had (C13, B7)."""
    if e["reason"] == DealEnd.OUT:
        if r.phase != "out" or e["went_out"] != r.went_out:
            raise corrupt("a deal end with nobody out")
    elif (
        r.phase not in STOCK_DUE
        or r.stock
        or rules.rebuild_possible(r.variant, len(r.discard), r.rebuilds)
        or e["went_out"] is not None
    ):
        raise corrupt("a stock-out end with a stock to draw")
    r.went_out = e["went_out"]
    r.taken = None
    r.buy_queue = []
    r.end = e
    r.phase = "over"


_STEPS: dict[str, Callable[[Replay, Entry], None]] = {
    "deal": _step_deal,
    "draw": _step_draw,
    "offer": _step_offer,
    "buy": _step_buy,
    "pass": _step_pass,
    "meld": _step_meld,
    "layoff": _step_layoff,
    "swap": _step_swap,
    "discard": _step_discard,
    "rebuild": _step_rebuild,
    "deal_end": _step_deal_end,
}


# ------------------------------------------------------------------ scores


def check_scores(
    variant: str, deal: int, over: bool, scores: Sequence[int], deal_scores: Sequence[Sequence[int]]
) -> None:
    """One row per deal played (fewer when a test began the match at a later deal), totals their sums.

    ``Game.new(deal=...)`` may start a match past deal 1 with no rows, so a
    save may hold fewer rows than deals, never more.
    """
    if len(deal_scores) > deal - (0 if over else 1) or (over and not deal_scores):
        raise corrupt(f"{len(deal_scores)} rows of deal scores in deal {deal}")
    sums = [sum(col) for col in zip(*deal_scores, strict=True)] if deal_scores else [0] * len(scores)
    if list(scores) != sums:
        raise corrupt("the scores are not the sums of the deal scores")
    if variant != CONTRACT and any(sum(1 for x in row if x) > 1 for row in deal_scores):
        raise corrupt("a basic rummy deal that scored for two players (B8)")


__all__ = [
    "BIG",
    "EVENT_TYPES",
    "PREFIX",
    "STOCK_TAKEN",
    "Replay",
    "card",
    "cards",
    "check_scores",
    "corrupt",
    "flag",
    "history_entry",
    "maybe_card",
    "obj",
    "replay",
    "seat",
    "seq",
    "show",
    "text",
    "whole",
]
