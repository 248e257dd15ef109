"""The tournament's paired comparison: two heroes on the same seeds, deal by deal.

Strength is measured by the tournament command, never here (timings and win
shares are benchmarks); these tests check that what it prints is computed from
the matches it played.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rommi.game import Game
from rommilab.tournament import main, paired, play_match, run, saved

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


# ----------------------------------------------------------------- kept games


def test_a_match_played_on_from_its_kept_game_ends_as_the_whole_match() -> None:
    """rules C14, B8: no level keeps anything between decisions, so a match played on from the game
    kept as a deal began scores every deal as the whole match did; both games, and a basic match
    over before the deal kept (kept as it ended) too."""
    cases = [
        ("contract", 3, ["hard", "normal", "easy"], None, 4),
        ("basic", 2, ["hard", "normal"], OPTIONS, 2),
    ]
    cases.append(("basic", 2, ["hard", "normal"], OPTIONS, 99))
    for variant, players, levels, options, deal in cases:
        whole = play_match(variant, players, 5, levels, options, 0, keep_deal=deal)
        assert whole.kept is not None
        again = play_match(variant, players, 5, levels, options, 0, state=whole.kept)
        assert again.deal_scores == whole.deal_scores, (variant, deal)
        assert (again.totals, again.hero_share) == (whole.totals, whole.hero_share)
        begun = Game.from_dict(whole.kept)
        if deal <= len(whole.deal_scores):
            assert (begun.deal, len(begun.view(0)["deal_scores"])) == (deal, deal - 1)
            assert again.actions < whole.actions
        else:
            assert begun.over and again.actions == 0


def test_a_kept_game_of_another_variant_is_refused() -> None:
    kept = play_match("basic", 2, 5, ["easy", "easy"], OPTIONS, 0, keep_deal=1).kept
    with pytest.raises(ValueError, match="seed 5 is basic for 2"):
        play_match("contract", 2, 5, ["easy", "easy"], None, 0, state=kept)


def test_the_command_keeps_games_and_plays_the_same_seeds_on_from_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """rule B8: an unchanged level played on from the kept games pairs with its whole run at nothing;
    another hero played on from them differs from the kept deal on only."""
    states, whole = tmp_path / "states.json", tmp_path / "whole.json"
    common = ["--variant", "basic", "--players", "2", "--field", "normal", "--matches", "3", "--seed", "4"]
    common += ["--options", json.dumps(OPTIONS)]
    assert (
        main([*common, "--hero", "hard", "--deal", "2", "--keep-states", str(states), "--save", str(whole)])
        == 0
    )
    data = json.loads(states.read_text())
    assert (data["deal"], sorted(data["states"])) == (2, ["4", "5", "6"])
    capsys.readouterr()
    assert main([*common, "--hero", "hard", "--from-states", str(states), "--paired", str(whole)]) == 0
    out = capsys.readouterr().out
    assert "played on from deal 2 of the games kept in" in out
    assert "per deal +0.00 (standard error 0.00" in out
    assert main([*common, "--hero", "easy", "--from-states", str(states), "--paired", str(whole)]) == 0
    first = capsys.readouterr().out.split("by deal ")[1].split()
    assert first[:2] == ["1:", "+0.00"], "the first deal was played before the games were kept"


def test_wrong_kept_games_are_a_usage_error_before_any_match(tmp_path: Path) -> None:
    kept = play_match("basic", 2, 1, ["easy", "easy"], OPTIONS, 1, keep_deal=1).kept
    files = {
        "bad": "{not json",
        "shapeless": "[1, 2]",
        "other": json.dumps({"deal": 1, "variant": "contract", "players": 4, "states": {"1": kept}}),
        "lacking": json.dumps({"deal": 1, "variant": "basic", "players": 2, "states": {"2": kept}}),
    }
    base = ["--variant", "basic", "--players", "2", "--matches", "1"]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for path in [*(tmp_path / n for n in files), tmp_path / "missing.json"]:
        with pytest.raises(SystemExit) as e:
            main([*base, "--from-states", str(path)])
        assert e.value.code == 2, path
    for args in (
        ["--deal", "2"],
        ["--keep-states", str(tmp_path / "k.json")],
        ["--deal", "0", "--keep-states", "k"],
    ):
        with pytest.raises(SystemExit) as e:
            main([*base, *args])
        assert e.value.code == 2, args


def test_a_corrupt_kept_game_fails_the_run_with_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = play_match("basic", 2, 1, ["easy", "easy"], OPTIONS, 1, keep_deal=1).kept
    assert kept is not None
    kept["history"] = 5
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps({"deal": 1, "variant": "basic", "players": 2, "states": {"1": kept}}))
    assert main(["--variant", "basic", "--players", "2", "--matches", "1", "--from-states", str(path)]) == 1
    assert "the kept game of seed 1: corrupt save" in capsys.readouterr().err
