"""Lighthouse on the built site: a first visit and a repeat visit, scores and the audits missed.

    python tools/bench/bench_lighthouse.py [--site dist]
        [--lighthouse .lighthouse/node_modules/.bin/lighthouse]

``make bench-lighthouse`` installs the pinned Lighthouse into ``.lighthouse/`` (a
developer tool: never part of the site or of ``make test``) and runs this. The site
is served by ``tools/build/serve.py``. The repeat visit is a browser profile that has
visited once, until its service worker controlled the page and its Python snapshot
was stored; Lighthouse then loads the page again with that profile and its storage
kept (``--disable-storage-reset``). Lighthouse's default throttling (a slow phone on
a slow network, simulated) applies to both. Prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import chromium  # noqa: E402
from tools.build.serve import serving  # noqa: E402

CATEGORIES = "performance,accessibility,best-practices"
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "cumulative-layout-shift",
    "total-blocking-time",
)
WARMED = "document.documentElement.dataset.snapshot && navigator.serviceWorker.controller !== null"


def warm(profile: Path, url: str) -> str:
    """Visit ``url`` once in ``profile``; return how Python booted and what became of its snapshot."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(str(profile), **chromium.launch_options())
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(WARMED, timeout=180_000)
        state = page.evaluate(
            "`${document.documentElement.dataset.python}, ${document.documentElement.dataset.snapshot}`"
        )
        context.close()
    return str(state)


def lighthouse(binary: Path, url: str, profile: Path, keep_storage: bool, out: Path) -> dict[str, Any]:
    flags = ["--headless=new", f"--user-data-dir={profile}", *chromium.ARGS]
    command = [
        str(binary),
        url,
        f"--only-categories={CATEGORIES}",
        "--output=json",
        f"--output-path={out}",
        "--quiet",
        f"--chrome-flags={' '.join(flags)}",
        *(["--disable-storage-reset"] if keep_storage else []),
    ]
    env = {"CHROME_PATH": str(chromium.EXECUTABLE), "PATH": "/usr/bin:/bin"}
    subprocess.run(command, check=True, env=env, timeout=600)
    return dict(json.loads(out.read_text(encoding="utf-8")))


def report(label: str, result: dict[str, Any]) -> None:
    scores = ", ".join(f"{name} {round(c['score'] * 100)}" for name, c in result["categories"].items())
    audits = result["audits"]
    print(f"{label}: {scores}")
    print("  " + ", ".join(f"{m} {audits[m].get('displayValue', '?')}" for m in METRICS))
    for name, category in result["categories"].items():
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
                missed = f"{ref['id']} {audit['score']:.2f} {audit['title']}"
                print(f"  missed ({name}, weight {ref['weight']}): {missed}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Lighthouse on the built site, first and repeat visit.")
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--lighthouse", type=Path, default=ROOT / ".lighthouse" / "node_modules" / ".bin" / "lighthouse"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"bench: {args.site} is not a built site; run `make build` first")
    if not args.lighthouse.exists():
        raise SystemExit(f"bench: {args.lighthouse} is missing; `make bench-lighthouse` installs it")
    with serving(args.site.resolve()) as url, tempfile.TemporaryDirectory(prefix="rommi-lighthouse-") as tmp:
        scratch = Path(tmp)
        url = url.replace("127.0.0.1", "localhost")  # a secure context, as the offline copy needs
        report(
            "first visit", lighthouse(args.lighthouse, url, scratch / "first", False, scratch / "first.json")
        )
        print(f"warm-up visit: Python {warm(scratch / 'repeat', url)}")
        report(
            "repeat visit",
            lighthouse(args.lighthouse, url, scratch / "repeat", True, scratch / "repeat.json"),
        )


if __name__ == "__main__":
    main()
