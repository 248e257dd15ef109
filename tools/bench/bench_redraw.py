"""Redraw benchmark: how long the table takes to redraw while a whole deal is played on the page.

    python tools/bench/bench_redraw.py [--seeds 1 2 3] [--phone] [--site dist] [--level expert]
        [--variant basic --players 3] [--during-snapshot]

Serves the built site (``make build`` → ``dist/``) on a free local port and
opens the real page in headless Chromium at 1280x800 (``--phone`` adds
360x640) at ``?pace=instant&seed=N``. Once the first visit's Python snapshot is made
(``--during-snapshot``: at once, beside that worker), it presses Start and plays your seat
through the page, as a person would, until the deal is over: each of your
moves is the hard player's choice (``rommi.bots.hint`` on the game the page
saved), made with the browser tests' helpers (``tests/browser/table.py``).

Then it reads the page's own measurements: ``window.rommiStatsNow()`` (each
redraw in ms, split into those of the computer players' loop and those after
your clicks; each click's whole handling; each computer decision) and
``window.rommiPerf.tasks`` (the browser's long tasks, over 50 ms), counting
only what happened after Start was pressed. Prints numbers; asserts no time.

``--level expert`` seats experts (in basic rummy about a second of search a
close choice; in contract rummy, where it does not search, a look ahead of a
draw, mostly well under a second): the computer decisions are then the
expert's thinking time on the page, and "long tasks in decisions" counts the
long tasks that fell inside one (``browser.botloop.think`` slices the search so that
there should be none).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from tools import chromium  # noqa: E402
from tools.build.serve import serving  # noqa: E402

from rommi.bots import LEVELS  # noqa: E402

SIZES = {"desktop": (1280, 800), "phone": (360, 640)}
READY_MS = 120_000


def pyodide_version(site: Path) -> str:
    """The vendored Pyodide's version (from the npm package the build copies) and its Python."""
    version = python = "unknown"
    package = ROOT / "node_modules" / "pyodide" / "package.json"
    if package.is_file():
        version = str(json.loads(package.read_text(encoding="utf-8")).get("version", version))
    lock = site / "vendor" / "pyodide" / "pyodide-lock.json"
    if lock.is_file():
        python = str(json.loads(lock.read_text(encoding="utf-8")).get("info", {}).get("python", python))
    return f"{version} (Python {python})"


# The page's Python snapshot once its making is over (``boot/interpreter.mjs``): a first visit
# makes it in a Web Worker, a second Pyodide booting beside the table for several seconds.
SNAPSHOT_DONE = ("kept", "stored", "refused", "failed", "off")


def fresh_page(
    browser: Any, base: str, size: tuple[int, int], query: dict[str, Any], wait_snapshot: bool = True
) -> tuple[Any, Any, list[str]]:
    """A new context's page at ``index.html?<query>``, booted, and unless ``wait_snapshot`` is off,
    its first visit's snapshot worker finished; with the list its page errors go into."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}index.html?" + urlencode(query))
    page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=READY_MS)
    if wait_snapshot:
        done = json.dumps(SNAPSHOT_DONE)
        page.wait_for_function(
            f"{done}.includes(document.documentElement.dataset.snapshot)", timeout=READY_MS
        )
    return context, page, errors


def play_deal(
    browser: Any,
    base: str,
    seed: int,
    size: tuple[int, int],
    settings: dict[str, str],
    wait_snapshot: bool = True,
) -> dict[str, Any]:
    """One deal on a fresh page: your moves by the hint; the page's measurements after Start.

    Unless ``wait_snapshot`` is off, Start is pressed once the first visit's snapshot worker
    has finished: on this 2-core machine it takes most of a core away from the table for the
    first 10-20 s, which only a first visit ever sees. ``settings``: more of the address's query
    (``{"level": "expert", "variant": "basic"}``; none: the form's defaults)."""
    from tests.browser.table import play_until, start_game

    context, page, errors = fresh_page(
        browser, base, size, {"pace": "instant", "seed": seed, **settings}, wait_snapshot
    )
    since = page.evaluate("performance.now()")
    before = json.loads(page.evaluate("window.rommiStatsNow()"))
    start_game(page)
    phase = play_until(page, ("deal_over", "match_over"))
    after = json.loads(page.evaluate("window.rommiStatsNow()"))
    tasks = page.evaluate(f"window.rommiPerf.tasks.filter(([start]) => start >= {since})")
    context.close()
    if errors:
        raise SystemExit(f"bench: the page failed (seed {seed}): {errors}")
    got = {kind: values[len(before.get(kind, [])) :] for kind, values in after.items()}
    got["tasks"] = [duration for _, duration in tasks]
    got["thinking_tasks"] = [
        duration for start, duration in tasks if any(a <= start < b for a, b in got.get("spans", []))
    ]
    got["phase"] = phase
    return got


def spread(values: list[float]) -> str:
    """``n, p50, p95, max`` of a sample (ms)."""
    if not values:
        return "n 0"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"n {len(ordered):4}  p50 {statistics.median(ordered):6.1f}  p95 {p95:6.1f}  max {ordered[-1]:6.1f}"
    )


def report(label: str, runs: list[dict[str, Any]]) -> None:
    def pooled(kind: str) -> list[float]:
        return [x for run in runs for x in run.get(kind, [])]

    tasks = pooled("tasks")
    print(f"\n{label}: {len(runs)} deals")
    print(f"  redraws, all                       {spread(pooled('renders'))}")
    print(f"  redraws while computers move       {spread(pooled('bot_renders'))}")
    print(f"  redraws after your clicks          {spread(pooled('your_renders'))}")
    print(f"  your clicks (whole handling)       {spread(pooled('clicks'))}")
    print(f"  computer decisions                 {spread(pooled('decisions'))}")
    print(f"  long tasks (>50 ms)                n {len(tasks):4}  max {max(tasks, default=0):6.1f}")
    inside = pooled("thinking_tasks")
    print(f"  long tasks in computer decisions   n {len(inside):4}  max {max(inside, default=0):6.1f}")
    names = sorted({k for run in runs for k in run if k.startswith("region:")})
    for name in sorted(names, key=lambda k: -sum(pooled(k))):  # the regions, costliest first
        print(f"    {name[7:]:<12} {sum(pooled(name)):8.0f} ms in all  {spread(pooled(name))}")
    for i, run in enumerate(runs):
        worst = sorted(run["tasks"], reverse=True)[:5]
        print(
            f"    deal {i + 1}: {len(run['renders'])} redraws, {len(run['clicks'])} clicks,"
            f" {len(run['decisions'])} decisions, ends {run['phase']}; long tasks {worst}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time Rommi's redraws over whole deals on the page.")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], help="the deals (default 1 2 3)")
    parser.add_argument("--phone", action="store_true", help="also at 360x640")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    parser.add_argument("--level", choices=LEVELS, help="the computer players' level (default the form's)")
    parser.add_argument("--variant", choices=("contract", "basic"), help="the game (default the form's)")
    parser.add_argument("--players", type=int, help="the number of players (default the form's)")
    parser.add_argument(
        "--during-snapshot",
        action="store_true",
        help="press Start at once, while a first visit still makes its Python snapshot in a worker",
    )
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file() or not (site / "vendor" / "pyodide").is_dir():
        raise SystemExit(f"bench: {site} is not a built site; run `make build` first")
    from playwright.sync_api import sync_playwright

    sizes = ["desktop", "phone"] if args.phone else ["desktop"]
    chosen = {"level": args.level, "variant": args.variant, "players": args.players}
    settings = {k: str(v) for k, v in chosen.items() if v}
    load = os.getloadavg()
    with serving(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_options())
        print(f"bench: Chromium {browser.version}, Pyodide {pyodide_version(site)}, site {site}")
        print(f"bench: load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} CPUs")
        results = {
            n: [
                play_deal(browser, base, seed, SIZES[n], settings, not args.during_snapshot)
                for seed in args.seeds
            ]
            for n in sizes
        }
        browser.close()
    for name in sizes:
        width, height = SIZES[name]
        setup = "".join(f", {k} {v}" for k, v in settings.items()) + (
            ", during the snapshot" if args.during_snapshot else ""
        )
        seeds = " ".join(map(str, args.seeds))
        report(f"{width}x{height}, pace instant{setup}, seeds {seeds}", results[name])
    load = os.getloadavg()
    print(f"\nbench: load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
