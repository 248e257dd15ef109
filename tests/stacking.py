"""Stacked decks and small helpers so rule tests read like the hand they play.

``stacked`` builds the ``deck`` list that ``Game.new(..., deck=...)`` deals
from (docs/protocol.md): first card to the dealer's left, one card at a time
clockwise, then the turned-up card, then the stock from its top down. A test
says what each seat holds, which card is turned up and the first stock cards;
the rest of the variant's cards fill the stock below them in a fixed order.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any
from unittest import mock

import pytest

from rommi import Game, IllegalAction
from rommi.cards import Card, make_deck
from rommi.options import make_options


def full_deck(variant: str, players: int, options: dict[str, Any] | None = None) -> list[str]:
    """Every card of the variant, as strings, in the engine's fixed order."""
    opts = make_options(variant, players, options)
    return [str(c) for c in make_deck(opts.decks, opts.jokers)]


def _take(pool: Counter[str], card: str, where: str) -> None:
    Card.parse(card)  # a typo in a test should fail loudly, not silently
    if pool[card] <= 0:
        raise AssertionError(f"stacked deck: no {card} left for {where}")
    pool[card] -= 1


def stacked(
    variant: str,
    players: int,
    hands: Sequence[Sequence[str]],
    up: str,
    stock: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    dealer: int = 0,
) -> list[str]:
    """The deck order that deals ``hands[s]`` to seat ``s``, turns up ``up`` and
    puts ``stock`` on top of the stock (its first card is the stock's top).

    A hand shorter than the hand size is filled up from the unused cards; the
    stock below the given cards is the rest of the deck in a fixed order.
    """
    opts = make_options(variant, players, options)
    size = opts.hand_size
    if len(hands) != players:
        raise AssertionError(f"stacked deck: {len(hands)} hands for {players} players")
    pool = Counter(full_deck(variant, players, options))
    for seat, hand in enumerate(hands):
        if len(hand) > size:
            raise AssertionError(f"stacked deck: seat {seat} given {len(hand)} cards, hands have {size}")
        for c in hand:
            _take(pool, c, f"seat {seat}")
    _take(pool, up, "the turned-up card")
    for c in stock:
        _take(pool, c, "the stock")
    rest = sorted(pool.elements())
    random.Random(0).shuffle(rest)
    full = [list(h) for h in hands]
    for h in full:
        while len(h) < size:
            h.append(rest.pop())
    deck = [full[(dealer + 1 + i) % players][i // players] for i in range(players * size)]
    return deck + [up, *stock, *rest]


def new_game(
    variant: str,
    players: int,
    hands: Sequence[Sequence[str]],
    up: str,
    stock: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    *,
    dealer: int = 0,
    deal: int = 1,
    seed: int = 1,
) -> Game:
    """A game whose first deal is stacked as ``stacked`` describes."""
    deck = stacked(variant, players, hands, up, stock, options, dealer)
    return Game.new(variant, players=players, seed=seed, options=options, deal=deal, dealer=dealer, deck=deck)


def hand(g: Game, seat: int) -> list[str]:
    """A seat's hand as sorted card strings (order in hand is not a rule)."""
    return sorted(str(c) for c in g.hand(seat))


def act(g: Game, kind: str, **fields: Any) -> None:
    """Apply an action for the seat that acts now (``player`` may be given).

    ``check`` must have allowed it first, so every rule test also tests ``check``.
    """
    action: dict[str, Any] = {"type": kind, "player": g.to_act, **fields}
    assert g.check(action) is None, f"check refused {action!r}: {g.check(action)}"
    g.apply(action)


def saved(g: Game) -> str:
    """The whole state as JSON text: what a refusal must leave unchanged."""
    return json.dumps(g.to_dict(), sort_keys=True)


def refuse(g: Game, action: Any, rule: str | tuple[str, ...]) -> IllegalAction:
    """Assert ``action`` is refused for ``rule`` and changes nothing (G10).

    ``check`` must give the very refusal ``apply`` raises, and change nothing either.
    """
    before = saved(g)
    verdict = g.check(action)
    assert saved(g) == before, f"checking {action!r} changed the game"
    assert verdict is not None, f"check allowed {action!r}, which apply must refuse"
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    err = info.value
    assert (verdict.rule, verdict.key, verdict.params) == (err.rule, err.key, err.params)
    rules = (rule,) if isinstance(rule, str) else rule
    assert err.rule in rules, f"refused for rule {err.rule} ({err}), expected {rule}"
    assert str(err), "a refusal must say what is wrong"
    assert saved(g) == before, f"refused {action!r} changed the game"
    return err


def refuse_act(g: Game, rule: str | tuple[str, ...], kind: str, **fields: Any) -> IllegalAction:
    return refuse(g, {"type": kind, "player": g.to_act, **fields}, rule)


def draw_stock(g: Game) -> str:
    """The player to act draws from the stock; everyone asked in a buy window passes.

    Returns the card the drawer got.
    """
    p = g.to_act
    assert p is not None
    g.apply({"type": "draw", "player": p, "source": "stock"})
    while g.phase.value == "buy":
        g.apply({"type": "pass", "player": g.to_act})
    if g.phase.value != "play":
        return ""
    drawn = g.view(p)["last_drawn"]
    assert drawn is not None
    return str(drawn)


def quiet_turn(g: Game, discard: str | None = None) -> str:
    """Draw from the stock (nobody buys) and discard ``discard``, or the card drawn."""
    drawn = draw_stock(g)
    if drawn:  # an empty stock may have ended the deal instead (C13, B7)
        act(g, "discard", card=discard or drawn)
    return drawn


def finish_with(g: Game, mutate: Any) -> Game:
    """A copy of ``g`` through its save, with ``mutate(dict)`` applied first: for positions
    (scores so far, an emptied stock) that would take many turns to reach."""
    d = json.loads(json.dumps(g.to_dict()))
    mutate(d)
    return Game.from_dict(d)


def unreachable(g: Game, mutate: Any) -> Game:
    """Like ``finish_with``, for a position no play reaches but a rule still speaks of (B7's
    pile of fewer than two cards): loaded without the check that a save's state follows
    from its deal's history, which ``Game.from_dict`` makes of every real save."""
    d = json.loads(json.dumps(g.to_dict()))
    mutate(d)
    return unchecked(d)


def unchecked(d: dict[str, Any]) -> Game:
    """A state written by hand, loaded without replaying its deal's history (see ``unreachable``)."""
    with mock.patch("rommi.game._check_state"):
        return Game.from_dict(d)
