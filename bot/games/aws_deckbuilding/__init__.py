"""The AWS Deckbuilding Game (BuilderCards 1st edition) on Discord: the draft, the effects and the buys from
the hand, the public reshuffle vote, and ``/cloud``."""

import renderers.aws_deckbuilding
from bot.games.aws_deckbuilding.ui import UI
from bot.games.manifest import GameManifest
from engines.aws_deckbuilding import ENGINE

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=UI,
    renderer=renderers.aws_deckbuilding.RENDERER,
    cog="bot.games.aws_deckbuilding.cog",
)
