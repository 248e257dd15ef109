"""Project-wide test rules.

A skipped test counts as a failure: every suite must really run everywhere
(``make test`` installs what the suites need, so nothing has a reason to skip).
"""

from __future__ import annotations

import pytest


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
