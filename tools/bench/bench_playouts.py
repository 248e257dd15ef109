"""Seeded random playouts as a benchmark: invariants checked after every action.

    python tools/bench/bench_playouts.py [--matches 1000] [--variant contract|basic|both] [--jobs 2]

Plays ``--matches`` whole matches per variant, cycling through every player
count and the main house rules, with ``rommilab.randomplay.play_match`` checking
card conservation, unchanged state after refusals, save/restore replays and
deal length. Prints actions per second and matches per second. A broken
invariant prints its seed and exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

from rommilab.randomplay import InvariantBroken, play_match

CONTRACT_SETUPS: list[tuple[int, dict[str, Any] | None]] = [
    (n, o) for n in range(3, 9) for o in (None, {"max_buys": 3}, {"runs_differ_in_suit": True, "jokers": 4})
]
BASIC_SETUPS: list[tuple[int, dict[str, Any] | None]] = [
    (n, o) for n in range(2, 8) for o in (None, {"jokers": 2, "ace_high": True})
] + [(3, {"hand_size": 7}), (4, {"decks": 2})]


def _one(job: tuple[str, int, dict[str, Any] | None, int]) -> tuple[int, int, int, int, int, str]:
    variant, players, options, seed = job
    try:
        st = play_match(variant, players, seed, options)
    except InvariantBroken as e:
        return 0, 0, 0, 0, 0, str(e)
    return st.actions, st.refused, st.deals, st.outs, st.longest_deal, ""


def run(variant: str, matches: int, jobs: int) -> bool:
    setups = CONTRACT_SETUPS if variant == "contract" else BASIC_SETUPS
    work = [(variant, *setups[i % len(setups)], 10_000 + i) for i in range(matches)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_one, work, chunksize=4))
    wall = time.perf_counter() - start
    failures = [r[5] for r in results if r[5]]
    actions = sum(r[0] for r in results)
    refused = sum(r[1] for r in results)
    deals = sum(r[2] for r in results)
    outs = sum(r[3] for r in results)
    longest = max(r[4] for r in results)
    print(f"{variant}: {matches} matches over {len(setups)} setups, {jobs} processes, {wall:.1f} s")
    print(
        f"  matches/s {matches / wall:.2f}   actions/s {actions / wall:,.0f}"
        f" (refused tries/s {refused / wall:,.0f})"
    )
    print(f"  deals {deals}, deals someone went out {outs}, longest deal {longest} actions")
    print(f"  invariant failures: {len(failures)}")
    for f in failures[:5]:
        print("   ", f)
    return not failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--variant", choices=("contract", "basic", "both"), default="both")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    variants = ("contract", "basic") if args.variant == "both" else (args.variant,)
    ok = all([run(v, args.matches, args.jobs) for v in variants])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
