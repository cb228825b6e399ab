"""Events read back from the outbox as the game's own typed events.

The outbox stores each event as JSON; the game's wording (``GameUI.describe_event``) matches on the event's
class (``case Played(cards=...)``), so the publisher must get the same classes back, not a generic record.
Each game defines one ``Event`` subclass per kind in its engine package: they are found there, by kind.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Mapping
from functools import cache

from pydantic import ConfigDict, ValidationError

from bot.games.manifest import SomeEngine
from bot.jsontypes import JsonValue
from engines.core import Event


class StoredEvent(Event):
    """A kind the game does not define (the bot's own ``game_started``): the envelope and its fields."""

    model_config = ConfigDict(frozen=True, extra="allow")


def _package_of(engine: SomeEngine) -> str:
    module = type(engine).__module__
    loaded = sys.modules.get(module)
    return module if loaded is not None and hasattr(loaded, "__path__") else module.rsplit(".", 1)[0]


def _subclasses(base: type[Event]) -> list[type[Event]]:
    out = []
    for cls in base.__subclasses__():
        out.append(cls)
        out.extend(_subclasses(cls))
    return out


@cache
def _kinds(engine_id: str, package: str) -> dict[str, type[Event]]:
    # The usual home of a game's events; the classes are found wherever the package defines them.
    with contextlib.suppress(ModuleNotFoundError):
        importlib.import_module(f"{package}.events")
    found: dict[str, type[Event]] = {}
    for cls in _subclasses(Event):
        if cls.__module__ != package and not cls.__module__.startswith(f"{package}."):
            continue
        kind = cls.model_fields["kind"].default
        if isinstance(kind, str):
            found.setdefault(kind, cls)
    return found


def load_event(engine: SomeEngine, data: Mapping[str, JsonValue]) -> Event:
    cls = _kinds(engine.id, _package_of(engine)).get(str(data.get("kind")))
    if cls is not None:
        try:
            return cls.model_validate(dict(data))
        except ValidationError:  # written by an older version of the game: worded generically
            pass
    return StoredEvent.model_validate(dict(data))
