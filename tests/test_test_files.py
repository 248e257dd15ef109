"""The test files keep one basename each: pytest imports ``tests/x.py`` and ``tests/browser/x.py``
as the same module ``x``, and a whole-tree run then stops at collection ("import file mismatch")
before any test has run."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_files_share_a_basename() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    twice = sorted(name for name, count in names.items() if count > 1)
    assert not twice, f"test files sharing a basename: {twice}"
