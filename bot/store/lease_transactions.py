"""The lease transactions of the SQLite store, run by its writer process (``bot.store.transactions`` loads
this file by its path: the writer imports the standard library only).

A claim is one write transaction; SQLite's single writer serialises them, so two claims never both take an
entry (PostgreSQL's are ``FOR UPDATE SKIP LOCKED``, ``bot.store.postgres.leases``). A lease held by another
owner until after ``now`` is respected; an expired one is taken over (its process died). Times are Unix
seconds from the caller's clock.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence


def _shard_where(count: int | None, ids: Sequence[int]) -> tuple[str, list[int]]:
    """Discord's rule, ``(guild_id >> 22) % count``: the games of these shards only (count None: all)."""
    if count is None:
        return "", []
    marks = ", ".join("?" for _ in ids)
    return f" AND ((g.guild_id >> 22) % ?) IN ({marks})", [count, *ids]


def claim_timers(
    conn: sqlite3.Connection,
    *,
    owner: str,
    now: float,
    until: float,
    limit: int,
    shard_count: int | None,
    shard_ids: Sequence[int],
) -> list[int]:
    """The due timers nobody holds, soonest first, now leased to ``owner`` until ``until`` (a timer is claimed
    once; firing it marks it done, and a claim that ran out is anyone's again)."""
    where, params = _shard_where(shard_count, shard_ids)
    found = [
        int(r[0])
        for r in conn.execute(
            "SELECT t.id FROM timers t JOIN games g ON g.id = t.game_pk WHERE t.done_at IS NULL"
            " AND t.due_at <= ? AND (t.lease_until IS NULL OR t.lease_until <= ?)"
            f"{where} ORDER BY t.due_at, t.id LIMIT ?",
            (now, now, *params, limit),
        ).fetchall()
    ]
    if found:
        marks = ", ".join("?" for _ in found)
        conn.execute(
            f"UPDATE timers SET lease_owner = ?, lease_until = ? WHERE id IN ({marks})",
            (owner, until, *found),
        )
    return found


def claim_outbox(
    conn: sqlite3.Connection, *, game_pk: int, owner: str, now: float, until: float
) -> list[int]:
    """A game's pending outbox entries, leased to ``owner`` as a whole (they are published in order), or none
    while another owner's lease on any of them runs."""
    pending = conn.execute(
        "SELECT id, lease_owner, lease_until FROM outbox WHERE game_pk = ? AND done_at IS NULL ORDER BY id",
        (game_pk,),
    ).fetchall()
    if any(o is not None and o != owner and u is not None and u > now for _, o, u in pending):
        return []
    found = [int(r[0]) for r in pending]
    if found:
        marks = ", ".join("?" for _ in found)
        conn.execute(
            f"UPDATE outbox SET lease_owner = ?, lease_until = ? WHERE id IN ({marks})",
            (owner, until, *found),
        )
    return found


def release_outbox(conn: sqlite3.Connection, *, game_pk: int, owner: str) -> None:
    """Give up ``owner``'s leases on a game's entries still pending (a publish failed and waits to retry)."""
    conn.execute(
        "UPDATE outbox SET lease_owner = NULL, lease_until = NULL"
        " WHERE game_pk = ? AND lease_owner = ? AND done_at IS NULL",
        (game_pk, owner),
    )


ALL = (claim_timers, claim_outbox, release_outbox)
