"""How much cheaper ``Game.copy`` and ``Game.check`` are than going through the save format,
and what search pays per copy and per sampled game.

    python tools/bench/bench_copy.py [--positions 200] [--repeat 5]

Positions come from seeded random matches (contract rummy with 4 and 6
players, basic rummy with 2 and 4), taken at every stage of play. For each
position it times, per call: ``copy()`` of a game copied many times (a
search copying one position); the first ``copy()`` of a game just loaded;
``from_dict(to_dict())`` (what the
table did before ``copy`` existed); the same through JSON text (a real save
round trip); ``check(action)`` on the action the random player takes; and the
old dry run, ``from_dict(to_dict()).apply(action)``. Then, for one position in
the middle of a contract deal with 4 players (what a search starts from):
``copy()``, ``view(seat)``, and ``rommi.sampling.sample_game`` on that seat's
view, checked (the default), unchecked, and weighted. Prints microseconds per
call (the best of ``--repeat`` passes) and the ratios, measured in one run,
with the machine's load average (timings on a busy machine run slow).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

from rommi import Game, IllegalAction
from rommi.sampling import sample_game
from rommilab.randomplay import random_action

SETUPS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("contract", 4, None),
    ("contract", 6, {"jokers": 4}),
    ("basic", 2, {"jokers": 2}),
    ("basic", 4, None),
]


def positions(count: int) -> list[tuple[Game, dict[str, Any]]]:
    """``count`` (game, next action) pairs spread over whole seeded matches."""
    out: list[tuple[Game, dict[str, Any]]] = []
    seed = 0
    while len(out) < count:
        variant, players, options = SETUPS[seed % len(SETUPS)]
        rng = random.Random(seed)
        g = Game.new(variant, players, seed=seed, options=options)
        step = 0
        while not g.over and len(out) < count and step < 3000:
            step += 1
            if g.to_act is None:
                g.apply({"type": "next_deal"})
                continue
            action = next(a for a in random_action(g.view(g.to_act), rng) if g.can(a))
            if step % 9 == 0:
                out.append((g.copy(), action))
            g.apply(action)
        seed += 1
    return out


def mid_deal() -> Game:
    """A contract deal with 4 players, half its stock drawn, the seat to act about to draw."""
    rng = random.Random(1)
    g = Game.new("contract", 4, seed=1)
    while g.view(0)["stock_size"] > 32 or g.phase.value != "draw":
        seat = g.to_act
        assert seat is not None, "the deal ended before the middle: pick another seed"
        g.apply(next(a for a in random_action(g.view(seat), rng) if g.can(a)))
    return g


def best_of(repeat: int, work: Callable[[], None], calls: int) -> float:
    """Microseconds per call, the best of ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    pos = positions(args.positions)
    n = len(pos)

    def copies() -> None:
        for g, _ in pos:
            g.copy()

    def dict_trips() -> None:
        for g, _ in pos:
            Game.from_dict(g.to_dict())

    def json_trips() -> None:
        for g, _ in pos:
            Game.from_dict(json.loads(json.dumps(g.to_dict())))

    def checks() -> None:
        for g, a in pos:
            g.check(a)

    def old_dry_runs() -> None:
        for g, a in pos:
            with contextlib.suppress(IllegalAction):
                Game.from_dict(g.to_dict()).apply(a)

    t_copy = best_of(args.repeat, copies, n)
    cold = [[Game.from_dict(g.to_dict()) for g, _ in pos] for _ in range(args.repeat)]
    t_first = float("inf")
    for games in cold:
        start = time.perf_counter()
        for g in games:
            g.copy()
        t_first = min(t_first, (time.perf_counter() - start) / n * 1e6)
    t_dict = best_of(args.repeat, dict_trips, n)
    t_json = best_of(args.repeat, json_trips, n)
    t_check = best_of(args.repeat, checks, n)
    t_dry = best_of(args.repeat, old_dry_runs, n)
    mid = mid_deal()
    seat = mid.to_act
    assert seat is not None
    view = mid.view(seat)
    calls = 200
    rng = random.Random(0)

    def repeated(work: Callable[[], object]) -> float:
        def run() -> None:
            for _ in range(calls):
                work()

        return best_of(args.repeat, run, calls)

    m_copy = repeated(mid.copy)
    m_view = repeated(lambda: mid.view(seat))
    m_sample = repeated(lambda: sample_game(view, rng))
    m_fast = repeated(lambda: sample_game(view, rng, check=False))
    m_lean = repeated(lambda: sample_game(view, rng, check=False, weighted=True))
    load = os.getloadavg()
    loads = " ".join(f"{x:.2f}" for x in load)
    print(f"load average {loads} (1, 5, 15 min) on {os.cpu_count()} cores")
    print(f"{n} positions from {len(SETUPS)} setups, best of {args.repeat}")
    print(f"  copy(), again and again         {t_copy:9.1f} us")
    print(f"  copy(), the first of a game     {t_first:9.1f} us")
    print(
        f"  from_dict(to_dict())            {t_dict:9.1f} us   {t_dict / t_copy:6.1f}x copy, "
        f"{t_dict / t_first:.1f}x a first copy"
    )
    print(f"  from_dict(json round trip)      {t_json:9.1f} us   {t_json / t_copy:6.1f}x copy")
    print(f"  check(action)                   {t_check:9.1f} us")
    print(f"  from_dict(to_dict()).apply      {t_dry:9.1f} us   {t_dry / t_check:6.1f}x check")
    unseen = sum(view["hand_sizes"]) - len(view["hand"]) + view["stock_size"]
    print(
        f"mid-deal contract game, 4 players (deal {view['deal']}, {len(view['history'])} events, "
        f"{unseen} cards unseen by seat {seat}), best of {args.repeat}"
    )
    print(f"  copy()                          {m_copy:9.1f} us")
    print(f"  view(seat)                      {m_view:9.1f} us")
    print(f"  sample_game(view)               {m_sample:9.1f} us   (checked against its history)")
    print(f"  sample_game(view, check=False)  {m_fast:9.1f} us   {m_fast / m_copy:6.1f}x copy")
    print(f"  ... weighted=True               {m_lean:9.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
