"""The game's course and Try it again on hand-built Project Chaos positions (issue 27 items 2 and 3): a
cooperative game, so every seat carries the team's chance of success (PC-11a)."""

from __future__ import annotations

import pytest

from engines.core.analysis import AnalysisSettings, course_point, review_decision, score_at
from engines.core.analysis.results import PROGRESS_WEIGHT
from engines.project_chaos.models import PCState, Play

from .conftest import E, make_state
from .test_analysis import QUICK, die_at_three

COURSE = AnalysisSettings(samples=4, seed=5)


def one_card_from_shipping() -> PCState:
    """Balanced product (PC-5): the lane has two Tech, two User and one Management card; the Management
    workplace holds a 0-value card, so placing any Management card there ships it for free (PC-7 C) and the
    product is balanced. Every hand holds Management cards and the die is low."""
    return make_state(
        {
            "p1": ["pc-new-coffee-machine", "pc-reliable-pm", "pc-deadline-moves-out"],
            "p2": ["pc-five-minute-standup", "pc-team-in-the-zone", "pc-pair-programming-clicks"],
        },
        workplaces={"mgmt": "pc-meeting-about-meetings"},
        lane=[
            "pc-genius-intern",
            "pc-ci-all-green",
            "pc-user-interview-gold",
            "pc-product-praised",
            "pc-ceo-all-in",
        ],
        die=1,
    )


def test_a_team_one_card_from_shipping_is_clearly_ahead_for_every_seat() -> None:
    for seat in ("p1", "p2"):
        values = course_point(E, one_card_from_shipping(), seat, 0, COURSE).values
        assert set(values) == {"p1", "p2"} and len(set(values.values())) == 1
        assert values["p1"] > 0.5


def test_trying_a_saving_move_again_scores_above_the_storm() -> None:
    state = die_at_three()
    storm = Play(card="pc-reply-all-storm")
    decision = review_decision(E, state, "p1", storm, 0, QUICK)
    assert decision.best is not None
    again = score_at(E, state, "p1", 0, decision.best, storm, decision, QUICK)
    assert again.chosen_value == again.best_value >= 0.5
    # The die past 3: the project fails at once (PC-11); a failure keeps only a tenth of the team's progress.
    assert again.played_value == pytest.approx(
        PROGRESS_WEIGHT * E.progress(E.apply(state, "p1", storm).state)
    )
    assert again.played_value < PROGRESS_WEIGHT
    same = score_at(E, state, "p1", 0, storm, storm, decision, QUICK)
    assert same.chosen_value == same.played_value == again.played_value
