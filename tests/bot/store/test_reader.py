"""Reads use their own connection (WAL): they see every commit at once, never a write in progress, and
never wait behind the writer."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.store import SeatInfo, SqliteStore


async def test_a_read_sees_the_last_commit_and_not_a_transaction_in_progress(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        rec = await store.create_game(
            guild_id=1,
            channel_id=2,
            game_id="test-climb",
            host_id=3,
            seed=4,
            options={},
            seats=[SeatInfo(seat="", user_id=3, name="a")],
        )
        # A write transaction held open on the file (as the writer process holds one while it runs).
        other = sqlite3.connect(tmp_path / "d.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("UPDATE games SET host_id = 99 WHERE id = ?", (rec.id,))
        # The read neither waits for it nor sees its change.
        seen = await asyncio.wait_for(store.get_game(rec.id), timeout=5)
        assert seen.host_id == 3
        other.execute("COMMIT")
        other.close()
        assert (await store.get_game(rec.id)).host_id == 99
    finally:
        await store.close()
