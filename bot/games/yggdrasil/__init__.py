"""The Yggdrasil on Discord: a card then a cell in the hand, invasions as buttons, and `/tree`."""

import renderers.yggdrasil
from bot.games.manifest import GameManifest
from bot.games.yggdrasil.ui import UI
from engines.yggdrasil import ENGINE

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=UI,
    renderer=renderers.yggdrasil.RENDERER,
    cog="bot.games.yggdrasil.cog",
)
