"""The expert's decision time against its budget, and how much it searches.

    PYTHONPATH=py python tools/bench/bench_expert.py [--variant contract] [--players 4] [--budget 1.0]
        [--matches 2] [--seed 1] [--field hard] [--contract-search]

Plays whole matches of one expert against a field of another level and prints
the expert's decision time (p50, p95, max) against the budget, how many
decisions went over it by more than 10%, how many decisions it searched, the
sampled games a searched decision weighed (p50 and min), and how often the
search replaced hard's choice. In contract rummy the expert searches only with
``--contract-search`` (``ExpertBot.searches``). Run it on a quiet machine: the budget is wall
clock, so another busy process makes rollouts fewer and the tail longer.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from rommi.bots import make_bot
from rommi.bots.expert import ExpertBot
from rommi.game import Game


def pct(xs: Sequence[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(p * len(s)) - 1))]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=("contract", "basic"), default="contract")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--field", default="hard")
    ap.add_argument("--contract-search", action="store_true", help="search in contract rummy too")
    args = ap.parse_args(argv)
    times: list[float] = []
    worlds: list[int] = []
    replaced = 0
    clock = time.perf_counter
    t_all = clock()
    for m in range(args.matches):
        seed = args.seed + m
        hero = seed % args.players
        game = Game.new(args.variant, args.players, seed=seed)
        expert = ExpertBot(seed, budget=args.budget, contract_search=args.contract_search)
        bots = [expert if s == hero else make_bot(args.field, seed * 31 + s) for s in range(args.players)]
        while not game.over:
            seat = game.to_act
            if seat is None:
                game.apply({"type": "next_deal"})
                continue
            view = game.view(seat)
            t0 = clock()
            d = bots[seat].decide(view)
            dt = clock() - t0
            if seat == hero:
                times.append(dt)
                if expert.searched:
                    worlds.append(expert.searched)
                    replaced += d.key.endswith("_search")
            game.apply(d.action)
    b = args.budget
    late = sum(1 for x in times if x > 1.1 * b)
    print(
        f"{args.variant} rummy, {args.players} players, expert vs {args.field}, {args.matches} matches, "
        f"budget {b:g} s ({time.strftime('%H:%M:%S')}, load {os.getloadavg()[0]:.2f})"
    )
    print(
        f"decision time: p50 {pct(times, 0.5) * 1e3:.1f} ms, p95 {pct(times, 0.95) * 1e3:.1f} ms, "
        f"max {max(times, default=0) * 1e3:.1f} ms over {len(times)} decisions; "
        f"{late} over the budget by more than 10% (limit {1.1 * b * 1e3:.0f} ms)"
    )
    print(
        f"searched {len(worlds)} decisions: sampled games each p50 {pct(worlds, 0.5):.0f}, "
        f"min {min(worlds, default=0)}; the search replaced hard's choice {replaced} times"
    )
    print(f"{clock() - t_all:.0f} s")
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main())
