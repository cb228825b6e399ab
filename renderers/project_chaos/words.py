"""The words the Project Chaos pictures print, and the players' display names.
The words themselves are the game's catalog,
``i18n/games/project-chaos/<lang>.toml`` (table ``project-chaos.picture``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from i18n import Scope

t = Scope("project-chaos.picture")


Namer = Callable[[str], str]


def namer(names: Mapping[str, str] | None) -> Namer:
    """The player's display name for a seat (the seat id when the bot gave none)."""
    table = names or {}
    return lambda seat: table.get(seat) or seat
