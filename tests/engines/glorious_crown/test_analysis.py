"""The post-game analysis on a hand-built Glorious Crown position (issue 27): a losing move is a blunder and
the winning one is found; the same seed gives the same review."""

from __future__ import annotations

from engines.core.analysis import BLUNDER, AnalysisSettings, review_decision
from engines.glorious_crown.models import GCState, Play

from .conftest import E, make_state

QUICK = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=3, seed=5)


def last_two_cards() -> GCState:
    """p1 leads holding an 8 and a 9, ahead on points. The 8 clears the field (GC-13), so p1 leads again
    and goes out legally with the 9: first place, the largest bonus (GC-19). Leading the 9 instead leaves
    p1 to go out with the 8, an illegal finish (GC-20: no bonus, placed last)."""
    return make_state(
        {"p1": ["H8", "S9"], "p2": ["C3", "D4", "S6"], "p3": ["H3", "C4", "H6"]},
        points={"p1": 1, "p2": 0, "p3": 0},
    )


def test_leading_the_nine_is_a_blunder_and_the_eight_is_found() -> None:
    review = review_decision(E, last_two_cards(), "p1", Play(cards=["S9"]), 0, QUICK)
    assert review.deep and review.grade == "blunder" and review.loss >= BLUNDER
    assert review.best == Play(cards=["H8"]).model_dump(mode="json")
    assert review.played_value is not None and review.played_value <= 0.1  # lost: only the score term
    assert review.best_value is not None and review.best_value >= 0.5


def test_the_winning_move_is_good() -> None:
    review = review_decision(E, last_two_cards(), "p1", Play(cards=["H8"]), 0, QUICK)
    assert review.grade == "good" and review.loss == 0.0
    assert review.ai_move == Play(cards=["H8"]).model_dump(mode="json")


def test_same_seed_same_review() -> None:
    first = review_decision(E, last_two_cards(), "p1", Play(cards=["S9"]), 0, QUICK)
    again = review_decision(E, last_two_cards(), "p1", Play(cards=["S9"]), 0, QUICK)
    assert first.model_dump_json() == again.model_dump_json()
