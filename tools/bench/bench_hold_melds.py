"""Basic rummy: should hard keep complete melds in hand, or meld as soon as it can?

    PYTHONPATH=py:tools python tools/bench/bench_hold_melds.py --players 2 --seed 940001 --seeds 1000
        [--hero melds|holds] [--jobs 2]

Hard (``HardBot``) keeps new melds in hand in Perusrommi while every opponent has more than
``HOLD_MELDS_WHILE_ABOVE`` cards, unless it can go out this turn (``HardBot.meld_more``): a meld
on the table is a place for opponents to lay off (rule B4), but a meld in hand is points counted
to whoever goes out (B8). This plays the two against each other with the project's tournament
(``rommilab.tournament.play_match``: the same deals, bot seeds and rules as its runs): one seat
plays ``--hero`` (``melds``: hard with ``holds_melds`` off; ``holds``: hard as it is) and every
other seat the other one.

Paired seeds: each seed is played once with the hero in every seat (``players`` matches a seed),
so every seat's cards go to the hero once and most of the luck of the deal cancels. Printed: the
hero's share of match wins with a 95% Wilson interval over all matches (a win shared by ``k``
players counts ``1/k``), the same share paired by seed (the mean over seeds of the hero's share
across its seats, with its standard error over seeds), its points won per deal against the
field's (B8), the share of deals it went out in, and the run's CPU time and load average.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

from rommi.bots import make_bot
from rommi.bots.base import Bot
from rommi.bots.hard import HardBot
from rommilab import tournament
from rommilab.tournament import MatchResult, play_match, wilson

MELDS = "hard-melds"
HOLDS = "hard"


class MeldsAtOnce(HardBot):
    """Hard, but in basic rummy it lays down every complete meld as soon as it holds it."""

    holds_melds = False


def _make_bot(level: str, seed: int = 0, **search: Any) -> Bot:
    """The tournament's ``make_bot`` with one more level: ``MELDS``."""
    if level == MELDS:
        return MeldsAtOnce(seed)
    return make_bot(level, seed, **search)


@dataclass(frozen=True)
class Task:
    players: int
    seed: int
    hero_seat: int
    hero: str
    fld: str


def _play(task: Task) -> MatchResult:
    levels = [task.hero if s == task.hero_seat else task.fld for s in range(task.players)]
    return play_match("basic", task.players, task.seed, levels, hero_seat=task.hero_seat, time_it=False)


def run(players: int, seed: int, seeds: int, hero: str, fld: str, jobs: int) -> Iterator[MatchResult]:
    """Every seed of ``seed .. seed + seeds - 1`` with the hero in each seat in turn, in order."""
    tasks = [Task(players, x, h, hero, fld) for x in range(seed, seed + seeds) for h in range(players)]
    # play_match builds its bots with the tournament's make_bot; ours knows MELDS too (and the
    # forked workers inherit it).
    tournament.make_bot = _make_bot  # type: ignore[assignment]
    if jobs <= 1:
        yield from map(_play, tasks)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_play, tasks, chunksize=8)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def _se(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("nan")
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def summary(results: Sequence[MatchResult], players: int, hero: str, fld: str) -> list[str]:
    n = len(results)
    wins = float(sum(r.hero_share for r in results))
    shared = sum(1 for r in results if 0 < r.hero_share < 1)
    lo, hi = wilson(wins, n)
    by_seed: dict[int, list[MatchResult]] = {}
    for r in results:
        by_seed.setdefault(r.seed, []).append(r)
    seed_share = [_mean([float(r.hero_share) for r in rs]) for rs in by_seed.values()]
    # points won per deal, the hero's minus the field's mean, match by match, averaged by seed
    seed_points: list[float] = []
    hero_deals: list[int] = []
    field_deals: list[float] = []
    out_deals = 0
    for rs in by_seed.values():
        diffs = []
        for r in rs:
            for row in r.deal_scores:
                mine = row[r.hero_seat]
                others = [x for s, x in enumerate(row) if s != r.hero_seat]
                hero_deals.append(mine)
                field_deals.extend(others)
                out_deals += mine > 0
                diffs.append(mine - _mean(others))
        seed_points.append(_mean(diffs))
    deals = len(hero_deals)
    fair = 1 / players
    names = {MELDS: "melds at once", HOLDS: "holds its melds"}
    return [
        f"basic rummy, {players} players: hero hard that {names[hero]} vs field hard that {names[fld]}",
        f"{len(by_seed)} seeds, each with the hero in all {players} seats: {n} matches, {deals} deals",
        f"hero match-win share: {wins / n:.1%} ({wins:g} of {n}; a win shared by k players counts 1/k, "
        f"{shared} shared) 95% Wilson interval [{lo:.1%}, {hi:.1%}]; fair share {fair:.1%}",
        f"paired by seed: {_mean(seed_share) - fair:+.3f} of a match against the fair share "
        f"(standard error {_se(seed_share):.3f} over {len(seed_share)} seeds)",
        f"mean points won per deal: hero {_mean(hero_deals):.2f}, field {_mean(field_deals):.2f}; "
        f"hero minus field, paired by seed {_mean(seed_points):+.2f} (standard error {_se(seed_points):.2f})",
        f"deals the hero went out in: {out_deals / deals:.1%} (fair share {fair:.1%})",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=940001, help="the first seed")
    ap.add_argument("--seeds", type=int, default=100, help="how many seeds (each played in every seat)")
    ap.add_argument("--hero", choices=("melds", "holds"), default="melds")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.seeds < 1:
        ap.error("--seeds must be at least 1")
    hero, fld = (MELDS, HOLDS) if args.hero == "melds" else (HOLDS, MELDS)
    load0 = os.getloadavg()
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    results = list(run(args.players, args.seed, args.seeds, hero, fld, args.jobs))
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0 + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    load1 = os.getloadavg()
    print(f"seeds {args.seed}-{args.seed + args.seeds - 1}")
    print("\n".join(summary(results, args.players, hero, fld)))
    print(
        f"{len(results) / wall:.1f} matches per second ({wall:.0f} s wall, {cpu:.0f} s CPU, "
        f"{args.jobs} jobs); load average {load0[0]:.1f} before, {load1[0]:.1f} after"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
