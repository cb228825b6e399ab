"""A finished game's result for one seat, on a 0..1 scale, and the seeds an analysis derives.

Competitive games: nine tenths are the win (1 for a sole win, ``1/k`` for a win shared by ``k`` seats, 0
otherwise) and one tenth the score margin against the best other seat (``margin``: 0.5 level, towards 1 as the
seat leads, towards 0 as it trails). So an expected result is the seat's win chance, ties split, plus a small
score term, as KataGo mixes a score utility into its win utility: in a game already decided, a move that
throws points away still costs something, and the score term alone never reaches a blunder (at most 0.1).
Cooperative games (``Engine.cooperative``, Project Chaos), the same shape: nine tenths are the team's success
(1 or 0) and one tenth its progress (``Engine.progress`` of the final state, 0..1; a game that does not
measure it scores 1 for a success and 0 for a failure): for a failed team how close it came and how long it
held out, for a successful one how soon it succeeded. So the expected result is the team's success chance
plus a small progress term, for the same reason as the score term: in a game already sealed (lost, or won,
whatever is played), a move that throws progress away or puts the success off still costs something, and
the progress term alone never reaches a blunder (at most 0.1).
"""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine
from engines.core.models import Outcome, Seat
from engines.core.rng import seed_state

#: The weight of the score margin in a competitive result.
SCORE_WEIGHT = 0.1
#: The weight of the team's progress in a cooperative result.
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
    """``progress``: a cooperative team's progress in the final state (``Engine.progress``)."""
    if engine.cooperative:
        won = seat in outcome.winners
        if progress is None:
            return 1.0 if won else 0.0
        return (1.0 - PROGRESS_WEIGHT) * won + PROGRESS_WEIGHT * min(1.0, max(0.0, progress))
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
