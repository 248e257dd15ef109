"""Each level's goal, played on fresh seeds: is every computer player still as strong as we say?

    PYTHONPATH=py:tools python -m rommilab.ladder [--seed N] [--scale 1.0] [--only NAME ...] [--jobs 2]

A change to one level's play can cost another level its edge without anyone noticing: the expert
lost its lead in basic rummy while every change was measured in the contract game only (issue 44).
So before a change to the computer players is closed, the whole ladder is played again, each rung
on seeds no run has used (by default the clock picks a base, printed so that the run can be
repeated with ``--seed``), at the default budget (the expert's 1 s a decision, as in the page).

Each rung prints its seeds, the hero's share of match wins with a 95% Wilson interval, its goal
and a verdict: ``met`` (the share reaches the goal), ``not shown`` (below it, but the interval
still holds it) or ``BELOW`` (the whole interval lies under the goal). The command exits 1 when a
rung is ``BELOW``, 0 otherwise. The sizes fit the two-core machine (about 30 minutes alone at
``--jobs 2``); ``--scale`` multiplies them. One run of a few dozen matches moves by ten points of
share by luck alone: ``met`` on a small rung is a check that nothing broke, not a measurement.
The expert's rungs depend on the clock, so run it alone on the machine; the load average is
printed before and after.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .tournament import MatchResult, run, wilson


@dataclass(frozen=True)
class Rung:
    """One level's goal: its share of match wins against a field of another level."""

    name: str
    variant: str
    players: int
    hero: str
    fld: str
    goal: float
    matches: int
    why: str
    """Where the goal comes from."""


RUNGS: tuple[Rung, ...] = (
    Rung("contract-normal", "contract", 4, "normal", "easy", 0.70, 400, "77.5% when the levels were set"),
    Rung("contract-hard", "contract", 4, "hard", "normal", 0.55, 400, "58.1% [53.2, 62.9] in issue 13"),
    Rung("contract-expert", "contract", 4, "expert", "hard", 0.35, 100, "issue 13's goal"),
    Rung("basic-hard", "basic", 2, "hard", "normal", 0.60, 400, "64.2% when the levels were set"),
    Rung("basic-expert", "basic", 2, "expert", "hard", 0.60, 60, "issue 13's goal"),
    Rung("basic-expert-4", "basic", 4, "expert", "hard", 0.35, 40, "issue 44's goal"),
)
"""The ladder. Goals below a rung's first measured share leave room for luck; the expert's are the
goals issues 13 and 44 set. Rungs without the expert take seconds a hundred matches, so they play
more; the expert's basic rungs think about a second a move and take most of the run's time."""

SEED_BLOCK = 100_000
"""Seeds between one rung's first match and the next rung's: rungs never share a seed."""


@dataclass(frozen=True)
class Result:
    rung: Rung
    seed: int
    matches: int
    wins: float
    seconds: float

    @property
    def share(self) -> float:
        return self.wins / self.matches

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.matches)

    @property
    def verdict(self) -> str:
        if self.share >= self.rung.goal:
            return "met"
        return "BELOW" if self.interval[1] < self.rung.goal else "not shown"

    def line(self) -> str:
        r = self.rung
        lo, hi = self.interval
        last = self.seed + self.matches - 1
        return (
            f"{r.name}: {r.variant} {r.players} players, {r.hero} vs {r.fld}, seeds {self.seed}-{last}: "
            f"{self.wins:g} of {self.matches}, {self.share:.1%} [{lo:.1%}, {hi:.1%}]; goal {r.goal:.0%} "
            f"({r.why}): {self.verdict} ({self.seconds:.0f} s)"
        )


def fresh_seed(now: float | None = None) -> int:
    """A base no earlier run used: seeds up to a few million were hand-picked, so the clock's
    minutes times 1,000 (tens of billions) are new, and two runs a minute apart do not overlap
    in their first rung's first thousand matches."""
    minutes = int((time.time() if now is None else now) // 60)
    return minutes * 1000


def play(rung: Rung, seed: int, matches: int, jobs: int) -> Result:
    """Play one rung's matches at the default budget and count the hero's match wins."""
    start = time.perf_counter()
    results: list[MatchResult] = list(
        run(rung.variant, rung.players, rung.hero, rung.fld, matches, seed=seed, jobs=jobs)
    )
    wins = float(sum(r.hero_share for r in results))
    return Result(rung, seed, matches, wins, time.perf_counter() - start)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rommilab.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=None, help="base seed (default: fresh, from the clock)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every rung's number of matches")
    ap.add_argument("--only", nargs="+", choices=[r.name for r in RUNGS], help="play only these rungs")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = ap.parse_args(argv)
    if not args.scale > 0:
        ap.error("--scale must be positive")
    base = fresh_seed() if args.seed is None else args.seed
    chosen = [r for r in RUNGS if not args.only or r.name in args.only]
    return climb(chosen, base, args.scale, args.jobs)


def climb(rungs: Sequence[Rung], base: int, scale: float = 1.0, jobs: int = 2) -> int:
    """Play ``rungs`` (rung ``i`` of ``RUNGS`` from seed ``base + i * SEED_BLOCK``, others after
    them), print each result, and return 1 if one is ``BELOW`` its goal."""
    print(f"ladder: base seed {base} (repeat with --seed {base}); {load()}", flush=True)
    below = 0
    for rung in rungs:
        i = RUNGS.index(rung) if rung in RUNGS else len(RUNGS) + list(rungs).index(rung)
        matches = max(1, math.ceil(rung.matches * scale))
        result = play(rung, base + i * SEED_BLOCK, matches, jobs)
        below += result.verdict == "BELOW"
        print(result.line(), flush=True)
    print(f"done; {load()}; {below} rung(s) below their goal")
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main())
