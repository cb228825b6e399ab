"""``/game settings``: the server's settings, for Manage Server only.

Discord can restrict a top-level command with ``default_member_permissions``, but not one subcommand of a
group everyone uses (discord.py drops ``default_permissions`` below the top level), so the bot checks the
caller's permissions itself: a member without Manage Server is refused and nothing changes.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.errors import UserError, user_lang
from bot.interactions import Interaction
from bot.store import GuildSettingsChange
from bot.table.clock import parse_clock
from i18n import t

#: ``/game settings clock:`` choices: the clock's name (``24h``) and how the command offers it.
CLOCK_CHOICES = {
    "off": "off",
    "3m": "3 minutes",
    "5m": "5 minutes",
    "1h": "1 hour",
    "12h": "12 hours",
    "24h": "24 hours",
    "72h": "72 hours",
}


class SettingsCommands(GameCommandsBase):
    @app_commands.command(name=_("settings"), description=_("Server settings for games (Manage Server only)"))
    @app_commands.describe(
        language=_("Language of public table messages in this server"),
        threads=_("Run each game started in this channel in its own thread"),
        clock=_("Default turn clock of new games (each player's time per turn)"),
        lobbies=_("Open lobbies one member may host from one channel at once"),
        night_host_role=_("A role whose members may host game nights (besides Manage Server)"),
        night_host_role_clear=_("Let only Manage Server host game nights again"),
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name=_("English"), value="en"),
            app_commands.Choice(name=_("日本語"), value="ja"),
            app_commands.Choice(name=_("The server's own language"), value="auto"),
        ],
        threads=[
            app_commands.Choice(name=_("on"), value="on"),
            app_commands.Choice(name=_("off"), value="off"),
        ],
        clock=[app_commands.Choice(name=_(label), value=name) for name, label in CLOCK_CHOICES.items()],
    )
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: Interaction,
        language: str | None = None,
        threads: str | None = None,
        clock: str | None = None,
        lobbies: app_commands.Range[int, 1, 25] | None = None,
        night_host_role: discord.Role | None = None,
        night_host_role_clear: bool = False,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if not interaction.permissions.manage_guild:
            raise UserError("settings_not_allowed")
        store = self.tables.store
        guild = interaction.guild_id
        if language is not None:
            await store.set_guild_locale(guild, None if language == "auto" else language)
        change = GuildSettingsChange()
        if threads is not None:
            change.threads = (interaction.channel_id, threads == "on")
        if clock is not None:
            parse_clock(clock)  # a value no choice offers is refused, not stored
            change.clock = None if clock == "off" else clock
        if lobbies is not None:
            change.lobby_limit = lobbies
        if night_host_role_clear:
            change.night_host_role = None
        elif night_host_role is not None:
            change.night_host_role = night_host_role.id
        if change.model_fields_set:  # every change of one command in one transaction
            await store.change_guild_settings(guild, change)
        lang = user_lang(interaction)
        await interaction.response.send_message(
            embed=await self._summary(guild, interaction.channel_id, lang), ephemeral=True
        )

    async def _summary(self, guild_id: int, channel_id: int, lang: str) -> discord.Embed:
        store = self.tables.store
        locale = await store.guild_locale(guild_id)
        settings = await store.guild_settings(guild_id)
        threads = channel_id not in settings.threads_off
        embed = discord.Embed(title=t(lang, "settings.title"))
        embed.add_field(
            name=t(lang, "settings.language"),
            value=t(lang, f"settings.language_{locale}") if locale else t(lang, "settings.language_auto"),
            inline=False,
        )
        embed.add_field(
            name=t(lang, "settings.threads", channel=f"<#{channel_id}>"),
            value=t(lang, "settings.on" if threads else "settings.off"),
            inline=False,
        )
        embed.add_field(name=t(lang, "settings.clock"), value=f"`{settings.clock or 'off'}`", inline=False)
        embed.add_field(
            name=t(lang, "settings.lobbies"),
            value=f"`{await self.tables.lobby_limit(guild_id)}`",
            inline=False,
        )
        role = settings.night_host_role
        embed.add_field(
            name=t(lang, "settings.night_host_role"),
            value=t(lang, "settings.night_host_with_role", role=f"<@&{role}>")
            if role is not None
            else t(lang, "settings.night_host_manage"),
            inline=False,
        )
        return embed
