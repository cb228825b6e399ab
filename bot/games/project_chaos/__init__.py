"""Project Chaos on Discord: the cooperative game. The hand offers each card's play / discard / place, every
pending decision is a row of buttons that say what they cost and do, the talk cards put public Yes/No and
Claim buttons on the table (PC-12), ``/chaos`` plays by command, and the game ends with the project's
story."""

import renderers.project_chaos
from bot.games.manifest import GameManifest
from bot.games.project_chaos.ui import UI
from engines.project_chaos import ENGINE

MANIFEST = GameManifest(
    engine=ENGINE,
    ui=UI,
    renderer=renderers.project_chaos.RENDERER,
    cog="bot.games.project_chaos.cog",
    cooperative=True,  # PC-11a: the team shares one result, never a ranking
)
