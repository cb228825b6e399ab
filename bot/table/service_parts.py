"""What the table service's operations by concern (``bot.table.lobby_ops``, ``bot.table.seat_ops``) need of
the service itself: they are parts of ``TableService`` (its bases), and reach its one write, ``_commit``,
the game's lock and the publishing only through what is declared here, never by importing the service."""

from __future__ import annotations

import asyncio
from typing import Protocol

from bot.games.manifest import SomeEngine
from bot.settings import Settings
from bot.store import GameRecord, Store
from bot.table.hooks import Change
from engines.core import GameState


class LobbyCards(Protocol):
    """The publisher as the lobby and seat operations use it."""

    async def refresh_lobby(self, rec: GameRecord) -> None: ...
    async def update_summary(
        self, rec: GameRecord, lang: str | None = None, *, state: GameState | None = None
    ) -> bool: ...


class Flushes(Protocol):
    """The outbox as the seat operations use it: post what a change queued, now."""

    async def flush(self, pk: int) -> object: ...


class ServiceParts:
    """The members every part of the service shares; ``TableService`` provides them."""

    store: Store
    settings: Settings
    publisher: LobbyCards
    outbox: Flushes

    def lock(self, pk: int) -> asyncio.Lock:
        raise NotImplementedError

    def member_lock(self, user_id: int) -> asyncio.Lock:
        raise NotImplementedError

    def engine(self, rec: GameRecord) -> SomeEngine:
        raise NotImplementedError

    async def _commit(self, change: Change) -> GameRecord:
        """The one write of a change of a game (``TableService._commit``)."""
        raise NotImplementedError

    def kick_ai(self, pk: int) -> None:
        raise NotImplementedError

    async def catch_up_clocks(self, pk: int, *, held: bool | None = None) -> bool:
        """The clocks of a game on their own (``TableService.catch_up_clocks``)."""
        raise NotImplementedError
