"""The analysis bench (``tests/bench/bench_analysis.py``) runs end to end on one small game, so its code
cannot rot between two ``make bench``. No figure is asserted beyond its being produced."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core.analysis import AnalysisSettings
from tests.bench import bench_analysis

SMALL = AnalysisSettings(samples=2, confirm_samples=2, max_candidates=2, seed=1)


def test_the_analysis_bench_produces_its_figures() -> None:
    settings = AnalysisSettings(samples=2, confirm_samples=2, max_candidates=2, seed=1)
    figures = bench_analysis.bench_engine("yggdrasil", 1, settings)
    assert figures.games == 1
    assert len(figures.ai_seconds) == 1 and len(figures.random_seconds) == 1
    assert figures.blunders_fixed <= figures.blunders and figures.fixed_in_the_real_deal <= figures.blunders
    text = bench_analysis.report("yggdrasil", figures, 0.0)
    assert "need >= 95%" in text and "need >= 90%" in text
    assert "tied in" in text


def test_an_exact_tie_or_a_seat_without_a_choice_is_no_verdict() -> None:
    """Both seats at 100 in a game whose every move ends the same way: neither above nor below; nor is a
    game in which one side never had a choice (it has no accuracy to compare)."""
    assert bench_analysis.compare(100.0, [100.0]) == "tied"
    assert bench_analysis.compare(100.0, [99.9, None]) == "above"
    assert bench_analysis.compare(80.0, [100.0, 40.0]) == "below"
    assert bench_analysis.compare(None, [50.0]) == "none"
    assert bench_analysis.compare(70.0, [None]) == "none"
    assert bench_analysis.compare(70.0, [None, 60.0]) == "above"  # the random seat that chose


def test_the_goal_counts_the_games_with_a_verdict() -> None:
    """Project Chaos's 200 games at 256ab5d: 183 above, 5 below, 9 ties, 3 without a choice."""
    figures = bench_analysis.Figures(games=200, ai_above=183, ai_tied=9, ai_no_choice=3)
    text = bench_analysis.report("x", figures, 0.0)
    assert "above the random seats' in 97.3% of the 188 games with a verdict (need >= 95%)" in text
    assert "tied in 4.5%" in text and "a seat without a choice in 1.5%" in text
    assert "above in 91.5% of all games" in text


def _counts(f: bench_analysis.Figures) -> tuple[object, ...]:
    """Everything but the CPU seconds, which differ from run to run."""
    return (f.games, f.ai_above, f.ai_tied, f.ai_no_choice, f.blunders, f.blunders_fixed, f.ai_accuracy)


def test_a_recorded_run_is_read_back_instead_of_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bench.jsonl"
    first = bench_analysis.bench_engine("yggdrasil", 2, SMALL, record=bench_analysis.Record(path, SMALL))
    assert len(path.read_text().splitlines()) == 2

    def played(*_: object) -> bench_analysis.Figures:
        raise AssertionError("a recorded game was played again")

    monkeypatch.setattr(bench_analysis, "bench_game", played)
    again = bench_analysis.bench_engine("yggdrasil", 2, SMALL, record=bench_analysis.Record(path, SMALL))
    assert _counts(again) == _counts(first) and again.ai_seconds == first.ai_seconds
    other = AnalysisSettings(samples=3, confirm_samples=2, max_candidates=2, seed=1)
    assert bench_analysis.Record(path, other).done == {}, "other settings are other figures"


def test_games_split_across_processes_sum_to_the_same_figures() -> None:
    alone = bench_analysis.bench_engine("yggdrasil", 2, SMALL)
    split = bench_analysis.bench_engine("yggdrasil", 2, SMALL, processes=2)
    assert _counts(split) == _counts(alone)
