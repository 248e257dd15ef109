"""How much the expert searches in the browser's Python, next to CPython, on the same decisions.

    python tools/bench/bench_search_pyodide.py [--site dist] [--players 4] [--decisions 40]

The expert's strength is measured in CPython (``rommilab.tournament``, ``docs/expert.md``), but a
player meets it in Pyodide, where the same second of thought weighs fewer sampled games. This
bench plays seeded basic rummy games of hard players (``--players``), and at each decision of
seat 0 asks a fresh expert at its default budget (1 s) to decide that seat's view; where it
searched, it counts the sampled games weighed (``ExpertBot.searched``) and the decision's time.
The views are the same in both runtimes (hard plays them, with no clock); only the count of
games differs. In headless Chromium (the built site's vendored Pyodide; the page is answered by
Playwright's router, nothing is written into the site) each decision is made twice: at once, and
as the page makes it, in slices with a pause between them (``browser.botloop.sliced``, its
``SLICE_MS`` and ``GAP_S`` read from that file). Then the same decisions at once in CPython.
Prints the median and quartiles of sampled games a decision and their ratios: the CPython budget
at which the tournament's expert searches about as much as the page's is that ratio times 1 s.
Asserts no limit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.bench.bench_bots_pyodide import run_in_pyodide  # noqa: E402

# Run both in Pyodide and here; returns JSON: each searched decision's games and seconds, decided
# at once and, where ``sliced``, also as the page thinks (``browser.botloop.sliced``: steps while
# the longest so far still fits in SLICE_MS, then a pause of GAP_S).
LOOP = """
import asyncio, json, time
from rommi.game import Game
from rommi.bots import make_bot

SLICE_MS, GAP_S = SLICE_MS_VALUE, GAP_S_VALUE
clock = time.perf_counter


async def _sliced(thinking):
    longest = 0.0
    while True:
        begun = clock()
        try:
            while True:
                before = clock()
                next(thinking)
                now = clock()
                longest = max(longest, now - before)
                if now + longest > begun + SLICE_MS / 1000:
                    break
        except StopIteration as done:
            return done.value
        await asyncio.sleep(GAP_S)


async def _loop(players, decisions, sliced):
    out = []
    seed = 0
    while len(out) < decisions:
        g = Game.new("basic", players, seed=9000 + seed)
        bots = [make_bot("hard", seed * 31 + s) for s in range(players)]
        while not g.over and len(out) < decisions:
            s = g.to_act
            if s is None:
                g.apply({"type": "next_deal"})
                continue
            view = g.view(s)
            if s == 0:
                expert = make_bot("expert", seed)
                t0 = clock()
                expert.choose(view)
                row = [expert.searched, clock() - t0]
                if row[0] and sliced:
                    t0 = clock()
                    await _sliced(expert.thinking(view))
                    row += [expert.searched, clock() - t0]
                if row[0]:
                    out.append(row)
            g.apply(bots[s].choose(view))
        seed += 1
    return json.dumps(out)
"""


def slicing() -> tuple[float, float]:
    """``SLICE_MS`` and ``GAP_S`` as ``browser/botloop.py`` sets them (it imports ``js``, so it is read)."""
    text = (ROOT / "py" / "browser" / "botloop.py").read_text(encoding="utf-8")
    found = [re.search(rf"^{name} = ([0-9.]+)", text, re.M) for name in ("SLICE_MS", "GAP_S")]
    if not all(found):
        raise SystemExit("bench: SLICE_MS or GAP_S not found in py/browser/botloop.py")
    return float(found[0].group(1)), float(found[1].group(1))  # type: ignore[union-attr]


def loop_code() -> str:
    slice_ms, gap_s = slicing()
    return LOOP.replace("SLICE_MS_VALUE", repr(slice_ms)).replace("GAP_S_VALUE", repr(gap_s))


def in_pyodide(site: Path, players: int, decisions: int) -> list[list[float]]:
    code = loop_code() + f"\nawait _loop({players}, {decisions}, True)\n"
    out = run_in_pyodide(site, code, "the expert's search", asynchronous=True)
    result: list[list[float]] = json.loads(out)
    return result


def in_cpython(players: int, decisions: int) -> list[list[float]]:
    sys.path.insert(0, str(ROOT / "py"))
    scope: dict[str, Any] = {}
    exec(compile(loop_code(), "bench-loop", "exec"), scope)
    result: list[list[float]] = json.loads(asyncio.run(scope["_loop"](players, decisions, False)))
    return result


def report(name: str, rows: list[list[float]], column: int = 0) -> float:
    """Print the sampled games and times of ``rows``' ``column`` (0: at once, 2: in slices)."""
    games = [r[column] for r in rows]
    q1, median, q3 = statistics.quantiles(games, n=4)
    took = statistics.median(r[column + 1] for r in rows)
    print(
        f"{name}: {len(rows)} searched decisions; sampled games a decision: median {median:.0f}, "
        f"quartiles {q1:.0f}-{q3:.0f}, min {min(games):.0f}, max {max(games):.0f}; "
        f"decision p50 {took * 1e3:.0f} ms"
    )
    return float(median)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=ROOT / "dist")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--decisions", type=int, default=40, help="searched decisions to time in each runtime")
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows = in_pyodide(args.site.resolve(), args.players, args.decisions)
    at_once = report("Pyodide (headless Chromium), at once", rows)
    sliced = report("Pyodide, in the page's slices", rows, 2)
    cpy = report(f"CPython {sys.version.split()[0]}, at once", in_cpython(args.players, args.decisions))
    print(
        f"basic rummy, {args.players} players: of CPython's sampled games a decision, Pyodide weighs "
        f"{at_once / cpy:.2f} at once and {sliced / cpy:.2f} in the page's slices"
    )
    print(f"bench: {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
