"""PostgreSQL's lock of one game across processes (``bot.store.postgres.game_locks``): two stores (two bot
processes) holding one game's lock take turns, other games are not held up, and a process that dies while
holding it lets it go (its connection closes). SQLite's ``game_lock`` is nothing beyond the service's own lock
(one host, one bot process: ``docs/storage.md``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.store import Store, open_store
from bot.store.postgres.game_locks import key
from tests import postgres


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[Store, Store]]:
    url = postgres.fresh(postgres_url)
    first, second = await open_store(url), await open_store(url)
    yield first, second
    await first.close()
    await second.close()


async def hold(
    store: Store, pk: int, seen: list[str], name: str, entered: asyncio.Event | None = None
) -> None:
    async with store.game_lock(pk):
        seen.append(f"{name} in")
        if entered is not None:
            entered.set()
        # Give the other process every chance to enter while this one holds the lock.
        for _ in range(20):
            await asyncio.sleep(0.005)
        seen.append(f"{name} out")


async def test_two_processes_take_turns_on_one_game(two: tuple[Store, Store]) -> None:
    first, second = two
    seen: list[str] = []
    entered = asyncio.Event()
    holder = asyncio.create_task(hold(first, 7, seen, "a", entered))
    await entered.wait()
    await asyncio.gather(holder, hold(second, 7, seen, "b"))
    assert seen == ["a in", "a out", "b in", "b out"]


async def test_another_game_is_not_held_up(two: tuple[Store, Store]) -> None:
    first, second = two
    seen: list[str] = []
    entered = asyncio.Event()
    async with first.game_lock(7):
        await hold(second, 8, seen, "b")
        entered.set()
    assert seen == ["b in", "b out"] and entered.is_set()


async def test_a_process_that_dies_holding_the_lock_lets_it_go(two: tuple[Store, Store]) -> None:
    first, second = two
    held = first.game_lock(7)
    await held.__aenter__()
    await first.close()  # its connections close, as when the process is killed
    seen: list[str] = []
    await hold(second, 7, seen, "b")
    assert seen == ["b in", "b out"]


async def test_taken_again_before_the_unlock_answered_it_is_still_let_go(two: tuple[Store, Store]) -> None:
    """Letting go is not waited for: the same process may take the game's lock again first (one session,
    the lock counts up); after both changes the other process takes it."""
    first, second = two
    for _ in range(3):
        async with first.game_lock(7):
            pass
    async with first.game_lock(7), first.game_lock(8):
        pass
    seen: list[str] = []
    await asyncio.wait_for(hold(second, 7, seen, "b"), 5)
    assert seen == ["b in", "b out"]


def test_game_ids_fold_into_postgresql_keys() -> None:
    assert [key(1), key(2**31 - 1), key(2**31), key(2**32 + 5)] == [1, 2**31 - 1, -(2**31), 5]
