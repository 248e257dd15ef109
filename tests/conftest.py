"""Project-wide test rules.

A skipped test counts as a failure: every suite must really run everywhere
(``make test`` installs what the suites need, so nothing has a reason to skip).

The expert level searches for a second of wall clock by default; in the unit
tests, which enumerate every level, it weighs a fixed number of sampled games
instead, so its choices are fast and a function of its seed and view alone.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rommi.bots.expert import ExpertBot

TEST_ROLLOUTS = 8
"""Sampled games per expert decision in the unit tests (``ExpertBot.default_rollouts``)."""


@pytest.fixture(autouse=True)
def _expert_counts_games() -> Iterator[None]:
    before = ExpertBot.default_rollouts
    ExpertBot.default_rollouts = TEST_ROLLOUTS
    yield
    ExpertBot.default_rollouts = before


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter is not None else 0
    if skipped and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if terminalreporter.stats.get("skipped"):
        terminalreporter.write_line(
            "FAILED: skipped tests count as failures here (see tests/conftest.py)", red=True, bold=True
        )
