"""The game's course and Try it again on a hand-built Yggdrasil position (issue 27 items 2 and 3)."""

from __future__ import annotations

from engines.core.analysis import AnalysisSettings, course_point, review_decision, score_at
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Invade, NoInvasion

from .test_analysis import QUICK, root_in_reach

COURSE = AnalysisSettings(samples=4, seed=5)


def test_the_seat_that_can_fell_the_root_is_clearly_ahead() -> None:
    """p1's salamander reaches p2's root (YG-8, YG-9): from either seat's view p1 wins."""
    for seat in ("p1", "p2"):
        values = course_point(ENGINE, root_in_reach(), seat, 0, COURSE).values
        assert values["p1"] > 0.5 > values["p2"]


def test_trying_the_invasion_again_scores_the_best_move() -> None:
    state = root_in_reach()
    decision = review_decision(ENGINE, state, "p1", NoInvasion(), 0, QUICK)
    again = score_at(ENGINE, state, "p1", 0, Invade(target="B3"), NoInvasion(), decision, QUICK)
    assert again.chosen == again.best and again.chosen_value == again.best_value == 1.0
    assert again.played_value < again.chosen_value
