"""The storage port: what the bot asks of a store, whichever database is behind it. ``SqliteStore`` (one
file, a writer process) and ``PostgresStore`` (a connection pool) both are one; ``open_store`` picks the
backend from ``DECKHAND_DATABASE``. Every failure is one of ``bot.store.errors``, never a driver's type.

The queries that read every game (``live_games`` without a server, ``games_with_pending``, ``due_timers``,
``next_due``) take an optional ``bot.shards.Shards``: only the games of servers those shards own,
``(guild_id >> 22) % shard_count`` in its shard ids. Work two processes could both see is claimed with a
lease first (``claim_timers``, ``claim_outbox``), and a change of one game holds ``game_lock`` across
processes (``docs/storage.md``, "Shards, leases and a process that dies").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.shards import Shards
from bot.store.models import (
    ActionRecord,
    ClockWrite,
    GameRecord,
    GuildSettings,
    GuildSettingsChange,
    MemberSettings,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
    TimerRow,
)
from bot.store.night_port import NightPort
from bot.store.review_port import ReviewPort
from bot.store.stats import ResultEntry


class Store(NightPort, ReviewPort, Protocol):
    async def close(self) -> None: ...
    async def schema_version(self) -> int: ...

    # -- games: reads --------------------------------------------------------------------------------
    async def get_game(self, game_pk: int) -> GameRecord: ...
    async def live_game_in(self, channel_id: int) -> GameRecord | None: ...
    async def live_games_opened_from(self, parent_channel_id: int) -> list[GameRecord]: ...
    async def live_games(
        self, guild_id: int | None = None, shards: Shards | None = None
    ) -> list[GameRecord]: ...
    async def rematches_of(self, game_pk: int) -> list[GameRecord]: ...
    async def actions(self, game_pk: int) -> list[ActionRecord]: ...
    async def results(self, game_pk: int) -> list[ResultRow]: ...

    # -- games: writes (the table service's only; ``tests/bot/table/test_one_writer.py``) ---------------
    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        host_id: int,
        seed: int,
        options: Mapping[str, object],
        seats: list[SeatInfo],
        parent_channel_id: int | None = None,
        clock: int = 0,
        rematch_of: int | None = None,
        coach: bool = False,
    ) -> GameRecord: ...
    async def update(
        self,
        game_pk: int,
        expected_version: int,
        *,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        fire: int | None = None,
        **fields: object,
    ) -> GameRecord: ...
    async def record_action(
        self,
        game_pk: int,
        expected_version: int,
        *,
        seat: str,
        user_id: int | None,
        action: Mapping[str, object],
        state_json: str,
        status: Status | None = None,
        results: list[ResultRow] | None = None,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        decided_by: str | None = None,
        seats: list[SeatInfo] | None = None,
    ) -> GameRecord: ...
    async def finish(
        self, game_pk: int, expected_version: int, status: Status, results: list[ResultRow]
    ) -> GameRecord: ...
    async def set_clock(self, game_pk: int, write: ClockWrite) -> None: ...
    async def fire_timer(self, timer_id: int, game_pk: int, publish: OutboxItem | None = None) -> bool: ...

    # -- publishing bookkeeping ------------------------------------------------------------------------
    async def set_message_ids(
        self,
        game_pk: int,
        *,
        lobby_message_id: int | None = None,
        table_message_id: int | None = None,
        summary_message_id: int | None = None,
        feed: Mapping[str, object] | None = None,
    ) -> None: ...
    async def pending(self, game_pk: int) -> list[OutboxEntry]: ...
    async def games_with_pending(self, shards: Shards | None = None) -> list[int]: ...
    async def published(self, entry_id: int, game_pk: int, feed: Mapping[str, object]) -> None: ...
    async def set_feed(self, game_pk: int, feed: Mapping[str, object]) -> None: ...
    async def publish_failed(self, entry_id: int, error: str) -> int: ...

    # -- timers ------------------------------------------------------------------------------------------
    async def due_timers(
        self, now: float, limit: int = 100, shards: Shards | None = None
    ) -> list[TimerRow]: ...
    async def next_due(self, shards: Shards | None = None) -> float | None: ...
    async def claim_timers(
        self, owner: str, now: float, lease: float, limit: int = 100, shards: Shards | None = None
    ) -> list[TimerRow]: ...

    # -- leases and the lock across processes ------------------------------------------------------------
    async def claim_outbox(self, game_pk: int, owner: str, now: float, lease: float) -> list[OutboxEntry]: ...
    async def release_outbox(self, game_pk: int, owner: str) -> None: ...
    def game_lock(self, game_pk: int) -> AbstractAsyncContextManager[None]: ...
    async def timers(self, game_pk: int) -> list[TimerRow]: ...

    # -- settings ----------------------------------------------------------------------------------------
    async def guild_locale(self, guild_id: int) -> str | None: ...
    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None: ...
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...
    async def change_guild_settings(self, guild_id: int, change: GuildSettingsChange) -> None: ...
    async def member_settings(self, user_id: int) -> MemberSettings: ...
    async def set_member_dm(self, user_id: int, dm: bool, locale: str | None) -> None: ...

    # -- what finished games leave behind ------------------------------------------------------------------
    async def finished_results(self, guild_id: int, game_id: str | None = None) -> list[ResultEntry]: ...
    async def final_states(self, game_pks: Sequence[int]) -> dict[int, str]: ...
    async def latest_game_in(self, channel_id: int) -> GameRecord | None: ...
    async def recent_games(self, guild_id: int, limit: int = 25) -> list[GameRecord]: ...
