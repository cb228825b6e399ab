"""The crash kit's look at the store, read beside the running bot on either backend: every game with its
action log, its "move" outbox entries and how many entries are still to publish, as plain tuples.

SQLite: the file read-only (WAL: safe while the bot runs). PostgreSQL: one connection, one snapshot
(REPEATABLE READ), on a thread of its own so the test's event loop is not touched.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

from bot.store.opening import is_postgres

GAMES = (
    "SELECT id, game_id, status, channel_id, seed, options_json, seats_json, state_json, version"
    " FROM games ORDER BY id"
)
ACTIONS = "SELECT seq, seat, user_id, action_json FROM actions WHERE game_pk = {} ORDER BY seq"
MOVES = "SELECT id, version, seat FROM outbox WHERE game_pk = {} AND kind = 'move' ORDER BY id"
PENDING = "SELECT COUNT(*) FROM outbox WHERE game_pk = {} AND done_at IS NULL"

#: (the game's columns as GAMES reads them, its actions, its move entries, its pending count)
Raw = tuple[tuple[object, ...], list[tuple[object, ...]], list[tuple[object, ...]], int]


def _sqlite(database: Path | str) -> list[Raw]:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        out = []
        for game in db.execute(GAMES).fetchall():
            pk = game[0]
            actions = db.execute(ACTIONS.format("?"), (pk,)).fetchall()
            moves = db.execute(MOVES.format("?"), (pk,)).fetchall()
            (pending,) = db.execute(PENDING.format("?"), (pk,)).fetchone()
            out.append((tuple(game), actions, moves, int(pending)))
        return out


async def _postgres(url: str) -> list[Raw]:
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            out = []
            for game in await conn.fetch(GAMES):
                pk = game[0]
                actions = [tuple(r) for r in await conn.fetch(ACTIONS.format("$1"), pk)]
                moves = [tuple(r) for r in await conn.fetch(MOVES.format("$1"), pk)]
                pending = await conn.fetchval(PENDING.format("$1"), pk)
                out.append((tuple(game), actions, moves, int(pending)))
            return out
    finally:
        await conn.close()


def read_raw(database: Path | str) -> list[Raw]:
    if is_postgres(database):
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, _postgres(str(database))).result()
    return _sqlite(database)
