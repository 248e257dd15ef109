"""Replays (``rommi.replay``): the engine plays a match's log again, deal by deal (rule G9).

Every seeded match of the playout tests (random play, ``rommilab.randomplay``) and of the
bots' tests (``rommilab.tournament``) is recorded and replayed: at every step each seat's
``view`` is exactly what the game showed that seat then, walking forward, jumping back
and sliding at random; the computer players' reasons are their real decisions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rommi import Game
from rommi.bots import REASONS, make_bot
from rommi.replay import KEYFRAME, MatchRecord, Replay, ReplayError
from rommilab.randomplay import play_match as random_match
from rommilab.tournament import play_match as bot_match
from test_bots import MATCHES
from test_playouts import BASIC_CASES, CONTRACT_CASES

Views = dict[int, dict[str, Any]]


def seen_by(g: Game, every_seat: bool) -> Views:
    """The views to compare at a step: every seat's, or (to keep the suite quick where views are
    many and large) the seat to act's, which is what the playout showed, and seat 0's, the table's."""
    seats = range(g.players) if every_seat or g.to_act is None else sorted({g.to_act, 0})
    return {s: g.view(s) for s in seats}


def reference_views(record: MatchRecord, every_seat: bool) -> list[list[Views]]:
    """For each deal, each step's views, from one plain pass over the log as the match was played."""
    g = record.new_game()
    deals: list[list[Views]] = [[seen_by(g, True)]]
    for action in record.actions:
        g.apply(action)
        if action["type"] == "next_deal":
            deals.append([])
        deals[-1].append(seen_by(g, every_seat or g.to_act is None))
    return deals


def check_replay(record: MatchRecord, where: str, seed: int, every_seat: bool = True) -> Replay:
    """Walk every deal forward step by step, then jump about, comparing the views."""
    match = Replay(record)
    expected = reference_views(record, every_seat)
    assert len(match.deals) == len(expected), where
    rng = random.Random(seed)
    for span, views in zip(match.deals, expected, strict=True):
        deal = match.deal(span.deal)
        assert len(deal) + 1 == len(views), where
        for i, seen in enumerate(views):
            deal.go(i)
            assert {s: deal.view(s) for s in seen} == seen, f"{where} deal {span.deal} step {i}"
        for _ in range(12):  # back, first, last and slider jumps
            i = rng.randrange(len(views))
            deal.go(i)
            assert deal.at == i
            s = rng.choice(list(views[i]))
            assert deal.view(s) == views[i][s], f"{where} deal {span.deal} jump to {i} seat {s}"
    return match


@pytest.mark.parametrize(("players", "options"), CONTRACT_CASES)
def test_random_contract_playouts_replay_exactly(players: int, options: dict[str, Any] | None) -> None:
    """rule G9: each seeded playout of test_playouts, replayed from its log, shows every view again."""
    seed = 100 + players
    log: list[dict[str, Any]] = []
    stats = random_match("contract", players, seed, options, log=log)
    record = MatchRecord("contract", players, options or {}, seed, tuple(log))
    where = f"contract players={players} seed={seed} options={options}"
    match = check_replay(record, where, seed, every_seat=players <= 4)
    assert len(match.finished_deals()) == stats.deals == 7 and match.final.over


@pytest.mark.parametrize(("players", "options"), BASIC_CASES)
def test_random_basic_playouts_replay_exactly(players: int, options: dict[str, Any] | None) -> None:
    seed = 200 + players
    log: list[dict[str, Any]] = []
    stats = random_match("basic", players, seed, options, deal_bound=3000, log=log)
    record = MatchRecord("basic", players, options or {}, seed, tuple(log))
    match = check_replay(record, f"basic players={players} seed={seed} options={options}", seed)
    assert len(match.deals) == stats.deals and match.final.over


@pytest.mark.parametrize(("variant", "players", "levels", "options"), MATCHES)
def test_bot_matches_replay_with_their_reasons(
    variant: str, players: int, levels: list[str], options: dict[str, Any] | None
) -> None:
    """rule G9: a bots' match replays exactly, and each bot's stated reason is the decision it made."""
    seed = 11 + players
    log: list[dict[str, Any]] = []
    result = bot_match(variant, players, seed, levels, options, time_it=False, log=log)
    seeds = tuple(seed * 31 + s for s in range(players))
    record = MatchRecord(variant, players, options or {}, seed, tuple(log), tuple(levels), seeds)
    where = f"{variant} players={players} seed={seed} levels={levels}"
    match = check_replay(record, where, seed)
    assert match.final.view(0)["deal_scores"] == result.deal_scores, where
    deal = match.deal(1)
    for i in range(1, len(deal) + 1, 3):
        reason = deal.reason(i)
        assert reason is not None and isinstance(reason["key"], str), f"{where} step {i}"
        assert deal.at == i


def test_face_up_shows_every_hand_and_the_stock_in_order() -> None:
    g = Game.new("contract", 4, seed=3)
    record = MatchRecord("contract", 4, {}, 3)
    deal = Replay(record).deal(1)
    table = deal.face_up()
    assert table["hands"] == [g.view(s)["hand"] for s in range(4)]
    assert table["stock"] == g.to_dict()["stock"] and table["discard"] == [g.view(0)["discard_top"]]
    assert "hand" not in table and table["stock_size"] == len(table["stock"])


def test_an_illegal_log_is_refused_at_its_first_bad_action() -> None:
    g = Game.new("basic", 2, seed=9)
    seat = g.to_act
    good = {"type": "draw", "player": seat, "source": "stock"}
    record = MatchRecord("basic", 2, {}, 9, (good, good))
    with pytest.raises(ReplayError) as e:
        Replay(record)
    assert e.value.key == "replay.illegal" and e.value.index == 1


def test_records_round_trip_and_bad_records_are_refused() -> None:
    actions = ({"type": "next_deal"},)
    record = MatchRecord("contract", 3, {"max_buys": 2}, 5, actions, ("hard", None, "easy"), (1, 2, 3))
    assert MatchRecord.from_dict(record.to_dict()) == record
    good = record.to_dict()
    for bad in (None, [], {"variant": "poker"}, {**good, "players": 9}, {**good, "seed": -1}):
        with pytest.raises(ReplayError):
            MatchRecord.from_dict(bad)
    assert MatchRecord.from_dict({**record.to_dict(), "levels": ["nobody"] * 3}).levels == ()
    with pytest.raises(ReplayError):
        Replay(MatchRecord("contract", 3, {"jokers": "many"}, 5))


def test_stepping_back_starts_from_a_keyframe() -> None:
    log: list[dict[str, Any]] = []
    random_match("contract", 4, 104, None, check=False, log=log)
    deal = Replay(MatchRecord("contract", 4, {}, 104, tuple(log))).deal(1)
    deal.go(len(deal))
    assert len(deal._frames) == 1 + len(deal) // KEYFRAME
    deal.go(len(deal) - 1)
    assert deal.at == len(deal) - 1


def expert_deal(seed: int, levels: list[str]) -> tuple[Replay, tuple[int, ...]]:
    """The first deal of a match with these seats, the experts weighing 32 sampled games a
    close choice (told to search in the contract game too), as a replay; and the seats' bot seeds."""
    players = len(levels)
    seeds = tuple(seed * 31 + s for s in range(players))
    bots = [make_bot(level, seeds[s], rollouts=32, contract_search=True) for s, level in enumerate(levels)]
    game, log = Game.new("contract", players, seed=seed), []
    while game.phase not in ("deal_over", "match_over"):
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        log.append(action.to_json())
    return Replay(MatchRecord("contract", players, {}, seed, tuple(log), tuple(levels), seeds)), seeds


def test_an_expert_s_reason_is_its_own_judgement_where_the_search_left_it_standing() -> None:
    """rule G9: the replay never asks the expert to search again (that takes a second and may
    choose otherwise); where its move is the one its judgement gave, that is the reason shown,
    and where the search changed it no reason is made up. Deals are played until one where
    the search changed a move (the search rarely does: its bar of evidence is high)."""
    levels = ["expert", "hard", "expert", "normal"]
    given = missing = 0
    for seed in range(1, 13):
        match, seeds = expert_deal(seed, levels)
        deal = match.deal(1)
        for i in range(1, len(deal) + 1):
            seat = deal.action(i).get("player")
            if seat not in (0, 2):
                continue
            reason = deal.reason(i)
            if reason is None:
                missing += 1
                deal.go(i - 1)
                judged = make_bot("expert", seeds[seat], rollouts=0).decide(deal.view(seat)).action
                assert judged != deal.action(i), f"seed {seed} step {i}: a reason was there to give"
            else:
                given += 1
                assert reason["key"] in REASONS, f"seed {seed} step {i}"
        if missing:
            break
    assert given > 3 * missing, (given, missing)
    assert missing, "in 12 deals the search changed none of the expert's moves: the test proves less"
