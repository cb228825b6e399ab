"""The game's course and Try it again on a hand-built Glorious Crown position (issue 27 items 2 and 3)."""

from __future__ import annotations

from engines.core.analysis import AnalysisSettings, course_point, review_decision, score_at
from engines.glorious_crown.models import Play

from .conftest import E
from .test_analysis import QUICK, last_two_cards

COURSE = AnalysisSettings(samples=4, seed=5)


def test_the_seat_about_to_go_out_first_is_clearly_ahead() -> None:
    """p1 sees its own 8 and 9 (GC-13, GC-19): from its view it is the likely winner."""
    values = course_point(E, last_two_cards(), "p1", 0, COURSE).values
    assert values["p1"] > 0.5 and values["p1"] == max(values.values())


def test_trying_the_eight_again_scores_the_best_move() -> None:
    state = last_two_cards()
    decision = review_decision(E, state, "p1", Play(cards=["S9"]), 0, QUICK)
    again = score_at(E, state, "p1", 0, Play(cards=["H8"]), Play(cards=["S9"]), decision, QUICK)
    assert again.chosen == again.best and again.chosen_value == again.best_value
    assert again.chosen_value > again.played_value
    same = score_at(E, state, "p1", 0, Play(cards=["S9"]), Play(cards=["S9"]), decision, QUICK)
    assert same.chosen_value == same.played_value == again.played_value
