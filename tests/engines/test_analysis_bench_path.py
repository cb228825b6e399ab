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
