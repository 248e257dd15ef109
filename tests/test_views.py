"""The typed shapes of a seat's view and of each logged event (``rommi.views``) are the dicts the
engine really writes: every key named, none missing, none extra, in seeded matches of both games."""

from __future__ import annotations

from typing import Any

import pytest

from rommi import Game
from rommi.bots import make_bot
from rommi.views import (
    BuyEvent,
    ContractView,
    DealEndEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    LayoffEvent,
    MeldEvent,
    MeldView,
    OfferEvent,
    PassEvent,
    RebuildEvent,
    RevealedHand,
    SeatView,
    SwapEvent,
)

EVENTS: dict[str, Any] = {
    "deal": DealEvent,
    "draw": DrawEvent,
    "offer": OfferEvent,
    "buy": BuyEvent,
    "pass": PassEvent,
    "meld": MeldEvent,
    "layoff": LayoffEvent,
    "swap": SwapEvent,
    "discard": DiscardEvent,
    "rebuild": RebuildEvent,
    "deal_end": DealEndEvent,
}


def _fits(data: dict[str, Any], shape: Any, where: str) -> None:
    keys = set(data)
    assert shape.__required_keys__ <= keys <= shape.__required_keys__ | shape.__optional_keys__, (where, keys)


@pytest.mark.parametrize(("variant", "players", "seed"), [("contract", 4, 3), ("basic", 3, 4)])
def test_views_and_events_have_exactly_their_typed_keys(variant: str, players: int, seed: int) -> None:
    """rule G10: ``SeatView``, ``MeldView``, ``ContractView``, ``RevealedHand`` and each event's
    ``TypedDict`` name the keys of the dicts ``Game.view`` returns and the log holds."""
    g = Game.new(variant, players, seed=seed, options={"jokers": 4})
    bots = [make_bot("hard", seed * 7 + s) for s in range(players)]
    seen: set[str] = set()
    while True:  # the last view too: the match's end
        seat = g.to_act if g.to_act is not None else 0
        view = g.view(seat)
        where = f"seed={seed} {variant} deal={view['deal']}"
        _fits(dict(view), SeatView, where)
        for m in view["melds"]:
            _fits(dict(m), MeldView, where)
        if view["contract"] is not None:
            _fits(dict(view["contract"]), ContractView, where)
        for r in view["revealed"] or []:
            _fits(dict(r), RevealedHand, where)
        for e in view["history"]:
            _fits(dict(e), EVENTS[e["type"]], f"{where} {e}")
            seen.add(e["type"])
        if g.over:
            break
        g.apply(bots[seat].choose(view))
    assert {"deal", "draw", "meld", "discard", "deal_end"} <= seen, seen
    if variant == "contract":
        assert {"offer", "buy", "pass", "layoff"} <= seen, seen
