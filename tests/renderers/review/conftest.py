"""Courses to draw, built by hand: a two-seat duel, a five-seat game and a cooperative one."""

from __future__ import annotations

import math

import pytest

from engines.core.analysis import Course, CoursePoint

LONG = "carol with a display name far too long for one line of a phone picture"
NAMES = {"p1": "alice", "p2": "とても長い名前のプレイヤーさん", "p3": LONG, "p4": "dave", "p5": "W" * 40}


def waves(game: str, seats: list[str], moves: int, *, team: bool = False) -> Course:
    """Smooth, distinct lines: seat k rises or falls at its own pace; a team's seats share one value."""
    points = []
    for i in range(-1, moves, max(1, moves // 30)):
        frac = (i + 1) / moves
        values = {s: 0.5 + 0.4 * math.sin(frac * math.pi * (k + 1) / 2 + k) for k, s in enumerate(seats)}
        if team:
            values = dict.fromkeys(seats, values[seats[0]])
        points.append(CoursePoint(index=i, values=values))
    return Course(game=game, seat="p2", points=points)


@pytest.fixture
def duel() -> Course:
    return waves("yggdrasil", ["p1", "p2"], 40)


@pytest.fixture
def five() -> Course:
    return waves("glorious-crown", ["p1", "p2", "p3", "p4", "p5"], 120)


@pytest.fixture
def team() -> Course:
    return waves("project-chaos", ["p1", "p2", "p3"], 45, team=True)
