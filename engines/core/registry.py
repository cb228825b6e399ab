"""The engine registry: ``engines.get(id)`` and ``engines.all()``.

Games are discovered, not listed: every package directly under ``engines`` (on ``engines.__path__``, so an
extra games folder can be appended to it) that defines ``ENGINE`` is a game. Adding a game therefore edits
no shared list. Discovery runs once, on first use; ``register`` adds an engine by hand (tests).
"""

from __future__ import annotations

import builtins
import importlib
import pkgutil
from typing import Any

from engines.core.engine import Engine
from engines.core.errors import UnknownGame

AnyEngine = Engine[Any, Any, Any, Any]

_ENGINES: dict[str, AnyEngine] = {}
_discovered: set[str] = set()


def register(engine: AnyEngine) -> AnyEngine:
    """Add an engine (discovery calls this for every game package; tests may register their own)."""
    _ENGINES[engine.id] = engine
    return engine


def unregister(game_id: str) -> None:
    _ENGINES.pop(game_id, None)


def discover() -> None:
    """Import every game package under ``engines`` not seen yet and register its ``ENGINE``.

    Cheap after the first call: a package is imported once; a folder appended to ``engines.__path__``
    later is picked up by the next call."""
    import engines

    for info in pkgutil.iter_modules(engines.__path__):
        if not info.ispkg or info.name in _discovered or info.name in ("core", "deckbuilding"):
            continue
        _discovered.add(info.name)
        module = importlib.import_module(f"engines.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            register(engine)


def get(game_id: str) -> AnyEngine:
    if game_id not in _ENGINES:
        discover()
    try:
        return _ENGINES[game_id]
    except KeyError:
        raise UnknownGame(game=game_id, allowed=", ".join(ids())) from None


def all() -> builtins.list[AnyEngine]:
    discover()
    return [_ENGINES[k] for k in sorted(_ENGINES)]


def ids() -> builtins.list[str]:
    return [e.id for e in all()]
