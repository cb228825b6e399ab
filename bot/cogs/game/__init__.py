"""``/game …``: the lobby, the table, the server's settings, the records and async play, for every hosted
game.

One group, one cog, assembled from a class per concern (discord.py collects the commands of every base).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.cogs.game.async_play import AsyncCommands
from bot.cogs.game.lobby import LobbyCommands
from bot.cogs.game.records import RecordsCommands
from bot.cogs.game.review import ReviewCommands
from bot.cogs.game.settings import SettingsCommands
from bot.cogs.game.table import TableCommands

if TYPE_CHECKING:
    from bot.client import Deckhand


class GameCog(
    LobbyCommands,
    TableCommands,
    SettingsCommands,
    RecordsCommands,
    ReviewCommands,
    AsyncCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Start, join and manage card games",
):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        super().__init__()


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(GameCog(bot))
