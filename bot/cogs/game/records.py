"""``/game history|replay|stats``: what finished and running games leave behind."""

from __future__ import annotations

from bot.cogs.game.base import GameCommandsBase


class RecordsCommands(GameCommandsBase):
    pass
