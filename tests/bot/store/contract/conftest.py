"""The store contract: every test here runs on both backends (``database_url`` is parametrised over SQLite
and PostgreSQL in ``tests/conftest.py``), against the ``Store`` port only."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.store import SeatInfo, Store, open_store

SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]
Reopen = Callable[[], Awaitable[Store]]


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await open_store(database_url)
    yield opened
    await opened.close()


@pytest.fixture
async def reopen(database_url: str) -> AsyncIterator[Reopen]:
    """Open the same database again (as the bot does after a restart); each is closed at the end."""
    opened: list[Store] = []

    async def again() -> Store:
        opened.append(await open_store(database_url))
        return opened[-1]

    yield again
    for store in opened:
        await store.close()


async def new_lobby(store: Store, channel: int = 100, guild: int = 1) -> int:
    rec = await store.create_game(
        guild_id=guild, channel_id=channel, game_id="test-climb", host_id=11, seed=99, options={}, seats=SEATS
    )
    return rec.id
