"""Glorious Crown on Discord: compact card labels, the 7-trade and 10-discard choices, and `/crown`."""

import renderers.glorious_crown
from bot.games.glorious_crown.ui import UI
from bot.games.manifest import GameManifest
from engines.glorious_crown import ENGINE

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=UI,
    renderer=renderers.glorious_crown.RENDERER,
    cog="bot.games.glorious_crown.cog",
)
