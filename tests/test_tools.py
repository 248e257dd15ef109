"""The developer tools start as the Makefile and the README run them: each script of the site's
build (``tools/build/``) and of the benchmarks (``tools/bench/``) from the repository's root,
so an import between tools that a move broke fails here, not in the next benchmark run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(
    path.relative_to(ROOT).as_posix()
    for folder in ("tools/build", "tools/bench", "tools")
    for path in (ROOT / folder).glob("*.py")
    if "argparse" in path.read_text(encoding="utf-8")  # a command line of its own
)


def test_the_tools_are_split_into_the_sites_build_and_the_benchmarks() -> None:
    assert {"tools/build/build.py", "tools/build/serve.py", "tools/bench/bench_load.py"} <= set(SCRIPTS)
    assert not list((ROOT / "tools").glob("bench_*.py")), "a benchmark outside tools/bench/"


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_tool_starts(script: str) -> None:
    run = subprocess.run(
        [sys.executable, script, "--help"], cwd=ROOT, capture_output=True, text=True, check=False, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "usage:" in run.stdout
