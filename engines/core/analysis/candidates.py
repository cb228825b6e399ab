"""The candidate moves at a position: what a review's deep evaluation (``engines.core.analysis.decision``)
and the coach (``engines.core.analysis.coach``) compare; their values come from ``rollouts``.

Everything here reads only re-dealt positions (``Engine.redeal``, which depends only on the seat's view),
so whatever is built on it never peeks. Seeds come from ``results.derive`` with the caller's own tags, so a
review keeps its figures whoever else uses these functions.
"""

from __future__ import annotations

from typing import Any

from engines.core.analysis.results import derive
from engines.core.analysis.rollouts import AI, PICK
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Seat
from engines.core.rng import Rng


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
