"""Reads on either backend see every commit made before them, however many run at once."""

from __future__ import annotations

import asyncio

from bot.store import SeatInfo, Store


async def test_reads_running_at_once_still_see_every_commit_made_before_them(store: Store) -> None:
    """Many reads share the reader connection. A read must never run inside another read's open statement:
    that statement's snapshot would hide commits made since (the load bench met a game "not found" right
    after its creation, and an AI move refused as stale)."""
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
