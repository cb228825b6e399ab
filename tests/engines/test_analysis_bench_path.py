"""The analysis bench (``tests/bench/bench_analysis.py``) runs end to end on one small game, so its code
cannot rot between two ``make bench``. No figure is asserted beyond its being produced."""

from __future__ import annotations

from engines.core.analysis import AnalysisSettings
from tests.bench import bench_analysis


def test_the_analysis_bench_produces_its_figures() -> None:
    settings = AnalysisSettings(samples=2, confirm_samples=2, max_candidates=2, seed=1)
    figures = bench_analysis.bench_engine("yggdrasil", 1, settings)
    assert figures.games == 1
    assert len(figures.ai_seconds) == 1 and len(figures.random_seconds) == 1
    assert figures.blunders_fixed <= figures.blunders and figures.fixed_in_the_real_deal <= figures.blunders
    text = bench_analysis.report("yggdrasil", figures, 0.0)
    assert "need >= 95%" in text and "need >= 90%" in text
    assert "tied in" in text


def test_an_exact_tie_is_reported_as_a_tie_not_as_above() -> None:
    """Both seats at 100 in a game whose every move ends the same way: neither above nor below."""
    assert bench_analysis.compare(100.0, [100.0]) == "tied"
    assert bench_analysis.compare(100.0, [99.9, None]) == "above"
    assert bench_analysis.compare(80.0, [100.0, 40.0]) == "below"
    assert bench_analysis.compare(None, [50.0]) == "none"
    assert bench_analysis.compare(70.0, [None]) == "above"  # no random seat had a choice


def test_ties_and_games_without_a_choice_are_counted_apart() -> None:
    figures = bench_analysis.Figures(games=10, ai_above=6, ai_tied=2, ai_no_choice=1)
    text = bench_analysis.report("x", figures, 0.0)
    assert "above the random seats' in 60.0%" in text and "tied in 20.0%" in text
    assert "the AI without a choice in 10.0%" in text and "above in 85.7% of the other games" in text
