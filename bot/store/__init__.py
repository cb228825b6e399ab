"""Storage: games, the append-only action log, guild settings and results, behind one port (``Store``,
``bot.store.port``) with two backends: SQLite by default (``SqliteStore``), PostgreSQL for several processes
(``bot.store.postgres``). ``open_store`` picks one from the ``DECKHAND_DATABASE`` setting."""

from bot.store.errors import (
    ChannelBusy,
    ConstraintViolation,
    GameNotFound,
    StaleVersion,
    StoreError,
    StoreUnavailable,
    TimerDone,
)
from bot.store.models import (
    ActionRecord,
    GameRecord,
    GuildSettings,
    GuildSettingsChange,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
)
from bot.store.opening import open_store
from bot.store.port import Store
from bot.store.sqlite import SqliteStore

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "ConstraintViolation",
    "GameNotFound",
    "GameRecord",
    "GuildSettings",
    "GuildSettingsChange",
    "OutboxEntry",
    "OutboxItem",
    "ResultRow",
    "SeatInfo",
    "SqliteStore",
    "StaleVersion",
    "Status",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TimerDone",
    "open_store",
]
