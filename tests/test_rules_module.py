"""One copy of each rule: ``rommi.rules`` and ``melds.fitting_ends`` answer for the game and
for the computer players alike.

The bots read a seat's view into a ``Table`` and ask it what is legal; here
every answer they get is compared with what ``Game.check`` says about the same
action in the same position, over seeded random matches. The lay-off fit is
compared with its definition: the joined cards make a valid run (``make_meld``)
in which the meld's own jokers keep standing for what they stood for.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rommi import Game, IllegalAction
from rommi.bots.table import parse_view
from rommi.cards import JOKER, SUITS, Card, contract_penalty
from rommi.melds import RUN, SET, Meld, fitting_ends, make_meld
from rommi.rules import MAX_REBUILDS, rebuild_possible
from rommilab.moves import candidate_melds
from rommilab.randomplay import random_action


def _reference_ends(meld: Meld, cards: list[Card], ace_high: bool) -> set[str | None]:
    """The lay-off's fit as defined before ``fitting_ends`` existed (G3-G5)."""
    if meld.kind == SET:
        return {None} if all(c.is_joker or c.rank == meld.rank for c in cards) else set()
    out: set[str | None] = set()
    for side in ("low", "high"):
        joined = tuple(cards) + meld.cards if side == "low" else meld.cards + tuple(cards)
        try:
            new = make_meld(joined, RUN, ace_high)
        except IllegalAction:
            continue
        if new.rank + (len(cards) if side == "low" else 0) == meld.rank:
            out.add(side)
    return out


def _random_run(rng: random.Random, ace_high: bool) -> Meld:
    top = 14 if ace_high else 13
    while True:
        length = rng.randint(3, 12)
        low = rng.randint(1, top - length + 1)
        suit = rng.choice(SUITS)
        cards = [Card(1 if r == 14 else r, suit) for r in range(low, low + length)]
        for i in range(length):
            if rng.random() < 0.2:
                cards[i] = JOKER
        try:
            return make_meld(cards, RUN, ace_high)
        except IllegalAction:
            continue  # all jokers, or an ace that reads low: draw again


def test_fitting_ends_is_the_definition_of_a_lay_off() -> None:
    """rules G3, G4, G5, B3: fitting_ends agrees with make_meld on 20,000 random lay-offs."""
    seed = 81
    rng = random.Random(seed)
    fits = 0
    for i in range(20_000):
        ace_high = rng.random() < 0.5
        if rng.random() < 0.2:
            rank = rng.randint(1, 13)
            meld = make_meld([Card(rank, s) for s in SUITS[:3]], SET)
        else:
            meld = _random_run(rng, ace_high)
        cards = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.15:
                cards.append(JOKER)
            elif meld.kind == RUN and rng.random() < 0.7:
                r = rng.choice(
                    [meld.rank - 1, meld.rank - 2, meld.high + 1, meld.high + 2, rng.randint(1, 13)]
                )
                cards.append(Card(1 if r in (0, 14) else max(1, min(13, r)), meld.suit))
            else:
                cards.append(Card(rng.randint(1, 13), rng.choice(SUITS)))
        want = _reference_ends(meld, cards, ace_high)
        got = set(fitting_ends(meld, cards, ace_high))
        assert got == want, f"seed={seed} case={i}: {meld} + {cards} ace_high={ace_high}"
        fits += bool(got)
    assert fits > 2000, f"seed={seed}: too few fitting cases ({fits}) to mean anything"


def test_the_stock_rebuild_bound() -> None:
    """rules C13, B7: twice per deal in contract rummy, once in basic, and never from one card."""
    assert MAX_REBUILDS == {"contract": 2, "basic": 1}
    assert rebuild_possible("contract", 2, 1) and not rebuild_possible("contract", 2, 2)
    assert rebuild_possible("basic", 5, 0) and not rebuild_possible("basic", 5, 1)
    assert not rebuild_possible("contract", 1, 0)


def _play_positions(variant: str, players: int, seed: int, options: dict[str, Any] | None) -> Iterator[Game]:
    rng = random.Random(seed)
    g = Game.new(variant, players, seed=seed, options=options)
    for _ in range(700):
        if g.over:
            return
        if g.to_act is None:
            g.apply({"type": "next_deal"})
            continue
        yield g
        g.apply(next(a for a in random_action(g.view(g.to_act), rng) if g.can(a)))


SETUPS = [
    ("contract", 3, 91, {"jokers": 4}),
    ("contract", 4, 92, {"runs_differ_in_suit": True, "jokers": 2}),
    ("basic", 2, 93, {"jokers": 2, "ace_high": True}),
    ("basic", 3, 94, {"jokers": 1}),
]


@pytest.mark.parametrize(("variant", "players", "seed", "options"), SETUPS)
def test_what_the_bots_believe_legal_is_what_the_game_accepts(
    variant: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """rules G6, G8, C7, C8, C9, C10, C12, B4, B5: the bots' Table answers as Game.check does."""
    asked = {"take": 0, "meld": 0, "layoff": 0, "swap": 0}
    for g in _play_positions(variant, players, seed, options):
        p = g.to_act
        assert p is not None
        table = parse_view(g.view(p))
        where = f"seed={seed} deal={g.deal} phase={g.phase} seat={p}"
        if g.phase.value == "draw":
            asked["take"] += 1
            take = {"type": "draw", "player": p, "source": "discard"}
            assert table.may_take_discard() == g.can(take), where
            continue
        if g.phase.value != "play":
            continue
        for cards, kind in candidate_melds(table.hand, table.ace_high)[:12]:
            action = {"type": "meld", "player": p, "melds": [[str(c) for c in cards]], "kinds": [kind]}
            asked["meld"] += 1
            assert table.meld_ok([cards], [kind]) == g.can(action), f"{where} {action}"
        for card in dict.fromkeys(table.hand):
            for tm in table.melds:
                for end in ("low", "high") if tm.meld.kind == RUN else (None,):
                    action = table.layoff_action(card, tm, end)
                    left = list(table.hand)
                    left.remove(card)
                    believed = action is not None and table.may_extend and table.left_ok(left)
                    real: dict[str, Any] = {
                        "type": "layoff",
                        "player": p,
                        "meld": tm.id,
                        "cards": [str(card)],
                    }
                    if end is not None:
                        real["end"] = end
                    asked["layoff"] += 1
                    assert believed == g.can(real), f"{where} {real}"
                    assert (end in table.layoff_ends(card, tm)) == (action is not None), f"{where} {real}"
            targets = {tm.id for tm in table.swap_targets(card)} if table.may_extend else set()
            legal = {
                m["id"]
                for m in g.view(p)["melds"]
                if g.can({"type": "swap", "player": p, "meld": m["id"], "card": str(card)})
            }
            asked["swap"] += 1
            assert targets == legal, f"{where} swap {card}"
    assert all(asked.values()), f"seed={seed}: {asked}"


def test_hands_are_laid_open_only_once_the_deal_is_over() -> None:
    """rules C14, B8: the hands left at a deal's end are counted in the open, with their points,
    and never shown while the deal is played."""
    rng = random.Random(95)
    g = Game.new("contract", 3, seed=95)
    while g.to_act is not None:
        assert all(g.view(s)["revealed"] is None for s in range(3)), "seed=95"
        g.apply(next(a for a in random_action(g.view(g.to_act), rng) if g.can(a)))
    shown = g.view(1)["revealed"]
    assert [h["cards"] for h in shown] == [[str(c) for c in g.hand(s)] for s in range(3)]
    row = g.view(1)["deal_scores"][-1]
    for seat, h in enumerate(shown):
        assert h["points"] == sum(contract_penalty(Card.parse(c)) for c in h["cards"])
        assert row[seat] == (0 if seat == g.view(0)["went_out"] else h["points"])
