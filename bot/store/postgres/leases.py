"""The lease transactions of the PostgreSQL store (SQLite's are ``bot.store.lease_transactions``).

Claims lock the rows they take ``FOR UPDATE SKIP LOCKED``: two processes claiming at once each take rows the
other does not, and a row the other just leased is seen with its lease (READ COMMITTED re-reads a row it
waited for), so no entry is claimed twice. An expired lease is taken over by whoever claims next.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from bot.store.postgres.game_locks import key

#: The advisory lock space of outbox claims ("obox"), apart from the games' own locks.
OUTBOX_CLAIMS = 0x6F626F78


def _shard_where(count: int | None, ids: Sequence[int], first: int) -> tuple[str, list[int]]:
    """Discord's rule, ``(guild_id >> 22) % count``, numbered from ``$first`` (count None: every game)."""
    if count is None:
        return "", []
    marks = ", ".join(f"${first + 1 + i}" for i in range(len(ids)))
    return f" AND ((g.guild_id >> 22) % ${first}) IN ({marks})", [count, *ids]


async def claim_timers(
    conn: asyncpg.Connection,
    *,
    owner: str,
    now: float,
    until: float,
    limit: int,
    shard_count: int | None,
    shard_ids: Sequence[int],
) -> list[int]:
    where, params = _shard_where(shard_count, shard_ids, 5)
    found = await conn.fetch(
        "UPDATE timers SET lease_owner = $1, lease_until = $2 WHERE id IN ("
        " SELECT t.id FROM timers t JOIN games g ON g.id = t.game_pk"
        " WHERE t.done_at IS NULL AND t.due_at <= $3"
        f" AND (t.lease_until IS NULL OR t.lease_until <= $3){where}"
        " ORDER BY t.due_at, t.id LIMIT $4 FOR UPDATE OF t SKIP LOCKED) RETURNING id",
        owner,
        until,
        now,
        limit,
        *params,
    )
    return sorted(int(r["id"]) for r in found)


async def claim_outbox(
    conn: asyncpg.Connection, *, game_pk: int, owner: str, now: float, until: float
) -> list[int]:
    """A game's pending entries as a whole (they are published in order): none while another claim holds
    some of them (locked, or leased and not expired)."""
    # Claims of one game take turns (a lock for this transaction only): two claims at once would otherwise
    # split the run between them, each locking the rows the other skipped.
    await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", OUTBOX_CLAIMS, key(game_pk))
    locked = await conn.fetch(
        "SELECT id, lease_owner, lease_until FROM outbox WHERE game_pk = $1 AND done_at IS NULL"
        " ORDER BY id FOR UPDATE SKIP LOCKED",
        game_pk,
    )
    if not locked:
        return []
    # Rows skipped because another claim has them locked: that claim takes the game's entries, not this one.
    before = await conn.fetchval(
        "SELECT count(*) FROM outbox WHERE game_pk = $1 AND done_at IS NULL AND id <= $2",
        game_pk,
        locked[-1]["id"],
    )
    if before != len(locked):
        return []
    if any(r["lease_owner"] not in (None, owner) and (r["lease_until"] or 0.0) > now for r in locked):
        return []
    found = [int(r["id"]) for r in locked]
    await conn.execute(
        "UPDATE outbox SET lease_owner = $1, lease_until = $2 WHERE id = ANY($3::bigint[])",
        owner,
        until,
        found,
    )
    return found


async def release_outbox(conn: asyncpg.Connection, *, game_pk: int, owner: str) -> None:
    await conn.execute(
        "UPDATE outbox SET lease_owner = NULL, lease_until = NULL"
        " WHERE game_pk = $1 AND lease_owner = $2 AND done_at IS NULL",
        game_pk,
        owner,
    )


ALL = (claim_timers, claim_outbox, release_outbox)
