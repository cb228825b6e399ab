"""``/game review [game:]``: the caller's own review of a finished game, privately (``bot.review``). Without
``game:`` the game of this thread (or channel); with it, a game the caller played, suggested from their
latest finished games."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.errors import UserError
from bot.games.built import player_seat
from bot.interactions import Interaction
from bot.records.views import game_for
from bot.review.controls import send_review

#: The server's latest games looked through for the caller's finished ones.
LOOKED_AT = 100


class ReviewCommands(GameCommandsBase):
    @app_commands.command(
        name=_("review"),
        description=_("Your review of a finished game: accuracy, key moments, the game's course"),
    )
    @app_commands.describe(game=_("A finished game of yours (default: the game of this thread)"))
    @app_commands.guild_only()
    async def review(self, interaction: Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        store = self.tables.store
        if game is not None:
            rec = await game_for(store, interaction.guild_id, game)
        else:
            channel = interaction.channel_id
            found = None
            if channel is not None:
                found = await store.live_game_in(channel) or await store.latest_game_in(channel)
            if found is None:
                raise UserError("review_no_game")
            rec = found
        await send_review(interaction, rec)

    @review.autocomplete("game")
    async def _finished_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's latest finished games in this server, newest first."""
        user = interaction.user.id
        return await self.game_choices(
            interaction,
            current,
            lambda rec: not rec.status.live and player_seat(rec, user) is not None,
            looked_at=LOOKED_AT,
        )
