"""The SQLite store: one file, WAL, numbered migrations, every write one transaction.

One writer connection on a thread of its own runs each transaction whole; reads have their own connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Coroutine, Generator, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

import aiosqlite

from bot.store.errors import ChannelBusy, GameNotFound, StaleVersion, StoreError
from bot.store.models import (
    ActionRecord,
    ClockWrite,
    GameRecord,
    MemberSettings,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
    TimerRow,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_UPDATABLE = {
    "status",
    "options",
    "seats",
    "fixed_order",
    "state_json",
    "lobby_message_id",
    "table_message_id",
    "host_id",
    "parent_channel_id",
    "summary_message_id",
    "end_reason",
}


def migrations() -> list[tuple[int, str, str]]:
    """``(number, name, sql)`` of every bundled migration, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001.. without gaps, found {numbers}")
    return found


class Cursor:
    """A finished statement, awaitable like aiosqlite's cursor so a transaction's body reads the same."""

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._self().__await__()

    async def _self(self) -> Cursor:
        return self

    async def __aenter__(self) -> Cursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._cur.close()

    @property
    def rowcount(self) -> int:
        return self._cur.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cur.lastrowid

    async def fetchone(self) -> Any:
        return self._cur.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cur.fetchall()


class Db:
    """The writer connection as a transaction's body sees it, on the writer's thread: every statement runs
    at once (``await`` returns a finished ``Cursor``), so the body never waits and never suspends."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Cursor:
        return Cursor(self._conn.execute(sql, tuple(params)))

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> Cursor:
        return Cursor(self._conn.executemany(sql, [tuple(r) for r in rows]))


def _run_to_end(coro: Coroutine[Any, Any, T]) -> T:
    """Run a transaction's body, which only awaits ``Db`` statements (done at once), to its end."""
    try:
        coro.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coro.close()
    raise RuntimeError("a transaction's body may await only its own statements")


class SqliteStore:
    """Writes run on one thread of their own, a whole transaction (BEGIN, its statements, COMMIT) in one
    call: under load, a transaction that went back to the event loop between statements held the write
    lock for as many loop turns as it had statements, and every other write queued behind it. Reads go
    through their own connection (aiosqlite): in WAL mode a reader sees the last commit and never a
    transaction in progress, and it never queues behind the writer. An in-memory database has no second
    connection; its reads run on the writer's thread."""

    #: the bench's hook: called after each write with the seconds from BEGIN done to COMMIT done
    on_commit: ClassVar[Callable[[float], None] | None] = None

    def __init__(self, conn: sqlite3.Connection, path: str, writer: ThreadPoolExecutor) -> None:
        self._conn = conn
        self._writer = writer
        self._lock = asyncio.Lock()
        self._reader: aiosqlite.Connection | None = None
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckhand-store-writer")

        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            # FULL: a game is never lost, even to a power cut right after an accepted click.
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=5000")
            return conn

        conn = await asyncio.get_running_loop().run_in_executor(writer, connect)
        store = cls(conn, path, writer)
        await store._run(store._migrate)
        if path != ":memory:":
            reader = await aiosqlite.connect(path, isolation_level=None)
            reader.row_factory = aiosqlite.Row
            await reader.execute("PRAGMA busy_timeout=5000")
            await reader.execute("PRAGMA query_only=ON")
            store._reader = reader
        return store

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        async with self._lock:
            await self._run(self._conn.close)
        self._writer.shutdown(wait=True)

    async def _run(self, func: Callable[[], T]) -> T:
        """``func`` on the writer's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, func)

    # -- schema -----------------------------------------------------------------------------------
    def _migrate(self) -> None:
        conn = self._conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
        )
        applied = {row[0] for row in conn.execute("SELECT version FROM schema_migrations").fetchall()}
        for number, name, sql in migrations():
            if number in applied:
                continue
            log.info("applying migration %s", name)
            # executescript runs the script and its bookkeeping row as one transaction.
            conn.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\n"
                f"INSERT INTO schema_migrations (version, name) VALUES ({number}, '{name}');\nCOMMIT;"
            )

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", ())
        return int(rows[0][0]) if rows else 0

    async def _write(self, body: Callable[[Db], Coroutine[Any, Any, T]], *, durable: bool = True) -> T:
        """One write transaction: ``body`` runs on the writer's thread between BEGIN IMMEDIATE and COMMIT
        (ROLLBACK if it raises). ``durable=False`` is for the publishing bookkeeping (which message shows
        the game, which outbox entry is out): its commit skips the fsync (WAL, synchronous=NORMAL), so it
        survives a crash or restart of the bot but a power cut may lose it, and then a table message is
        posted once more; never a move."""
        conn = self._conn

        def run() -> tuple[T, float]:
            if not durable:
                conn.execute("PRAGMA synchronous=NORMAL")
            try:
                conn.execute("BEGIN IMMEDIATE")
                begun = time.perf_counter()
                try:
                    result = _run_to_end(body(Db(conn)))
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
                return result, time.perf_counter() - begun
            finally:
                if not durable:
                    conn.execute("PRAGMA synchronous=FULL")

        async with self._lock:  # keeps writes in the order they were asked for
            result, seconds = await self._run(run)
        hook = type(self).on_commit  # read from the class: a plain function, not bound to the store
        if hook is not None:
            hook(seconds)
        return result

    # -- reading ----------------------------------------------------------------------------------
    @staticmethod
    def _record(row: Any) -> GameRecord:
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game_id=row["game_id"],
            status=Status(row["status"]),
            host_id=row["host_id"],
            options=json.loads(row["options_json"]),
            seed=row["seed"],
            seats=[SeatInfo.model_validate(s) for s in json.loads(row["seats_json"])],
            fixed_order=bool(row["fixed_order"]),
            state_json=row["state_json"],
            version=row["version"],
            lobby_message_id=row["lobby_message_id"],
            table_message_id=row["table_message_id"],
            parent_channel_id=row["parent_channel_id"],
            summary_message_id=row["summary_message_id"],
            feed=json.loads(row["feed_json"] or "{}"),
            end_reason=row["end_reason"],
            clock=row["clock"],
            clock_state=json.loads(row["clock_json"] or "{}"),
            rematch_of=row["rematch_of"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
        )

    async def _rows(self, sql: str, params: Iterable[Any]) -> list[Any]:
        """A read of committed data only (a game is never seen marked finished before its results are
        in): on the reader connection; without one, after any open transaction of the writer."""
        if self._reader is not None:
            # One call on the reader's thread, statement run to its end: reads never interleave on that
            # connection, so none runs inside another's open statement and its older snapshot.
            return list(await self._reader.execute_fetchall(sql, tuple(params)))
        values = tuple(params)
        async with self._lock:
            return await self._run(lambda: self._conn.execute(sql, values).fetchall())

    async def _fetch(self, sql: str, params: Iterable[Any]) -> list[GameRecord]:
        return [self._record(r) for r in await self._rows(sql, params)]

    async def get_game(self, game_pk: int) -> GameRecord:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_pk,))
        if not rows:
            raise GameNotFound(game_pk)
        return rows[0]

    async def live_game_in(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
        )
        return rows[0] if rows else None

    async def live_games_opened_from(self, parent_channel_id: int) -> list[GameRecord]:
        """Live games whose summary card is in this channel (their thread is elsewhere)."""
        return await self._fetch(
            "SELECT * FROM games WHERE parent_channel_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (parent_channel_id,),
        )

    async def live_games(self, guild_id: int | None = None) -> list[GameRecord]:
        if guild_id is None:
            return await self._fetch(
                "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id", ()
            )
        return await self._fetch(
            "SELECT * FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (guild_id,),
        )

    async def actions(self, game_pk: int) -> list[ActionRecord]:
        rows = await self._rows(
            "SELECT seq, seat, user_id, action_json, created_at FROM actions WHERE game_pk = ? ORDER BY seq",
            (game_pk,),
        )
        return [
            ActionRecord(
                seq=r["seq"],
                seat=r["seat"],
                user_id=r["user_id"],
                action=json.loads(r["action_json"]),
                created_at=r["created_at"],
            )
            for r in rows
        ]

    async def results(self, game_pk: int) -> list[ResultRow]:
        rows = await self._rows(
            "SELECT seat, user_id, place, score, winner FROM results WHERE game_pk = ? ORDER BY place, seat",
            (game_pk,),
        )
        return [
            ResultRow(
                seat=r["seat"],
                user_id=r["user_id"],
                place=r["place"],
                score=r["score"],
                winner=bool(r["winner"]),
            )
            for r in rows
        ]

    async def guild_locale(self, guild_id: int) -> str | None:
        rows = await self._rows("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return rows[0]["locale"] if rows else None

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's settings besides the locale (``/game settings``): plain JSON values by name."""
        rows = await self._rows("SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return dict(json.loads(rows[0]["settings_json"] or "{}")) if rows else {}

    # -- writing ----------------------------------------------------------------------------------
    async def set_guild_setting(self, guild_id: int, name: str, value: Any) -> None:
        """Set one setting (``None`` removes it), read and written in one transaction so two admins
        changing different settings at once both keep their change."""

        async def body(db: Db) -> Any:
            async with db.execute(
                "SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ) as cur:
                row = await cur.fetchone()
            settings = dict(json.loads(row[0] or "{}")) if row else {}
            if value is None:
                settings.pop(name, None)
            else:
                settings[name] = value
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings_json) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json",
                (guild_id, json.dumps(settings)),
            )

        await self._write(body)

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async def body(db: Db) -> Any:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )

        await self._write(body)

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        host_id: int,
        seed: int,
        options: Mapping[str, Any],
        seats: list[SeatInfo],
        parent_channel_id: int | None = None,
        clock: int = 0,
        rematch_of: int | None = None,
    ) -> GameRecord:
        try:

            async def body(db: Db) -> Any:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game_id, status, host_id, options_json, seed,"
                    " seats_json, parent_channel_id, clock, rematch_of)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game_id,
                        host_id,
                        json.dumps(dict(options)),
                        seed,
                        json.dumps([s.model_dump() for s in seats]),
                        parent_channel_id,
                        clock,
                        rematch_of,
                    ),
                )
                return cur.lastrowid

            game_pk: int | None = await self._write(body)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(channel_id) from exc
        assert game_pk is not None
        return await self.get_game(game_pk)

    def _assignments(self, fields: Mapping[str, Any]) -> tuple[str, list[Any]]:
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        parts, values = [], []
        for key, value in fields.items():
            column = {"options": "options_json", "seats": "seats_json"}.get(key, key)
            if key == "options":
                value = json.dumps(dict(value))
            elif key == "seats":
                value = json.dumps([s.model_dump() for s in value])
            elif key == "status":
                value = Status(value).value
            elif key == "fixed_order":
                value = int(bool(value))
            parts.append(f"{column} = ?")
            values.append(value)
        return ", ".join(parts), values

    async def update(
        self,
        game_pk: int,
        expected_version: int,
        *,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        fire: int | None = None,
        **fields: Any,
    ) -> GameRecord:
        """Change lobby or life-cycle fields if nobody changed the game since ``expected_version``;
        ``publish``: what players must be told of it, queued in the same transaction; ``clock``: the turn
        clocks after the change; ``fire``: the timer whose effect this change is, marked done with it (one
        already done raises ``TimerDone`` and nothing is written)."""

        async def body(db: Db) -> Any:
            await self._versioned_update(db, game_pk, expected_version, fields)
            if fire is not None:
                await self._timer_done(db, fire, "fired")
            if clock is not None:
                await self._write_clock(db, game_pk, clock)
            if publish is not None:
                await self._enqueue(db, game_pk, expected_version + 1, publish)

        await self._write(body)
        return await self.get_game(game_pk)

    async def _versioned_update(
        self, db: Db, game_pk: int, expected_version: int, fields: Mapping[str, Any]
    ) -> None:
        sets, values = self._assignments(fields)
        sets = f"{sets}, " if sets else ""
        cur = await db.execute(
            f"UPDATE games SET {sets}version = version + 1,"
            " updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND version = ?",
            (*values, game_pk, expected_version),
        )
        if cur.rowcount != 1:
            raise StaleVersion(game_pk, expected_version)

    async def set_message_ids(
        self,
        game_pk: int,
        *,
        lobby_message_id: int | None = None,
        table_message_id: int | None = None,
        summary_message_id: int | None = None,
        feed: Mapping[str, Any] | None = None,
    ) -> None:
        """Bookkeeping of which Discord messages show the game (and ``feed``, the table feed that posted
        one, in the same transaction). Not versioned on purpose: a new table message must not invalidate
        the controls players already hold for the same state."""

        async def body(db: Db) -> Any:
            if feed is not None:
                await db.execute(
                    "UPDATE games SET feed_json = ? WHERE id = ?", (json.dumps(dict(feed)), game_pk)
                )
            if lobby_message_id is not None:
                await db.execute(
                    "UPDATE games SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, game_pk)
                )
            if table_message_id is not None:
                await db.execute(
                    "UPDATE games SET table_message_id = ? WHERE id = ?", (table_message_id, game_pk)
                )
            if summary_message_id is not None:
                await db.execute(
                    "UPDATE games SET summary_message_id = ? WHERE id = ?", (summary_message_id, game_pk)
                )

        await self._write(body, durable=False)

    async def record_action(
        self,
        game_pk: int,
        expected_version: int,
        *,
        seat: str,
        user_id: int | None,
        action: Mapping[str, Any],
        state_json: str,
        status: Status | None = None,
        results: list[ResultRow] | None = None,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
    ) -> GameRecord:
        """The new state, its log entry, what to publish (and the results when the game ended, and the turn
        clocks) in one transaction: a crash leaves either all of it or none."""

        async def body(db: Db) -> Any:
            fields: dict[str, Any] = {"state_json": state_json}
            if status is not None:
                fields["status"] = status
            await self._versioned_update(db, game_pk, expected_version, fields)
            await db.execute(
                "INSERT INTO actions (game_pk, seq, seat, user_id, action_json)"
                " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_pk = ?), ?, ?, ?)",
                (game_pk, game_pk, seat, user_id, json.dumps(dict(action), separators=(",", ":"))),
            )
            if results:
                await self._insert_results(db, game_pk, results)
            if clock is not None:
                await self._write_clock(db, game_pk, clock)
            if publish is not None:
                await self._enqueue(db, game_pk, expected_version + 1, publish)

        await self._write(body)
        return await self.get_game(game_pk)

    # -- the outbox -------------------------------------------------------------------------------
    @staticmethod
    async def _enqueue(db: Db, game_pk: int, version: int, item: OutboxItem) -> None:
        await db.execute(
            "INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_pk,
                version,
                item.kind,
                item.seat,
                json.dumps(item.payload, separators=(",", ":")),
                item.state_json,
            ),
        )

    async def pending(self, game_pk: int) -> list[OutboxEntry]:
        """What is still to publish for a game, oldest first."""
        rows = await self._rows(
            "SELECT * FROM outbox WHERE game_pk = ? AND done_at IS NULL ORDER BY id", (game_pk,)
        )
        return [
            OutboxEntry(
                id=r["id"],
                game_pk=r["game_pk"],
                version=r["version"],
                kind=r["kind"],
                seat=r["seat"],
                payload=json.loads(r["payload_json"]),
                state_json=r["state_json"],
                attempts=r["attempts"],
                last_error=r["last_error"],
            )
            for r in rows
        ]

    async def games_with_pending(self) -> list[int]:
        """Games with unpublished outbox entries, or whose table picture or summary card was left behind
        its words (a crash inside a burst, or an edit Discord refused): the outbox takes them up at start."""
        rows = await self._rows(
            "SELECT game_pk FROM outbox WHERE done_at IS NULL"
            " UNION SELECT id FROM games WHERE status IN ('running', 'finished', 'aborted')"
            " AND (json_extract(feed_json, '$.picture_stale') = 1"
            " OR json_extract(feed_json, '$.card_stale') = 1)"
            " ORDER BY 1",
            (),
        )
        return [int(r[0]) for r in rows]

    async def published(self, entry_id: int, game_pk: int, feed: Mapping[str, Any]) -> None:
        """One entry published, with the feed bookkeeping it left, together: a restart neither repeats
        nor forgets it. The entry's state is dropped (it was kept only for the entry's picture)."""

        async def body(db: Db) -> Any:
            await db.execute(
                "UPDATE outbox SET done_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), state_json = NULL"
                " WHERE id = ?",
                (entry_id,),
            )
            await db.execute("UPDATE games SET feed_json = ? WHERE id = ?", (json.dumps(dict(feed)), game_pk))

        await self._write(body, durable=False)

    async def set_feed(self, game_pk: int, feed: Mapping[str, Any]) -> None:
        """Feed bookkeeping on its own (a message posted before the entry is done), so a retry after a
        failure edits that message instead of posting it twice."""

        async def body(db: Db) -> Any:
            await db.execute("UPDATE games SET feed_json = ? WHERE id = ?", (json.dumps(dict(feed)), game_pk))

        await self._write(body, durable=False)

    async def publish_failed(self, entry_id: int, error: str) -> int:
        """Count a failed attempt; returns the attempts so far (the publisher's backoff)."""

        async def body(db: Db) -> Any:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?",
                (error[:500], entry_id),
            )
            async with db.execute("SELECT attempts FROM outbox WHERE id = ?", (entry_id,)) as cur:
                row = await cur.fetchone()
            return int(row[0]) if row else 0

        attempts: int = await self._write(body, durable=False)
        return attempts

    async def finish(
        self, game_pk: int, expected_version: int, status: Status, results: list[ResultRow]
    ) -> GameRecord:
        async def body(db: Db) -> Any:
            await self._versioned_update(db, game_pk, expected_version, {"status": status})
            await self._insert_results(db, game_pk, results)

        await self._write(body)
        return await self.get_game(game_pk)

    async def _insert_results(self, db: Db, game_pk: int, results: list[ResultRow]) -> None:
        async with db.execute("SELECT guild_id, game_id FROM games WHERE id = ?", (game_pk,)) as cur:
            row = await cur.fetchone()
        assert row is not None
        await db.executemany(
            "INSERT INTO results (game_pk, guild_id, game_id, seat, user_id, place, score, winner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_pk, row[0], row[1], r.seat, r.user_id, r.place, r.score, int(r.winner)) for r in results],
        )

    # -- turn clocks and their timers (bot.table.clock, bot.table.scheduler) ------------------------------
    @staticmethod
    async def _write_clock(db: Db, game_pk: int, write: ClockWrite) -> None:
        await db.execute(
            "UPDATE games SET clock_json = ? WHERE id = ?",
            (json.dumps(write.state, separators=(",", ":")), game_pk),
        )
        done = "done_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), outcome = 'cancelled'"
        if write.cancel_all:
            await db.execute(f"UPDATE timers SET {done} WHERE game_pk = ? AND done_at IS NULL", (game_pk,))
        elif write.cancel:
            marks = ", ".join("?" for _ in write.cancel)
            await db.execute(
                f"UPDATE timers SET {done} WHERE game_pk = ? AND seat IN ({marks}) AND done_at IS NULL",
                (game_pk, *write.cancel),
            )
        await db.executemany(
            "INSERT INTO timers (game_pk, seat, kind, due_at, version) VALUES (?, ?, ?, ?, ?)",
            [(game_pk, t.seat, t.kind, t.due_at, t.version) for t in write.timers],
        )

    @staticmethod
    async def _timer_done(db: Db, timer_id: int, outcome: str) -> None:
        cur = await db.execute(
            "UPDATE timers SET done_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), outcome = ?"
            " WHERE id = ? AND done_at IS NULL",
            (outcome, timer_id),
        )
        if cur.rowcount != 1:
            raise TimerDone(timer_id)

    async def set_clock(self, game_pk: int, write: ClockWrite) -> None:
        """The clocks on their own: a game whose turns were never tracked (started before clocks, or
        reconciled at start-up)."""

        async def body(db: Db) -> Any:
            await self._write_clock(db, game_pk, write)

        await self._write(body)

    async def fire_timer(self, timer_id: int, game_pk: int, publish: OutboxItem | None = None) -> bool:
        """A timer that changes nothing of the game (a reminder, or one skipped): marked done with what it
        tells players, queued at the game's current version (a reminder must not make open hands stale).
        ``False``: it was done already, nothing is queued."""
        try:

            async def body(db: Db) -> Any:
                await self._timer_done(db, timer_id, "fired" if publish is not None else "skipped")
                if publish is not None:
                    async with db.execute("SELECT version FROM games WHERE id = ?", (game_pk,)) as cur:
                        row = await cur.fetchone()
                    assert row is not None
                    await self._enqueue(db, game_pk, int(row[0]), publish)

            await self._write(body)
        except TimerDone:
            return False
        return True

    @staticmethod
    def _timer(row: Any) -> TimerRow:
        return TimerRow(
            id=row["id"],
            game_pk=row["game_pk"],
            seat=row["seat"],
            kind=row["kind"],
            due_at=row["due_at"],
            version=row["version"],
            done_at=row["done_at"],
            outcome=row["outcome"],
        )

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]:
        """Pending timers due by ``now``, soonest first."""
        rows = await self._rows(
            "SELECT * FROM timers WHERE done_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?",
            (now, limit),
        )
        return [self._timer(r) for r in rows]

    async def next_due(self) -> float | None:
        rows = await self._rows("SELECT MIN(due_at) FROM timers WHERE done_at IS NULL", ())
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def timers(self, game_pk: int) -> list[TimerRow]:
        """Every timer of a game, pending or done, in the order they were made."""
        rows = await self._rows("SELECT * FROM timers WHERE game_pk = ? ORDER BY id", (game_pk,))
        return [self._timer(r) for r in rows]

    # -- members' own settings -------------------------------------------------------------------------
    async def member_settings(self, user_id: int) -> MemberSettings:
        rows = await self._rows("SELECT dm, locale FROM member_settings WHERE user_id = ?", (user_id,))
        if not rows:
            return MemberSettings(user_id=user_id)
        return MemberSettings(user_id=user_id, dm=bool(rows[0]["dm"]), locale=rows[0]["locale"])

    async def set_member_dm(self, user_id: int, dm: bool, locale: str | None) -> None:
        async def body(db: Db) -> Any:
            await db.execute(
                "INSERT INTO member_settings (user_id, dm, locale) VALUES (?, ?, ?) ON CONFLICT (user_id)"
                " DO UPDATE SET dm = excluded.dm, locale = COALESCE(excluded.locale, member_settings.locale)",
                (user_id, int(dm), locale),
            )

        await self._write(body)

    # -- rematches -------------------------------------------------------------------------------------
    async def rematches_of(self, game_pk: int) -> list[GameRecord]:
        """The lobbies (and games) opened as rematches of a game, newest first."""
        return await self._fetch("SELECT * FROM games WHERE rematch_of = ? ORDER BY id DESC", (game_pk,))


class TimerDone(StoreError):
    """The timer fired, was skipped or was cancelled already: whatever would fire it again does nothing."""

    def __init__(self, timer_id: int) -> None:
        super().__init__(f"timer {timer_id} is done already")
        self.timer_id = timer_id
