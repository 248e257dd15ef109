"""``make test``'s summary: a suite passes only when it ran, and nothing failed or was skipped.

The reports are JUnit XML as pytest writes them; a test rerun after a renderer crash
(pytest-rerunfailures) appears twice, and the summary must say so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.test_summary import main


def report(tmp_path: Path, name: str, cases: str, **totals: int) -> str:
    attrs = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0, **totals}
    head = " ".join(f'{key}="{value}"' for key, value in attrs.items())
    path = tmp_path / f"{name}.xml"
    path.write_text(f'<testsuites><testsuite name="pytest" {head}>{cases}</testsuite></testsuites>')
    return f"{name}={path}"


def case(name: str, outcome: str = "") -> str:
    return f'<testcase classname="tests.t" name="{name}">{outcome}</testcase>'


def test_all_passed_is_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([report(tmp_path, "unit", case("a") + case("b"), tests=2)]) == 0
    assert "unit   ok: 2 passed, 0 failed" in capsys.readouterr().out


def test_a_rerun_after_a_crash_is_counted_and_still_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([report(tmp_path, "e2e", case("a") + case("a") + case("b"), tests=2)]) == 0
    assert "e2e    ok: 2 passed, 0 failed, 1 rerun after a renderer crash" in capsys.readouterr().out


def test_a_skip_counts_as_a_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    skipped = case("b", "<skipped/>")
    assert main([report(tmp_path, "e2e", case("a") + skipped, tests=2, skipped=1)]) == 1
    assert "1 skipped (counted as failed)" in capsys.readouterr().out


def test_a_suite_without_a_report_or_tests_did_not_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([f"unit={tmp_path / 'missing.xml'}"]) == 1
    assert main([report(tmp_path, "e2e", "")]) == 1
    out = capsys.readouterr().out
    assert "unit   DID NOT RUN" in out and "e2e    DID NOT RUN" in out


def test_a_failed_step_before_the_suites_fails_the_run(tmp_path: Path) -> None:
    assert main([report(tmp_path, "unit", case("a"), tests=1), "--failed", "lint"]) == 1


def test_each_suite_and_the_whole_say_how_long_they_took(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unit = report(tmp_path, "unit", case("a"), tests=1, time=42.4)
    e2e = report(tmp_path, "e2e", case("a") + case("a"), tests=1, time=754.6)
    assert main([unit, e2e]) == 0
    out = capsys.readouterr().out
    assert "unit   ok: 1 passed, 0 failed, in 42 s" in out
    assert "e2e    ok: 1 passed, 0 failed, 1 rerun after a renderer crash, in 12 min 35 s" in out
    assert "test: 2 passed, 0 failed; the suites took 13 min 17 s" in out


def test_a_failure_with_a_failed_teardown_is_no_rerun(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    torn = case(
        "a", '<error message="failed on teardown with &quot;Failed: the page reported problems&quot;"/>'
    )
    cases = case("a", '<failure message="AssertionError"/>') + torn + case("b")
    assert main([report(tmp_path, "e2e", cases, tests=2, failures=1, errors=1)]) == 1
    out = capsys.readouterr().out
    assert "e2e    FAILED: 0 passed, 1 failed, 1 errors, in 0 s" in out
    assert "rerun" not in out
