"""One game, one manifest: what the bot needs to host a game, in one place.

Each game's bot package (``bot/games/<game>/__init__.py``) defines ``MANIFEST``; ``bot.games`` discovers them
once. Adding a game adds its own folders (``engines/<game>/``, ``renderers/<game>/``, ``bot/games/<game>/``,
``i18n/games/<game-id>/``)
and edits no shared list: the lobby's autocomplete, the catalogs, the cogs, the pictures, the README table
and the generic tests all read the manifests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from engines.core import Engine
from renderers.contract import GameRenderer

if TYPE_CHECKING:
    from bot.games.base import SomeUI

#: An engine as the registry hands it out: the game is picked at run time by its id, so its state, options,
#: actions and view are not known statically. The one place the bot leaves an engine untyped; the bot only
#: hands it back what it produced (a state it loaded, a view it made).
SomeEngine: TypeAlias = Engine[Any, Any, Any, Any]


@dataclass(frozen=True)
class GameManifest:
    """``engine``: the rules (and, through ``engine.ai(level)``, the computer player for ``ai_levels``);
    ``renderer``: the pictures (``None``: text only); ``ui``: labels and event sentences; ``cog``: the module
    of the game's own slash commands (an extension with ``setup``), if any. The game's words are its catalog,
    ``i18n/games/<game-id>/{en,ja}.toml``, found by that layout."""

    engine: SomeEngine
    ui: type[SomeUI]
    renderer: GameRenderer | None = None
    cog: str | None = None
    ai_levels: tuple[str, ...] = ("normal", "random")
    #: Test-only games are hosted like any other but not offered to players.
    listed: bool = True
    #: A team game: every seat shares one result (the team succeeded or failed, and why), never a ranking
    #: of players. The final message, summary card, history and stats word it so (``GameUI.team_result``)
    #: and ``/game stats`` keeps a team record per member instead of a leaderboard of wins.
    cooperative: bool = False

    @property
    def id(self) -> str:
        return self.engine.id
