"""``/game language``: the server's settings."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.i18n import t


class SettingsCommands(GameCommandsBase):
    @app_commands.command(
        name=_("language"), description=_("Language of public table messages in this server")
    )
    @app_commands.describe(language=_("Language"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=_("English"), value="en"),
            app_commands.Choice(name=_("日本語"), value="ja"),
        ]
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        assert interaction.guild_id is not None
        await self.tables.store.set_guild_locale(interaction.guild_id, language)
        await interaction.response.send_message(t(language, "language.set"), ephemeral=True)
