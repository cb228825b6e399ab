"""The game's course (issue 27 item 2): every seat's expected result over the moves, as one seat saw it, the
data of an evaluation graph.

A point is measured after an action of the log (index -1: the start) from ``seat``'s view only: the position
is re-dealt ``settings.samples`` times (``Engine.redeal``, which depends only on that view) and each redeal
finished by the game's AI (``settings.level``) for every seat; a seat's value is its mean result
(``results.final_result``). So the course never peeks: two games that look the same to the seat at a point get
the same point. The last point of a finished game is its real result, exact.

Sample ``k`` has the same redeal and rollout seeds at every point (common random numbers along the game): a
redeal shuffles a pool sorted by card, so the same seed deals a pool that changed by a card or two much as it
dealt it one move before, and the line moves with the moves more than with the luck of the draw.

Cooperative games (``Engine.cooperative``): every seat gets the team's value, its chance of success.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from engines.core.analysis.models import AnalysisSettings
from engines.core.analysis.results import derive, final_result
from engines.core.analysis.review import Progress
from engines.core.analysis.rollouts import COURSE_REDEAL, COURSE_ROLLOUT, finals, redeals
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Options, Seat


class CoursePoint(BaseModel):
    """Every seat's expected result (0..1) after the log's action ``index`` (-1: the start)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    values: dict[Seat, float]


class Course(BaseModel):
    """A game's course as ``seat`` saw it (redeals of what it could not see), from the start to the end."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seat: Seat
    points: list[CoursePoint]


def game_course(
    engine: Engine[Any, Any, Any, Any],
    players: Sequence[Seat],
    options: Mapping[str, Any] | Options | None,
    seed: int,
    actions: Iterable[tuple[Seat, Action | Mapping[str, Any]]],
    seat: Seat,
    settings: AnalysisSettings | None = None,
    progress: Progress | None = None,
    max_points: int = 40,
) -> Course:
    """The course of the game given by its set-up and action log (as for ``engines.core.replay``), measured
    at up to ``max_points`` evenly spaced positions, the start and the last position always among them.
    ``progress(done, total)`` is called before the first point and after each one."""
    settings = settings if settings is not None else AnalysisSettings()
    if seat not in players:
        raise ValueError(f"{seat} is not a seat of this game")
    if max_points < 2:
        raise ValueError("a course needs at least its start and its end")
    states = [engine.new_game(players, options, seed)]
    for who, raw in actions:
        action = raw if isinstance(raw, Action) else engine.parse_action(raw)
        states.append(engine.apply(states[-1], who, action).state)
    chosen = spaced(len(states), max_points)
    agent = engine.ai(settings.level)
    points: list[CoursePoint] = []
    if progress is not None:
        progress(0, len(chosen))
    for done, at in enumerate(chosen, start=1):
        points.append(course_point(engine, states[at], seat, at - 1, settings, agent))
        if progress is not None:
            progress(done, len(chosen))
    return Course(game=engine.id, seat=seat, points=points)


def spaced(count: int, most: int) -> list[int]:
    """Up to ``most`` evenly spaced positions of ``count`` (0 .. count - 1), both ends included."""
    if count <= most:
        return list(range(count))
    last = count - 1
    return sorted({round(i * last / (most - 1)) for i in range(most)})


def course_point(
    engine: Engine[Any, Any, Any, Any],
    state: Any,
    seat: Seat,
    index: int,
    settings: AnalysisSettings,
    agent: Agent | None = None,
) -> CoursePoint:
    """Every seat's expected result at ``state`` (reached after action ``index``) from ``seat``'s view; a
    finished game's real result."""
    seats: list[Seat] = list(state.players)
    if engine.outcome(state) is not None:
        return CoursePoint(index=index, values=_values(engine, [state], seat, seats))
    agent = agent if agent is not None else engine.ai(settings.level)
    samples = range(settings.samples)
    starts = redeals(engine, state, seat, (derive(settings.seed, COURSE_REDEAL, k) for k in samples))
    seeds = [derive(settings.seed, COURSE_ROLLOUT, k) for k in samples]
    return CoursePoint(
        index=index, values=_values(engine, finals(engine, agent, starts, seat, None, seeds), seat, seats)
    )


def _values(
    engine: Engine[Any, Any, Any, Any], found: Sequence[Any], seat: Seat, seats: list[Seat]
) -> dict[Seat, float]:
    """Each seat's mean result over the finished states ``found``, in seating order; in a cooperative game
    the team's, for every seat."""
    if engine.cooperative:
        team = sum(final_result(engine, f, seat) for f in found) / len(found)
        return dict.fromkeys(seats, team)
    return {s: sum(final_result(engine, f, s) for f in found) / len(found) for s in seats}
