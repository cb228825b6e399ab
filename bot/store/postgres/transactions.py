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


async def _versioned_update(
    conn: asyncpg.Connection, game_pk: int, expected_version: int, assign: Sequence[tuple[str, Plain]]
) -> None:
    sets = "".join(f"{column} = ${n}, " for n, (column, _) in enumerate(assign, start=1))
    k = len(assign)
    status = await conn.execute(
        f"UPDATE games SET {sets}version = version + 1, updated_at = {NOW}"
        f" WHERE id = ${k + 1} AND version = ${k + 2}",
        *(value for _, value in assign),
        game_pk,
        expected_version,
    )
    if _count(status) != 1:
        raise StaleVersion(game_pk, expected_version)


async def _enqueue(conn: asyncpg.Connection, game_pk: int, version: int, item: Publish) -> None:
    await conn.execute(
        "INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        game_pk,
        version,
        *item,
    )


async def _write_clock(conn: asyncpg.Connection, game_pk: int, clock: Clock) -> None:
    state_json, cancel_all, cancel, timers = clock
    await conn.execute("UPDATE games SET clock_json = $1 WHERE id = $2", state_json, game_pk)
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
) -> None:
    """As ``bot.store.transactions.change_game``: the versioned change and all that goes with it."""
    await _versioned_update(conn, game_pk, expected_version, assign)
    if fire is not None:
        await _timer_done(conn, fire, "fired")
    if action is not None:
        # The game's row is locked by the update above: no other move of this game can take the same seq.
        await conn.execute(
            "INSERT INTO actions (game_pk, seq, seat, user_id, action_json, decided_by, seats_json)"
            " VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_pk = $1),"
            " $2, $3, $4, $5, $6)",
            game_pk,
            *action,
        )
    if results:
        game = await conn.fetchrow("SELECT guild_id, game_id FROM games WHERE id = $1", game_pk)
        await conn.executemany(
            "INSERT INTO results (game_pk, guild_id, game_id, seat, user_id, place, score, winner)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            [(game_pk, game["guild_id"], game["game_id"], *result) for result in results],
        )
    if clock is not None:
        await _write_clock(conn, game_pk, clock)
    if publish is not None:
        await _enqueue(conn, game_pk, expected_version + 1, publish)


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
