"""The store's writer process: writes answered in order, its failures the caller's error, a lost process
replaced without losing what it committed, and a close that finishes what was asked."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, SeatInfo, SqliteStore
from bot.store.errors import StoreError

SEATS = [SeatInfo(seat="p1", user_id=11, name="alice")]


async def lobby(store: SqliteStore, channel: int) -> int:
    rec = await store.create_game(
        guild_id=1, channel_id=channel, game_id="test-climb", host_id=11, seed=1, options={}, seats=SEATS
    )
    return rec.id


async def test_the_writer_is_a_process_of_its_own_with_the_settings_the_goal_assumes(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        proc = store._writer._proc
        assert proc is not None and proc.pid != os.getpid()
        assert await store._pragma("journal_mode") == "wal"
        assert await store._pragma("synchronous") == "FULL"
        assert await store._pragma("foreign_keys") == "1"
    finally:
        await store.close()
    assert proc.returncode == 0  # it stopped when the store closed


async def test_a_failed_write_is_the_callers_error_and_the_writer_goes_on(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        await lobby(store, 100)
        with pytest.raises(ChannelBusy):  # an IntegrityError in the process, raised here as the store's own
            await lobby(store, 100)
        with pytest.raises(sqlite3.OperationalError, match="no such column"):
            await store._write("set_message_ids", game_pk=1, columns={"no_such_column": 1})
        assert await lobby(store, 101) == 2
        assert [g.channel_id for g in await store.live_games()] == [100, 101]
    finally:
        await store.close()


async def test_writes_asked_at_once_are_each_one_whole_transaction_in_order(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        # Each is read-modify-write of one JSON column: interleaved, some would be lost.
        await asyncio.gather(*(store.set_guild_setting(1, f"s{n}", n) for n in range(50)))
        assert await store.guild_settings(1) == {f"s{n}": n for n in range(50)}
        game = await lobby(store, 100)
        order = [store.set_feed(game, {"hidden": n}) for n in range(20)]
        await asyncio.gather(*order)
        assert (await store.get_game(game)).feed.hidden == 19  # the last asked is the last written
    finally:
        await store.close()


async def test_a_lost_writer_fails_its_callers_and_the_next_write_starts_a_new_one(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        game = await lobby(store, 100)
        proc = store._writer._proc
        assert proc is not None
        os.kill(proc.pid, signal.SIGSTOP)  # hold it so a call is surely waiting when it dies
        waiting = asyncio.create_task(store.set_guild_locale(1, "ja"))
        await asyncio.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        with pytest.raises(StoreError, match="writer process stopped"):
            await waiting
        rec = await store.update(game, 0, host_id=22)  # a new process; what the old one committed is there
        assert rec.host_id == 22 and rec.version == 1
        assert store._writer._proc is not None and store._writer._proc.pid != proc.pid
    finally:
        await store.close()


async def test_ctrl_c_stops_the_bot_not_its_writer(tmp_path: Path) -> None:
    """The terminal sends SIGINT to the bot and its writer alike; the bot still writes while it shuts down."""
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        proc = store._writer._proc
        assert proc is not None
        os.kill(proc.pid, signal.SIGINT)
        await store.set_guild_locale(1, "ja")
        assert store._writer._proc is proc and await store.guild_locale(1) == "ja"
    finally:
        await store.close()


async def test_closing_finishes_the_writes_already_asked(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    asked = [asyncio.create_task(store.set_guild_setting(7, f"s{n}", n)) for n in range(30)]
    await asyncio.sleep(0)  # every task has sent its request
    await store.close()
    await asyncio.gather(*asked)
    reopened = await SqliteStore.open(tmp_path / "d.db")
    try:
        assert await reopened.guild_settings(7) == {f"s{n}": n for n in range(30)}
        with pytest.raises(StoreError, match="closed"):
            await store.set_guild_locale(1, "en")
    finally:
        await reopened.close()


async def test_the_store_needs_a_file() -> None:
    with pytest.raises(ValueError, match="database file"):
        await SqliteStore.open(":memory:")
