"""Per-game presentation adapters. ``ui_for(game_id)`` finds ``bot.games.<package>.UI`` or the default."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import engines
from bot.games.base import GameUI, LabelContext

_CACHE: dict[str, GameUI] = {}


def ui_for(game_id: str) -> GameUI:
    if game_id not in _CACHE:
        engine = engines.get(game_id)
        module = f"bot.games.{game_id.replace('-', '_')}"
        cls: Any = GameUI
        if importlib.util.find_spec(module) is not None:
            cls = getattr(importlib.import_module(module), "UI", GameUI)
        _CACHE[game_id] = cls(engine)
    return _CACHE[game_id]


__all__ = ["GameUI", "LabelContext", "ui_for"]
