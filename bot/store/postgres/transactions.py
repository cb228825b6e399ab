"""Every write transaction of the PostgreSQL store: the same transactions as SQLite's
(``bot.store.transactions``), each run inside one ``BEGIN … COMMIT`` on a connection of the pool by
``PostgresStore._transact``. A change of a game is ``UPDATE … WHERE id = $ AND version = $expected``: the row
lock makes a second writer wait for the first, then find the version moved on and write nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import asyncpg

from bot.store.errors import StaleVersion, StoreError, TimerDone
from bot.store.rows import MESSAGE_COLUMNS
from bot.store.transactions import Action, Clock, Plain, Publish, Result, changed_settings

NOW = "deckhand_now()"


def _count(status: str) -> int:
    """The rows an ``UPDATE``/``DELETE`` touched, from its status (``UPDATE 1``)."""
    return int(status.rsplit(" ", 1)[-1])


async def _enqueue(conn: asyncpg.Connection, game_pk: int, version: int, item: Publish) -> None:
    await conn.execute(
        "INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        game_pk,
        version,
        *item,
    )


async def _write_clock(conn: asyncpg.Connection, game_pk: int, clock: Clock) -> None:
    await conn.execute("UPDATE games SET clock_json = $1 WHERE id = $2", clock[0], game_pk)
    await _write_timers(conn, game_pk, clock)


async def _write_timers(conn: asyncpg.Connection, game_pk: int, clock: Clock) -> None:
    """The timers of a clock change: those of ended turns cancelled, those of new turns made."""
    _, cancel_all, cancel, timers = clock
    done = f"done_at = {NOW}, outcome = 'cancelled'"
    if cancel_all:
        await conn.execute(f"UPDATE timers SET {done} WHERE game_pk = $1 AND done_at IS NULL", game_pk)
    elif cancel:
        await conn.execute(
            f"UPDATE timers SET {done} WHERE game_pk = $1 AND seat = ANY($2::text[]) AND done_at IS NULL",
            game_pk,
            list(cancel),
        )
    if timers:
        await conn.executemany(
            "INSERT INTO timers (game_pk, seat, kind, due_at, version) VALUES ($1, $2, $3, $4, $5)",
            [(game_pk, *timer) for timer in timers],
        )


async def _timer_done(conn: asyncpg.Connection, timer_id: int, outcome: str) -> None:
    status = await conn.execute(
        f"UPDATE timers SET done_at = {NOW}, outcome = $1 WHERE id = $2 AND done_at IS NULL",
        outcome,
        timer_id,
    )
    if _count(status) != 1:
        raise TimerDone(timer_id)


# -- the transactions ---------------------------------------------------------------------------------------
async def change_guild_settings(conn: asyncpg.Connection, guild_id: int, change: Mapping[str, Plain]) -> None:
    # The row made first and then locked: two admins at once take turns, and both changes land.
    await conn.execute(
        "INSERT INTO guild_settings (guild_id) VALUES ($1) ON CONFLICT (guild_id) DO NOTHING", guild_id
    )
    stored = await conn.fetchval(
        "SELECT settings_json FROM guild_settings WHERE guild_id = $1 FOR UPDATE", guild_id
    )
    await conn.execute(
        "UPDATE guild_settings SET settings_json = $2 WHERE guild_id = $1",
        guild_id,
        changed_settings(stored, change),
    )


async def set_guild_locale(conn: asyncpg.Connection, guild_id: int, locale: str | None) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, locale) VALUES ($1, $2)"
        " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
        guild_id,
        locale,
    )


async def create_game(conn: asyncpg.Connection, row: Mapping[str, Plain]) -> int:
    columns = ", ".join(row)
    marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
    game_pk = await conn.fetchval(
        f"INSERT INTO games (status, {columns}) VALUES ('lobby', {marks}) RETURNING id", *row.values()
    )
    return int(game_pk)


async def change_game(
    conn: asyncpg.Connection,
    *,
    game_pk: int,
    expected_version: int,
    assign: Sequence[tuple[str, Plain]],
    action: Action | None,
    results: Sequence[Result],
    fire: int | None,
    clock: Clock | None,
    publish: Publish | None,
) -> asyncpg.Record:
    """As ``bot.store.transactions.change_game``: the versioned change and all that goes with it; the game's
    row as it will be committed. The versioned update, the move's log entry and its outbox entry are one
    statement (the bot's event loop is busy: each round trip waits for it), the clocks' state rides in the
    update; timers and results follow in the same transaction."""
    columns = [*assign, *([("clock_json", clock[0])] if clock is not None else [])]
    values: list[Plain] = [value for _, value in columns]
    sets = "".join(f"{column} = ${n}, " for n, (column, _) in enumerate(columns, start=1))

    def mark(value: Plain, cast: str) -> str:
        values.append(value)
        return f"${len(values)}::{cast}"

    where = f"id = {mark(game_pk, 'bigint')} AND version = {mark(expected_version, 'integer')}"
    sql = (
        f"WITH g AS (UPDATE games SET {sets}version = version + 1, updated_at = {NOW}"
        f" WHERE {where} RETURNING *)"
    )
    if action is not None:
        seat, user_id, action_json, decided_by, seats_json = action
        # The game's row is locked by the update: no other move of this game can take the same seq (a move
        # that waited for the lock finds the version moved on, and inserts nothing).
        sql += (
            ", a AS (INSERT INTO actions (game_pk, seq, seat, user_id, action_json, decided_by, seats_json)"
            " SELECT g.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_pk = g.id),"
            f" {mark(seat, 'text')}, {mark(user_id, 'bigint')}, {mark(action_json, 'jsonb')},"
            f" {mark(decided_by, 'text')}, {mark(seats_json, 'jsonb')} FROM g)"
        )
    if publish is not None:
        kind, seat_to, payload_json, state_json = publish
        sql += (
            ", o AS (INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json)"
            f" SELECT g.id, g.version, {mark(kind, 'text')}, {mark(seat_to, 'text')},"
            f" {mark(payload_json, 'jsonb')}, {mark(state_json, 'text')} FROM g)"
        )
    row = await conn.fetchrow(f"{sql} SELECT * FROM g", *values)
    if row is None:
        raise StaleVersion(game_pk, expected_version)
    if fire is not None:
        await _timer_done(conn, fire, "fired")
    if results:
        await conn.executemany(
            "INSERT INTO results (game_pk, guild_id, game_id, seat, user_id, place, score, winner)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            [(game_pk, row["guild_id"], row["game_id"], *result) for result in results],
        )
    if clock is not None:
        await _write_timers(conn, game_pk, clock)
    return row


async def set_message_ids(conn: asyncpg.Connection, game_pk: int, columns: Mapping[str, Plain]) -> None:
    unknown = set(columns) - set(MESSAGE_COLUMNS)
    if unknown:
        raise StoreError(f"no such column: {sorted(unknown)}")
    for column, value in columns.items():
        await conn.execute(f"UPDATE games SET {column} = $1 WHERE id = $2", value, game_pk)


async def set_feed(conn: asyncpg.Connection, game_pk: int, feed_json: str) -> None:
    await conn.execute("UPDATE games SET feed_json = $1 WHERE id = $2", feed_json, game_pk)


async def published(conn: asyncpg.Connection, entry_id: int, game_pk: int, feed_json: str) -> None:
    # The entry's state is dropped: it was kept only for the entry's picture.
    await conn.execute(f"UPDATE outbox SET done_at = {NOW}, state_json = NULL WHERE id = $1", entry_id)
    await set_feed(conn, game_pk, feed_json)


async def publish_failed(conn: asyncpg.Connection, entry_id: int, error: str) -> int:
    attempts = await conn.fetchval(
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1 WHERE id = $2 RETURNING attempts",
        error[:500],
        entry_id,
    )
    return int(attempts or 0)


async def set_clock(conn: asyncpg.Connection, game_pk: int, clock: Clock) -> None:
    await _write_clock(conn, game_pk, clock)


async def fire_timer(conn: asyncpg.Connection, timer_id: int, game_pk: int, publish: Publish | None) -> None:
    await _timer_done(conn, timer_id, "fired" if publish is not None else "skipped")
    if publish is not None:
        # Queued at the game's current version: a reminder must not make open hands stale.
        version = await conn.fetchval("SELECT version FROM games WHERE id = $1", game_pk)
        await _enqueue(conn, game_pk, int(version), publish)


async def set_member_dm(conn: asyncpg.Connection, user_id: int, dm: bool, locale: str | None) -> None:
    await conn.execute(
        "INSERT INTO member_settings (user_id, dm, locale) VALUES ($1, $2, $3) ON CONFLICT (user_id)"
        " DO UPDATE SET dm = excluded.dm, locale = COALESCE(excluded.locale, member_settings.locale)",
        user_id,
        int(dm),
        locale,
    )
