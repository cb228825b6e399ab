"""AWS Builder Cards on Discord: deploy, acquire and vote from the hand, and `/aws`."""

import renderers.aws_builder_cards
from bot.games.aws_builder_cards.ui import UI
from bot.games.manifest import GameManifest
from engines.aws_builder_cards import ENGINE

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=UI,
    renderer=renderers.aws_builder_cards.RENDERER,
    cog="bot.games.aws_builder_cards.cog",
)
