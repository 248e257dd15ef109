"""How often the coach speaks: its messages per deal when a learner plays like the normal computer player.

    PYTHONPATH=py nice -n 19 python tools/bench/bench_coach.py [--deals 200] [--seed 1]

Plays ``--deals`` seeded deals of each game (Sitoumusrommi for four, its deals 1-7 in turn;
Perusrommi for two) with normal computer players in every seat (``--learner easy``: seat 0 by
the easy one, who forgets a lay-off in three and buys and throws at random, to see the coach
speak to a weaker learner). Seat 0 stands in for a learner:
before each of its moves the coach (``ui.model.coach.concern``) is asked what it would say, as
the table asks it before a person's move. A buy offer counts when the buy prompt shows it under
the default setting ("only when the card fits", ``ui.model.buyprompt.asks``) and the coach's
sentence is in it, whether or not seat 0 then buys: the prompt is the question. Prints, per game,
the messages per deal (the goal: at most 1 on average), how many deals heard any, the messages by
case, and the CPU time the coach's judgement took per question asked of it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from rommi.actions import Discard
from rommi.bots import make_bot
from rommi.game import Game, Phase
from ui.model.buyprompt import asks
from ui.model.coach import buy_concern, concern

GAMES = (("contract", 4), ("basic", 2))


def one_deal(
    variant: str, players: int, seed: int, learner: str = "normal"
) -> tuple[Counter[str], list[float]]:
    """The coach's messages to seat 0 in one deal, by case, and its judgement's CPU seconds for
    each move of seat 0."""
    deal = 1 + seed % 7 if variant == "contract" else 1
    game = Game.new(variant, players, seed=seed, deal=deal)
    bots = [make_bot(learner if s == 0 else "normal", seed * 31 + s) for s in range(players)]
    said: Counter[str] = Counter()
    spent: list[float] = []
    while game.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        move = bots[seat].choose(view)
        if seat == 0:
            start = time.process_time()
            found = None
            if view["phase"] == Phase.BUY and view["buy_card"] is not None and asks("fits", view):
                found = buy_concern(view)
            elif isinstance(move, Discard):
                found = concern(game, 0, move)
            spent.append(time.process_time() - start)
            if found is not None:
                said[found.key] += 1
        game.apply(move)
    return said, spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learner", choices=("normal", "easy"), default="normal", help="who plays seat 0")
    args = parser.parse_args(argv)
    print(
        f"{args.deals} seeded deals per game (seeds {args.seed}..{args.seed + args.deals - 1}), "
        f"seat 0 played by the {args.learner} computer player, the others by normal ones"
    )
    for variant, players in GAMES:
        total: Counter[str] = Counter()
        heard = 0
        spent: list[float] = []
        worst = 0
        for seed in range(args.seed, args.seed + args.deals):
            said, cpu = one_deal(variant, players, seed, args.learner)
            total += said
            heard += bool(said)
            worst = max(worst, sum(said.values()))
            spent += cpu
        count = sum(total.values())
        cases = ", ".join(f"{k.removeprefix('coach.')} {v}" for k, v in sorted(total.items())) or "none"
        print(
            f"{variant} ({players} players): {count} messages in {args.deals} deals = "
            f"{count / args.deals:.2f} per deal (goal <= 1); deals with any: {heard}; "
            f"most in one deal: {worst}"
        )
        print(f"  by case: {cases}")
        mean, most = 1000 * sum(spent) / max(1, len(spent)), 1000 * max(spent, default=0.0)
        print(
            f"  judgement CPU per move of seat 0: {mean:.2f} ms on average, {most:.1f} ms at most "
            f"({len(spent)} moves)"
        )


if __name__ == "__main__":
    main()
