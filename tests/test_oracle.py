"""The cheating expert (``rommilab.oracle``) reads the real game, and reads it right.

What a cheat is worth is measured by the command, never here; these tests check that each cheat
knows what it claims to know, by other means than its own (the solver, the engine's next draw).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import rommilab.oracle as oracle
import rommilab.tournament as tournament
from hard_play import hard_match
from rommi.actions import Draw
from rommi.bots import expert
from rommi.bots.table import Table, parse_view
from rommi.cards import Card
from rommi.game import Game, Phase
from rommi.names import Source
from rommi.solver import min_deadwood


@pytest.fixture(autouse=True)
def _honest_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test makes cheat is honest again after it."""
    monkeypatch.setattr(tournament, "Game", tournament.Game)
    monkeypatch.setattr(expert.ExpertBot, "discard_candidates", expert.ExpertBot.discard_candidates)
    monkeypatch.setattr(expert, "draws_ahead", expert.draws_ahead)


def _before_discards(seed: int) -> Iterator[tuple[Game, Table]]:
    """Every position of a four-player basic match of hard players where a seat is about to meld
    and discard, with the game itself."""
    for game, view in hard_match("basic", 4, seed):
        if view["phase"] == Phase.PLAY:
            yield game, parse_view(view)


def _goes_out_with(hand: list[Card], card: Card) -> bool:
    """The solver's answer: with ``card`` taken, every card melds, or every card but one that is
    not ``card`` (rules B4, B6)."""
    cards = [*hand, card]
    ones = lambda _: 1  # noqa: E731 - every card left over counts one
    if min_deadwood(cards, ones) == 0:
        return True
    return any(min_deadwood(cards[:i] + cards[i + 1 :], ones) == 0 for i, d in enumerate(cards) if d != card)


def test_the_next_hand_cheat_knows_which_discards_let_the_next_seat_go_out() -> None:
    """rules B4, B6: a card feeds the next seat exactly when the solver melds its hand with it."""
    checked = fed = 0
    for seed in (41, 42, 43, 44):
        for game, table in _before_discards(seed):
            hand = oracle.next_hand(game, table.seat)
            if table.melds or min_deadwood(hand, lambda _: 1) == 0:
                continue  # lay-offs, or a hand that is out already: the solver alone cannot say
            for card in set(table.hand):
                got = oracle.feeds(table, hand, card)
                assert got == _goes_out_with(hand, card), (seed, table.seat, hand, card)
                checked += 1
                fed += got
    assert checked > 500 and fed > 0, (checked, fed)


def test_the_cheating_expert_keeps_back_every_card_that_feeds_while_it_has_another() -> None:
    """rule B4: among the cards it may throw, those that let the next seat go out are left out."""
    oracle.cheat("next-hand")
    bot = expert.ExpertBot(0, rollouts=0)
    narrowed = 0
    for game, table in _before_discards(43):
        oracle._watch(game)
        hand = oracle.next_hand(game, table.seat)
        plain = oracle._plain_candidates(bot, table)
        safe = [c for c in plain if not oracle.feeds(table, hand, c)]
        got = bot.discard_candidates(table)
        assert got == (safe or plain)
        narrowed += len(got) < len(plain)
    assert narrowed > 0


def test_the_stock_cheat_names_the_card_the_next_stock_draw_gives() -> None:
    """rules B7, G8: the stock's top card, as the engine deals it, also once the pile is turned over."""
    oracle.cheat("stock")
    draws = turned = 0
    for seed in (44, 45, 46):
        for game, view in hard_match("basic", 4, seed):
            if view["phase"] != Phase.DRAW:
                continue
            oracle._watch(game)
            ahead = expert.draws_ahead(parse_view(view))
            assert ahead is not None and ahead[0] is not None
            twin = game.copy()
            before = Counter(twin.view(view["seat"])["hand"])
            twin.apply(Draw(view["seat"], Source.STOCK))
            drawn = Counter(twin.view(view["seat"])["hand"]) - before
            assert list(drawn.elements()) == [str(ahead[0])], (seed, draws)
            draws += 1
            turned += view["stock_size"] == 0  # the pile is turned over first (B7)
    assert draws > 40 and turned > 0, (draws, turned)


def test_no_cheat_plays_the_tournament_s_matches(tmp_path: Path) -> None:
    """rule B8: with ``--cheat none`` the same seeds score the same, deal by deal."""
    args = ["--variant", "basic", "--players", "4", "--hero", "expert", "--field", "hard"]
    args += ["--matches", "2", "--seed", "7", "--rollouts", "0", "--options", '{"target": 40}']
    assert tournament.main([*args, "--save", str(tmp_path / "plain.json")]) == 0
    assert oracle.main(["--cheat", "none", *args, "--save", str(tmp_path / "none.json")]) == 0
    plain = json.loads((tmp_path / "plain.json").read_text())
    assert json.loads((tmp_path / "none.json").read_text()) == plain
