"""Seeded bot matches: how strong is one level against a field of another?

    PYTHONPATH=py:tools python -m rommilab.tournament --variant contract --players 4 \\
        --hero hard --field normal --matches 400 [--seed 1] [--jobs 2]

Match ``i`` is played from seed ``seed + i`` with the hero in seat ``(seed + i)
mod players``, so the hero sits in every seat in turn, and runs with the same
``--seed`` deal the same cards whichever levels play them. Every action is applied to a real ``Game``: an
illegal one stops the run with the seed that shows it (rules G10).

``--budget`` (seconds) or ``--rollouts`` (sampled games) sets the expert's
search per decision; the default is its browser budget, 1 s. The expert searches
in basic rummy only; ``--contract-search`` makes it search in the contract game
too, to measure that choice again.

Printed: the hero's share of match wins with a 95% Wilson interval (a win
shared by k tied players counts 1/k, rules C15 and B9), the mean match totals,
the mean score per deal (contract: penalty points, C14; basic: points won, B8),
each level's decision latency (p50, p95, max) and matches per second.

Two levels are compared more sharply on the same seeds, deal by deal: ``--save
FILE`` keeps each match's deal scores, and a later run of the same seeds with
``--paired FILE`` prints the hero's mean difference per deal against that run
(its standard error, and by deal number), and match by match the difference in
the hero's share of the win (its standard error, and in how many matches it won
more or less). The seats and the cards dealt are the same in both, so most of
the luck of the deal cancels; what is left is the difference the two heroes'
play made, and whatever their choices changed later.

A change that acts in one deal only is compared faster from that deal on: ``--keep-states FILE
--deal N`` saves each match's game as deal ``N`` begins (``Game.to_dict``; a basic match over
before then is saved as it ended), and ``--from-states FILE`` plays the same seeds on from those
games instead of from the first deal. No level keeps anything between decisions (each reads only
its view), so a level replayed from a kept game plays exactly the match it played whole, and a
variant replayed from it differs only where its play differs. Pair the replays with each other:
``--save`` the unchanged level's replay, then ``--paired`` the variant's.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rommi.bots import LEVELS, make_bot
from rommi.errors import IllegalAction
from rommi.game import Game
from rommi.names import ActionType

DEAL_ACTION_BOUND = 4000


class TournamentError(RuntimeError):
    """A bot broke the rules or a deal did not end; the message names the seed."""


class KeptGameError(ValueError):
    """A kept game (``--from-states``) that does not load, or is of another variant or seat count;
    the message names the seed."""


@dataclass
class MatchResult:
    seed: int
    hero_seat: int
    hero_share: Fraction
    totals: list[int]
    deal_scores: list[list[int]]
    latencies: dict[str, list[float]] = field(default_factory=dict)
    actions: int = 0
    kept: dict[str, Any] | None = None
    """The game as deal ``keep_deal`` began (``Game.to_dict``), or as it ended if it ended first."""


def play_match(
    variant: str,
    players: int,
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any] | None = None,
    hero_seat: int = 0,
    time_it: bool = True,
    log: list[dict[str, Any]] | None = None,
    budget: float | None = None,
    rollouts: int | None = None,
    keep_deal: int | None = None,
    state: dict[str, Any] | None = None,
    contract_search: bool = False,
) -> MatchResult:
    """One match with ``levels[s]`` in seat ``s``; raises ``TournamentError`` on any refusal.

    ``log``, if given, receives every action applied, in order: the match's record (G9).
    ``budget``, ``rollouts`` and ``contract_search`` set the expert's search (``make_bot``).
    ``keep_deal``: the result keeps the game as that deal begins (``MatchResult.kept``).
    ``state``: the match is played on from that saved game (``Game.to_dict``) instead of dealt
    anew; its variant and seat count must be ``variant`` and ``players`` (``KeptGameError``
    otherwise, or for a corrupt one).
    """
    if state is None:
        game = Game.new(variant, players, seed=seed, options=options)
    else:
        try:
            game = Game.from_dict(state)
        except ValueError as e:
            raise KeptGameError(f"the kept game of seed {seed}: {e}") from None
        if (game.variant, game.players) != (variant, players):
            raise KeptGameError(
                f"the kept game of seed {seed} is {game.variant} for {game.players}, "
                f"not {variant} for {players}"
            )
    bots = [
        make_bot(level, seed * 31 + s, budget=budget, rollouts=rollouts, contract_search=contract_search)
        for s, level in enumerate(levels)
    ]
    lat: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    in_deal = 0
    actions = 0
    clock = time.perf_counter
    kept: dict[str, Any] | None = None
    while not game.over:
        seat = game.to_act
        if keep_deal is not None and kept is None and seat is not None and game.deal >= keep_deal:
            kept = game.to_dict()
        if seat is None:
            game.apply({"type": ActionType.NEXT_DEAL})
            if log is not None:
                log.append({"type": ActionType.NEXT_DEAL})
            in_deal = 0
            continue
        view = game.view(seat)
        t0 = clock()
        action = bots[seat].choose(view)
        if time_it:
            lat[levels[seat]].append(clock() - t0)
        try:
            game.apply(action)
        except IllegalAction as e:
            raise TournamentError(
                f"{levels[seat]} bot in seat {seat} played an illegal action {action!r}: "
                f"{e} (rule {e.rule}); "
                f"variant={variant} players={players} seed={seed} levels={list(levels)} options={options} "
                f"deal={game.deal} hand={view['hand']}"
            ) from None
        if log is not None:
            log.append(action.to_json())
        actions += 1
        in_deal += 1
        if in_deal > DEAL_ACTION_BOUND:
            raise TournamentError(
                f"deal {game.deal} did not end within {DEAL_ACTION_BOUND} actions: "
                f"variant={variant} players={players} seed={seed} levels={list(levels)}"
            )
    winners = game.winners()
    share = Fraction(1, len(winners)) if hero_seat in winners else Fraction(0)
    v = game.view(0)
    if keep_deal is not None and kept is None:
        kept = game.to_dict()
    return MatchResult(seed, hero_seat, share, list(v["scores"]), v["deal_scores"], lat, actions, kept)


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (fractional successes allowed)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _pct(values: Sequence[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(p * len(s)) - 1))]


@dataclass(frozen=True)
class Job:
    """One match of a run, as a worker process receives it (``_job``)."""

    variant: str
    players: int
    seed: int
    hero: str
    fld: str
    options: dict[str, Any] | None
    budget: float | None
    rollouts: int | None
    keep_deal: int | None
    state: dict[str, Any] | None
    contract_search: bool = False


def hero_seat_of(seed: int, players: int) -> int:
    """The hero's seat in the match of ``seed``: seats rotate from match to match."""
    return seed % players


def _job(job: Job) -> MatchResult:
    hero_seat = hero_seat_of(job.seed, job.players)
    levels = [job.hero if s == hero_seat else job.fld for s in range(job.players)]
    return play_match(
        job.variant,
        job.players,
        job.seed,
        levels,
        job.options,
        hero_seat,
        budget=job.budget,
        rollouts=job.rollouts,
        keep_deal=job.keep_deal,
        state=job.state,
        contract_search=job.contract_search,
    )


def run(
    variant: str,
    players: int,
    hero: str,
    fld: str,
    matches: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    budget: float | None = None,
    rollouts: int | None = None,
    keep_deal: int | None = None,
    states: dict[int, dict[str, Any]] | None = None,
    contract_search: bool = False,
) -> Iterator[MatchResult]:
    """Play the matches (in ``jobs`` processes), yielding results in order. ``keep_deal`` and
    ``states`` (the kept game of each seed) are ``play_match``'s ``keep_deal`` and ``state``."""
    # seed + i is the match seed; seat (seed + i) mod players the hero's, so seats rotate.
    tasks = [
        Job(
            variant,
            players,
            seed + i,
            hero,
            fld,
            options,
            budget,
            rollouts,
            keep_deal,
            None if states is None else states[seed + i],
            contract_search,
        )
        for i in range(matches)
    ]
    if jobs <= 1:
        for t in tasks:
            yield _job(t)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_job, tasks, chunksize=2)


def summarize(
    results: Sequence[MatchResult],
    variant: str,
    hero: str,
    fld: str,
    seconds: float,
    budget: float | None = None,
    rollouts: int | None = None,
    contract_search: bool = False,
) -> str:
    n = len(results)
    wins = float(sum(r.hero_share for r in results))
    shared = sum(1 for r in results if 0 < r.hero_share < 1)
    lo, hi = wilson(wins, n)
    players = len(results[0].totals) if results else 0
    hero_tot = [r.totals[r.hero_seat] for r in results]
    field_tot = [t for r in results for s, t in enumerate(r.totals) if s != r.hero_seat]
    hero_deal = [row[r.hero_seat] for r in results for row in r.deal_scores]
    field_deal = [x for r in results for row in r.deal_scores for s, x in enumerate(row) if s != r.hero_seat]
    unit = "penalty points" if variant == "contract" else "points won"
    lines = [
        f"{variant} rummy, {players} players: hero {hero} vs field {fld}, {n} matches",
        f"hero match-win share: {wins / n:.1%} ({wins:g} of {n}; a win shared by k players counts 1/k, "
        f"{shared} shared) 95% Wilson interval [{lo:.1%}, {hi:.1%}]; fair share {1 / players:.1%}",
        f"mean match total: hero {_mean(hero_tot):.1f}, field {_mean(field_tot):.1f} "
        f"({'lowest' if variant == 'contract' else 'highest'} wins)",
        f"mean {unit} per deal: hero {_mean(hero_deal):.1f}, field {_mean(field_deal):.1f}",
    ]
    levels = sorted({hero, fld}, key=LEVELS.index)
    for lv in levels:
        xs = [x for r in results for x in r.latencies.get(lv, [])]
        lines.append(
            f"decision latency {lv}: p50 {_pct(xs, 0.5) * 1e3:.2f} ms, p95 {_pct(xs, 0.95) * 1e3:.2f} ms, "
            f"max {max(xs, default=0) * 1e3:.1f} ms over {len(xs)} decisions"
        )
    if "expert" in levels:
        xs = [x for r in results for x in r.latencies.get("expert", [])]
        if variant == "contract":
            searching = "searches" if contract_search else "does not search (--contract-search to)"
            lines.append(f"expert in the contract game: {searching}")
        if rollouts is not None and budget is None:
            lines.append(f"expert budget: {rollouts} sampled games per decision")
        else:
            b = 1.0 if budget is None else budget
            late = sum(1 for x in xs if x > 1.1 * b)
            most = f" (at most {rollouts} sampled games)" if rollouts else ""
            lines.append(
                f"expert budget: {b:g} s per decision{most}; "
                f"p95 {_pct(xs, 0.95) / b:.0%} and max {max(xs, default=0) / b:.0%} of it; "
                f"{late} of {len(xs)} decisions over it by more than 10%"
            )
    lines.append(f"{n / seconds:.2f} matches per second ({seconds:.0f} s)")
    return "\n".join(lines)


def saved(results: Sequence[MatchResult]) -> list[dict[str, Any]]:
    """What ``--save`` writes: per match its seed, the hero's seat and share, and the deal scores."""
    return [
        {"seed": r.seed, "hero_seat": r.hero_seat, "share": float(r.hero_share), "deal_scores": r.deal_scores}
        for r in results
    ]


def saved_matches(earlier: Any, matches: Sequence[tuple[int, int]]) -> dict[int, dict[str, Any]]:
    """``earlier`` (``saved`` output) by seed, once it is known to hold every ``(seed, hero seat)`` of
    ``matches``; raises ``ValueError`` otherwise. ``main`` asks before playing, so a wrong file costs
    no matches."""
    try:
        by_seed = {m["seed"]: m for m in earlier}
    except (TypeError, KeyError):
        raise ValueError("not a run saved by --save") from None
    for seed, seat in matches:
        m = by_seed.get(seed)
        if not isinstance(m, dict) or m.get("hero_seat") != seat:
            raise ValueError(f"the saved run lacks the match of seed {seed}, hero in seat {seat}")
    return by_seed


def kept_states(results: Sequence[MatchResult], deal: int, variant: str, players: int) -> dict[str, Any]:
    """What ``--keep-states`` writes: each match's game as deal ``deal`` began, by seed."""
    return {
        "deal": deal,
        "variant": variant,
        "players": players,
        "states": {str(r.seed): r.kept for r in results},
    }


def states_for(
    data: Any, variant: str, players: int, seeds: Sequence[int]
) -> tuple[int, dict[int, dict[str, Any]]]:
    """The deal and the kept game of every seed of ``seeds`` in ``data`` (``kept_states`` output);
    ``ValueError`` when it is not such a file, is of another game, or lacks a seed. ``main`` asks
    before playing, so a wrong file costs no matches (a corrupt game is refused when it is loaded)."""
    if not isinstance(data, dict) or not isinstance(data.get("states"), dict):
        raise ValueError("not a file written by --keep-states")
    deal = data.get("deal")
    if (data.get("variant"), data.get("players")) != (variant, players) or not isinstance(deal, int):
        raise ValueError(f"its games are not of {variant} rummy for {players}")
    states: dict[int, dict[str, Any]] = {}
    for seed in seeds:
        state = data["states"].get(str(seed))
        if not isinstance(state, dict):
            raise ValueError(f"it lacks the game of seed {seed}")
        states[seed] = state
    return deal, states


def paired(results: Sequence[MatchResult], earlier: Sequence[dict[str, Any]], variant: str) -> str:
    """The hero's score per deal minus the hero's in ``earlier`` (``saved`` output of the same seeds).

    A deal counts where both matches played it (a basic game's deal count depends on play: hence
    ``strict=False``). Raises ``ValueError`` when the runs are not of the same seeds and seats."""
    by_seed = saved_matches(earlier, [(r.seed, r.hero_seat) for r in results])
    diffs: list[float] = []
    by_deal: dict[int, list[float]] = {}
    shares: list[float] = []  # the hero's match share now minus then, match by match
    wins_then = 0.0
    for r in results:
        m = by_seed[r.seed]
        wins_then += m["share"]
        shares.append(float(r.hero_share) - m["share"])
        for i, (now, then) in enumerate(zip(r.deal_scores, m["deal_scores"], strict=False)):
            d = now[r.hero_seat] - then[r.hero_seat]
            diffs.append(d)
            by_deal.setdefault(i + 1, []).append(d)
    n = len(diffs)
    mean, se = _mean(diffs), _standard_error(diffs)
    wins = float(sum(r.hero_share for r in results))
    better = sum(1 for x in shares if x > 0)
    worse = sum(1 for x in shares if x < 0)
    unit = "penalty points" if variant == "contract" else "points won"
    deals = " ".join(f"{k}: {_mean(v):+.2f}" for k, v in sorted(by_deal.items()))
    return "\n".join(
        [
            f"paired with the saved run: hero's {unit} per deal {mean:+.2f} (standard error {se:.2f}, "
            f"{n} deals; {'negative' if variant == 'contract' else 'positive'} is better)",
            f"by deal {deals}",
            f"match wins {wins:g} against {wins_then:g} in the saved run: {_mean(shares):+.3f} a match "
            f"(standard error {_standard_error(shares):.3f}; better in {better} matches, worse in {worse})",
        ]
    )


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def _standard_error(xs: Sequence[float]) -> float:
    """Of the mean of ``xs`` (``nan`` for fewer than two)."""
    n = len(xs)
    if n < 2:
        return float("nan")
    mean = _mean(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rommilab.tournament", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=("contract", "basic"), default="contract")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--hero", choices=LEVELS, default="hard")
    ap.add_argument("--field", choices=LEVELS, default="normal")
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (latency is measured in each)")
    ap.add_argument(
        "--options", type=json.loads, default=None, help="house rules as JSON, e.g. '{\"jokers\": 2}'"
    )
    ap.add_argument(
        "--budget", type=float, default=None, help="the expert's seconds per decision (default 1)"
    )
    ap.add_argument(
        "--rollouts", type=int, default=None, help="the expert's sampled games per decision instead of a time"
    )
    ap.add_argument(
        "--contract-search",
        action="store_true",
        help="the expert searches in the contract game too (by default only in basic rummy)",
    )
    ap.add_argument("--save", metavar="FILE", help="write each match's deal scores as JSON")
    ap.add_argument("--paired", metavar="FILE", help="compare deal by deal with a run saved by --save")
    ap.add_argument(
        "--deal", type=int, default=None, help="with --keep-states: the deal to keep the games at"
    )
    ap.add_argument("--keep-states", metavar="FILE", help="write each match's game as deal --deal begins")
    ap.add_argument(
        "--from-states",
        metavar="FILE",
        help="play each match on from its game kept by --keep-states (which carries its house rules)",
    )
    args = ap.parse_args(argv)
    if args.matches < 1:
        ap.error("--matches must be at least 1")
    if (args.deal is None) != (args.keep_states is None):
        ap.error("--keep-states and --deal go together")
    if args.deal is not None and args.deal < 1:
        ap.error("--deal must be at least 1")
    seeds = range(args.seed, args.seed + args.matches)
    states: dict[int, dict[str, Any]] | None = None
    from_deal = 0
    if args.from_states:
        try:
            with open(args.from_states, encoding="utf-8") as f:
                from_deal, states = states_for(json.load(f), args.variant, args.players, seeds)
        except (OSError, ValueError) as e:
            ap.error(f"--from-states {args.from_states}: {e}")
    earlier = None
    if args.paired:
        try:
            with open(args.paired, encoding="utf-8") as f:
                earlier = json.load(f)
            saved_matches(earlier, [(x, hero_seat_of(x, args.players)) for x in seeds])
        except (OSError, ValueError) as e:
            ap.error(f"--paired {args.paired}: {e}")
    t0 = time.perf_counter()
    results: list[MatchResult] = []
    try:
        for r in run(
            args.variant,
            args.players,
            args.hero,
            args.field,
            args.matches,
            args.seed,
            args.jobs,
            args.options,
            args.budget,
            args.rollouts,
            args.deal,
            states,
            args.contract_search,
        ):
            results.append(r)
    except TournamentError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    except KeptGameError as e:
        print(f"FAILED: --from-states {args.from_states}: {e}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - t0
    print(
        summarize(
            results,
            args.variant,
            args.hero,
            args.field,
            seconds,
            args.budget,
            args.rollouts,
            args.contract_search,
        )
    )
    if states is not None:
        print(f"played on from deal {from_deal} of the games kept in {args.from_states}")
    if args.keep_states:
        with open(args.keep_states, "w", encoding="utf-8") as f:
            json.dump(kept_states(results, args.deal, args.variant, args.players), f)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(saved(results), f)
    if earlier is not None:
        try:
            print(paired(results, earlier, args.variant))
        except (ValueError, KeyError, TypeError) as e:
            print(f"FAILED: --paired {args.paired}: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
