"""The expert level (``rommi.bots.expert``): legal, blind, reproducible, within its budget.

The expert checks hard's close choices by paired rollouts in games sampled from
its view: in basic rummy, and in the contract game when told to
(``contract_search``; most tests here tell it, to test the search in both games).
Here it weighs a few sampled games per decision (``rollouts``), so
each test takes seconds and every choice is a function of the seed and the view;
the clock-bound search is tested with a clock that advances by a fixed step per
reading, never with the real one. Its strength is measured by the tournament
(``python -m rommilab.tournament --hero expert``), not here.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from rommi import Game
from rommi.bots import LEVELS, REASONS, make_bot
from rommi.bots import expert as expert_module
from rommi.bots import rollout as rollout_module
from rommi.bots.expert import LOOKAHEAD, LOOKAHEAD_CONTRACT, ExpertBot
from rommi.bots.hard import HardBot
from rommi.bots.rollout import Rollout
from rommi.bots.table import parse_view, takes_since_stock
from rommi.sampling import sample_game
from stacking import act, hand, new_game
from test_bots import _twin_games, plain_move

SETUPS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("contract", 4, None),
    ("contract", 3, {"jokers": 4, "max_buys": 2}),
    ("contract", 5, {"runs_differ_in_suit": True}),
    ("basic", 2, None),
    ("basic", 3, {"jokers": 2, "ace_high": True}),
    ("basic", 4, {"decks": 2, "jokers": 2}),
]


def positions(
    variant: str, players: int, options: dict[str, Any] | None, seed: int, count: int
) -> list[Game]:
    """``count`` positions from one match of hard and normal players, at seeded random moments."""
    rng = random.Random(seed)
    g = Game.new(variant, players, seed=seed, options=options)
    bots = [make_bot("hard" if s % 2 else "normal", seed + s) for s in range(players)]
    out: list[Game] = []
    steps = 0
    while not g.over and len(out) < count and steps < 5000:
        seat = g.to_act
        if seat is None:
            out.append(g.copy())  # deal over
            g.apply({"type": "next_deal"})
            continue
        if rng.random() < 0.08:
            out.append(g.copy())
        g.apply(bots[seat].choose(g.view(seat)))
        steps += 1
    return out


def _seat(g: Game) -> int:
    return g.to_act if g.to_act is not None else 0


@pytest.mark.parametrize(("variant", "players", "options"), SETUPS)
def test_always_legal_with_a_known_reason(variant: str, players: int, options: dict[str, Any] | None) -> None:
    """rule G10: every expert choice, in seeded positions of both games, is one the engine accepts,
    with a reason key the table can translate (searching in the contract game too)."""
    searched = 0
    for seed in (1, 2):
        for i, g in enumerate(positions(variant, players, options, 40 * seed + players, 12)):
            seat = _seat(g)
            bot = ExpertBot(seed, rollouts=6, contract_search=True)
            d = bot.decide(g.view(seat))
            where = f"variant={variant} players={players} options={options} seed={seed} position={i}"
            assert g.can(d.action), f"{d.action} refused: {g.check(d.action)} ({where})"
            assert d.key in REASONS, where
            assert "{" not in d.text, where
            searched += bot.searched > 0
    assert searched, "no decision was searched"


def test_searched_choices_are_legal_and_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """rule G10: with the evidence bar lowered so that the search replaces hard's choices, each one is
    legal and carries a search reason naming the cards (the reason keys of ``REASONS``)."""
    monkeypatch.setattr(expert_module, "MIN_WORLDS", 2)
    monkeypatch.setattr(expert_module, "Z", 0.0)
    monkeypatch.setattr(expert_module, "MIN_GAIN", 0.0)
    keys = set()
    for variant, players in (("contract", 4), ("basic", 2)):
        for g in positions(variant, players, None, 51, 16):
            view = g.view(_seat(g))
            d = ExpertBot(2, rollouts=4, contract_search=True).decide(view)
            assert g.can(d.action), (variant, d)
            if d.key.endswith("_search"):
                keys.add(d.key)
                assert d.params["card"] and d.params["points"] >= 1 and "{" not in d.text
                assert d.action != ExpertBot(2, rollouts=0).decide(view).action
    assert keys and keys <= {k for k in REASONS if k.endswith("_search")}


def test_no_peeking() -> None:
    """rule G9 and PROTOCOL: two deals that differ only in cards seat 0 cannot see give the expert the
    same view and, with a count of sampled games, the same choices turn after turn."""
    g_a, g_b = _twin_games(4)
    bot = ExpertBot(9, rollouts=10, contract_search=True)
    compared = searched = 0
    for _ in range(80):
        if g_a.over or g_a.to_act is None:
            break
        seat = g_a.to_act
        va, vb = g_a.view(seat), g_b.view(seat)
        if seat == 0:
            assert va == vb
            a = bot.decide(va)
            searched += bot.searched > 0
            b = bot.decide(vb)
            assert a == b
            compared += 1
            action = a.action
        else:
            action = plain_move(va, seat)
        g_a.apply(action)
        g_b.apply(action)
    assert compared >= 10 and searched >= 3


def test_same_seed_and_view_same_choice() -> None:
    """rule G9: with a count of sampled games the choice depends only on the seed and the view; another
    seed samples other games."""
    games = positions("contract", 4, None, 7, 10) + positions("basic", 2, None, 8, 10)
    differ = 0
    for g in games:
        view = g.view(_seat(g))
        first = ExpertBot(3, rollouts=12, contract_search=True).decide(view)
        again = ExpertBot(3, rollouts=12, contract_search=True)
        assert again.decide(view) == first
        assert again.decide(view) == first  # a bot keeps no state between decisions that matters
        differ += make_bot("expert", 3, rollouts=12, contract_search=True).decide(view) != first
    assert differ == 0


def test_deal_over_and_unsearched_choices_are_its_judgement() -> None:
    """rules C14, B8: between deals the expert asks for the next deal; with no sampled games allowed
    it plays its judgement alone (the search only ever replaces a choice it has evidence against):
    hard's, with every card's points weighed before laying down and in deal 7 (``holding_cost``),
    so once laid down and in basic rummy hard's choice, but for a discard: one of hard's best few,
    the one that leaves the best hand one draw on (``next_draw_order``)."""
    same = 0
    for g in positions("contract", 4, None, 11, 14) + positions("basic", 3, None, 12, 14):
        seat = _seat(g)
        view = g.view(seat)
        d = ExpertBot(5, rollouts=0).decide(view)
        assert not d.key.endswith("_search"), d
        if view["phase"] == "deal_over":
            assert d.action.to_json() == {"type": "next_deal"} and d.key == "next_deal"
        elif view["variant"] == "basic" or view["laid_down"][seat]:
            if d.action.to_json()["type"] == "discard":
                width = LOOKAHEAD if view["variant"] == "basic" else LOOKAHEAD_CONTRACT
                best = ExpertBot(5, rollouts=0).discard_ranking(parse_view(view))[:width]
                assert d.action.to_json()["card"] in [str(c) for c in best], (d, best)
            else:
                assert d == HardBot(5).decide(view)
            same += 1
    assert same >= 5, same


def test_in_the_contract_game_it_searches_only_when_told() -> None:
    """By default the expert searches in basic rummy only (``ExpertBot.searches``): in the contract
    game, at 1 s a decision, the search won no more matches than its judgement alone, paired on
    the same seeds (``docs/expert.md``). There every choice is its judgement's, the same whatever the
    count of sampled games; told to (``contract_search``), it searches there too."""
    contract = positions("contract", 4, None, 61, 16)
    told = 0
    for g in contract:
        view = g.view(_seat(g))
        bot = make_bot("expert", 4, rollouts=12)
        d = bot.decide(view)
        assert bot.searched == 0 and not d.key.endswith("_search"), d
        assert d == ExpertBot(4, rollouts=0).decide(view)
        searching = make_bot("expert", 4, rollouts=12, contract_search=True)
        searching.decide(view)
        told += searching.searched > 0
    assert told, "told to, the expert searched none of these contract positions: the test proves nothing"
    basic = 0
    for g in positions("basic", 2, None, 62, 16):
        bot = make_bot("expert", 4, rollouts=12)
        bot.decide(g.view(_seat(g)))
        basic += bot.searched > 0
    assert basic, "the expert searched none of these basic positions"


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 100.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("contract_search", [False, True])
def test_the_clock_budget_is_kept(monkeypatch: pytest.MonkeyPatch, contract_search: bool) -> None:
    """The clock is read between rollouts and inside long ones, and in the look ahead: a decision
    never runs past its budget by more than the one step in which it notices (a fake clock, not a
    timed test), whether or not it searches in the contract game."""
    clock = FakeClock(0.0004)
    monkeypatch.setattr(expert_module, "time", clock)
    monkeypatch.setattr(rollout_module, "time", clock)
    budget = 0.05
    searched = 0
    for g in positions("contract", 4, None, 21, 12) + positions("basic", 2, None, 22, 8):
        view = g.view(_seat(g))
        bot = ExpertBot(1, budget=budget, contract_search=contract_search)
        start = clock.now
        d = bot.decide(view)
        assert g.can(d.action)
        assert clock.now - start <= budget * 1.1
        assert bot.searched < expert_module.MAX_WORLDS
        searched += bot.searched > 0
    assert searched


def test_settings_are_checked_and_levels_listed() -> None:
    """``make_bot("expert", seed)`` and its settings; the expert is the last level."""
    assert LEVELS == ("easy", "normal", "hard", "expert")
    bot = make_bot("expert", 4, budget=0.25)
    assert isinstance(bot, ExpertBot) and bot.budget == 0.25
    assert make_bot("hard", 4, budget=0.25).level == "hard"  # the settings are the expert's
    for bad in ({"budget": 0}, {"budget": -1.0}, {"rollouts": -1}, {"rollouts": 1.5}):
        with pytest.raises(ValueError):
            ExpertBot(1, **bad)


def test_rollouts_end_and_judge_from_the_seat() -> None:
    """rules C14, B8: a rollout plays a sampled deal to its end (or to its horizon) with legal actions
    only, and its value is the seat's result against the others' mean: the values of all seats in a
    finished deal sum to zero."""
    for variant, players in (("contract", 4), ("basic", 2), ("basic", 3)):
        for g in positions(variant, players, None, 31, 6):
            if g.to_act is None:
                continue
            view = g.view(g.to_act)
            world = sample_game(view, random.Random(5), weighted=True)
            values = []
            for hero in range(players):
                w = world.copy()
                values.append(Rollout(w, hero, 2000).run(w, takes_since_stock(view["history"])))
                assert w.to_act is None, "the deal did not end"
            assert abs(sum(values)) < 1e-6


@pytest.mark.parametrize("scores", [[0, 0, 0, 0], [40, 30, 90, 120], [150, 60, 70, 65]])
def test_final_deal_rollouts_weigh_the_match(scores: list[int]) -> None:
    """rules C12, C14: deal 7 ends the match, so there a rollout's value is the seat's lead over the
    best other seat's match total, flattened past ``MATCH_SCALE`` (a point counts where it may turn
    the match); in deal 6 it is still the deal's points against the others' mean, match or no match."""
    for deal in (6, 7):
        g = new_game("contract", 4, [[], [], [], []], "4C", dealer=3, deal=deal, seed=deal)
        d = g.to_dict()
        d["scores"], d["deal_scores"] = scores, [scores]  # as if the match so far were one deal
        for hero in range(4):
            w = Game.from_dict(d)
            value = Rollout(w, hero, 2000).run(w, 0)
            assert w.to_act is None, "the deal did not end"
            row, totals = w.view(0)["deal_scores"][-1], w.view(0)["scores"]
            if deal == 7:
                lead = min(t for i, t in enumerate(totals) if i != hero) - totals[hero]
                scale = rollout_module.MATCH_SCALE
                assert value == pytest.approx(scale * math.tanh(lead / scale))
                assert abs(value) < scale
            else:
                assert value == pytest.approx(sum(row) / 3 - row[hero] * 4 / 3)


def test_basic_rollouts_hold_their_melds_as_hard_does() -> None:
    """rules B4, B6: in basic rummy the rollout player keeps complete melds in hand while its
    opponent has more than five cards (hard's ``meld_more``), and throws a loose card, never one
    of a held meld: the highest of the cards with no partner. Holding, this player won about
    half of its seeded matches against hard; melding at once, a quarter (``Rollout.meld_free``)."""
    hands = [["7S", "8S", "9S", "KH", "KD", "KC", "2D", "5C", "JH", "QD"], []]
    g = new_game("basic", 2, hands, "4D", ["3H"], dealer=1, seed=3)
    act(g, "draw", source="stock")
    Rollout(g, 0, 100).turn(g, 0)
    assert g.view(0)["melds"] == []
    thrown = g.view(1)["discard_top"]
    assert thrown in ("JH", "QD")
    left = hand(g, 0)
    assert {"7S", "8S", "9S", "KH", "KD", "KC"} <= set(left) and len(left) == 10


def test_basic_rollouts_go_out_when_the_hand_is_all_melds_but_one() -> None:
    """rules B4, B6: a held hand that can go out this turn melds everything and throws the last
    card: the deal ends with the seat out and its opponent's cards counted to it (B8)."""
    hands = [["7S", "8S", "9S", "KH", "KD", "KC", "4C", "4D", "4H", "4S"], []]
    g = new_game("basic", 2, hands, "6D", ["2D"], dealer=1, seed=3)
    act(g, "draw", source="stock")
    Rollout(g, 0, 100).turn(g, 0)
    assert g.to_act is None and g.hand(0) == []
    assert g.view(0)["deal_scores"][-1][0] > 0


def _buy_position(deal: int, card: str) -> Game:
    """Deal ``deal``, three players: seat 0 draws from the stock, seat 1 passes, and seat 2, holding
    7♥ 8♥ and 5♠ 5♦, may buy ``card`` (rule C6)."""
    hand = ["7H", "8H", "5S", "5D", "KC", "2C", "JD", "3S", "QS", "AD"]
    g = new_game("contract", 3, [[], [], hand], card, ["8S"], dealer=2, deal=deal)
    act(g, "draw", source="stock")
    act(g, "pass")
    assert g.to_act == 2 and g.view(2)["phase"] == "buy"
    return g


@pytest.mark.parametrize(
    ("deal", "card", "buys"),
    [
        (1, "5C", True),
        (1, "9H", False),
        (3, "5C", False),
        (3, "9H", True),
        (7, "9H", False),
        (7, "5C", False),
    ],
)
def test_contract_rollouts_buy_what_the_contract_needs(deal: int, card: str, buys: bool) -> None:
    """rules C4, C6, C12: before laying down, the rollout player buys a card that makes a meld of a
    kind its contract asks for: a set in deal 1 (two sets), a run in deal 3 (two runs); never in
    deal 7, where both cards bought are paid for unless it goes out first. Buying sets alone, in
    every deal, it lost 22 points a deal more against three hard players (``Rollout.buy``)."""
    g = _buy_position(deal, card)
    Rollout(g, 2, 100).buy(g, 2)
    assert len(g.hand(2)) == (12 if buys else 10)


@pytest.mark.parametrize(("deal", "thrown"), [(1, {"9S"}), (3, {"KS", "KD", "QH", "QC"})])
def test_contract_rollouts_discard_towards_the_contract(deal: int, thrown: set[str]) -> None:
    """rules C4, C14: the same hand throws differently by what its contract needs. In deal 1 (two
    sets) its pairs of kings and queens are worth keeping and the loose 9♠ goes; in deal 3 (two
    runs) a pair is no partner at all, and a king or queen goes: the most points with no card of
    a run beside it (``Rollout.discard``, ``Rollout.needs``)."""
    hand = ["KS", "KD", "QH", "QC", "7H", "8H", "2C", "3C", "5D", "6D"]
    g = new_game("contract", 3, [hand, [], []], "4C", ["9S"], dealer=2, deal=deal)
    act(g, "draw", source="stock")
    act(g, "pass")
    act(g, "pass")
    assert g.to_act == 0 and g.view(0)["phase"] == "play"
    Rollout(g, 0, 100).turn(g, 0)
    assert g.view(1)["discard_top"] in thrown


@pytest.mark.parametrize(("players", "width"), [(2, 2), (3, 3), (4, 3)])
def test_it_weighs_a_third_discard_at_three_players_or_more(players: int, width: int) -> None:
    """At two players the search weighs its judgement's two best discards (``DISCARDS``); at three or
    more, three (``DISCARDS_CROWD``): at four players against three hard a third discard searched
    won 5.6 points a deal more at 1 s, paired on the same seeds (``docs/expert.md``, issue 44)."""
    g = Game.new("basic", players, seed=64)
    table = parse_view(g.view(_seat(g)))
    bot = ExpertBot(4, rollouts=4)
    ranked = table.hand[:4]
    weighed: list[Any] = []

    def search(_table: Any, hard: Any, others: Any) -> Any:
        weighed.extend([hard, *others])
        return hard

    bot.search = search  # type: ignore[method-assign]
    chosen = bot.discard_action(table, ranked[1], "discard_least_useful")
    assert bot._weigh_discards(table, chosen, ranked) is chosen
    assert [d.action.card for d in weighed] == [ranked[1], *(c for c in ranked[:width] if c != ranked[1])]
