"""The one generator of lay-off and swap candidates (``rommi.candidates``), from what a seat sees.

It must propose exactly what the engine accepts where it says it checks the rules, whether it
reads the seat's view (as a device without an engine would) or the game; cover several cards
laid off at once, in a run's rank order; and keep each caller's order (meld by meld, card by
card), which the table's choices and the computer players' decisions depend on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from rommi import Game, Phase
from rommi.actions import Layoff, Swap
from rommi.candidates import Check, Sight, Unchecked, by_card, by_meld, layoffs_onto, swap_onto
from rommi.cards import Card
from rommi.names import End
from stacking import draw_stock, new_game
from test_engine_check import _positions

SETUPS: list[tuple[str, int, int, dict[str, Any] | None]] = [
    ("contract", 3, 31, {"jokers": 4}),
    ("contract", 4, 7, None),
    ("basic", 2, 11, {"jokers": 2, "ace_high": True}),
    ("basic", 4, 3, {"decks": 2, "jokers": 4}),
]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def _plays(
    variant: str, players: int, seed: int, options: dict[str, Any] | None, steps: int
) -> Iterator[tuple[Game, int, Sight]]:
    """The seeded match's positions where a seat is to play, with what it sees (read from its view)."""
    for g in _positions(variant, players, seed, options, every=1, steps=steps):
        p = g.to_act
        if p is not None and g.phase is Phase.PLAY:
            yield g, p, Sight.of_view(g.view(p))


@pytest.mark.parametrize(("variant", "players", "seed", "options"), SETUPS)
def test_what_it_proposes_is_exactly_what_the_engine_accepts(
    variant: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """rules G3-G6, G8, C8-C10, C12, B4, B5: checked by the rules, the single-card candidates of
    the seat to act are every lay-off and swap ``Game.check`` accepts, none it refuses; read from
    the view (a device without an engine) they are the same as read from the game."""
    asked = 0
    proposed = 0
    for g, p, sight in _plays(variant, players, seed, options, steps=500):
        assert sight == g.sight(p), f"seed={seed} deal={g.deal}"
        singles = [(c,) for c in dict.fromkeys(sight.hand)]
        listed = list(by_meld(sight, singles))
        assert listed == list(by_meld(g.sight(p), singles)), f"seed={seed} deal={g.deal}"
        every = list(by_meld(sight, singles, check=Check.NONE))
        accepted = [a for a in every if g.can(a)]
        assert listed == accepted, f"seed={seed} deal={g.deal} hand={sight.hand}"
        assert sorted(map(repr, by_card(sight, sight.hand, swaps=True))) == sorted(map(repr, listed))
        asked += len(every)
        proposed += len(listed)
    assert asked > 100 and proposed > 5, f"seed={seed}: the match met too few lay-offs ({asked}, {proposed})"


@pytest.mark.parametrize(("variant", "players", "seed", "options"), SETUPS)
def test_the_unchecked_menu_reads_the_generators_candidates_in_its_order(
    variant: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """The random playouts' menu (``Unchecked``, made as it is read) is ``by_card``'s lay-offs then
    ``by_meld``'s swaps, unchecked: the same candidates in the same order, by any index or slice."""
    swaps = 0
    for g, _, sight in _plays(variant, players, seed, options, steps=300):
        cards = sorted(set(sight.hand), key=str)
        menu = Unchecked(sight, cards)
        expected = [
            *by_card(sight, cards, check=Check.NONE),
            *by_meld(sight, [(c,) for c in cards], layoffs=False, check=Check.NONE),
        ]
        where = f"seed={seed} deal={g.deal} hand={sight.hand}"
        assert len(menu) == len(expected) and list(menu) == expected, where
        assert [menu[k] for k in range(-len(menu), 0)] == expected, where
        assert menu[1::3] == expected[1::3] and menu[-4:] == expected[-4:], where
        with pytest.raises(IndexError):
            menu[len(menu)]
        swaps += sum(isinstance(a, Swap) for a in menu)
    assert swaps > 0, f"seed={seed}: the match met no meld holding a joker"


def _table() -> tuple[Game, Sight]:
    """Deal 2 of contract rummy (a set and a run): seat 1 lays down 7H 7S 7C and 8C JK TC and
    keeps JC QC 6C 9C and the 2D it drew; seat 2, holding a 7D, has not laid down."""
    hands = [
        ["2S", "3S", "9D", "4C", "KH", "KD", "4H", "5H", "5C", "QS"],
        ["7H", "7S", "7C", "8C", "JK", "TC", "JC", "QC", "6C", "9C"],
        ["5S", "5D", "3C", "JD", "KC", "KS", "3D", "4D", "7D", "AH"],
    ]
    g = new_game("contract", 3, hands, up="2C", stock=["2D", "6D", "5H"], options={"jokers": 4}, deal=2)
    assert draw_stock(g) == "2D"
    g.apply({"type": "meld", "player": 1, "melds": [["7H", "7S", "7C"], ["8C", "JK", "TC"]]})
    return g, g.sight(1)


def test_several_cards_go_together_in_the_runs_order_and_a_single_card_swaps() -> None:
    """rules G4, G5, G6: the table's selected cards are one group: a run takes them in rank order
    at each end they fit (QC JC: after the TC), a set as selected; only a single card swaps."""
    g, sight = _table()
    assert [str(c) for c in sight.hand] == ["JC", "QC", "6C", "9C", "2D"]
    assert list(by_meld(sight, [_cards("QC JC")])) == [Layoff(1, 1, _cards("JC QC"), End.HIGH)]
    assert list(by_meld(sight, [_cards("9C")])) == [Swap(1, 1, Card.parse("9C"))]
    assert list(by_meld(sight, [_cards("9C")], layoffs=False, meld=0)) == []
    assert list(by_meld(sight, [_cards("6C 9C")])) == [], "6C and 9C fit no end together"
    assert layoffs_onto(sight, 1, _cards("QC 2D")) == []
    for action in [*by_meld(sight, [_cards("QC JC")]), *by_meld(sight, [_cards("9C")])]:
        assert g.can(action), action
    # Where the cards fit both ends, both are offered, the low end first (G5: the player says which).
    run = Sight(1, _cards("JK 2D"), [sight.melds[1]], False, "contract", 2, True)
    assert layoffs_onto(run, 0, _cards("JK")) == [
        Layoff(1, 0, _cards("JK"), End.LOW),
        Layoff(1, 0, _cards("JK"), End.HIGH),
    ]
    assert json.dumps(Layoff(1, 1, _cards("JC QC"), End.HIGH).to_json()) == (
        '{"type": "layoff", "player": 1, "meld": 1, "cards": ["JC", "QC"], "end": "high"}'
    )


def test_the_orders_are_the_callers() -> None:
    """By meld: each meld's lay-offs, then its swap. By card: each card in the order given (a
    computer player's: dearest first), its lay-offs onto each meld, then its swaps."""
    _, sight = _table()
    singles = [(c,) for c in sight.hand]
    assert [a.to_json() for a in by_meld(sight, singles)] == [
        {"type": "layoff", "player": 1, "meld": 1, "cards": ["JC"], "end": "high"},
        {"type": "swap", "player": 1, "meld": 1, "card": "9C"},
    ]
    cards = _cards("9C 2D JC 9C QC")
    assert list(by_card(sight, cards, swaps=True)) == [
        Swap(1, 1, Card.parse("9C")),
        Layoff(1, 1, _cards("JC"), End.HIGH),
    ]
    assert list(by_card(sight, cards, swaps=False)) == [Layoff(1, 1, _cards("JC"), End.HIGH)]


def test_how_much_is_checked() -> None:
    """rules C8, C10, G6: unchecked, every single card goes to every end of every meld and every
    natural to every meld holding a joker (the random playouts' menu); checked for the fit, a
    seat not yet down still sees where its cards fit; checked by the rules, it sees nothing, nor
    a seat whose lay-off would leave no card to discard (C10)."""
    g, sight = _table()
    unchecked = list(by_card(sight, _cards("QC 9C"), swaps=True, check=Check.NONE))
    assert [a.to_json() for a in unchecked] == [
        {"type": "layoff", "player": 1, "meld": 0, "cards": ["QC"]},
        {"type": "layoff", "player": 1, "meld": 1, "cards": ["QC"], "end": "low"},
        {"type": "layoff", "player": 1, "meld": 1, "cards": ["QC"], "end": "high"},
        {"type": "swap", "player": 1, "meld": 1, "card": "QC"},
        {"type": "layoff", "player": 1, "meld": 0, "cards": ["9C"]},
        {"type": "layoff", "player": 1, "meld": 1, "cards": ["9C"], "end": "low"},
        {"type": "layoff", "player": 1, "meld": 1, "cards": ["9C"], "end": "high"},
        {"type": "swap", "player": 1, "meld": 1, "card": "9C"},
    ]
    assert swap_onto(sight, 1, Card.parse("QC"), Check.FIT) is None
    g.apply({"type": "discard", "player": 1, "card": "2D"})
    draw_stock(g)
    seat2 = g.sight(2)
    assert not seat2.laid_down
    fits = list(by_card(seat2, seat2.hand, check=Check.FIT))
    assert fits and all(not g.can(a) and g.check(a).key == "not_laid_down" for a in fits)  # type: ignore[union-attr]
    assert list(by_card(seat2, seat2.hand)) == []
    last = Sight(1, _cards("JC"), sight.melds, False, "contract", 2, True)
    assert layoffs_onto(last, 1, _cards("JC"), Check.FIT) == [Layoff(1, 1, _cards("JC"), End.HIGH)]
    assert layoffs_onto(last, 1, _cards("JC")) == []
