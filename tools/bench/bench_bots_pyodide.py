"""Bot decision latency inside Pyodide: the computer players as the browser runs them.

    python tools/bench/bench_bots_pyodide.py [--site dist] [--seconds 60]

Serves the built site (``make build`` → ``dist/``, which holds the vendored
Pyodide) from an in-process server on a free local port, opens a small page in
headless Chromium (the page is answered by Playwright's router, nothing is
written into the site) that boots ``vendor/pyodide/pyodide.mjs``, writes this
tree's ``py/rommi`` sources into Pyodide's file system, and runs a timing loop:
seeded bot matches (contract rummy, 4 players: hard against three normal, and
normal against three easy; basic rummy, 2 players: hard against normal), each
decision timed with ``time.perf_counter``. Prints p50, p95 and max per level
next to the same loop on this CPython; asserts no time limit.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import chromium  # noqa: E402
from tools.build.serve import SiteHandler, ThreadingHTTPServer  # noqa: E402

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bot bench</title></head>
<body><p>bot bench</p>
<script type="module">
  window.__bench = async (files, code) => {
    const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", location.href).href });
    for (const [path, text] of Object.entries(files)) {
      pyodide.FS.mkdirTree("/bench/" + path.split("/").slice(0, -1).join("/"));
      pyodide.FS.writeFile("/bench/" + path, text);
    }
    pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
    return pyodide.runPython(code);
  };
  document.documentElement.dataset.ready = "true";
</script></body></html>
"""

# The timing loop, run both in Pyodide and here; it prints nothing and returns JSON.
LOOP = """
import json, time
from rommi.game import Game
from rommi.bots import make_bot

def _loop(budget):
    configs = [
        ("contract", 4, ["hard", "normal", "normal", "normal"]),
        ("contract", 4, ["normal", "easy", "easy", "easy"]),
        ("basic", 2, ["hard", "normal"]),
    ]
    lat = {"easy": [], "normal": [], "hard": []}
    clock = time.perf_counter
    end = clock() + budget
    seed = 0
    matches = 0
    while clock() < end:
        variant, players, levels = configs[seed % len(configs)]
        g = Game.new(variant, players, seed=seed)
        bots = [make_bot(lv, seed * 31 + s) for s, lv in enumerate(levels)]
        while not g.over and clock() < end:
            s = g.to_act
            if s is None:
                g.apply({"type": "next_deal"})
                continue
            view = g.view(s)
            t0 = clock()
            action = bots[s].choose(view)
            lat[levels[s]].append(clock() - t0)
            g.apply(action)
        matches += g.over
        seed += 1
    return json.dumps({"latencies": lat, "matches": matches})

_loop(BUDGET)
"""


def sources() -> dict[str, str]:
    """This tree's engine and bots, as paths under ``rommi/`` → text."""
    base = ROOT / "py"
    return {
        str(p.relative_to(base)): p.read_text(encoding="utf-8")
        for p in sorted((base / "rommi").rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def serve(site: Path) -> ThreadingHTTPServer:
    def handler(*args: Any) -> SiteHandler:
        return SiteHandler(*args, directory=str(site))

    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_in_pyodide(site: Path, code: str, what: str, asynchronous: bool = False) -> str:
    """Run ``code`` in Pyodide in headless Chromium, this tree's ``py/rommi`` on its path, and
    return its value (a JSON string); ``asynchronous``: ``code`` may ``await`` (``runPythonAsync``).
    ``what`` is said after the browser's version. Also used by ``bench_search_pyodide``."""
    from playwright.sync_api import sync_playwright

    if not (site / "vendor" / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit(f"bench: {site}/vendor/pyodide/pyodide.mjs is missing: run `make build` first")
    body = PAGE.replace("pyodide.runPython(code)", "pyodide.runPythonAsync(code)") if asynchronous else PAGE
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_options())
            print(f"bench: Chromium {browser.version}, site {site}, {what}", flush=True)
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.route(
                base + "__bot_bench__.html",
                lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body),
            )
            page.goto(base + "__bot_bench__.html")
            page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=60_000)
            t0 = time.perf_counter()
            out = page.evaluate("([files, code]) => window.__bench(files, code)", [sources(), code])
            if errors:
                raise SystemExit(f"bench: page errors: {errors}")
            print(f"bench: Pyodide boot and loop took {time.perf_counter() - t0:.1f} s", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return str(out)


def in_pyodide(site: Path, seconds: float) -> dict[str, Any]:
    out = run_in_pyodide(site, LOOP.replace("BUDGET", repr(float(seconds))), f"{seconds:g} s of play")
    result: dict[str, Any] = json.loads(out)
    return result


def in_cpython(seconds: float) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "py"))
    scope: dict[str, Any] = {}
    code = LOOP.replace("_loop(BUDGET)", "")
    exec(compile(code, "bench-loop", "exec"), scope)
    result: dict[str, Any] = json.loads(scope["_loop"](seconds))
    return result


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(p * len(s) + 0.999999) - 1))]


def report(name: str, result: dict[str, Any]) -> None:
    print(f"{name}: {result['matches']} whole matches")
    for level in ("easy", "normal", "hard"):
        xs = result["latencies"][level]
        print(
            f"  {level:7} p50 {pct(xs, 0.5) * 1e3:7.2f} ms   p95 {pct(xs, 0.95) * 1e3:7.2f} ms   "
            f"max {max(xs, default=0.0) * 1e3:7.1f} ms   ({len(xs)} decisions)"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=ROOT / "dist")
    ap.add_argument("--seconds", type=float, default=60.0, help="play time per runtime")
    ap.add_argument("--no-cpython", action="store_true", help="skip the CPython comparison")
    args = ap.parse_args()
    pyo = in_pyodide(args.site.resolve(), args.seconds)
    report("Pyodide (headless Chromium)", pyo)
    if not args.no_cpython:
        report(f"CPython {sys.version.split()[0]}", in_cpython(args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
