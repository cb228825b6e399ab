"""Rollouts: the one way every analysis measures a position, shared by a decision's review
(``decision``), the game's course (``course``) and "Try it again" (``retry``).

A position is never read directly: it is re-dealt from the seat's view (``Engine.redeal``, which depends only
on that view), then finished by the game's AI for every seat. Each use of randomness draws from its own seed,
``results.derive(settings.seed, <stream tag>, ...)``; the tags below keep the streams apart, so that adding
one kind of measurement never changes the figures of another.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from engines.core.analysis.grading import MISTAKE
from engines.core.analysis.models import AnalysisSettings
from engines.core.analysis.results import derive, final_result
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Seat
from engines.core.play import play_out
from engines.core.rng import Rng

# Stream tags: a decision's screening redeals, the AI's proposals, rollouts, the random candidates, the
# confirmation redeals; then the course's redeals and rollouts.
REDEAL, AI, ROLLOUT, PICK, CONFIRM = 1, 2, 3, 4, 5
COURSE_REDEAL, COURSE_ROLLOUT = 6, 7


def redeals(engine: Engine[Any, Any, Any, Any], state: Any, seat: Seat, seeds: Iterable[int]) -> list[Any]:
    """The position re-dealt once per seed, from ``seat``'s view."""
    return [engine.redeal(state, seat, Rng(seed)) for seed in seeds]


def finals(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    starts: Sequence[Any],
    seat: Seat,
    move: Action | None,
    seeds: Sequence[int],
) -> list[Any]:
    """Each start (after ``seat`` plays ``move``, when given) finished by ``agent`` for every seat, rollout
    ``k`` seeded ``seeds[k]``: the same seeds for every move compared are the common random numbers. The
    finished states (a result reads the outcome, and a cooperative team's progress, from them)."""
    found: list[Any] = []
    for start, seed in zip(starts, seeds, strict=True):
        after = engine.apply(start, seat, move).state if move is not None else start
        final, _ = play_out(engine, after, agent, Rng(seed))
        found.append(final)
    return found


def results(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    starts: Sequence[Any],
    seat: Seat,
    move: Action,
    seed: int,
    index: int,
    stage: int,
) -> list[float]:
    """``move``'s result for the seat on each start; rollout ``k`` of a decision's ``stage`` (0 screening, 1
    and 2 the confirmation batches; the analysis seeded ``seed``) has the same seed for every move."""
    seeds = [derive(seed, ROLLOUT, stage, index, k) for k in range(len(starts))]
    return [final_result(engine, f, seat) for f in finals(engine, agent, starts, seat, move, seeds)]


def measure(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    state: Any,
    seat: Seat,
    moves: Sequence[Action],
    index: int,
    settings: AnalysisSettings,
) -> tuple[list[float], float]:
    """Moves measured on fresh redeals and rollouts, all on the same ones: ``moves[0]`` (the played move),
    ``moves[1]`` (its challenger) and any others alongside. A first batch of ``confirm_samples``; when the
    challenger's gap over the played move reaches a mistake, a second batch, so a heavy grade rests on twice
    the evidence. Fresh, because the top of several noisy screening figures is biased upwards (the winner's
    curse) and these are not. Returns each move's mean result and the standard error of the paired
    difference between the first two (0 with one move)."""
    per_move: list[list[float]] = [[] for _ in moves]
    for batch in range(2):
        starts = redeals(
            engine,
            state,
            seat,
            (derive(settings.seed, CONFIRM, index, batch, k) for k in range(settings.confirm_samples)),
        )
        stage = 1 + batch
        for found, move in zip(per_move, moves, strict=True):
            found += results(engine, agent, starts, seat, move, settings.seed, index, stage)
        if len(moves) < 2 or (sum(per_move[1]) - sum(per_move[0])) / len(per_move[0]) < MISTAKE:
            break
    n = len(per_move[0])
    means = [sum(found) / n for found in per_move]
    if len(moves) < 2 or n < 2:
        return means, 0.0
    gaps = [t - m for t, m in zip(per_move[1], per_move[0], strict=True)]
    mean_gap = sum(gaps) / n
    return means, math.sqrt(sum((g - mean_gap) ** 2 for g in gaps) / (n - 1) / n)


def values(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    starts: Sequence[Any],
    seat: Seat,
    moves: Sequence[Action],
    seed: int,
    index: int,
    stage: int = 0,
) -> list[float]:
    """Each move's mean result over ``starts`` (``results``), in the order given."""
    out = []
    for move in moves:
        found = results(engine, agent, starts, seat, move, seed, index, stage)
        out.append(sum(found) / len(found))
    return out
