"""Reads use their own connection (WAL): they see every commit at once, never a write in progress, and
never wait behind the writer."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.store import SeatInfo, SqliteStore
from bot.store.sqlite import Db


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
        assert store._reader is not None
        entered, release = threading.Event(), threading.Event()

        async def slow(db: Db) -> None:  # holds the transaction open on the writer's thread
            await db.execute("UPDATE games SET host_id = 99 WHERE id = ?", (rec.id,))
            entered.set()
            release.wait(10)

        writer = asyncio.create_task(store._write(slow))
        assert await asyncio.to_thread(entered.wait, 10)
        # The writer holds its transaction open: the read neither waits for it nor sees its change.
        seen = await asyncio.wait_for(store.get_game(rec.id), timeout=5)
        assert seen.host_id == 3
        release.set()
        await writer
        assert (await store.get_game(rec.id)).host_id == 99
    finally:
        await store.close()


async def test_reads_running_at_once_still_see_every_commit_made_before_them(tmp_path: Path) -> None:
    """Many reads share the reader connection. A read must never run inside another read's open statement:
    that statement's snapshot would hide commits made since (the load bench met a game "not found" right
    after its creation, and an AI move refused as stale)."""
    store = await SqliteStore.open(tmp_path / "d.db")
    stop = asyncio.Event()
    readers: list[asyncio.Task[None]] = []
    try:
        seats = [SeatInfo(seat="", user_id=3, name="a")]

        async def busy_reader() -> None:
            while not stop.is_set():
                await store.live_games()

        readers += [asyncio.create_task(busy_reader()) for _ in range(8)]
        for n in range(60):
            rec = await store.create_game(
                guild_id=1,
                channel_id=100 + n,
                game_id="test-climb",
                host_id=3,
                seed=n,
                options={},
                seats=seats,
            )
            changed = await store.update(rec.id, rec.version, host_id=4)
            assert (await store.get_game(rec.id)).version == changed.version
    finally:
        stop.set()
        await asyncio.gather(*readers)
        await store.close()


async def test_a_transaction_body_that_waits_on_anything_else_is_refused(tmp_path: Path) -> None:
    """A body runs whole on the writer's thread; one that awaits something else would stall it."""
    store = await SqliteStore.open(tmp_path / "d.db")
    try:

        async def waits(db: Db) -> None:
            await db.execute("UPDATE games SET host_id = 1")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="may await only its own statements"):
            await store._write(waits)
        assert await store.live_games() == []
    finally:
        await store.close()
