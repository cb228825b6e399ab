"""Post-game analysis (issue 27): each decision of a seat judged from what the seat knew, by seeded rollouts
with the game's AI over redeals of the hidden cards. See docs/analysis.md."""

from engines.core.analysis.coach import COACH_SETTINGS, Choice, Suggestion, suggest
from engines.core.analysis.course import Course, CoursePoint, course_point, game_course
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
from engines.core.analysis.retry import RetryResult, score_at, score_choice
from engines.core.analysis.review import Progress, review_seat

__all__ = [
    "BLUNDER",
    "COACH_SETTINGS",
    "INACCURACY",
    "MISTAKE",
    "AnalysisSettings",
    "CandidateValue",
    "Choice",
    "Course",
    "CoursePoint",
    "DecisionReview",
    "Grade",
    "Progress",
    "RetryResult",
    "SeatReview",
    "Suggestion",
    "accuracy",
    "course_point",
    "final_result",
    "game_course",
    "grade",
    "move_accuracy",
    "review_decision",
    "review_seat",
    "score_at",
    "score_choice",
    "seat_result",
    "suggest",
]
