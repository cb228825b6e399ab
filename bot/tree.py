"""The command tree: the single error funnel for slash commands and autocomplete."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.errors import report
from bot.interactions import Interaction


class DeckhandTree(app_commands.CommandTree[Any]):
    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
