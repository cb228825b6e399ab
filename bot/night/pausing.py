"""Pausing and resuming a night (issue 26 item 3: "the host can call time early, pause and resume the
night"). A base of ``NightService``: pausing freezes the running set's deadline (the time left is kept on the
night, ``paused_left``; ``deadline_at`` is cleared, so the night's timer cannot fire) and holds the turn
clocks of the set's tables through the table service (``TableService.hold_clocks``, the one writer of
games): while a night is paused nobody's turn runs out and no reminder comes. Players may still move (a
pause is a break, not a lock). Resuming sets the deadline to now plus what was left and lets the clocks run
from where they stood. Both are kept in the database, so a restart finds a paused night paused."""

from __future__ import annotations

import asyncio
import logging

from bot.errors import UserError
from bot.night.ports import NightPlaces
from bot.presenters import night as words
from bot.store import Store
from bot.store.night_models import NightRecord, NightStatus
from bot.table.service import TableService

log = logging.getLogger(__name__)


class NightPauses:
    """The members it uses are ``NightService``'s."""

    tables: TableService
    store: Store
    places: NightPlaces

    def lock(self, night_pk: int) -> asyncio.Lock:
        raise NotImplementedError

    def now(self) -> float:
        raise NotImplementedError

    async def lang(self, night: NightRecord) -> str:
        raise NotImplementedError

    async def refresh_card(self, night_pk: int) -> None:
        raise NotImplementedError

    async def pause(self, night_pk: int) -> NightRecord:
        """The host pauses the running set: refused before the first set, between sets, when time was
        called already (its games finish their round on running clocks, GN-6), or when paused already."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            if not night.status.live:
                raise UserError("night_over")
            if night.paused:
                raise UserError("night_already_paused")
            if night.status is not NightStatus.PLAYING:
                raise UserError("night_pause_no_set")
            if night.deadline_at is None:
                raise UserError("night_pause_called", set=night.current_set)
            left = max(0.0, night.deadline_at - self.now())
            night = await self.store.change_night(night_pk, night.version, deadline_at=None, paused_left=left)
            await self.hold_tables(night, on=True)
        await self.tell_tables(night, words.paused(night, await self.lang(night)))
        await self.refresh_card(night_pk)
        return night

    async def resume(self, night_pk: int) -> NightRecord:
        """The host resumes a paused night: the set's deadline is now plus the time it had left."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            if not night.status.live:
                raise UserError("night_over")
            if night.paused_left is None:
                raise UserError("night_not_paused")
            deadline = self.now() + night.paused_left
            night = await self.store.change_night(
                night_pk, night.version, deadline_at=deadline, paused_left=None
            )
            await self.hold_tables(night, on=False)
        await self.tell_tables(night, words.resumed(night, await self.lang(night)))
        await self.refresh_card(night_pk)
        return night

    async def hold_tables(self, night: NightRecord, *, on: bool) -> None:
        """Hold (or release) the turn clocks of the running set's tables; a game over is left alone."""
        for table in await self.store.night_tables(night.id, night.current_set):
            await self.tables.hold_clocks(table.game_pk, on=on)

    async def tell_tables(self, night: NightRecord, payload: words.Payload) -> None:
        """The night's channel and every table's thread of the running set are told."""
        await self.places.post(night, payload)
        for table in await self.store.night_tables(night.id, night.current_set):
            rec = await self.store.get_game(table.game_pk)
            if rec.status.live:
                await self.places.post_in(night, rec.channel_id, payload)

    async def settle_clocks(self) -> None:
        """Once when the watch starts: every running set's clocks held exactly when its night is paused (a
        stop between writing the night and its tables' clocks is made whole)."""
        for night in await self.store.live_nights(self.tables.settings.shards):
            if night.status is NightStatus.PLAYING:
                await self.hold_tables(night, on=night.paused)
