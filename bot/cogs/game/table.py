"""``/game status|hand|list``: what a player or a member looks at."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.async_play import turn_since
from bot.cogs.game.base import GameCommandsBase
from bot.errors import user_lang
from bot.interactions import Interaction
from bot.presenters.words import seat_name
from bot.store import GameRecord, Status
from i18n import t


class TableCommands(GameCommandsBase):
    @app_commands.command(name=_("status"), description=_("Show the table and whose turn it is"))
    @app_commands.guild_only()
    async def status(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        lang = await self.tables.public_lang(rec.guild_id)
        if rec.state_json is None:
            await interaction.response.send_message(**self.tables.lobby_payload(rec, lang).send_kwargs())
            return
        await interaction.response.defer(thinking=True)
        payload = await self.tables.status(rec, lang)
        await interaction.followup.send(**payload.send_kwargs())

    @app_commands.command(name=_("hand"), description=_("See your hand (only you can see it)"))
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        payload = await self.tables.hand(rec, interaction.user.id, user_lang(interaction))
        await interaction.followup.send(ephemeral=True, **payload.send_kwargs())

    @app_commands.command(name=_("list"), description=_("Games running in this server"))
    @app_commands.guild_only()
    async def list_games(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        lang = user_lang(interaction)
        games = await self.tables.store.live_games(interaction.guild_id)
        if not games:
            await interaction.response.send_message(t(lang, "list.none"), ephemeral=True)
            return
        lines = [
            self._whose_turn(
                g,
                t(
                    lang,
                    f"list.row_{g.status.value}",
                    channel=f"<#{g.channel_id}>",
                    game=self.tables.engine(g).name.get(lang),
                    n=len(g.seats),
                    host=f"<@{g.host_id}>",
                ),
                lang,
            )
            for g in games
        ]
        embed = discord.Embed(title=t(lang, "list.title", n=len(games)), description="\n".join(lines)[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _whose_turn(self, rec: GameRecord, row: str, lang: str) -> str:
        """A running game's row with whose turn it is and since when (the oldest of its players' turns)."""
        if rec.status is not Status.RUNNING or rec.state_json is None:
            return row
        movers = self.tables.engine(rec).to_move(self.tables.state(rec))
        if not movers:
            return row
        since = min(turn_since(rec, m) for m in movers)
        names = ", ".join(seat_name(rec, m, lang) for m in movers)
        return t(lang, "turns.list_row", row=row, players=names, since=f"<t:{int(since)}:R>")
