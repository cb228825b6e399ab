"""A finished game's result for one seat, on a 0..1 scale, and the seeds an analysis derives.

Competitive games: 1 for a sole win, ``1/k`` for a win shared by ``k`` seats (0.5 for two), 0 otherwise, so
an expected result is the seat's win chance with ties split. Cooperative games (``Engine.cooperative``,
Project Chaos): 1 when the team succeeds, else 0, so the expected result is the team's success chance.
"""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine
from engines.core.models import Outcome, Seat
from engines.core.rng import seed_state


def seat_result(engine: Engine[Any, Any, Any, Any], outcome: Outcome, seat: Seat) -> float:
    if seat not in outcome.winners:
        return 0.0
    if engine.cooperative:
        return 1.0
    return 1.0 / len(outcome.winners)


def derive(seed: int, *parts: int) -> int:
    """A well-mixed seed for one use (a decision, a redeal, a rollout) of an analysis seeded ``seed``."""
    state = seed_state(seed)
    for part in parts:
        state = seed_state(state ^ (part & ((1 << 64) - 1)))
    return state
