"""The candidate moves at a position and their expected results: what a review's deep evaluation
(``engines.core.analysis.decision``) and the coach (``engines.core.analysis.coach``) share.

Everything here reads only re-dealt positions (``Engine.redeal``, which depends only on the seat's view),
so whatever is built on it never peeks. Seeds come from ``results.derive`` with the caller's own tags, so a
review keeps its figures whoever else uses these functions.
"""

from __future__ import annotations

from typing import Any

from engines.core.analysis.results import derive, seat_result
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Seat
from engines.core.play import play_out
from engines.core.rng import Rng

# Stream tags: each use of randomness in a decision draws from its own seed.
REDEAL, AI, ROLLOUT, PICK, CONFIRM = 1, 2, 3, 4, 5


def sample(
    engine: Engine[Any, Any, Any, Any], state: Any, seat: Seat, count: int, seed: int, *parts: int
) -> list[Any]:
    """``count`` redeals from ``seat``'s view, redeal ``k`` seeded ``derive(seed, *parts, k)``."""
    return [engine.redeal(state, seat, Rng(derive(seed, *parts, k))) for k in range(count)]


def legal_moves(engine: Engine[Any, Any, Any, Any], position: Any, seat: Seat) -> list[Action]:
    """The seat's legal moves in a canonical order (a re-dealt position has the same ones as the real)."""
    return sorted(engine.legal_actions(position, seat), key=lambda a: a.key())


def candidates(
    agent: Agent,
    positions: list[Any],
    seat: Seat,
    first: list[Action],
    legal: list[Action],
    limit: int,
    seed: int,
    index: int,
) -> list[Action]:
    """At most ``limit`` distinct moves: ``first`` (in order), the AI's moves on redeals 1 and 2 (a
    sampling AI proposes its close alternatives), then legal moves drawn at random (seeded) to fill."""
    chosen: dict[str, Action] = {}
    for move in first:
        chosen.setdefault(move.key(), move)
    for k in range(1, min(3, len(positions))):
        if len(chosen) >= limit:
            break
        alt = agent.choose(positions[k], seat, Rng(derive(seed, AI, index, k)))
        chosen.setdefault(alt.key(), alt)
    rest = [a for a in legal if a.key() not in chosen]
    Rng(derive(seed, PICK, index)).shuffle(rest)
    for a in rest[: max(0, limit - len(chosen))]:
        chosen[a.key()] = a
    return list(chosen.values())


def results(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    positions: list[Any],
    seat: Seat,
    move: Action,
    seed: int,
    index: int,
    stage: int,
) -> list[float]:
    """The move's result for the seat on each position, the game finished by ``agent`` for every seat.
    Rollout ``k`` has the same seed for every move (common random numbers: a difference between two moves
    is not the luck of the draw)."""
    out: list[float] = []
    for k, start in enumerate(positions):
        after = engine.apply(start, seat, move).state
        final, _ = play_out(engine, after, agent, Rng(derive(seed, ROLLOUT, stage, index, k)))
        outcome = engine.outcome(final)
        assert outcome is not None
        out.append(seat_result(engine, outcome, seat))
    return out


def values(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    positions: list[Any],
    seat: Seat,
    moves: list[Action],
    seed: int,
    index: int,
    stage: int = 0,
) -> list[float]:
    """Each move's mean result over ``positions`` (``results``), in the order given."""
    out = []
    for move in moves:
        found = results(engine, agent, positions, seat, move, seed, index, stage)
        out.append(sum(found) / len(found))
    return out
