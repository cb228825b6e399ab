"""The command tree: the single error funnel for slash commands and autocomplete."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.errors import report
from bot.interactions import Interaction


class DeckhandTree(app_commands.CommandTree[discord.Client]):
    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
