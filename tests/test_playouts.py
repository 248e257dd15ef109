"""Seeded random playouts: whole matches of random actions with the engine's invariants checked.

After every action: every card is conserved and the deck's composition holds;
a refused action changes nothing; a game restored from a save at random points
plays on identically; every deal ends within a bound. ``tools/bench/bench_playouts.py``
runs 1,000 matches per variant; the suite runs a sample across every player count.
"""

from __future__ import annotations

import pytest

from rommilab.randomplay import play_match

CONTRACT_CASES = [(n, opts) for n in range(3, 9) for opts in (None, {"max_buys": 3})] + [
    (4, {"runs_differ_in_suit": True, "jokers": 4}),
    (3, {"jokers": 0}),
]
BASIC_CASES = [(n, None) for n in range(2, 8)] + [
    (2, {"jokers": 2, "ace_high": True}),
    (3, {"hand_size": 7}),
    (4, {"decks": 2, "jokers": 3}),
    (2, {"target": 30}),
]


@pytest.mark.parametrize(("players", "options"), CONTRACT_CASES)
def test_contract_playouts_keep_invariants(players: int, options: dict | None) -> None:
    """rules G1, G8, G10, C6, C11, C13, C15: random contract matches conserve cards and end."""
    seed = 100 + players
    stats = play_match("contract", players, seed, options)
    assert stats.deals == 7, f"seed={seed}"
    assert stats.events["discard"] > 0 and stats.events["draw"] > 0, f"seed={seed}"


@pytest.mark.parametrize(("players", "options"), BASIC_CASES)
def test_basic_playouts_keep_invariants(players: int, options: dict | None) -> None:
    """rules G1, G8, B6, B7, B9: random basic games conserve cards and reach an end."""
    seed = 200 + players
    stats = play_match("basic", players, seed, options, deal_bound=3000)
    assert stats.deals >= 1, f"seed={seed}"
    assert stats.outs >= 1, f"nobody ever went out, seed={seed}"
