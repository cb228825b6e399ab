"""Renderer registry: each game's pictures, found by game id, imported lazily like the engines."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any, Protocol


class GameRenderer(Protocol):
    """What a game's renderer module provides. Views are the engine's pydantic views; ``lang`` is
    ``"en"`` or ``"ja"``; ``names`` maps seats to display names ("alice" rather than "p1"). Each function
    returns PNG bytes (at most 1 MiB)."""

    def render_table(self, view: Any, lang: str, *, names: Mapping[str, str] | None = None) -> bytes:
        """The public table picture (drawn from the public view: it must never show a hidden card)."""
        ...

    def render_hand(self, view: Any, lang: str, *, names: Mapping[str, str] | None = None) -> bytes:
        """One seat's private picture of its hand (drawn from that seat's view)."""
        ...


#: game id -> module exposing ``render_table`` and ``render_hand`` (and optionally ``render_final``)
BUILTIN: dict[str, str] = {
    "aws-builder-cards": "renderers.aws_builder_cards",
    "aws-deckbuilding": "renderers.aws_deckbuilding",
    "project-chaos": "renderers.project_chaos",
    "glorious-crown": "renderers.glorious_crown",
    "yggdrasil": "renderers.yggdrasil",
}

_RENDERERS: dict[str, Any] = {}


def register(game_id: str, renderer: Any) -> None:
    _RENDERERS[game_id] = renderer


def unregister(game_id: str) -> None:
    _RENDERERS.pop(game_id, None)


def get(game_id: str) -> GameRenderer | None:
    """The game's renderer, or ``None`` when the game has no pictures (the bot then sends text only)."""
    if game_id not in _RENDERERS:
        module = BUILTIN.get(game_id)
        if module and importlib.util.find_spec(module) is not None:
            _RENDERERS[game_id] = importlib.import_module(module)
    renderer: GameRenderer | None = _RENDERERS.get(game_id)
    return renderer
