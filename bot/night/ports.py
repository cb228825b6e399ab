"""What the night service needs of Discord (``bot.night.places`` gives it; the service imports none of it):
a table's card and thread, the night's messages, and its scheduled event."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.presenters.payload import Payload
from bot.store import GameRecord
from bot.store.night_models import NightRecord


class NightPlaces(Protocol):
    async def open_table(
        self, night: NightRecord, card: str, thread: str, create: Callable[[int], Awaitable[GameRecord]]
    ) -> GameRecord:
        """Post a table's card in the night's channel, make its game (``create`` with the card's id, the
        thread's id to be) and start its thread on the card."""
        ...

    async def post(self, night: NightRecord, payload: Payload) -> None: ...
    async def post_in(self, night: NightRecord, channel_id: int, payload: Payload) -> None:
        """Post in one of the night's places (a table's thread); a place gone is logged, not raised."""
        ...

    async def show_card(self, night: NightRecord, payload: Payload) -> None:
        """Edit the sign-up card (when the night has one)."""
        ...

    async def create_event(self, night: NightRecord, name: str, start: float, channel: str) -> int | None:
        """The night's scheduled event; ``None`` when the bot may not create events."""
        ...

    async def end_event(self, night: NightRecord) -> None:
        """End the night's scheduled event (when it has one)."""
        ...
