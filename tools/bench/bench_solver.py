"""Benchmark the hand solver (``rommi.solver``) on seeded random hands.

For 11- and 13-card hands with 0, 1 and 2 jokers, dealt from one, two and three
decks, prints the time per hand (p50, p95 and mean, in microseconds) of:

- ``contract``: ``best_arrangement`` with a contract and ``min_left=1`` (rule C10),
  the seven contracts of rule C4 in turn over the hands (``--per-contract``
  prints each contract on its own line instead);
- ``can_meet``: the contract feasibility check alone, same mix;
- ``basic``: ``min_deadwood`` with basic rummy values (rule B8);
- ``basic_arr``: ``best_arrangement`` without a contract (the melds as well).

Standard library only; the hands depend only on ``--seed``.

    PYTHONPATH=py python tools/bench/bench_solver.py [--n 300] [--seed 1] [--per-contract]
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from rommi.cards import JOKER, Card, basic_value, contract_penalty, standard_deck
from rommi.solver import CONTRACTS, best_arrangement, can_meet, min_deadwood

Hand = list[Card]


def deal(n: int, size: int, jokers: int, decks: int, seed: int) -> list[Hand]:
    """``n`` hands of ``size`` cards: ``jokers`` jokers and naturals from ``decks`` decks."""
    rng = random.Random(f"{seed}-{size}-{jokers}-{decks}")
    pack = standard_deck() * decks
    hands = []
    for _ in range(n):
        hand = rng.sample(pack, size - jokers) + [JOKER] * jokers
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def pct(sorted_vals: Sequence[float], p: float) -> float:
    return sorted_vals[min(len(sorted_vals) - 1, max(0, math.ceil(p * len(sorted_vals)) - 1))]


def timed(fn: Callable[[int, Hand], object], hands: Sequence[Hand]) -> list[float]:
    """Per-hand wall time in microseconds, gc off while timing (as ``timeit`` does)."""
    for i, h in enumerate(hands[:10]):
        fn(i, h)  # warm-up
    clock = time.perf_counter_ns
    times = []
    gc.collect()
    gc.disable()
    try:
        for i, h in enumerate(hands):
            t0 = clock()
            fn(i, h)
            times.append((clock() - t0) / 1000.0)
    finally:
        gc.enable()
    return times


def line(label: str, size: int, jokers: int, decks: int, times: list[float], extra: str = "") -> None:
    s = sorted(times)
    mean = sum(s) / len(s)
    print(
        f"{label:<12} size={size} jokers={jokers} decks={decks} "
        f"p50_us={pct(s, 0.5):8.1f} p95_us={pct(s, 0.95):8.1f} mean_us={mean:8.1f}{extra}",
        flush=True,
    )


def basic_ace_low(card: Card) -> int:
    return basic_value(card, False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300, help="hands per line")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="11,13")
    ap.add_argument("--per-contract", action="store_true", help="one line per contract")
    a = ap.parse_args()
    t_start = time.perf_counter()
    for size in (int(x) for x in a.sizes.split(",")):
        for jokers in (0, 1, 2):
            for decks in (1, 2, 3):
                hands = deal(a.n, size, jokers, decks, a.seed)
                if a.per_contract:
                    for k, c in enumerate(CONTRACTS):

                        def one(i: int, h: Hand, c: object = c) -> object:
                            return best_arrangement(h, contract_penalty, contract=c, min_left=1)  # type: ignore[arg-type]

                        met = sum(
                            best_arrangement(h, contract_penalty, contract=c, min_left=1) is not None
                            for h in hands
                        )
                        line(
                            f"deal{k + 1}", size, jokers, decks, timed(one, hands), f" met={met}/{len(hands)}"
                        )
                else:
                    met = sum(
                        best_arrangement(h, contract_penalty, contract=CONTRACTS[i % 7], min_left=1)
                        is not None
                        for i, h in enumerate(hands)
                    )
                    line(
                        "contract",
                        size,
                        jokers,
                        decks,
                        timed(
                            lambda i, h: best_arrangement(
                                h, contract_penalty, contract=CONTRACTS[i % 7], min_left=1
                            ),
                            hands,
                        ),
                        f" met={met}/{len(hands)}",
                    )
                    line(
                        "can_meet",
                        size,
                        jokers,
                        decks,
                        timed(lambda i, h: can_meet(h, CONTRACTS[i % 7], min_left=1), hands),
                    )
                line("basic", size, jokers, decks, timed(lambda i, h: min_deadwood(h, basic_ace_low), hands))
                line(
                    "basic_arr",
                    size,
                    jokers,
                    decks,
                    timed(lambda i, h: best_arrangement(h, basic_ace_low), hands),
                )
    print(f"total_secs={time.perf_counter() - t_start:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
