"""The post-game reviews' write transactions of the SQLite store, run by its writer process
(``bot.store.transactions`` loads this file by its path: the writer imports the standard library only).
PostgreSQL's are ``bot.store.postgres.review_transactions``, with the same arguments and meaning."""

from __future__ import annotations

import sqlite3


def save_review(
    conn: sqlite3.Connection,
    *,
    game_pk: int,
    seat: str,
    review_json: str,
    course_json: str,
    settings_json: str,
    version: str,
    created_at: float,
) -> None:
    """A seat's review, new or computed again (then it replaces the old one, which is no longer shared: the
    message of the old one stays as it was, and the new one has not been shared)."""
    conn.execute(
        "INSERT INTO reviews (game_pk, seat, review_json, course_json, settings_json, version, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_pk, seat) DO UPDATE SET"
        " review_json = excluded.review_json, course_json = excluded.course_json,"
        " settings_json = excluded.settings_json, version = excluded.version,"
        " created_at = excluded.created_at, shared_message_id = NULL, shared_at = NULL",
        (game_pk, seat, review_json, course_json, settings_json, version, created_at),
    )


def share_review(conn: sqlite3.Connection, *, game_pk: int, seat: str, message_id: int, at: float) -> bool:
    """``False``: no such review, or it was shared already (its first message stays the one)."""
    cur = conn.execute(
        "UPDATE reviews SET shared_message_id = ?, shared_at = ?"
        " WHERE game_pk = ? AND seat = ? AND shared_message_id IS NULL",
        (message_id, at, game_pk, seat),
    )
    return cur.rowcount == 1


ALL = (save_review, share_review)
