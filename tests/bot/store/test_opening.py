"""``open_store`` picks the backend ``DECKHAND_DATABASE`` names; the default stays a SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings
from bot.store import SqliteStore, open_store
from bot.store.opening import is_postgres, sqlite_path
from bot.store.postgres.store import PostgresStore
from tests import postgres


def test_the_default_is_a_sqlite_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKHAND_DATABASE", raising=False)
    database = Settings(_env_file=None).database  # type: ignore[call-arg]
    assert database == "data/deckhand.db" and not is_postgres(database)


def test_the_forms_of_a_sqlite_setting() -> None:
    assert sqlite_path("data/deckhand.db") == "data/deckhand.db"
    assert sqlite_path("sqlite:///data/deckhand.db") == "data/deckhand.db"
    assert sqlite_path("sqlite:////srv/deckhand.db") == "/srv/deckhand.db"
    assert is_postgres("postgresql://u@h/db") and is_postgres("postgres://u@h/db")


async def test_a_path_or_a_sqlite_url_opens_sqlite(tmp_path: Path) -> None:
    for url in (str(tmp_path / "a.db"), f"sqlite:///{tmp_path / 'b.db'}"):
        store = await open_store(url)
        try:
            assert isinstance(store, SqliteStore)
        finally:
            await store.close()
    assert (tmp_path / "a.db").exists() and (tmp_path / "b.db").exists()


async def test_a_postgresql_url_opens_postgresql(postgres_url: str) -> None:
    store = await open_store(postgres.fresh(postgres_url))
    try:
        assert isinstance(store, PostgresStore) and await store.schema_version() >= 1
    finally:
        await store.close()


async def test_the_pool_size_setting_reaches_the_postgresql_pool(postgres_url: str) -> None:
    """``DECKHAND_DB_POOL`` caps the connections one process holds (docs/scaling.md)."""
    store = await open_store(postgres.fresh(postgres_url), pool_size=3)
    try:
        assert isinstance(store, PostgresStore)
        assert store._pool.get_max_size() == 3
    finally:
        await store.close()
