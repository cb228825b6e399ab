"""Replay: rebuild a game from its seed and action log, bit for bit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.core.engine import Engine
from engines.core.models import Action, Options, Seat


def replay(
    engine: Engine[Any, Any, Any, Any],
    players: Sequence[Seat],
    options: Mapping[str, Any] | Options | None,
    seed: int,
    actions: Iterable[tuple[Seat, Action | Mapping[str, Any]]],
) -> Any:
    state = engine.new_game(players, options, seed)
    for seat, action in actions:
        state = engine.apply(state, seat, action).state
    return state
