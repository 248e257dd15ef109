"""Think-harder benchmark: how long the expert's stronger hint takes on the page, and whether the
page stays answerable meanwhile (no long task while it thinks).

    python tools/bench/bench_hint.py [--seeds 6 7 8] [--phone] [--site dist]

Serves the built site (``make build`` → ``dist/``) and opens the real page in headless Chromium at
1280x800 (``--phone`` adds 360x640), basic rummy for two at ``?pace=instant&seed=N``. Once the first
visit's Python snapshot is made, it starts the game, draws from the stock on your turn, asks for a
hint, then presses "Think harder" (``browser.botloop.deeper_hint``: about a second of the expert's
search, run in slices between the page's tasks). It prints, per seed, the time from the press to the
stronger hint and the page's long tasks (over 50 ms, ``window.rommiPerf``) in that time; then the
spread over the seeds. Prints numbers; asserts no time: the browser test
(``tests/browser/test_stronger_hint.py``) checks what the person sees, this measures how fast.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from tools import chromium  # noqa: E402
from tools.bench.bench_redraw import SIZES, fresh_page, pyodide_version, spread  # noqa: E402
from tools.build.serve import serving  # noqa: E402

HINT_MS = 60_000


def think_harder(browser: Any, base: str, seed: int, size: tuple[int, int]) -> dict[str, Any]:
    """One stronger hint on a fresh page: seconds from the press to the hint, the long tasks meanwhile."""
    from playwright.sync_api import expect
    from tests.browser.person import button
    from tests.browser.table import pass_offers

    query = {"variant": "basic", "players": 2, "seed": seed, "pace": "instant", "lang": "en"}
    context, page, errors = fresh_page(browser, base, size, query)
    button(page, "Start new game").click()
    pass_offers(page)
    expect(page.get_by_text("Your turn", exact=True)).to_be_visible(timeout=HINT_MS)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    button(page, "Hint").click()
    said = page.get_by_role("status")
    expect(said.filter(has_text=re.compile(r"^Hint: "))).to_be_visible()
    harder = button(page, "Think harder")
    harder.scroll_into_view_if_needed()
    since = page.evaluate("performance.now()")
    pressed = time.perf_counter()
    harder.click()
    expect(said.filter(has_text=re.compile(r"^Stronger hint: "))).to_be_visible(timeout=HINT_MS)
    waited = time.perf_counter() - pressed
    tasks = page.evaluate(f"window.rommiPerf.tasks.filter(([start]) => start >= {since})")
    context.close()
    if errors:
        raise SystemExit(f"bench: the page failed (seed {seed}): {errors}")
    return {"seconds": waited, "tasks": [duration for _, duration in tasks]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time the expert's stronger hint on the page.")
    parser.add_argument("--seeds", type=int, nargs="+", default=[6, 7, 8], help="the deals (default 6 7 8)")
    parser.add_argument("--phone", action="store_true", help="also at 360x640")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file() or not (site / "vendor" / "pyodide").is_dir():
        raise SystemExit(f"bench: {site} is not a built site; run `make build` first")
    from playwright.sync_api import sync_playwright

    sizes = ["desktop", "phone"] if args.phone else ["desktop"]
    load = os.getloadavg()
    with serving(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_options())
        print(f"bench: Chromium {browser.version}, Pyodide {pyodide_version(site)}, site {site}")
        print(f"bench: load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} CPUs")
        for name in sizes:
            width, height = SIZES[name]
            print(f"\n{width}x{height}, basic rummy for two, pace instant")
            runs = []
            for seed in args.seeds:
                run = think_harder(browser, base, seed, SIZES[name])
                runs.append(run)
                worst = sorted(run["tasks"], reverse=True)[:3]
                print(f"  seed {seed}: stronger hint after {run['seconds']:.2f} s; long tasks {worst}")
            print(f"  press to hint (ms)                 {spread([r['seconds'] * 1000 for r in runs])}")
            tasks = [t for r in runs for t in r["tasks"]]
            print(f"  long tasks (>50 ms) meanwhile      n {len(tasks):4}  max {max(tasks, default=0):6.1f}")
        browser.close()
    load = os.getloadavg()
    print(f"\nbench: load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
