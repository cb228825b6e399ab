"""Storage: games, the append-only action log, guild settings and results. SQLite by default; the
interface is narrow (``SqliteStore``'s public methods) so another backend can pass the same tests."""

from bot.store.errors import ChannelBusy, GameNotFound, StaleVersion, StoreError
from bot.store.models import (
    ActionRecord,
    GameRecord,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "GameNotFound",
    "GameRecord",
    "OutboxEntry",
    "OutboxItem",
    "ResultRow",
    "SeatInfo",
    "SqliteStore",
    "StaleVersion",
    "Status",
    "StoreError",
]
