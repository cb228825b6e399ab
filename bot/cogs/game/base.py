"""What every part of ``/game`` shares: the bot and its table service."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import Deckhand
    from bot.table.service import TableService


class GameCommandsBase(commands.Cog):
    """A cog mixin (discord.py types a command's owner as a cog); ``GameCog`` is the one cog loaded."""

    bot: Deckhand

    @property
    def tables(self) -> TableService:
        return self.bot.tables
