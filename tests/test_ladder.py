"""The ladder's verdicts (issue 44): a goal is missed only when the whole interval lies below it."""

from __future__ import annotations

import pytest

from rommilab.ladder import RUNGS, Result, Rung, climb, fresh_seed, main

GOAL = Rung("r", "basic", 2, "expert", "hard", 0.60, 100, "a test")


@pytest.mark.parametrize(
    ("wins", "matches", "verdict"),
    [
        (120, 200, "met"),  # 60.0%: the goal reached
        (110, 200, "not shown"),  # 55.0% [48.1, 61.7]: below, the interval still holds 60%
        (86, 200, "BELOW"),  # 43.0% [36.3, 49.9]: the whole interval under 60%
        (26, 60, "BELOW"),  # issue 44's run: 43.3% [31.6, 55.9]
        (0, 2, "not shown"),  # two matches show nothing either way
    ],
)
def test_verdict_is_below_only_when_the_interval_is(wins: float, matches: int, verdict: str) -> None:
    assert Result(GOAL, 1, matches, wins, 0.0).verdict == verdict


def test_line_names_the_seeds_share_interval_and_goal() -> None:
    line = Result(GOAL, 930001, 60, 26, 12.0).line()
    assert "seeds 930001-930060" in line
    assert "26 of 60, 43.3% [31.6%, 55.9%]" in line
    assert "goal 60%" in line and line.endswith("BELOW (12 s)")


def test_fresh_seeds_differ_from_minute_to_minute_and_from_every_hand_picked_set() -> None:
    now = 1_796_000_000.0  # December 2026
    assert fresh_seed(now + 60) - fresh_seed(now) == 1000
    assert fresh_seed(now) > 10**9  # hand-picked seed sets so far stay under a few million


def test_rungs_do_not_share_seeds_and_cover_both_games() -> None:
    names = [r.name for r in RUNGS]
    assert len(set(names)) == len(names)
    assert {r.variant for r in RUNGS} == {"contract", "basic"}
    assert {(r.hero, r.fld) for r in RUNGS} >= {("hard", "normal"), ("expert", "hard")}
    assert all(r.matches < 100_000 for r in RUNGS)  # SEED_BLOCK apart, the rungs' seeds never meet


def test_a_small_rung_plays_real_matches_and_prints_its_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--only", "basic-hard", "--seed", "5", "--scale", "0.005", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0  # two matches cannot put a 60% goal wholly above the interval
    assert "base seed 5" in out
    assert "basic-hard: basic 2 players, hard vs normal, seeds 300005-300006: " in out
    assert "0 rung(s) below their goal" in out


def test_a_goal_beyond_the_interval_fails_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Easy against hard, goal 99%: ten matches put the interval's top under it unless easy wins
    all ten, so the run exits 1 and says which rung."""
    hopeless = Rung("easy-vs-hard", "basic", 2, "easy", "hard", 0.99, 10, "a test")
    code = climb([hopeless], 11, jobs=1)
    out = capsys.readouterr().out
    assert "easy-vs-hard: basic 2 players, easy vs hard, seeds 600011-600020: " in out
    assert ": BELOW (" in out and "1 rung(s) below their goal" in out
    assert code == 1
