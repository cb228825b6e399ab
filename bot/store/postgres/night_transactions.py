"""The game nights' write transactions on PostgreSQL: SQLite's (``bot.store.transactions``, "game nights")
with the same arguments and meaning, each run in one transaction by ``PostgresStore._write``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import asyncpg

from bot.store.errors import StaleVersion
from bot.store.transactions import NIGHT_TABLES, Plain


def _count(status: str) -> int:
    return int(status.rsplit(" ", 1)[-1])


async def night_insert(
    conn: asyncpg.Connection, table: str, row: Mapping[str, Plain], upsert: Sequence[str] = ()
) -> int | None:
    if table not in NIGHT_TABLES:
        raise ValueError(f"not a night table: {table}")
    columns = ", ".join(row)
    marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    if upsert:
        rest = ", ".join(f"{c} = excluded.{c}" for c in row if c not in upsert)
        sql += f" ON CONFLICT ({', '.join(upsert)}) DO UPDATE SET {rest}"
    if table == "nights":
        found: int = await conn.fetchval(sql + " RETURNING id", *row.values())
        return found
    await conn.execute(sql, *row.values())
    return None


async def change_night(
    conn: asyncpg.Connection, night_pk: int, expected_version: int, assign: Sequence[tuple[str, Plain]]
) -> None:
    sets = "".join(f"{column} = ${n}, " for n, (column, _) in enumerate(assign, start=1))
    k = len(assign)
    status = await conn.execute(
        f"UPDATE nights SET {sets}version = version + 1 WHERE id = ${k + 1} AND version = ${k + 2}",
        *(value for _, value in assign),
        night_pk,
        expected_version,
    )
    if _count(status) != 1:
        raise StaleVersion(night_pk, expected_version)


async def night_signup(conn: asyncpg.Connection, night_pk: int, user_id: int, name: str, at: float) -> bool:
    left = await conn.fetchrow(
        "SELECT left_at FROM night_signups WHERE night_pk = $1 AND user_id = $2 FOR UPDATE", night_pk, user_id
    )
    if left is not None and left["left_at"] is None:
        return False
    await conn.execute(
        "INSERT INTO night_signups (night_pk, user_id, name, joined_at) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (night_pk, user_id)"
        " DO UPDATE SET name = excluded.name, joined_at = excluded.joined_at, left_at = NULL",
        night_pk,
        user_id,
        name,
        at,
    )
    return True


async def night_leave(conn: asyncpg.Connection, night_pk: int, user_id: int, at: float) -> bool:
    status = await conn.execute(
        "UPDATE night_signups SET left_at = $1 WHERE night_pk = $2 AND user_id = $3 AND left_at IS NULL",
        at,
        night_pk,
        user_id,
    )
    return _count(status) == 1
