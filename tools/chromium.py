"""How the tests and benchmarks launch the system's Chromium (Debian's ``chromium`` package).

Playwright's own browser downloads are never used: ``executable_path`` points at
``/usr/bin/chromium``. The flags keep a headless run quiet and local: no
background requests, no component updates, no QUIC. ``--disable-dev-shm-usage``
keeps Chromium's shared memory in /tmp: containers often mount a /dev/shm of
64 MB, too small for a page that moves a 30 MB Python snapshot and Pyodide's
WebAssembly between processes; Puppeteer's troubleshooting notes that Chrome can crash
there ("Target crashed"). Here /dev/shm is large; CI's may not be.

The browser tests add ``TEST_ARGS``; the benchmarks do not, so they measure the browser a
player has.
"""

from __future__ import annotations

from pathlib import Path

EXECUTABLE = Path("/usr/bin/chromium")
ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)

# WebAssembly run by V8's baseline compiler (Liftoff) alone. By default V8 also recompiles the
# hot functions of Pyodide's interpreter with its optimizing compiler (TurboFan), in background
# threads, anew in every page's renderer; a test's page lives for seconds, so on two cores that
# work mostly takes time from the tests. Measured (7 December, two tests at a time, nothing else
# running): the same 25 tests, runs alternating, 105 and 111 s with it against 132 and 129 s
# without; the whole browser suite 20 min 25 s with it, where the two fresh-clone runs before
# took 24 min 0 s and 24 min 14 s. Pages that boot Python afresh (no snapshot) are slower with it.
# What a test checks does not depend on which compiler ran the code; how fast the page is, is
# the benchmarks' business, and they keep V8's defaults.
TEST_ARGS = ("--js-flags=--liftoff-only",)


def launch_options(*extra: str) -> dict[str, object]:
    """Keyword arguments for ``playwright.chromium.launch``, with ``extra`` flags after ``ARGS``."""
    if not EXECUTABLE.exists():
        raise FileNotFoundError(
            f"{EXECUTABLE} is missing: `make test` installs it (apt-get install chromium)"
        )
    return {"executable_path": str(EXECUTABLE), "args": [*ARGS, *extra]}
