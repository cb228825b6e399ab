"""The game's course on every engine (issue 27 item 2): it never peeks (two positions that look the same from
the seat get the same point), it is the same for the same seed and survives a JSON round trip, its last
point is the real result, exact, and its points are spaced as promised."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from engines.core import Engine, Rng
from engines.core.analysis import AnalysisSettings, Course, course_point, final_result, game_course
from engines.core.analysis.course import spaced
from engines.core.replay import replay
from tests.engines.test_analysis_contract import ai_against_random, decision_points

TINY = AnalysisSettings(samples=2, seed=3)
ONE = AnalysisSettings(samples=1, seed=3)


def test_the_course_never_peeks(engine: Engine[Any, Any, Any, Any]) -> None:
    """A point measured in the real game and in a twin whose hidden cards were dealt differently: the same."""
    twins_differ = 0
    for index, state, _action in decision_points(engine, 1, "p2")[:3]:
        twin = engine.redeal(state, "p2", Rng.from_seed(1000 + index))
        assert engine.view(twin, "p2") == engine.view(state, "p2")
        twins_differ += engine.dump_state(twin) != engine.dump_state(state)
        assert course_point(engine, twin, "p2", index, TINY) == course_point(engine, state, "p2", index, TINY)
    assert twins_differ, "no twin hid different cards: the test would prove nothing"


def test_a_course_is_deterministic_exact_at_the_end_and_round_trips(
    engine: Engine[Any, Any, Any, Any],
) -> None:
    players, log = ai_against_random(engine, 4)
    seen: list[tuple[int, int]] = []
    course = game_course(
        engine, players, None, 4, log, "p2", ONE, progress=lambda d, t: seen.append((d, t)), max_points=6
    )
    assert course.game == engine.id and course.seat == "p2"
    assert [p.index for p in course.points] == [i - 1 for i in spaced(len(log) + 1, 6)]
    assert course.points[0].index == -1 and course.points[-1].index == len(log) - 1
    assert seen == [(d, 6) for d in range(7)]
    final = replay(engine, players, None, 4, log)
    assert engine.outcome(final) is not None
    # The end is the real result, exact, for every seat, in seating order.
    if engine.cooperative:
        assert course.points[-1].values == dict.fromkeys(players, final_result(engine, final, "p2"))
    else:
        assert course.points[-1].values == {s: final_result(engine, final, s) for s in players}
    for point in course.points:
        assert list(point.values) == players
        assert all(0.0 <= v <= 1.0 for v in point.values.values())
        if engine.cooperative:
            assert len(set(point.values.values())) == 1, "every seat has the team's value"
    again = game_course(
        engine, players, None, 4, [(s, a.model_dump(mode="json")) for s, a in log], "p2", ONE, max_points=6
    )
    assert again.model_dump_json() == course.model_dump_json()
    assert Course.model_validate_json(course.model_dump_json()) == course


def test_a_running_game_has_a_course_to_its_last_move(engine: Engine[Any, Any, Any, Any]) -> None:
    players, log = ai_against_random(engine, 4)
    course = game_course(engine, players, None, 4, log[:5], "p1", ONE, max_points=40)
    assert [p.index for p in course.points] == [-1, 0, 1, 2, 3, 4]


def test_a_seat_not_in_the_game_or_too_few_points_is_refused(engine: Engine[Any, Any, Any, Any]) -> None:
    players, log = ai_against_random(engine, 4)
    with pytest.raises(ValueError):
        game_course(engine, players, None, 4, log, "nobody", ONE)
    with pytest.raises(ValueError):
        game_course(engine, players, None, 4, log, "p1", ONE, max_points=1)


def test_points_are_evenly_spaced_with_both_ends() -> None:
    assert spaced(5, 40) == [0, 1, 2, 3, 4]
    assert spaced(101, 5) == [0, 25, 50, 75, 100]
    many = spaced(1000, 40)
    assert len(many) == 40 and many[0] == 0 and many[-1] == 999
    gaps = {b - a for a, b in pairwise(many)}
    assert max(gaps) - min(gaps) <= 1
