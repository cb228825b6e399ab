"""A seat's whole game, reviewed: replay the log, judge each of the seat's decisions
(``engines.core.analysis.decision``), grade them and sum up an accuracy. Pure and deterministic for the
settings' seed; ``progress(done, total)`` is called before the first decision and after each one, so a
caller can show a progress line."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engines.core.analysis.decision import review_decision
from engines.core.analysis.grading import accuracy, grade_counts
from engines.core.analysis.models import AnalysisSettings, DecisionReview, SeatReview
from engines.core.engine import Engine
from engines.core.models import Action, Options, Seat

Progress = Callable[[int, int], None]


def review_seat(
    engine: Engine[Any, Any, Any, Any],
    players: Sequence[Seat],
    options: Mapping[str, Any] | Options | None,
    seed: int,
    actions: Iterable[tuple[Seat, Action | Mapping[str, Any]]],
    seat: Seat,
    settings: AnalysisSettings | None = None,
    progress: Progress | None = None,
) -> SeatReview:
    """Review every decision ``seat`` made in the game given by its set-up and action log (as for
    ``engines.core.replay``)."""
    settings = settings if settings is not None else AnalysisSettings()
    if seat not in players:
        raise ValueError(f"{seat} is not a seat of this game")
    positions: list[tuple[int, Any, Action]] = []
    state = engine.new_game(players, options, seed)
    for index, (who, raw) in enumerate(actions):
        action = raw if isinstance(raw, Action) else engine.parse_action(raw)
        if who == seat:
            positions.append((index, state, action))
        state = engine.apply(state, who, action).state
    agent = engine.ai(settings.level)
    decisions: list[DecisionReview] = []
    if progress is not None:
        progress(0, len(positions))
    for done, (index, before, action) in enumerate(positions, start=1):
        decisions.append(review_decision(engine, before, seat, action, index, settings, agent))
        if progress is not None:
            progress(done, len(positions))
    return SeatReview(
        game=engine.id,
        seat=seat,
        settings=settings,
        decisions=decisions,
        accuracy=accuracy(decisions),
        grades=grade_counts(decisions),
    )
