"""The expert's rollout player as a player of its own, against a level: how good are its rollouts?

    python tools/bench/bench_rollout.py [--variant basic|contract] [--players N] [--field hard]
                                  [--matches 400] [--seed 7001]

The expert weighs a move by playing the deal on with a fast rule-of-thumb
player (``rommi.bots.rollout.Rollout``) in every seat. A rollout judges moves
only as well as that player plays the levels it stands in for, so this plays
whole seeded matches with it in one seat (rotated: seat ``seed % players``)
against the ``--field`` level in the others, and prints its share of match
wins (95% Wilson interval) and its points a deal against the others' mean.

It plays the real game's state, reading what its seat could know: its own
hand, the top discard, the melds on the table and the hand sizes. It never
looks at another hand.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

from rommi.bots import make_bot
from rommi.bots.expert import takes_after
from rommi.bots.rollout import Rollout
from rommi.game import Game
from rommi.names import ActionType
from rommilab.tournament import wilson


def play(variant: str, players: int, seed: int, field: str) -> tuple[float, list[float]]:
    """One match: the rollout player's share of the win, and its result a deal against the others'
    mean (points won in basic rummy, B8; penalty points saved in the contract game, C14)."""
    seat = seed % players
    game = Game.new(variant, players, seed=seed)
    bots = {s: make_bot(field, seed * 31 + s) for s in range(players) if s != seat}
    player = Rollout(game, seat, 1 << 30)
    takes = 0
    while not game.over:
        p = game.to_act
        if p is None:
            game.apply({"type": ActionType.NEXT_DEAL})
            player = Rollout(game, seat, 1 << 30)
            takes = 0
            continue
        if p == seat:
            takes = player.act(game, p, takes)
            continue
        action = bots[p].choose(game.view(p))
        game.apply(action)
        takes = takes_after(action, takes)
    winners = game.winners()
    sign = -1.0 if variant == "contract" else 1.0
    rows = game.view(seat)["deal_scores"]
    per_deal = [sign * (r[seat] - (sum(r) - r[seat]) / (players - 1)) for r in rows]
    return (1.0 / len(winners) if seat in winners else 0.0), per_deal


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=("basic", "contract"), default="basic")
    ap.add_argument("--players", type=int, default=None, help="2 in basic rummy, 4 in the contract game")
    ap.add_argument("--field", default="hard")
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7001)
    args = ap.parse_args()
    players = args.players or (2 if args.variant == "basic" else 4)
    t0 = time.perf_counter()
    wins = 0.0
    deals: list[float] = []
    for seed in range(args.seed, args.seed + args.matches):
        share, per_deal = play(args.variant, players, seed, args.field)
        wins += share
        deals.extend(per_deal)
    lo, hi = wilson(wins, args.matches)
    print(
        f"{args.variant} rummy, {players} players: the rollout player vs {players - 1} {args.field}, "
        f"{args.matches} matches from seed {args.seed}"
    )
    print(
        f"match-win share: {100 * wins / args.matches:.1f}% ({wins:g} of {args.matches}) "
        f"95% Wilson interval [{100 * lo:.1f}%, {100 * hi:.1f}%]; fair share {100 / players:.1f}%"
    )
    what = "penalty points saved" if args.variant == "contract" else "points won"
    print(f"{what} a deal against the others' mean: {sum(deals) / len(deals):+.2f} over {len(deals)} deals")
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
