"""The words the Glorious Crown pictures print, and the players' display names.
The words themselves are the game's catalog,
``i18n/games/glorious-crown/<lang>.toml`` (table ``glorious-crown.picture``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from i18n import Scope

t = Scope("glorious-crown.picture")


Namer = Callable[[str], str]


def namer(names: Mapping[str, str] | None) -> Namer:
    """Seat id -> the player's display name (the bot passes them; tests and fallbacks use the seat id)."""
    table = dict(names or {})
    return lambda seat: table.get(seat) or seat
