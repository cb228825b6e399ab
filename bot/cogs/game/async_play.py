"""``/game mine|notify|auto``: playing over days (turn clocks are ``bot.table.clock``, their reminders and
deadlines ``bot.table.scheduler``)."""

from __future__ import annotations

import datetime as dt

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.errors import user_lang
from bot.interactions import Interaction
from bot.presenters import summary
from bot.presenters.payload import COLOUR
from bot.store import GameRecord, Status
from i18n import t


def stored_time(text: str) -> float:
    """A store timestamp (``2024-05-01T12:00:00.000Z``) as Unix seconds: when a game without tracked turns
    (started before clocks existed) last changed."""
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


def turn_since(rec: GameRecord, seat: str) -> float:
    turn = rec.clock_state.turns.get(seat)
    return float((turn.since if turn is not None else 0.0) or stored_time(rec.updated_at))


class AsyncCommands(GameCommandsBase):
    async def waiting_for(self, guild_id: int, user_id: int) -> list[tuple[float, GameRecord, str]]:
        """``(since, game, seat)`` for every game of the server waiting for this member's move, oldest
        first. A turn the AI is playing because its time ran out waits for nobody."""
        out = []
        for rec in await self.tables.store.live_games(guild_id):
            mine = rec.seat_of(user_id)
            if rec.status is not Status.RUNNING or mine is None or rec.state_json is None:
                continue
            if rec.clock_state.ai_plays(mine.seat) or mine.seat not in self.tables.engine(rec).to_move(
                self.tables.state(rec)
            ):
                continue
            out.append((turn_since(rec, mine.seat), rec, mine.seat))
        out.sort(key=lambda row: (row[0], row[1].id))
        return out

    @app_commands.command(name=_("mine"), description=_("Games in this server waiting for your move"))
    @app_commands.guild_only()
    async def mine(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        lang = user_lang(interaction)
        waiting = await self.waiting_for(interaction.guild_id, interaction.user.id)
        if not waiting:
            await interaction.response.send_message(t(lang, "mine.none"), ephemeral=True)
            return
        lines = []
        for since, rec, seat in waiting:
            turn = rec.clock_state.turns.get(seat)
            deadline = turn.deadline if turn is not None else None
            lines.append(
                t(
                    lang,
                    "mine.row",
                    game=self.tables.ui(rec).game_name(lang),
                    number=rec.id,
                    since=f"<t:{int(since)}:R>",
                    left=t(lang, "mine.left", left=f"<t:{int(deadline)}:R>") if deadline else "",
                    link=summary.jump_url(rec, rec.table_message_id),
                )
            )
        description = ""
        for line in lines:  # whole lines only, within an embed's limit
            if len(description) + len(line) + 1 > 4000:
                break
            description += line + "\n"
        embed = discord.Embed(
            title=t(lang, "mine.title", n=len(waiting)), description=description, colour=COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_("notify"), description=_("Reminders of your turns by direct message"))
    @app_commands.describe(dm=_("Reminders by DM too (off: only in the game's thread)"))
    @app_commands.choices(
        dm=[app_commands.Choice(name=_("on"), value="on"), app_commands.Choice(name=_("off"), value="off")]
    )
    @app_commands.guild_only()
    async def notify(self, interaction: Interaction, dm: str) -> None:
        lang = user_lang(interaction)
        # The member's language now is the one their DMs are written in (a DM has no interaction).
        await self.tables.store.set_member_dm(interaction.user.id, dm == "on", str(interaction.locale))
        await interaction.response.send_message(t(lang, f"notify.dm_{dm}"), ephemeral=True)

    @app_commands.command(
        name=_("auto"),
        description=_("Let the AI play your seat until you take it back (again: take it back)"),
    )
    @app_commands.guild_only()
    async def auto(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        handed = await self.tables.auto(rec.id, user.id, user.display_name)
        lang = user_lang(interaction)
        if handed:
            await interaction.followup.send(t(lang, "auto.on"), ephemeral=True)
            return
        rec = await self.tables.store.get_game(rec.id)
        payload = await self.tables.hand(rec, user.id, lang, note=t(lang, "auto.back"))
        sent = await interaction.followup.send(ephemeral=True, wait=True, **payload.send_kwargs())
        self.tables.coach.follow_message(sent, rec.id, user.id)
