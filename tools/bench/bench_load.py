"""Load benchmark: how long Rommi takes to become playable, next to a bare Pyodide page.

    python tools/bench/bench_load.py [--runs 5] [--site dist]

In one run, headless Chromium opens two pages from the built site:

* **rommi**: ``index.html``: the time its setup form is shown (painted, usable),
  then Start is pressed at once and the time your hand is dealt ("playable"), and
  when ``<html data-ready="true">`` (Python answers clicks);
* **bare**: a page that only boots the same vendored Pyodide and runs one line
  of Python (written by this script into a scratch folder, never into the site).

Each page is measured on first visits (a fresh browser profile each time) and
repeat visits (the same profile again, its service worker warm), ``--runs``
times each; Rommi's repeat visits twice: once with its Python snapshot deleted
beforehand (so Python starts afresh, as without one) and once restored from it
(``boot/interpreter.mjs``; each visit that starts afresh waits for its snapshot to
be stored before it closes). Times run from navigation start to ready, read in the page. Bytes
are counted by the server as it sends response bodies (uncompressed), split
into ours (everything not under ``vendor/``) and the vendored runtime. Prints
numbers and asserts no time limit.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))  # the one table of stores (imports nothing else)

from tools import chromium  # noqa: E402
from tools.build.serve import SiteHandler, serving  # noqa: E402

from ui.records.stores import GAME  # noqa: E402

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare Pyodide</title></head>
<body><p>bare Pyodide</p>
<script type="module">
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide();
  pyodide.runPython("import sys; sys.version");
  document.documentElement.dataset.ready = "true";
  navigator.serviceWorker.register("./bare-sw.js");
</script></body></html>
"""

# The same caching as Rommi's sw.js, for the runtime alone.
BARE_SW = """const FILES = ["bare.html", "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
  "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json"];
const CACHE = "bare";
self.addEventListener("install", (e) => e.waitUntil(caches.open(CACHE)
  .then((c) => c.addAll(FILES.map((u) => new Request(u, { cache: "no-cache" }))))
  .then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
"""

# Records, in ms since navigation start: when the page became ready (Python answers clicks),
# when Rommi's setup form was in the page and painted, when your hand was dealt; and the
# layout shifts not caused by input (their sum is the cumulative layout shift).
READY_PROBE = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({ type: "layout-shift", buffered: true });
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (window.__formAt === undefined && document.getElementById("setup-form")) {
    window.__formAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__formPaintedAt = performance.now(); }));
  }
  if (window.__handAt === undefined && document.querySelector("#hand button.card")) {
    window.__handAt = performance.now();
  }
  if (window.__readyAt === undefined && root.dataset.ready === "true") window.__readyAt = performance.now();
}).observe(document, { attributes: true, childList: true, subtree: true });
"""
SW_ACTIVE = "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'"
PAGES = {"rommi": "index.html", "bare": "bare.html"}


class Meter:
    """Bytes of response bodies sent, by path, since the last reset."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: Counter[str] = Counter()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size

    def take(self) -> tuple[int, int]:
        """(ours, vendored) bytes since the last call."""
        with self.lock:
            sent, self.sent = self.sent, Counter()
        vendored = sum(n for path, n in sent.items() if path.lstrip("/").startswith("vendor/"))
        return sum(sent.values()) - vendored, vendored


def counting(meter: Meter) -> type[SiteHandler]:
    """The site's handler, counting into ``meter`` the bytes of each body it sends."""

    class CountingHandler(SiteHandler):
        def copyfile(self, source: Any, outputfile: Any) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            meter.add(self.path.split("?")[0], source.tell() - start)

    return CountingHandler


def scratch_site(site: Path, scratch: Path) -> Path:
    """A folder that serves the site as it is, plus the bare page and its service worker."""
    for entry in site.iterdir():
        (scratch / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (scratch / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (scratch / "bare-sw.js").write_text(BARE_SW, encoding="utf-8")
    return scratch


Sample = dict[str, float]


DROP_SNAPSHOT = """async () => {
  for (const key of await caches.keys()) if (key.startsWith("rommi-python:")) await caches.delete(key);
}"""


def visit(context: Any, url: str, meter: Meter, play: bool, snapshot: str = "") -> Sample:
    """Open ``url`` in a new tab: seconds to a usable setup form, to ready, and (``play``:
    Start pressed as soon as the form is there) to your hand dealt; bytes; layout shift.
    ``snapshot`` "keep": wait for Rommi's Python snapshot to be stored (when this visit
    booted afresh); "drop": also delete it before leaving, so the next visit starts afresh."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    meter.take()
    page.goto(url)
    if play:
        page.wait_for_function("window.__formPaintedAt !== undefined", timeout=120_000)
        page.locator('#setup [data-act="start"]').click()
        page.wait_for_function(
            "window.__handAt !== undefined || document.documentElement.dataset.boot", timeout=120_000
        )
    page.wait_for_function(
        "window.__readyAt !== undefined || document.documentElement.dataset.boot", timeout=120_000
    )
    if errors or page.evaluate("document.documentElement.dataset.boot") == "failed":
        raise SystemExit(f"bench: {url} did not boot: {errors}")
    times = page.evaluate(
        "({form: window.__formPaintedAt, ready: window.__readyAt, hand: window.__handAt, cls: window.__cls})"
    )
    ours, vendored = meter.take()
    page.wait_for_function(SW_ACTIVE, timeout=120_000)  # the offline copy, for the repeat visit
    meter.take()  # the service worker's precache (mostly 304s) is not part of the visit
    booted = str(page.evaluate("document.documentElement.dataset.python"))
    if snapshot and booted == "fresh":
        page.wait_for_function("document.documentElement.dataset.snapshot", timeout=120_000)
        if page.evaluate("document.documentElement.dataset.snapshot") != "stored":
            raise SystemExit(f"bench: {url} did not store its Python snapshot")
    if snapshot == "drop":
        page.evaluate(DROP_SNAPSHOT)
    if play:  # the repeat visit opens on the setup form again, not on this game
        # Leave the game first: its computer players may still move and save after a removal
        # made while it runs (the next visit then opened on that game). The icon is a page of
        # the same origin that runs nothing.
        page.goto(url.rsplit("/", 1)[0] + "/icon.svg")
        page.evaluate("key => localStorage.removeItem(key)", GAME.key)
    page.close()
    sample = {"ours": float(ours), "vendored": float(vendored), "cls": float(times["cls"] or 0)}
    sample["snapshot"] = float(booted == "snapshot")
    for name in ("form", "ready", "hand"):
        if times[name] is not None:
            sample[name] = times[name] / 1000
    sample["playable"] = sample.get("hand", sample["ready"])
    return sample


def run(site: Path, runs: int) -> dict[str, dict[str, list[Sample]]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[Sample]]] = {
        name: {"first": [], "repeat": [], "snapshot": []} for name in PAGES
    }
    meter = Meter()
    with (
        tempfile.TemporaryDirectory(prefix="rommi-bench-") as tmp,
        serving(scratch_site(site, Path(tmp)), handler=counting(meter)) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(**chromium.launch_options())
        print(f"bench: Chromium {browser.version}, {runs} runs per case, site {site}", flush=True)
        for i in range(runs):
            for name, path in PAGES.items():  # interleaved, so drift in machine load hits both alike
                context = browser.new_context(service_workers="allow")
                context.add_init_script(READY_PROBE)
                if name == "rommi":
                    url = base + path
                    results[name]["first"].append(visit(context, url, meter, True, "drop"))
                    results[name]["repeat"].append(visit(context, url, meter, True, "keep"))
                    results[name]["snapshot"].append(visit(context, url, meter, True, "keep"))
                    if results[name]["snapshot"][-1]["snapshot"] != 1:
                        raise SystemExit("bench: the repeat visit did not start from the snapshot")
                else:
                    results[name]["first"].append(visit(context, base + path, meter, False))
                    results[name]["repeat"].append(visit(context, base + path, meter, False))
                context.close()
            print(f"bench: run {i + 1}/{runs} done", flush=True)
        browser.close()
    return results


def size(n: float) -> str:
    if n >= 1024 * 1024:
        return f"{n / 1048576:.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n:.0f} B"


def report(results: dict[str, dict[str, list[Sample]]], runs: int) -> None:
    def med(name: str, case: str, field: str) -> float:
        values = [sample[field] for sample in results[name][case] if field in sample]
        return statistics.median(values) if values else float("nan")

    cases = (
        ("first", "first visit (fresh)"),
        ("repeat", "repeat, no snapshot"),
        ("snapshot", "repeat, snapshot"),
    )
    print()
    print(f"Seconds from navigation start, median of {runs} (Start pressed as soon as the form is shown;")
    print("the bare page's repeat visit is set beside both of Rommi's):")
    print(f"  {'':24}{'setup form':>11}{'ready':>8}{'playable':>10}{'bare ready':>12}{'playable/bare':>15}")
    for case, label in cases:
        form, ready, playable = (
            med("rommi", case, "form"),
            med("rommi", case, "ready"),
            med("rommi", case, "playable"),
        )
        bare = med("bare", "first" if case == "first" else "repeat", "ready")
        print(
            f"  {label:24}{form:>10.2f}s{ready:>7.2f}s{playable:>9.2f}s{bare:>11.2f}s{playable / bare:>15.2f}"
        )
    print()
    print(
        "Cumulative layout shift, median:",
        ", ".join(f"{case} {med('rommi', case, 'cls'):.4f}" for case, _ in cases),
    )
    print()
    print("Bytes sent by the server per visit, median (uncompressed; ours = not under vendor/):")
    print(f"  {'':31}{'ours':>10}{'vendor/':>11}{'total':>11}")
    for name in PAGES:
        for case in ("first", "repeat", "snapshot") if name == "rommi" else ("first", "repeat"):
            ours, vendored = med(name, case, "ours"), med(name, case, "vendored")
            label = f"{name}, {case} visit"
            print(f"  {label:31}{size(ours):>10}{size(vendored):>11}{size(ours + vendored):>11}")
    print()
    for name in PAGES:
        for case in ("first", "repeat", "snapshot") if name == "rommi" else ("first", "repeat"):
            times = ", ".join(f"{sample['playable']:.2f}" for sample in results[name][case])
            print(f"  {name} {case} visits, playable (s): {times}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time Rommi's load against a bare Pyodide page.")
    parser.add_argument("--runs", type=int, default=5, help="visits per case (default 5)")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file() or not (args.site / "vendor" / "pyodide").is_dir():
        raise SystemExit(f"bench: {args.site} is not a built site; run `make build` first")
    report(run(args.site.resolve(), max(1, args.runs)), max(1, args.runs))


if __name__ == "__main__":
    main()
