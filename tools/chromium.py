"""How the tests and benchmarks launch the system's Chromium (Debian's ``chromium`` package).

Playwright's own browser downloads are never used: ``executable_path`` points at
``/usr/bin/chromium``. The flags keep a headless run quiet and local: no
background requests, no component updates, no QUIC. ``--disable-dev-shm-usage``
keeps Chromium's shared memory in /tmp: containers often mount a /dev/shm of
64 MB, too small for a page that moves a 30 MB Python snapshot and Pyodide's
WebAssembly between processes; Puppeteer's troubleshooting notes that Chrome can crash
there ("Target crashed"). Here /dev/shm is large; CI's may not be.
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


def launch_options() -> dict[str, object]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    if not EXECUTABLE.exists():
        raise FileNotFoundError(
            f"{EXECUTABLE} is missing: `make test` installs it (apt-get install chromium)"
        )
    return {"executable_path": str(EXECUTABLE), "args": list(ARGS)}
