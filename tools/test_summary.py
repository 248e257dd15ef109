"""Sum up ``make test``: one line per pytest suite from its JUnit XML, then the total.

    python tools/test_summary.py unit=PATH e2e=PATH [--failed lint,...]

Exits 1 when a suite did not run (no report, or no test in it), when any test
failed, errored or was skipped, or when ``--failed`` names a step that failed.
A test that ran twice (``make e2e`` reruns one whose renderer crashed) shows up
twice in the report; the line says how many did, so a crash is never silent.
Each line and the total say how long the suites took (the project keeps the whole
of ``make test`` well under 15 minutes; this is where a slower suite shows).
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def counts(report: Path) -> dict[str, int]:
    """The report's totals; ``seconds``: its suites' running time, rounded."""
    root = ET.parse(report).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    total = {
        key: sum(int(s.get(key, 0)) for s in suites) for key in ("tests", "failures", "errors", "skipped")
    }
    total["passed"] = total["tests"] - total["failures"] - total["errors"] - total["skipped"]
    # A test whose teardown failed too (the browser guard's check) has a second entry of its own: not a rerun.
    ran = [(case.get("classname"), case.get("name")) for case in root.iter("testcase") if not torn(case)]
    total["reruns"] = len(ran) - len(set(ran))
    total["seconds"] = round(sum(float(s.get("time", 0)) for s in suites))
    return total


def torn(case: ET.Element) -> bool:
    return any(error.get("message", "").startswith("failed on teardown") for error in case.iter("error"))


def took(seconds: int) -> str:
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", help="NAME=PATH of a JUnit XML report")
    parser.add_argument("--failed", default="", help="comma-separated steps that failed before these suites")
    args = parser.parse_args(argv)
    ok = True
    passed = failed = seconds = 0
    for failed_step in filter(None, args.failed.split(",")):
        print(f"  {failed_step:6} FAILED")
        failed += 1
        ok = False
    for item in args.reports:
        name, _, path = item.partition("=")
        report = Path(path)
        if not report.is_file():
            print(f"  {name:6} DID NOT RUN (no report at {report})")
            ok = False
            continue
        c = counts(report)
        bad = c["failures"] + c["errors"] + c["skipped"]
        verdict = "ok" if c["tests"] and not bad else "DID NOT RUN" if not c["tests"] else "FAILED"
        extra = f", {c['errors']} errors" if c["errors"] else ""
        extra += f", {c['skipped']} skipped (counted as failed)" if c["skipped"] else ""
        extra += f", {c['reruns']} rerun after a renderer crash" if c["reruns"] else ""
        extra += f", in {took(c['seconds'])}"
        print(f"  {name:6} {verdict}: {c['passed']} passed, {c['failures']} failed{extra}")
        passed += c["passed"]
        seconds += c["seconds"]
        failed += bad
        ok = ok and verdict == "ok"
    print(f"test: {passed} passed, {failed} failed; the suites took {took(seconds)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
