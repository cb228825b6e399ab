"""Post-game analysis (issue 27): each decision of a seat judged from what the seat knew, by seeded rollouts
with the game's AI over redeals of the hidden cards. See docs/analysis.md."""

from engines.core.analysis.decision import review_decision
from engines.core.analysis.grading import BLUNDER, INACCURACY, MISTAKE, accuracy, grade, move_accuracy
from engines.core.analysis.models import (
    AnalysisSettings,
    CandidateValue,
    DecisionReview,
    Grade,
    SeatReview,
)
from engines.core.analysis.results import final_result, seat_result
from engines.core.analysis.review import Progress, review_seat

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "AnalysisSettings",
    "CandidateValue",
    "DecisionReview",
    "Grade",
    "Progress",
    "SeatReview",
    "accuracy",
    "final_result",
    "grade",
    "move_accuracy",
    "review_decision",
    "review_seat",
    "seat_result",
]
