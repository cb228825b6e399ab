"""A night's Discord side: each table's card and thread in the night's channel, the night's messages and
sign-up card, and its scheduled event (an external event shown in the server's calendar, made only when the
bot may create events)."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.presenters.payload import Payload
from bot.store import GameRecord
from bot.store.night_models import NightRecord
from bot.table.places import ARCHIVE_MINUTES, check_thread_id
from bot.table.service import TableService

log = logging.getLogger(__name__)


class DiscordNightPlaces:
    def __init__(self, client: discord.Client, tables: TableService) -> None:
        self.client = client
        self.tables = tables

    def _channel(self, night: NightRecord) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(night.channel_id, guild_id=night.guild_id)

    async def open_table(
        self, night: NightRecord, card: str, thread: str, create: Callable[[int], Awaitable[GameRecord]]
    ) -> GameRecord:
        message = await self._channel(night).send(content=card)
        rec = await create(message.id)
        try:
            made = await message.create_thread(name=thread, auto_archive_duration=ARCHIVE_MINUTES)
            check_thread_id(made, rec)
        except BaseException:
            await self.tables.discard_lobby(rec.id)
            raise
        # The card becomes the game's summary card (edited as the game goes on).
        await self.tables.store.set_message_ids(rec.id, summary_message_id=message.id)
        return await self.tables.store.get_game(rec.id)

    async def post(self, night: NightRecord, payload: Payload) -> None:
        await self._channel(night).send(**payload.send_kwargs())

    async def post_in(self, night: NightRecord, channel_id: int, payload: Payload) -> None:
        where = self.client.get_partial_messageable(channel_id, guild_id=night.guild_id)
        try:
            await where.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("night %s: could not post in %s", night.id, channel_id, exc_info=True)

    async def show_card(self, night: NightRecord, payload: Payload) -> None:
        if night.signup_message_id is None:
            return
        message = self._channel(night).get_partial_message(night.signup_message_id)
        try:
            await message.edit(embed=payload.embed, view=payload.view)
        except discord.HTTPException:
            log.warning("night %s: its sign-up card could not be updated", night.id, exc_info=True)

    async def create_event(self, night: NightRecord, name: str, start: float, channel: str) -> int | None:
        """An external scheduled event from ``start`` to the end of the last set, at ``channel`` (its name);
        ``None`` when the bot may not create events (the caller says which permission to grant)."""
        guild = self.client.get_guild(night.guild_id)
        if guild is None or not (
            guild.me.guild_permissions.create_events or guild.me.guild_permissions.manage_events
        ):
            return None
        begin = dt.datetime.fromtimestamp(start, dt.UTC)
        end = begin + dt.timedelta(minutes=night.sets * night.minutes)
        try:
            event = await guild.create_scheduled_event(
                name=name[:100],
                start_time=begin,
                end_time=end,
                entity_type=discord.EntityType.external,
                location=channel[:100],
                privacy_level=discord.PrivacyLevel.guild_only,
            )
        except discord.Forbidden:
            return None
        return event.id

    async def end_event(self, night: NightRecord) -> None:
        if night.event_id is None:
            return
        guild = self.client.get_guild(night.guild_id)
        if guild is None:
            return
        try:
            event = await guild.fetch_scheduled_event(night.event_id)
            if event.status is discord.EventStatus.scheduled:
                await event.cancel()
            elif event.status is discord.EventStatus.active:
                await event.end()
        except discord.HTTPException:
            log.warning("night %s: its scheduled event could not be ended", night.id, exc_info=True)
