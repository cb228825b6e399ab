"""The SQLite store: one file, WAL, numbered migrations, every write one transaction.

Writes run in a process of their own (``bot.store.writer``, ``bot.store.transactions``), each transaction
whole; reads have their own connection in the bot (aiosqlite) and share their SQL with PostgreSQL's backend
(``bot.store.reads``).
"""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import ClassVar

import aiosqlite

from bot.store import rows
from bot.store.errors import (
    GameNotFound,
    StaleVersion,
    StoreError,
    StoreUnavailable,
    TimerDone,
)
from bot.store.models import (
    GameRecord,
)
from bot.store.rows import Row
from bot.store.transactions import Plain
from bot.store.writer import WriterProcess
from bot.store.writes import StoreWrites

__all__ = ["SqliteStore", "StaleVersion", "StoreError", "TimerDone", "migrations"]

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations(package: str = "bot.store.migrations") -> list[tuple[int, str, str]]:
    """``(number, name, sql)`` of every migration bundled in ``package``, in order."""
    found = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001.. without gaps, found {numbers}")
    return found


class SqliteStore(StoreWrites):
    """Writes go to the writer process, in the order they were asked; a write that changes a game returns
    the game as committed, read back by the writer. Reads go through their own connection (aiosqlite): in
    WAL mode a reader sees the last commit and never a transaction in progress, and it never queues behind
    the writer. The database is a file: the writer and the reader are two connections to it (a game must
    survive a restart anyway)."""

    #: the bench's hook: called after each write with the seconds from BEGIN done to COMMIT done
    on_commit: ClassVar[Callable[[float], None] | None] = None

    def __init__(self, writer: WriterProcess, reader: aiosqlite.Connection, path: str) -> None:
        self._writer = writer
        self._reader = reader
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        path = str(path)
        if path == ":memory:" or path.startswith("file:"):
            raise ValueError(f"the store needs a database file, not {path!r}")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = WriterProcess(path, migrations())
        try:  # a migration that fails, or a reader that cannot open, leaves no process behind
            await writer.start()
            reader = await aiosqlite.connect(path, isolation_level=None)
            reader.row_factory = aiosqlite.Row
            await reader.execute("PRAGMA busy_timeout=5000")
            await reader.execute("PRAGMA query_only=ON")
        except sqlite3.Error as exc:
            await writer.close()
            raise StoreUnavailable(f"cannot open {path}: {exc}") from exc
        except BaseException:
            await writer.close()
            raise
        return cls(writer, reader, path)

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Plain
    ) -> tuple[Plain, GameRecord | None]:
        """One write transaction of ``bot.store.transactions`` (``op`` names it), whole, in the writer
        process; its result, and the game ``read_back`` as committed. ``durable=False`` is for the publishing
        bookkeeping (which message shows the game, which outbox entry is out): its commit skips the fsync
        (WAL, synchronous=NORMAL), so it survives a crash or restart of the bot but a power cut may lose it,
        and then a table message is posted once more; never a move."""
        result, seconds, row = await self._writer.call(op, kwargs, durable=durable, read_back=read_back)
        hook = type(self).on_commit  # read from the class: a plain function, not bound to the store
        if hook is not None and seconds is not None:
            hook(seconds)
        if read_back is None:
            return result, None
        if row is None:
            raise GameNotFound(read_back)
        return result, rows.game_record(row)

    @contextlib.asynccontextmanager
    async def game_lock(self, game_pk: int) -> AsyncIterator[None]:
        """Nothing beyond the table service's own lock: a SQLite file is one host's, its bot one process
        (processes on several machines need PostgreSQL), so the in-process lock of a game is the only one."""
        yield

    async def _pragma(self, name: str, value: str | None = None) -> str:
        """A setting of the writer's connection, set first when ``value`` is given (the store bench)."""
        result, _, _ = await self._writer.call("pragma", {"name": name, "value": value})
        return str(result)

    # -- reading ----------------------------------------------------------------------------------
    _FEED_STALE = (
        "json_extract(g.feed_json, '$.picture_stale') = 1 OR json_extract(g.feed_json, '$.card_stale') = 1"
    )

    async def _rows(self, sql: str, params: Sequence[object]) -> list[Row]:
        """A read of committed data only (a game is never seen marked finished before its results are in).
        One call on the reader's thread, statement run to its end: reads never interleave on that
        connection, so none runs inside another's open statement and its older snapshot."""
        try:
            return list(await self._reader.execute_fetchall(sql, tuple(params)))
        except (sqlite3.Error, ValueError) as exc:  # ValueError: the connection is closed
            raise StoreError(f"{type(exc).__name__}: {exc}") from exc
