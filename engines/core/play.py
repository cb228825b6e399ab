"""Playing whole games with agents: for tests, benchmarks, AI evaluation and the sandbox."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.engine import Agent, Engine
from engines.core.models import Action, Event, Seat
from engines.core.rng import Rng


class PlayoutTooLong(RuntimeError):
    """The game did not end within the step budget: an engine bug (every game must end)."""


def play_out(
    engine: Engine[Any, Any, Any, Any],
    state: Any,
    agents: Mapping[Seat, Agent] | Agent,
    rng: Rng,
    *,
    max_steps: int = 20_000,
) -> tuple[Any, list[tuple[Seat, Action, list[Event]]]]:
    """Let agents act until the game ends. Returns the final state and the ``(seat, action, events)``
    history. With several seats to move, the one the generator picks acts first."""
    history: list[tuple[Seat, Action, list[Event]]] = []
    for _ in range(max_steps):
        movers = engine.to_move(state)
        if not movers:
            return state, history
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        agent = agents[seat] if isinstance(agents, Mapping) else agents
        action = agent.choose(state, seat, rng)
        step = engine.apply(state, seat, action)
        history.append((seat, action, step.events))
        state = step.state
    raise PlayoutTooLong(f"{engine.id}: no end after {max_steps} steps")
