"""The CPU time of this script's Chromium processes, read from ``/proc`` (Linux): user and
system time, which neither the machine's load nor a process's niceness changes. For the online
benchmarks (``bench_online.py``, ``online_cpu_where.py``): eight pages share one browser, one GPU
process and one network service, whose CPU no page's own figures hold."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def cpu(pid: int) -> float:
    """The process's CPU time so far (s), user and system; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def descendants(root: int) -> set[int]:
    """The processes started, directly or not, by ``root``."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    found, grew = {root}, True
    while grew:
        more = {pid for pid, up in parent.items() if up in found} - found
        grew = bool(more)
        found |= more
    return found - {root}


def chromium_processes() -> dict[int, str]:
    """This run's Chromium processes (started by this script): pid -> its kind (browser,
    renderer, gpu-process, utility NetworkService...). Chromium joins its arguments with spaces."""
    found: dict[int, str] = {}
    for pid in descendants(os.getpid()):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
        except OSError:
            continue
        if not args or b"chromium" not in args[0]:
            continue
        kind = next((a.split(b"=", 1)[1].decode() for a in args if a.startswith(b"--type=")), "browser")
        if kind == "utility":
            sub = next(
                (a.split(b"=", 1)[1].decode() for a in args if a.startswith(b"--utility-sub-type=")), ""
            )
            kind = f"utility {sub.rsplit('.', 1)[0].split('.')[0]}"
        if b"--top-chrome-webui" in args:
            kind += " webui"
        found[pid] = kind
    return found


def renice(pids: dict[int, str]) -> None:
    """Chromium sets its own processes' niceness (the browser's and GPU's higher): all put back
    to 19, as everything this machine's helpers run (CPU times are not changed by it)."""
    for pid in pids:
        with contextlib.suppress(OSError):  # gone meanwhile
            os.setpriority(os.PRIO_PROCESS, pid, 19)


def snapshot(pids: dict[int, str]) -> dict[int, float]:
    return {pid: cpu(pid) for pid in pids}
