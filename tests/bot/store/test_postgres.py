"""What is PostgreSQL's own: migrations applied once by processes starting at once (the advisory lock), a
server that does not answer, and reads that neither see nor wait for a transaction in progress."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import asyncpg
import pytest

from bot.store import SeatInfo, StoreUnavailable, open_store
from bot.store.postgres.store import PostgresStore
from bot.store.sqlite import migrations
from tests import postgres


@pytest.fixture
def empty_database(postgres_url: str) -> Iterator[str]:
    """A database of its own, with no schema at all (``postgres_url`` only checks the server answers)."""
    url = postgres.create_database("deckhand_migrate")
    yield url
    postgres.drop_database(url)


async def test_stores_opened_at_once_migrate_once(empty_database: str) -> None:
    stores = await asyncio.gather(*(PostgresStore.open(empty_database, pool_size=2) for _ in range(6)))
    try:
        expected = len(migrations("bot.store.postgres.migrations"))
        assert {await s.schema_version() for s in stores} == {expected}
        conn = await asyncpg.connect(empty_database)
        try:
            rows = await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")
        finally:
            await conn.close()
        assert [r["version"] for r in rows] == list(range(1, expected + 1))
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_a_server_that_does_not_answer_is_the_stores_error() -> None:
    with pytest.raises(StoreUnavailable):
        await open_store("postgresql://postgres@127.0.0.1:1/nothing")


async def test_a_read_neither_sees_nor_waits_for_a_transaction_in_progress(postgres_url: str) -> None:
    store = await open_store(postgres.fresh(postgres_url))
    other = await asyncpg.connect(postgres_url)
    try:
        rec = await store.create_game(
            guild_id=1, channel_id=2, game_id="test-climb", host_id=3, seed=4, options={},
            seats=[SeatInfo(seat="", user_id=3, name="a")],
        )  # fmt: skip
        tx = other.transaction()
        await tx.start()
        await other.execute("UPDATE games SET host_id = 99 WHERE id = $1", rec.id)
        seen = await asyncio.wait_for(store.get_game(rec.id), timeout=5)
        assert seen.host_id == 3
        await tx.commit()
        assert (await store.get_game(rec.id)).host_id == 99
    finally:
        await other.close()
        await store.close()
