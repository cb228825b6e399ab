"""The parts of the table the service works with, as the service sees them: the publisher, the outbox and the
scheduler. The service is handed them (``bot.table.assembly`` builds the real ones) instead of importing
them, so the one writer depends on nothing that depends on it: no import circle runs through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot.presenters.payload import Payload
from bot.store import GameRecord, SeatInfo, Status
from bot.store.models import ClockWrite
from bot.table.hooks import Change, Contribution
from bot.table.timer_effects import Clock
from engines.core import GameState


@dataclass(frozen=True)
class Unpublished:
    """Why the table could not be updated: a catalog key for the player's reply, with its parameters."""

    key: str
    permission: str = ""


class TablePublisher(Protocol):
    """What players see, as the service asks for it (``bot.table.publisher.Publisher``)."""

    now: Callable[[], float]

    async def public_lang(self, guild_id: int) -> str: ...
    def lobby_payload(self, rec: GameRecord, lang: str) -> Payload: ...
    async def refresh_lobby(self, rec: GameRecord) -> None: ...
    async def update_summary(
        self, rec: GameRecord, lang: str | None = None, *, state: GameState | None = None
    ) -> bool: ...
    async def status_payload(self, rec: GameRecord, state: GameState, lang: str) -> Payload: ...
    async def hand_payload(
        self,
        rec: GameRecord,
        state: GameState,
        user_id: int,
        lang: str,
        page: int = 0,
        note: str = "",
        group: int = 0,
        keep_picture: bool = False,
    ) -> Payload: ...


class TableOutbox(Protocol):
    """Posting what was committed, in order (``bot.table.outbox.Outbox``)."""

    def kick(self, pk: int) -> None: ...
    async def flush(self, pk: int) -> Unpublished | None: ...
    async def resume(self) -> None: ...
    async def close(self, grace: float = 5.0) -> None: ...


class TableScheduler(Protocol):
    """The turn clocks (``bot.table.scheduler.Scheduler``): the move hook of the clocks, their clock, and the
    loop firing them."""

    clock: Clock

    def contribute(self, change: Change) -> Contribution: ...
    def write(
        self,
        rec: GameRecord,
        *,
        state: GameState | None = None,
        seats: list[SeatInfo] | None = None,
        status: Status | None = None,
        acted: str | None = None,
        version: int | None = None,
    ) -> ClockWrite | None: ...
    def held(self, rec: GameRecord, *, on: bool) -> ClockWrite | None: ...
    async def resume(self) -> None: ...
    async def stop(self) -> None: ...
