"""A finished game's result for one seat, on a 0..1 scale, and the seeds an analysis derives.

Competitive games: nine tenths are the win (1 for a sole win, ``1/k`` for a win shared by ``k`` seats, 0
otherwise) and one tenth the score margin against the best other seat (``margin``: 0.5 level, towards 1 as the
seat leads, towards 0 as it trails). So an expected result is the seat's win chance, ties split, plus a small
score term, as KataGo mixes a score utility into its win utility: in a game already decided, a move that
throws points away still costs something, and the score term alone never reaches a blunder (at most 0.1).
Cooperative games (``Engine.cooperative``, Project Chaos): 1 when the team succeeds; a failure is worth a
tenth of how close the team got to its goal (``Engine.progress`` of the final state, 0..1; 0 for a game that
does not measure it). So the expected result is the team's success chance plus a small progress term, for the
same reason as the score term: in a game already sealed (lost whatever is played), a move that throws
progress away still costs something, and the progress term alone never reaches a blunder (at most 0.1).
"""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine
from engines.core.models import Outcome, Seat
from engines.core.rng import seed_state

#: The weight of the score margin in a competitive result.
SCORE_WEIGHT = 0.1
#: The weight of the team's progress in a failed cooperative result.
PROGRESS_WEIGHT = 0.1


def final_result(engine: Engine[Any, Any, Any, Any], final: Any, seat: Seat) -> float:
    """The seat's result of the finished game ``final``: its outcome, and a team's progress."""
    outcome = engine.outcome(final)
    if outcome is None:
        raise ValueError("the game is not over")
    return seat_result(engine, outcome, seat, engine.progress(final) if engine.cooperative else None)


def seat_result(
    engine: Engine[Any, Any, Any, Any], outcome: Outcome, seat: Seat, progress: float | None = None
) -> float:
    """``progress``: a cooperative team's closeness to its goal in the final state (``Engine.progress``)."""
    if engine.cooperative:
        if seat in outcome.winners:
            return 1.0
        return PROGRESS_WEIGHT * min(1.0, max(0.0, progress or 0.0))
    win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return (1.0 - SCORE_WEIGHT) * win + SCORE_WEIGHT * margin(outcome, seat)


def margin(outcome: Outcome, seat: Seat) -> float:
    """The seat's score against the best other seat's, on 0..1: ``0.5 + (mine - theirs) / (2 (|mine| +
    |theirs|))``, so 0.5 when level and the share of the lead otherwise, for any sign of score."""
    mine = outcome.scores.get(seat, 0.0)
    others = [v for s, v in outcome.scores.items() if s != seat]
    if not others:
        return 0.5
    theirs = max(others)
    scale = abs(mine) + abs(theirs)
    return 0.5 if scale == 0 else 0.5 + (mine - theirs) / (2 * scale)


def derive(seed: int, *parts: int) -> int:
    """A well-mixed seed for one use (a decision, a redeal, a rollout) of an analysis seeded ``seed``."""
    state = seed_state(seed)
    for part in parts:
        state = seed_state(state ^ (part & ((1 << 64) - 1)))
    return state
