"""``/game history|replay|stats``: what finished and running games leave behind.

History and replay find their game by number, else the live game of this channel or thread, else the newest
game played here (or opened from here). All three answer only the caller (ephemeral): a history holds the
caller's own private events, and a leaderboard asked for is nobody else's interruption.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.cogs.game.lobby import LobbyCommands
from bot.errors import UserError, user_lang
from bot.games import find_game
from bot.interactions import Interaction
from bot.records import stats as records_stats
from bot.records.views import game_for, history_reply, replay_reply
from bot.store import GameRecord
from engines.core import GameError
from i18n import t

log = logging.getLogger(__name__)

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")

LEADERBOARD_FILE = "leaderboard.png"


class RecordsCommands(GameCommandsBase):
    # -- finding the game ---------------------------------------------------------------------------
    async def _the_game(self, interaction: Interaction, number: int | None) -> GameRecord:
        store = self.tables.store
        if number is not None:
            return await game_for(store, interaction.guild_id, number)
        channel = interaction.channel_id
        rec = None
        if channel is not None:
            rec = await store.live_game_in(channel) or await store.latest_game_in(channel)
        if rec is None:
            raise UserError("no_game_to_show")
        if rec.state_json is None:
            raise UserError("game_not_started")
        return rec

    async def _number_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's latest games, newest first."""
        return await self.game_choices(interaction, current)

    # -- /game history -------------------------------------------------------------------------------
    @app_commands.command(
        name=_("history"), description=_("What happened in a game, move by move (what you may see)")
    )
    @app_commands.describe(game=_("Game number (default: the game of this channel or thread)"))
    @app_commands.guild_only()
    async def history(self, interaction: Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        rec = await self._the_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await history_reply(self.tables.store, rec, interaction.user.id, user_lang(interaction), None)
        await interaction.followup.send(ephemeral=True, **reply.send_kwargs())

    history.autocomplete("game")(_number_autocomplete)

    # -- /game replay --------------------------------------------------------------------------------
    @app_commands.command(
        name=_("replay"), description=_("The table as it stood after a move, rebuilt from the game's log")
    )
    @app_commands.describe(
        step=_("Number of the move (0: the deal)"),
        game=_("Game number (default: the game of this channel or thread)"),
    )
    @app_commands.guild_only()
    async def replay(
        self,
        interaction: Interaction,
        step: app_commands.Range[int, 0],
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        rec = await self._the_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await replay_reply(self.tables.store, rec, step, interaction.user.id, user_lang(interaction))
        await interaction.followup.send(ephemeral=True, **reply.send_kwargs())

    replay.autocomplete("game")(_number_autocomplete)

    # -- /game stats ---------------------------------------------------------------------------------
    @app_commands.command(name=_("stats"), description=_("Who plays and wins most in this server"))
    @app_commands.describe(
        game=_("Which game (default: every game)"), member=_("Whose record (default: everyone)")
    )
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: Interaction,
        game: str | None = None,
        member: discord.Member | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = user_lang(interaction)
        game_id = None
        if game:
            try:
                game_id = find_game(game).id
            except GameError:
                # A game no longer hosted still has its results: accept its exact id (an id's shape only,
                # so a reply never repeats a long text back).
                if not GAME_ID.fullmatch(game.strip()):
                    raise
                game_id = game.strip()
        await interaction.response.defer(ephemeral=True, thinking=True)
        entries = await self.tables.store.finished_results(interaction.guild_id, game_id)
        team_games = sorted({e.game_pk for e in entries if records_stats.cooperative(e.game_id)})
        states = await self.tables.store.final_states(team_games)
        variants = await asyncio.to_thread(records_stats.team_variants, entries, states, lang)
        counted = records_stats.tally(entries, variants)
        if member is not None:
            if not records_stats.has_record(counted, member.id):
                await interaction.followup.send(
                    t(lang, "stats.member_none", name=member.display_name), ephemeral=True
                )
                return
            embed = records_stats.member_embed(counted, member.id, member.display_name, lang)
            await interaction.followup.send(embed=embed, ephemeral=True)
            return
        if not counted:
            none = (
                t(lang, "stats.none_game", game=records_stats.game_name(game_id, lang))
                if game_id
                else t(lang, "stats.none")
            )
            await interaction.followup.send(none, ephemeral=True)
            return
        server = interaction.guild.name if interaction.guild is not None else ""
        title = t(lang, "stats.title", server=server) if server else t(lang, "stats.title_plain")
        embed = records_stats.leaderboard_embed(counted, lang, title)
        data = await asyncio.to_thread(records_stats.leaderboard_picture, counted, lang, server)
        picture = discord.File(io.BytesIO(data), filename=LEADERBOARD_FILE)
        embed.set_image(url=f"attachment://{LEADERBOARD_FILE}")
        await interaction.followup.send(embed=embed, file=picture, ephemeral=True)

    # The same suggestions as /game new's (the hosted games by name, in the caller's language); discord.py
    # binds it to the one cog, GameCog, which is a LobbyCommands as well.
    stats.autocomplete("game")(LobbyCommands._game_id_autocomplete)  # type: ignore[arg-type]
