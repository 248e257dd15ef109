"""Judge the expert's overrides of hard: both choices played on by hard in every seat.

    PYTHONPATH=py python tools/bench/judge_expert.py [--variant contract] [--players 4] [--seeds 1-6]
        [--rollouts 24] [--games 24]

Plays matches of hard in every seat. At each decision of the seat the expert
would hold, it asks the expert (a fixed number of sampled games, so the run is
reproducible) and hard; where they differ it deals ``--games`` games from that
seat's view (uniformly, not the expert's weighted way), plays each choice on to
the end of the deal with hard in every seat, and prints the mean difference in
the seat's result against the others' mean (positive: the expert's choice did
better) with its standard error. The match then goes on with hard's choice. The
mean over all overrides, by reason key, says whether the search's judgement
holds up when the rest of the deal is played well; the expert's own rollouts
use a much faster, plainer player.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections.abc import Sequence

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from rommi.bots.expert import ExpertBot
from rommi.bots.hard import HardBot
from rommi.game import Game
from rommi.sampling import sample_game


def relative(row: Sequence[int], seat: int, contract: bool) -> float:
    others = [x for i, x in enumerate(row) if i != seat]
    d = row[seat] - sum(others) / len(others)
    return -d if contract else d


def finish(game: Game, seat: int, bots: Sequence[HardBot]) -> float:
    """Play the deal to its end with hard in every seat; the seat's result against the others' mean."""
    while game.to_act is not None:
        p = game.to_act
        game.apply(bots[p].choose(game.view(p)))
    row = game.view(seat)["deal_scores"][-1]
    return relative(row, seat, game.variant == "contract")


def seeds_of(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=("contract", "basic"), default="contract")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seeds", default="1-6", help="match seeds, e.g. 1-6")
    ap.add_argument("--rollouts", type=int, default=24, help="the expert's sampled games per decision")
    ap.add_argument("--games", type=int, default=24, help="games dealt to judge each override")
    args = ap.parse_args(argv)
    players = args.players
    hards = [HardBot(100 + s) for s in range(players)]
    by_key: dict[str, list[float]] = {}
    for seed in seeds_of(args.seeds):
        game = Game.new(args.variant, players, seed=seed)
        hero = seed % players
        expert = ExpertBot(seed, rollouts=args.rollouts)
        hard = HardBot(seed)
        while not game.over:
            p = game.to_act
            if p is None:
                game.apply({"type": "next_deal"})
                continue
            view = game.view(p)
            if p != hero:
                game.apply(hards[p].choose(view))
                continue
            d, h = expert.decide(view), hard.decide(view)
            if d.action != h.action:
                diffs = []
                for k in range(args.games):
                    world = sample_game(view, random.Random(10**6 + k), check=False)
                    a, b = world.copy(), world.copy()
                    a.apply(d.action)
                    b.apply(h.action)
                    diffs.append(finish(a, hero, hards) - finish(b, hero, hards))
                mean = statistics.mean(diffs)
                se = statistics.stdev(diffs) / len(diffs) ** 0.5
                by_key.setdefault(d.key, []).append(mean)
                where = f"seed {seed} deal {view['deal']} {d.key}"
                print(f"{where} {json.dumps(d.action)} over {json.dumps(h.action)}: {mean:+.1f} ± {se:.1f}")
            game.apply(h.action)
    every = [x for xs in by_key.values() for x in xs]
    for key, xs in sorted(by_key.items()):
        print(f"{key}: {len(xs)} overrides, mean {statistics.mean(xs):+.2f} points a deal")
    if every:
        print(f"all: {len(every)} overrides, mean {statistics.mean(every):+.2f} points a deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
