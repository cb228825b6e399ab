"""The words the Yggdrasil pictures print.
The words themselves are the game's catalog,
``i18n/games/yggdrasil/<lang>.toml`` (table ``yggdrasil.picture``)."""

from __future__ import annotations

from i18n import Scope

t = Scope("yggdrasil.picture")
