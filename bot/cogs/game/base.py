"""What every part of ``/game`` shares: the bot and its table service, and the game numbers offered to
complete a ``game:`` option."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.errors import user_lang
from bot.games import ui_for
from bot.interactions import Interaction
from bot.store import GameRecord
from i18n import t

if TYPE_CHECKING:
    from bot.client import Deckhand
    from bot.table.service import TableService


class GameCommandsBase(commands.Cog):
    """A cog mixin (discord.py types a command's owner as a cog); ``GameCog`` is the one cog loaded."""

    bot: Deckhand

    @property
    def tables(self) -> TableService:
        return self.bot.tables

    async def game_choices(
        self,
        interaction: Interaction,
        current: str,
        keep: Callable[[GameRecord], bool] = lambda rec: True,
        *,
        looked_at: int = 25,
    ) -> list[app_commands.Choice[int]]:
        """The server's latest games that ``keep`` keeps, newest first, whose number starts with what was
        typed: "#12 · The Yggdrasil · finished" (🎓 before a coached game, issue 27). The latest
        ``looked_at`` games are looked at; Discord shows 25 choices at most."""
        if interaction.guild_id is None:
            return []
        lang = user_lang(interaction)
        wanted = current.strip().lstrip("#")
        recent = await self.tables.store.recent_games(
            interaction.guild_id, *([looked_at] if looked_at else [])
        )
        choices = []
        for rec in recent:
            if not keep(rec) or (wanted and not str(rec.id).startswith(wanted)):
                continue
            label = ("🎓 " if rec.coach else "") + t(
                lang,
                "history.choice",
                number=rec.id,
                game=ui_for(rec.game_id).game_name(lang),
                status=t(lang, f"lobby.status.{rec.status.value}"),
            )
            choices.append(app_commands.Choice(name=label[:100], value=rec.id))
        return choices[:25]
