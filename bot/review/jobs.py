"""What runs in an analysis process (``bot.analysis.pool``) for a review: module-level functions of plain,
picklable arguments (the game's set-up and its log as stored), each replaying the game from its log and
calling the engines' analysis. Nothing here knows Discord or the store.

``review_job``: the seat's ``SeatReview`` and its ``Course``, as JSON, with one progress figure over both
(the decisions first, then the course's points). ``retry_job``: how another move at a key moment scores
against the played one and the best one (``engines.core.analysis.retry``). ``course_picture``: the course
drawn (``renderers.review``), for ``bot.table.pictures.render_other``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games import manifest
from engines.core.analysis import AnalysisSettings, DecisionReview, review_seat
from engines.core.analysis.course import Course, game_course, spaced
from engines.core.analysis.retry import score_choice
from renderers.review import draw_course

Progress = Callable[[int, int], None]
#: A stored log entry as the jobs take it: the seat and the action's JSON data.
LogEntry = tuple[str, dict[str, Any]]


def review_job(
    game_id: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[LogEntry],
    seat: str,
    settings_json: str,
    *,
    progress: Progress,
) -> tuple[str, str]:
    """``(SeatReview JSON, Course JSON)`` of ``seat`` in the finished game given by its set-up and log."""
    engine = manifest(game_id).engine
    settings = AnalysisSettings.model_validate_json(settings_json)
    decisions = sum(1 for who, _ in actions if who == seat)
    points = len(spaced(len(actions) + 1, COURSE_POINTS))
    total = decisions + points
    review = review_seat(
        engine,
        players,
        options,
        seed,
        actions,
        seat,
        settings,
        progress=lambda done, _of: progress(done, total),
    )
    course = game_course(
        engine,
        players,
        options,
        seed,
        actions,
        seat,
        settings,
        progress=lambda done, _of: progress(decisions + done, total),
        max_points=COURSE_POINTS,
    )
    return review.model_dump_json(), course.model_dump_json()


#: Points of the course (the start and the end among them): enough for a smooth line, few enough to be cheap.
COURSE_POINTS = 40


def retry_job(
    game_id: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[LogEntry],
    seat: str,
    index: int,
    chosen: dict[str, Any],
    decision_json: str,
    settings_json: str,
    *,
    progress: Progress,
) -> str:
    """The ``RetryResult`` JSON of ``chosen`` at the log's action ``index`` (a decision of ``seat``)."""
    engine = manifest(game_id).engine
    progress(0, 1)
    result = score_choice(
        engine,
        players,
        options,
        seed,
        actions,
        seat,
        index,
        engine.parse_action(chosen),
        DecisionReview.model_validate_json(decision_json),
        AnalysisSettings.model_validate_json(settings_json),
    )
    progress(1, 1)
    return result.model_dump_json()


def course_picture(
    course_json: str, key_indices: list[int], names: dict[str, str], lang: str, highlight: str
) -> bytes:
    """The course drawn, the key moments marked and ``highlight``'s line (the reviewed seat) stressed."""
    course = Course.model_validate_json(course_json)
    return draw_course(course, key_indices, names, lang, highlight=highlight)
