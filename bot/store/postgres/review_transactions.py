"""The post-game reviews' write transactions on PostgreSQL: SQLite's (``bot.store.review_transactions``) with
the same arguments and meaning, each run in one transaction by ``PostgresStore._write``."""

from __future__ import annotations

import asyncpg


async def save_review(
    conn: asyncpg.Connection,
    game_pk: int,
    seat: str,
    review_json: str,
    course_json: str,
    settings_json: str,
    version: str,
    created_at: float,
) -> None:
    await conn.execute(
        "INSERT INTO reviews (game_pk, seat, review_json, course_json, settings_json, version, created_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_pk, seat) DO UPDATE SET"
        " review_json = excluded.review_json, course_json = excluded.course_json,"
        " settings_json = excluded.settings_json, version = excluded.version,"
        " created_at = excluded.created_at, shared_message_id = NULL, shared_at = NULL",
        game_pk,
        seat,
        review_json,
        course_json,
        settings_json,
        version,
        created_at,
    )


async def share_review(conn: asyncpg.Connection, game_pk: int, seat: str, message_id: int, at: float) -> bool:
    status = await conn.execute(
        "UPDATE reviews SET shared_message_id = $1, shared_at = $2"
        " WHERE game_pk = $3 AND seat = $4 AND shared_message_id IS NULL",
        message_id,
        at,
        game_pk,
        seat,
    )
    return int(status.rsplit(" ", 1)[-1]) == 1


ALL = (save_review, share_review)
