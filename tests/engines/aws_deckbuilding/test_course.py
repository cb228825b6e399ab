"""The game's course and Try it again on a hand-built AWS Deckbuilding position (issue 27 items 2 and 3)."""

from __future__ import annotations

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import Buy, EndTurn
from engines.core.analysis import AnalysisSettings, course_point, review_decision, score_at
from tests.engines.aws_deckbuilding.test_analysis import QUICK, last_wa_card_in_reach

COURSE = AnalysisSettings(samples=4, seed=5)


def test_the_seat_that_can_buy_the_last_wa_card_is_clearly_ahead() -> None:
    """p1 can buy the last W-A card and end the game ahead (AD-15)."""
    state, _last = last_wa_card_in_reach()
    for seat in ("p1", "p2"):
        values = course_point(ENGINE, state, seat, 0, COURSE).values
        assert values["p1"] > 0.5 > values["p2"]


def test_trying_the_purchase_again_scores_the_best_move() -> None:
    state, last = last_wa_card_in_reach()
    decision = review_decision(ENGINE, state, "p1", EndTurn(), 0, QUICK)
    again = score_at(ENGINE, state, "p1", 0, Buy(card=last), EndTurn(), decision, QUICK)
    assert again.chosen == again.best and again.chosen_value == again.best_value
    assert again.chosen_value >= 0.9 and again.played_value <= 0.1
