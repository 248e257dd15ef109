"""How the tests and benchmarks launch the system's Chromium (Debian's ``chromium`` package).

Playwright's own browser downloads are never used: ``executable_path`` points at
``/usr/bin/chromium``. The flags keep a headless run quiet and local: no
background requests, no component updates, no QUIC.
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
)


def launch_options() -> dict[str, object]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    if not EXECUTABLE.exists():
        raise FileNotFoundError(
            f"{EXECUTABLE} is missing: `make test` installs it (apt-get install chromium)"
        )
    return {"executable_path": str(EXECUTABLE), "args": list(ARGS)}
