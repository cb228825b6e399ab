"""The PostgreSQL store: a connection pool (asyncpg), numbered migrations of its own applied at start-up under
an advisory lock, every write one transaction (``bot.store.postgres.transactions``) and the reads SQLite's
store runs (``bot.store.reads``). Several bot processes may share one database."""

from __future__ import annotations

import contextlib
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import ClassVar, cast

import asyncpg

from bot.store import rows
from bot.store.errors import ConstraintViolation, GameNotFound, StoreError, StoreUnavailable
from bot.store.models import GameRecord
from bot.store.postgres import game_locks, leases, night_transactions, review_transactions, transactions
from bot.store.rows import Row
from bot.store.sqlite import migrations
from bot.store.transactions import Plain
from bot.store.writes import StoreWrites

log = logging.getLogger(__name__)

#: ``pg_advisory_lock``'s key for migrating ("deckhand" in ASCII): processes starting at once migrate once.
MIGRATION_LOCK = 0x6465636B68616E64
_MARK = re.compile(r"\?")
_Body = Callable[..., Awaitable[Plain]]
TRANSACTIONS: dict[str, _Body] = {
    f.__name__: f
    for f in (
        transactions.change_guild_settings,
        transactions.set_guild_locale,
        transactions.create_game,
        transactions.change_game,
        transactions.set_message_ids,
        transactions.published,
        transactions.set_feed,
        transactions.publish_failed,
        transactions.set_clock,
        transactions.fire_timer,
        transactions.set_member_dm,
        night_transactions.night_insert,
        night_transactions.change_night,
        night_transactions.night_signup,
        night_transactions.night_leave,
        *leases.ALL,
        *review_transactions.ALL,
    )
}


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """The shared reads' ``?`` marks as PostgreSQL's ``$1, $2, …`` (no ``?`` appears in their literals)."""
    count = iter(range(1, 1000))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


class _Translate:
    """The driver's exceptions as the store's own: no ``asyncpg`` type reaches a caller."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        if exc is None or isinstance(exc, StoreError):
            return
        if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
            raise ConstraintViolation(str(exc)) from exc
        if isinstance(exc, asyncpg.PostgresConnectionError | asyncpg.InterfaceError | OSError):
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc
        if isinstance(exc, asyncpg.PostgresError):
            raise StoreError(f"{type(exc).__name__}: {exc}") from exc


async def migrate(conn: asyncpg.Connection) -> None:
    """Apply the bundled migrations not applied yet, each in its own transaction with its bookkeeping row,
    holding the advisory lock: a second process starting at once waits, then finds nothing left to do."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::text)"
        )
        applied = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for number, name, sql in migrations("bot.store.postgres.migrations"):
            if number in applied:
                continue
            async with conn.transaction():
                await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", number, name
                )
            log.info("applied migration %s", name)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


class PostgresStore(StoreWrites):
    """Reads and writes on connections of one pool; a write is one transaction on one connection, so
    writes of different games run side by side and two writes of one game queue on its row lock."""

    #: the bench's hook: called after each write with the seconds from BEGIN done to COMMIT done (a change
    #: of a game: from its one statement sent to its answer)
    on_commit: ClassVar[Callable[[float], None] | None] = None

    _FEED_STALE = (
        "g.feed_json ->> 'picture_stale' IN ('true', '1') OR g.feed_json ->> 'card_stale' IN ('true', '1')"
    )

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._game_locks = game_locks.GameLocks(url)

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresStore:
        with _Translate():
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
            try:
                async with pool.acquire() as conn:
                    await migrate(conn)
            except BaseException:
                await pool.close()
                raise
        return cls(pool, url)

    async def close(self) -> None:
        with _Translate():
            await self._game_locks.close()
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def game_lock(self, game_pk: int) -> AsyncIterator[None]:
        """The game's lock across processes for one change (``bot.store.postgres.game_locks``)."""
        with _Translate():
            held = self._game_locks.hold(game_pk)
            await held.__aenter__()
        try:
            yield
        finally:
            with _Translate():
                await held.__aexit__(None, None, None)

    async def _rows(self, sql: str, params: Sequence[object]) -> list[Row]:
        with _Translate():
            found: list[Row] = await self._pool.fetch(numbered(sql), *params)
        return found

    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Plain
    ) -> tuple[Plain, GameRecord | None]:
        body = TRANSACTIONS[op]
        row: Row | None = None
        with _Translate():
            async with self._pool.acquire() as conn:
                if op == "change_game":
                    # One statement, atomic on its own: no BEGIN and COMMIT round trips (docs/storage.md).
                    begun = time.perf_counter()
                    row, result = cast(Row, await body(conn, **kwargs)), None
                else:
                    async with conn.transaction():
                        begun = time.perf_counter()
                        if not durable:
                            # Publishing bookkeeping only: the commit returns before the WAL reaches the
                            # disk (as SQLite's synchronous=NORMAL); a crash may lose it, never a move.
                            await conn.execute("SET LOCAL synchronous_commit = off")
                        result = await body(conn, **kwargs)
                        if read_back is not None:
                            row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", read_back)
                seconds = time.perf_counter() - begun
        hook = type(self).on_commit
        if hook is not None:
            hook(seconds)
        if read_back is None:
            return result, None
        if row is None:
            raise GameNotFound(read_back)
        return result, rows.game_record(row)

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection of the pool, for tests and the bench that look under the store."""
        async with self._pool.acquire() as conn:
            yield conn
