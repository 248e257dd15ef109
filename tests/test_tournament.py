"""The tournament's paired comparison: two heroes on the same seeds, deal by deal.

Strength is measured by the tournament command, never here (timings and win
shares are benchmarks); these tests check that what it prints is computed from
the matches it played.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rommi.tournament import main, paired, run, saved

OPTIONS = {"target": 30}


def _matches(hero: str, seed: int = 3, n: int = 4) -> list:
    return list(run("basic", 2, hero, "normal", n, seed=seed, options=OPTIONS))


def test_a_run_paired_with_itself_differs_by_nothing() -> None:
    """rule B8: the same seeds played by the same levels deal the same cards and score the same."""
    results = _matches("hard")
    text = paired(_matches("hard"), saved(results), "basic")
    assert "per deal +0.00 (standard error 0.00" in text
    wins = sum(float(r.hero_share) for r in results)
    assert f"match wins {wins:g} against {wins:g}" in text


def test_the_paired_difference_is_the_heroes_score_deal_by_deal() -> None:
    """rule B8: each deal's points won by the hero in one run minus the other's, in the same seat."""
    hard, easy = _matches("hard"), _matches("easy")
    diffs = [
        a[r.hero_seat] - b[r.hero_seat]
        for r, e in zip(hard, easy, strict=True)
        for a, b in zip(r.deal_scores, e.deal_scores, strict=False)
    ]
    assert any(diffs), "the two levels played these seeds alike: pick other seeds"
    text = paired(hard, saved(easy), "basic")
    assert f"per deal {sum(diffs) / len(diffs):+.2f}" in text
    assert f"{len(diffs)} deals" in text


def test_the_paired_match_difference_is_the_heroes_share_match_by_match() -> None:
    """rule B9: each match's share of the win by the hero in one run minus the other's, with how many
    matches went better and worse; a match the two heroes both won or both lost counts in neither."""
    hard, easy = _matches("hard", n=8), _matches("easy", n=8)
    diffs = [float(r.hero_share - e.hero_share) for r, e in zip(hard, easy, strict=True)]
    assert any(diffs), "the two levels won and lost these seeds alike: pick other seeds"
    text = paired(hard, saved(easy), "basic")
    mean = sum(diffs) / len(diffs)
    better, worse = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    assert f": {mean:+.3f} a match (standard error " in text
    assert f"better in {better} matches, worse in {worse})" in text


def test_a_saved_run_of_other_seeds_is_refused() -> None:
    with pytest.raises(ValueError, match="seed 3"):
        paired(_matches("hard", seed=3, n=1), saved(_matches("hard", seed=4, n=1)), "basic")


def test_the_command_saves_a_run_and_pairs_a_later_one_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "hard.json"
    common = ["--variant", "basic", "--players", "2", "--field", "normal", "--matches", "2"]
    common += ["--options", json.dumps(OPTIONS)]
    assert main([*common, "--hero", "hard", "--save", str(file)]) == 0
    assert [m["seed"] for m in json.loads(file.read_text())] == [1, 2]
    capsys.readouterr()
    assert main([*common, "--hero", "easy", "--paired", str(file)]) == 0
    out = capsys.readouterr().out
    assert "hero easy vs field normal, 2 matches" in out
    assert "paired with the saved run: hero's points won per deal" in out


def test_a_missing_corrupt_or_other_saved_run_is_a_usage_error_before_any_match(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    shapeless = tmp_path / "shapeless.json"
    shapeless.write_text("[1, 2]", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps(saved(_matches("hard", seed=4, n=1))), encoding="utf-8")
    for path in (bad, shapeless, other, tmp_path / "missing.json"):
        with pytest.raises(SystemExit) as e:
            main(["--variant", "basic", "--players", "2", "--matches", "1", "--paired", str(path)])
        assert e.value.code == 2, path
