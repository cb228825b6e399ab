"""Every write transaction of the PostgreSQL store: the same transactions as SQLite's
(``bot.store.transactions``), each run inside one ``BEGIN … COMMIT`` on a connection of the pool by
``PostgresStore._transact``. A change of a game is ``UPDATE … WHERE id = $ AND version = $expected``: the row
lock makes a second writer wait for the first, then find the version moved on and write nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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
    row as it was committed. Everything is ONE statement, sent outside a transaction block (one statement is
    atomic on its own): the bot's event loop is busy, and every round trip of a move waits for it, so a move
    is one round trip instead of BEGIN, four statements and COMMIT (docs/storage.md)."""
    sql, values = change_statement(
        game_pk=game_pk,
        expected_version=expected_version,
        assign=assign,
        action=action,
        results=results,
        fire=fire,
        clock=clock,
        publish=publish,
    )
    row = await conn.fetchrow(sql, *values)
    if row is not None:
        return row
    if fire is not None:
        # Refused: which refusal, read after the fact (a refusal is rare, and refused moves are not timed).
        version = await conn.fetchval("SELECT version FROM games WHERE id = $1", game_pk)
        if version == expected_version:
            raise TimerDone(fire)
    raise StaleVersion(game_pk, expected_version)


def change_statement(
    *,
    game_pk: int,
    expected_version: int,
    assign: Sequence[tuple[str, Plain]],
    action: Action | None,
    results: Sequence[Result],
    fire: int | None,
    clock: Clock | None,
    publish: Publish | None,
) -> tuple[str, list[Plain]]:
    """The change of a game as one statement of data-modifying CTEs, each hanging on ``g`` (the versioned
    update): when ``g`` writes nothing, nothing else does either, and the statement returns no row.

    A fired timer: ``l`` locks the game's row first (the order every change takes: the game, then its
    timers, so two statements cannot deadlock), ``t`` marks the timer fired only if it is still pending, and
    ``g`` changes the game only if ``t`` did; a timer fired or cancelled already changes nothing."""
    columns = [*assign, *([("clock_json", clock[0])] if clock is not None else [])]
    values: list[Plain] = [value for _, value in columns]
    sets = "".join(f"{column} = ${n}, " for n, (column, _) in enumerate(columns, start=1))

    def mark(value: Plain, cast: str) -> str:
        values.append(value)
        return f"${len(values)}::{cast}"

    pk, version = mark(game_pk, "bigint"), mark(expected_version, "integer")
    parts: list[str] = []
    where = f"id = {pk} AND version = {version}"
    if fire is not None:
        timer = mark(fire, "bigint")
        parts += [
            f"l AS (SELECT id FROM games WHERE {where} FOR UPDATE)",
            f"t AS (UPDATE timers SET done_at = {NOW}, outcome = 'fired'"
            f" WHERE id = {timer} AND done_at IS NULL AND EXISTS (SELECT 1 FROM l) RETURNING id)",
        ]
        where = "id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM t)"
    parts.append(
        f"g AS (UPDATE games SET {sets}version = version + 1, updated_at = {NOW} WHERE {where} RETURNING *)"
    )
    if action is not None:
        seat, user_id, action_json, decided_by, seats_json = action
        # The game's row is locked by the update: no other move of this game can take the same seq (a move
        # that waited for the lock finds the version moved on, and inserts nothing).
        parts.append(
            "a AS (INSERT INTO actions (game_pk, seq, seat, user_id, action_json, decided_by, seats_json)"
            " SELECT g.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_pk = g.id),"
            f" {mark(seat, 'text')}, {mark(user_id, 'bigint')}, {mark(action_json, 'jsonb')},"
            f" {mark(decided_by, 'text')}, {mark(seats_json, 'jsonb')} FROM g)"
        )
    if results:
        seats, users, places, scores, winners = (list(column) for column in zip(*results, strict=True))
        parts.append(
            "r AS (INSERT INTO results (game_pk, guild_id, game_id, seat, user_id, place, score, winner)"
            " SELECT g.id, g.guild_id, g.game_id, x.* FROM g,"
            f" unnest({mark(seats, 'text[]')}, {mark(users, 'bigint[]')}, {mark(places, 'integer[]')},"
            f" {mark(scores, 'float8[]')}, {mark(winners, 'integer[]')}) AS x)"
        )
    if clock is not None:
        parts += _clock_parts(clock, mark, fire)
    if publish is not None:
        kind, seat_to, payload_json, state_json = publish
        parts.append(
            "o AS (INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json)"
            f" SELECT g.id, g.version, {mark(kind, 'text')}, {mark(seat_to, 'text')},"
            f" {mark(payload_json, 'jsonb')}, {mark(state_json, 'text')} FROM g)"
        )
    return f"WITH {', '.join(parts)} SELECT * FROM g", values


def _clock_parts(clock: Clock, mark: Callable[[Plain, str], str], fire: int | None) -> list[str]:
    """The timers of a clock change as CTEs: those of ended turns cancelled, those of new turns made. The
    cancel cannot see the timers the same statement makes (one snapshot), as the old order (cancel, then
    insert) did not; it leaves out the timer being fired (a row may be changed once per statement)."""
    _, cancel_all, cancel, timers = clock
    parts: list[str] = []
    if cancel_all or cancel:
        which = "" if cancel_all else f" AND timers.seat = ANY({mark(list(cancel), 'text[]')})"
        if fire is not None:
            which += " AND timers.id NOT IN (SELECT id FROM t)"
        parts.append(
            f"c AS (UPDATE timers SET done_at = {NOW}, outcome = 'cancelled' FROM g"
            f" WHERE timers.game_pk = g.id AND timers.done_at IS NULL{which})"
        )
    if timers:
        seats, kinds, dues, versions = (list(column) for column in zip(*timers, strict=True))
        parts.append(
            "n AS (INSERT INTO timers (game_pk, seat, kind, due_at, version) SELECT g.id, x.* FROM g,"
            f" unnest({mark(seats, 'text[]')}, {mark(kinds, 'text[]')}, {mark(dues, 'float8[]')},"
            f" {mark(versions, 'integer[]')}) AS x)"
        )
    return parts


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
