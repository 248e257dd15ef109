"""How often "Ask me to buy: only when the card fits" asks, before and after it heeds the Hint.

    PYTHONPATH=py python tools/bench/measure_buy_prompt.py [--matches 40] [--seed 1] [--players 4]

Plays seeded Sitoumusrommi matches of normal computer players (seat 0 too) and, at every offer
of a discard to seat 0 (not its own discard, which the table passes for you), asks two rules
whether the prompt would show it:

- before: a card fits when the engine's tests say so (``buyprompt.engine_fit``: a joker, the
  contract, a meld with your cards, a lay-off or joker swap) or the hard player would buy it;
- after (``buyprompt.buy_fit``): the same, but never a card the Hint's player judges no help
  (``buyprompt.helps``).

Prints the offers, how many each rule asks about (and the share), how many of the old rule's
asks the Hint called no help, and the same for the last deal (C12), where the report came from.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from rommi.bots import make_bot
from rommi.game import Game
from rommi.names import ActionType
from ui.model.buyprompt import advice, buy_fit, engine_fit


def buy_offers(seeds: Iterable[int], players: int = 4) -> Iterator[dict[str, Any]]:
    """Seat 0's view at every offer of a discard to it (not its own) in whole matches of normal
    computer players, seat 0 included, one match for each seed."""
    for seed in seeds:
        game = Game.new("contract", players, seed=seed)
        bots = [make_bot("normal", seed * 31 + s) for s in range(players)]
        thrower: int | None = None
        while not game.over:
            seat = game.to_act
            if seat is None:
                game.apply({"type": "next_deal", "player": 0})
                continue
            view = game.view(seat)
            if seat == 0 and view["phase"] == "buy" and thrower != 0:
                yield view
            action = bots[seat].choose(view)
            if action.type == ActionType.DISCARD:
                thrower = seat
            game.apply(action)


def offers(matches: int, seed: int, players: int) -> Counter[str]:
    """Counts over the matches: "offers", "before", "after", "no_help" (asked before, the Hint
    said no help), "dropped:<reason>" (asked before, not now); each also with a "final:"
    prefix for the last deal."""
    n: Counter[str] = Counter()
    for view in buy_offers(range(seed, seed + matches), players):
        found = advice(view)
        before = engine_fit(view) is not None or found["action"].type == ActionType.BUY
        after = buy_fit(view) is not None
        for prefix in ("", "final:") if view["deal"] == view["deals"] else ("",):
            n[prefix + "offers"] += 1
            n[prefix + "before"] += before
            n[prefix + "after"] += after
            n[prefix + "no_help"] += before and found["reason"]["key"] == "pass_no_help"
            if before and not after:
                n[prefix + "dropped:" + found["reason"]["key"]] += 1
    return n


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    n = offers(args.matches, args.seed, args.players)
    for prefix, what in (("", "all deals"), ("final:", "the last deal")):
        total = n[prefix + "offers"] or 1
        print(f"{what}: {n[prefix + 'offers']} offers to seat 0")
        for key, words in (("before", "asked before"), ("after", "asked now")):
            print(f"  {words}: {n[prefix + key]} ({100 * n[prefix + key] / total:.1f}%)")
        print(f"  asked before although the Hint said it does not help: {n[prefix + 'no_help']}")
        dropped = sorted((k.split(":")[-1], v) for k, v in n.items() if k.startswith(prefix + "dropped:"))
        print("  no longer asked, by the Hint's reason: " + ", ".join(f"{k} {v}" for k, v in dropped))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
