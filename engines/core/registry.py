"""The engine registry: ``engines.get(id)`` and ``engines.all()``.

Built-in games are imported lazily by id so that importing ``engines`` stays cheap and a game
package that is not written yet simply is not listed.
"""

from __future__ import annotations

import builtins
import importlib
import importlib.util
from typing import Any

from engines.core.engine import Engine
from engines.core.errors import UnknownGame

#: game id -> module that registers it on import
BUILTIN: dict[str, str] = {
    "aws-builder-cards": "engines.aws_builder_cards",
    "aws-deckbuilding": "engines.aws_deckbuilding",
    "project-chaos": "engines.project_chaos",
    "glorious-crown": "engines.glorious_crown",
    "yggdrasil": "engines.yggdrasil",
}

_ENGINES: dict[str, Engine[Any, Any]] = {}


def register(engine: Engine[Any, Any]) -> Engine[Any, Any]:
    """Add an engine (game packages call this on import; tests register their own)."""
    _ENGINES[engine.id] = engine
    return engine


def unregister(game_id: str) -> None:
    _ENGINES.pop(game_id, None)


def _load_builtin(game_id: str) -> None:
    module = BUILTIN.get(game_id)
    if module and game_id not in _ENGINES and importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def get(game_id: str) -> Engine[Any, Any]:
    _load_builtin(game_id)
    try:
        return _ENGINES[game_id]
    except KeyError:
        raise UnknownGame(game=game_id, allowed=", ".join(ids())) from None


def all() -> builtins.list[Engine[Any, Any]]:
    for game_id in BUILTIN:
        _load_builtin(game_id)
    return [_ENGINES[k] for k in sorted(_ENGINES)]


def ids() -> builtins.list[str]:
    return [e.id for e in all()]
