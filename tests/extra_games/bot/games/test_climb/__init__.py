"""Climb on Discord: the default hand and sentences from its catalog files; no commands of its own."""

import renderers.test_climb
from engines.test_climb import ENGINE

from bot.games.base import GameUI
from bot.games.manifest import GameManifest

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=GameUI,
    renderer=renderers.test_climb,
    listed=False,
)
